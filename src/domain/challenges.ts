/**
 * Challenges among friends: a title, a metric, a span of days, up to 20 members, a leaderboard and
 * a chat room of their own. Shared by cloud/functions/challenges.ts and the friends page.
 */
import { addDays, daysBetween, localDay } from './calendarDays';
import { fieldError, type FieldError } from './fieldRules';

export const CHALLENGE_METRICS = [
  'activeMinutes',
  'workouts',
  'distanceKm',
  'activeDays',
  'loggingDays',
] as const;
export type ChallengeMetric = (typeof CHALLENGE_METRICS)[number];

export const isChallengeMetric = (value: unknown): value is ChallengeMetric =>
  typeof value === 'string' && (CHALLENGE_METRICS as readonly string[]).includes(value);

/** A challenge holds at most this many people, its creator included. */
export const MAX_CHALLENGE_MEMBERS = 20;
/** A person may have at most this many challenges they created that have not ended. */
export const MAX_OPEN_CHALLENGES = 5;
/** The last day is 1 to 56 days after the first. */
export const MIN_CHALLENGE_DAYS = 1;
export const MAX_CHALLENGE_DAYS = 56;
export const MAX_CHALLENGE_TITLE = 80;

export type ChallengeState = 'upcoming' | 'running' | 'ended';
export type MemberStatus = 'invited' | 'accepted' | 'declined' | 'left';

export function challengeRoomKey(challengeId: string): string {
  return `challenge:${challengeId}`;
}

/** Where a challenge stands at `now`: before its first day, during, or after its last. */
export function challengeState(startsAt: Date, endsAt: Date, now: Date = new Date()): ChallengeState {
  if (now.getTime() < startsAt.getTime()) return 'upcoming';
  return now.getTime() < endsAt.getTime() ? 'running' : 'ended';
}

/**
 * What is wrong with a challenge's title and days, naming the field; null when they are fine.
 * `today` is the creator's day: a challenge may start today, not before.
 */
export function challengeProblem(
  { title, metric, startDate, endDate }: Record<string, unknown>,
  today: string,
): FieldError | null {
  if (typeof title !== 'string' || title.trim() === '' || title.trim().length > MAX_CHALLENGE_TITLE) {
    return fieldError('title', 'domain.challenge.title', { max: MAX_CHALLENGE_TITLE });
  }
  if (!isChallengeMetric(metric)) {
    return fieldError('metric', 'domain.field.choice', { values: CHALLENGE_METRICS.join(', ') });
  }
  const isDay = (value: unknown): value is string =>
    typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && addDays(value, 0) === value;
  if (!isDay(startDate)) return fieldError('startDate', 'domain.challenge.day');
  if (!isDay(endDate)) return fieldError('endDate', 'domain.challenge.day');
  if (startDate < today) return fieldError('startDate', 'domain.challenge.past');
  const apart = daysBetween(startDate, endDate);
  if (apart < MIN_CHALLENGE_DAYS || apart > MAX_CHALLENGE_DAYS) {
    return fieldError('endDate', 'domain.challenge.span', {
      min: MIN_CHALLENGE_DAYS,
      max: MAX_CHALLENGE_DAYS,
      start: 'startDate',
    });
  }
  return null;
}

/** A workout or another log as the leaderboard counts it. */
export interface CountedLog {
  userId: string;
  at: Date;
  kind: 'workout' | 'meal' | 'weighIn';
  durationMin?: number;
  distanceKm?: number;
}

/** Each member's value of `metric` from their logs inside the challenge, days in `timeZone`. */
export function challengeValues(
  metric: ChallengeMetric,
  logs: readonly CountedLog[],
  timeZone: string,
): Map<string, number> {
  const values = new Map<string, number>();
  const days = new Map<string, Set<string>>();
  for (const log of logs) {
    if (metric === 'loggingDays' || (metric === 'activeDays' && log.kind === 'workout')) {
      const seen = days.get(log.userId) ?? new Set<string>();
      seen.add(localDay(log.at, timeZone));
      days.set(log.userId, seen);
      continue;
    }
    if (log.kind !== 'workout') continue;
    const add =
      metric === 'activeMinutes' ? (log.durationMin ?? 0) : metric === 'workouts' ? 1 : (log.distanceKm ?? 0);
    values.set(log.userId, (values.get(log.userId) ?? 0) + add);
  }
  for (const [userId, seen] of days) values.set(userId, seen.size);
  for (const [userId, value] of values) values.set(userId, Math.round(value * 100) / 100);
  return values;
}

export interface LeaderboardRow {
  userId: string;
  username: string;
  displayName: string;
  avatarUrl: string | null;
  /** Null for a member who does not share their activity. */
  value: number | null;
  /** 1 for the first; members with the same value share a rank; null when not shared. */
  rank: number | null;
  me: boolean;
}

/** Ranks rows by value, highest first; equal values share a rank, hidden values come last unranked. */
export function rankRows<T extends { value: number | null }>(
  rows: readonly T[],
): (T & { rank: number | null })[] {
  const shown = rows.filter((row) => row.value !== null).sort((a, b) => (b.value ?? 0) - (a.value ?? 0));
  const ranked = shown.map((row, index) => {
    const firstEqual = shown.findIndex((other) => other.value === row.value);
    return { ...row, rank: firstEqual === -1 ? index + 1 : firstEqual + 1 };
  });
  return [...ranked, ...rows.filter((row) => row.value === null).map((row) => ({ ...row, rank: null }))];
}

/** A person asked to a challenge, as its members see them. */
export interface ChallengeMember {
  userId: string;
  username: string;
  displayName: string;
  avatarUrl: string | null;
  status: MemberStatus;
  /** The one who started it. */
  creator: boolean;
}

const MEMBER_ORDER: Readonly<Record<MemberStatus, number>> = {
  accepted: 0,
  invited: 1,
  declined: 2,
  left: 3,
};

/** Members as a challenge card lists them: who takes part, who is still asked, who said no, who left. */
export function sortedMembers(members: readonly ChallengeMember[]): ChallengeMember[] {
  return [...members].sort(
    (a, b) =>
      MEMBER_ORDER[a.status] - MEMBER_ORDER[b.status] ||
      Number(b.creator) - Number(a.creator) ||
      a.displayName.localeCompare(b.displayName),
  );
}

export interface ChallengeSummary {
  id: string;
  title: string;
  metric: ChallengeMetric;
  /** The first and last day, in the creator's time zone. */
  startDate: string;
  endDate: string;
  state: ChallengeState;
  /** The creator's display name (or username); empty once they have deleted their account. */
  creator: string;
  myStatus: MemberStatus;
  accepted: number;
  invited: number;
  /** Everyone asked, in the order of `sortedMembers`; only members and the creator are told. */
  members: ChallengeMember[];
}

export interface Leaderboard {
  challenge: ChallengeSummary;
  rows: LeaderboardRow[];
  /** The user ids ranked first once the challenge has ended (and someone has a value above 0). */
  winners: string[];
}

/** The first day a challenge may have, and the last its first day allows. */
export function challengeDayLimits(today: string): {
  earliestStart: string;
  latestEnd: (start: string) => string;
} {
  return { earliestStart: today, latestEnd: (start) => addDays(start, MAX_CHALLENGE_DAYS) };
}
