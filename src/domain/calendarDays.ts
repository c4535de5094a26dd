/**
 * Calendar days as `YYYY-MM-DD` strings in a person's time zone. Day arithmetic runs on UTC
 * dates, where every day has 24 hours, so daylight-saving changes cannot shift a day.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The parts of an instant's date and time on a clock in `timeZone`. */
function clockParts(instant: Date, timeZone: string): (type: Intl.DateTimeFormatPartTypes) => string {
  const parts = formatterFor(timeZone).formatToParts(instant);
  return (type) => parts.find((p) => p.type === type)?.value ?? '';
}

/** True for an IANA zone name this runtime knows, e.g. `Europe/Berlin`. */
export function isValidTimeZone(timeZone: string): boolean {
  if (!timeZone || timeZone.length > 64) return false;
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The day an instant falls on in `timeZone`: a workout at 23:30 belongs to that local day. */
export function localDay(instant: Date, timeZone: string): string {
  const part = clockParts(instant, timeZone);
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** The time an instant shows on a clock in `timeZone`, "HH:MM" on a 24-hour clock. */
export function localTime(instant: Date, timeZone: string): string {
  const part = clockParts(instant, timeZone);
  return `${part('hour')}:${part('minute')}`;
}

function toUtc(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}

function fromUtc(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function addDays(day: string, count: number): string {
  const date = toUtc(day);
  date.setUTCDate(date.getUTCDate() + count);
  return fromUtc(date);
}

/** 0 = Sunday … 6 = Saturday. */
export function dayOfWeek(day: string): number {
  return toUtc(day).getUTCDay();
}

/** The first day of the week holding `day`, for weeks starting on `weekStartsOn` (0 = Sunday). */
export function startOfWeek(day: string, weekStartsOn: number): string {
  return addDays(day, -((dayOfWeek(day) - weekStartsOn + 7) % 7));
}

/** `YYYY-MM` of a day. */
export function monthOf(day: string): string {
  return day.slice(0, 7);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((toUtc(to).getTime() - toUtc(from).getTime()) / 86_400_000);
}

const clockFormatters = new Map<string, Intl.DateTimeFormat>();

/** How far `timeZone`'s wall clock is ahead of UTC at `instant`, in milliseconds. */
function zoneOffsetMs(instant: Date, timeZone: string): number {
  let formatter = clockFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      hourCycle: 'h23',
    });
    clockFormatters.set(timeZone, formatter);
  }
  const value = (type: Intl.DateTimeFormatPartTypes) =>
    Number(formatter.formatToParts(instant).find((part) => part.type === type)?.value ?? 0);
  const wallClock = Date.UTC(
    value('year'),
    value('month') - 1,
    value('day'),
    value('hour'),
    value('minute'),
    value('second'),
  );
  return wallClock - Math.floor(instant.getTime() / 1000) * 1000;
}

/** The instant `day` starts in `timeZone`: local midnight, found by correcting for the zone's offset. */
export function startOfLocalDay(day: string, timeZone: string): Date {
  const midnightUtc = toUtc(day).getTime();
  let instant = midnightUtc;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const next = midnightUtc - zoneOffsetMs(new Date(instant), timeZone);
    if (next === instant) break;
    instant = next;
  }
  return new Date(instant);
}
