import { UNTIL_LIFTED } from '../src/domain/moderation';
import { MASTER, Parse, refusal, type ParseUser } from './parse';
import { isSuspended } from './store/sharing';

/**
 * What a suspended person may still do: read why and appeal, take their data with them and delete
 * their account. Everything else (every other function, every write to a class) is refused with one
 * sentence, so the app shows the sanction and nothing else.
 */
export const ALLOWED_WHILE_SUSPENDED: ReadonlySet<string> = new Set([
  'accountStanding',
  'appealAction',
  'exportMyData',
  'deleteMyAccount',
]);

/** A moment as a sentence shows it, in every language alike: `2026-12-01 18:30 UTC`. */
export const shownInstant = (at: Date): string => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** "until lifted" for the far-future date that stands for it, else the ISO instant. */
export const untilOrLifted = (until: Date): string | null =>
  until.getTime() >= UNTIL_LIFTED.getTime() ? null : until.toISOString();

/**
 * Refuses a person under suspension. The user a session carries may be a few seconds old (Parse
 * caches it per session): one that looks suspended is read again, so a lifted suspension frees them
 * at once. A suspension ends every session, so a session made before it never gets this far.
 */
export async function refuseSuspended(user: ParseUser | undefined): Promise<void> {
  if (!user?.id || !isSuspended(user)) return;
  const fresh = await new Parse.Query(Parse.User).get(user.id, MASTER).catch(() => undefined);
  if (!fresh || !isSuspended(fresh)) return;
  const until = fresh.get('suspendedUntil') as Date;
  throw untilOrLifted(until) === null
    ? refusal(Parse.Error.OPERATION_FORBIDDEN, 'server.moderation.suspendedUntilLifted')
    : refusal(Parse.Error.OPERATION_FORBIDDEN, 'server.moderation.suspended', { until: shownInstant(until) });
}
