/**
 * Reminders and web push (cloud/functions/reminders.ts, cloud/push.ts): when each is due in the
 * person's own time zone, quiet hours, and the words a push carries (never a weight, never a meal).
 */

import { t } from '../i18n/messages';

/** A time of day as the settings hold it, "HH:MM" on a 24-hour clock. */
export const TIME_OF_DAY_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A reminder is sent at most this long after its time (a node that was down does not nudge at midnight). */
export const REMINDER_WINDOW_MIN = 120;

/** "Your streak is at risk" goes out from this local time when nothing is logged today. */
export const STREAK_REMINDER_TIME = '20:00';

/** The devices a person may receive pushes on; a new one beyond it replaces the oldest. */
export const MAX_PUSH_DEVICES = 10;

/** Minutes since midnight of an "HH:MM" time. */
export function minutesOfDay(time: string): number {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
}

export interface QuietHours {
  start: string;
  end: string;
}

/** Whether `time` falls in quiet hours that may run past midnight (22:00–07:00); start equal to end is none. */
export function isQuietAt(time: string, quiet: QuietHours | null): boolean {
  if (!quiet) return false;
  const at = minutesOfDay(time);
  const start = minutesOfDay(quiet.start);
  const end = minutesOfDay(quiet.end);
  if (start === end) return false;
  return start < end ? at >= start && at < end : at >= start || at < end;
}

/** Whether a reminder set for `time` is due at local time `now` (both "HH:MM"), inside its window. */
export function isReminderDue(time: string, now: string): boolean {
  const late = minutesOfDay(now) - minutesOfDay(time);
  return late >= 0 && late < REMINDER_WINDOW_MIN;
}

export const REMINDER_KINDS = ['weigh-in', 'streak'] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];

/** What a push shows: a title, a sentence and the page a tap opens. */
export interface PushMessage {
  title: string;
  body: string;
  url: string;
  /** Pushes with the same tag replace each other on the device. */
  tag: string;
}

/** A reminder's push, in the current language (the recipient's, where the server sends it). */
export function reminderMessage(kind: ReminderKind): PushMessage {
  return kind === 'weigh-in'
    ? {
        title: t('domain.reminder.weighInTitle'),
        body: t('domain.reminder.weighInBody'),
        url: '/weight-tracking',
        tag: 'weigh-in',
      }
    : {
        title: t('domain.reminder.streakTitle'),
        body: t('domain.reminder.streakBody'),
        url: '/',
        tag: 'streak',
      };
}
