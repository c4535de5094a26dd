import { DEFAULT_REST_S, type LoggedExercise } from '@/domain/strength';
import { t } from '@/i18n';

/** The running rest, kept for the tab's session so a reload carries on with it. */
export const REST_TIMER_STORAGE_KEY = 'fitstreak:rest-timer';
/** What one tap on "+15 s" adds. */
export const REST_EXTENSION_S = 15;

export type RestStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** A rest between sets: when it ends (ms since the epoch) and how long it is in all. */
export interface RestPeriod {
  endsAt: number;
  totalS: number;
}

/** The rests a person picks from for an exercise, in seconds (0: none). */
export const REST_CHOICES_S = [0, 30, 45, 60, 90, 120, 150, 180, 240, 300, 420, 600] as const;

/** A rest as a person reads it in the rest picker: "1:30", or "No rest". */
export function restChoiceText(seconds: number): string {
  if (seconds === 0) return t('strength.rest.none');
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
}

/** The rest after a set of this exercise. */
export function restSecondsOf(exercise: Pick<LoggedExercise, 'restS'>): number {
  return exercise.restS ?? DEFAULT_REST_S;
}

export function startRest(seconds: number, now: number): RestPeriod {
  return { endsAt: now + seconds * 1000, totalS: seconds };
}

export function extendRest(rest: RestPeriod, seconds: number, now: number): RestPeriod {
  return { endsAt: Math.max(rest.endsAt, now) + seconds * 1000, totalS: rest.totalS + seconds };
}

/** Whole seconds left, rounded up: a rest shows its full length at the start and ends at 0. */
export function secondsLeft(rest: RestPeriod, now: number): number {
  return Math.max(0, Math.ceil((rest.endsAt - now) / 1000));
}

export function isOver(rest: RestPeriod, now: number): boolean {
  return now >= rest.endsAt;
}

/** The tab's session storage, or none where the browser refuses it (some private modes). */
export function sessionRestStorage(): RestStorage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function saveRest(storage: RestStorage | null, rest: RestPeriod | null): void {
  try {
    if (rest) storage?.setItem(REST_TIMER_STORAGE_KEY, JSON.stringify(rest));
    else storage?.removeItem(REST_TIMER_STORAGE_KEY);
  } catch {
    // A full or refused storage only costs the resume after a reload.
  }
}

/** The rest a reload interrupted, while it still runs; an ended or unreadable one is dropped. */
export function loadRest(storage: RestStorage | null, now: number): RestPeriod | null {
  let saved: unknown;
  try {
    saved = JSON.parse(storage?.getItem(REST_TIMER_STORAGE_KEY) ?? 'null');
  } catch {
    saved = null;
  }
  const { endsAt, totalS } = (typeof saved === 'object' && saved !== null ? saved : {}) as Partial<
    Record<keyof RestPeriod, unknown>
  >;
  const valid =
    typeof endsAt === 'number' &&
    typeof totalS === 'number' &&
    totalS > 0 &&
    // A clock set back since must not make the rest longer than it was.
    endsAt - now <= totalS * 1000;
  if (valid && !isOver({ endsAt, totalS }, now)) return { endsAt, totalS };
  if (saved !== null) saveRest(storage, null);
  return null;
}
