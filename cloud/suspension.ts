import { UNTIL_LIFTED } from '../src/domain/moderation';
import { MASTER, MASTER_PAGES, Parse, refusal, type CloudObject, type ParseUser } from './parse';
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

/**
 * The people under suspension now, but `viewerId`: their chat messages are hidden from everyone
 * else while it lasts (not deleted), and shown again the moment it is lifted or ends. Few accounts
 * are ever suspended at once, so this reads them all.
 */
export async function suspendedOthers(viewerId: string, now = new Date()): Promise<string[]> {
  const users = await new Parse.Query(Parse.User)
    .greaterThan('suspendedUntil', now)
    .select('objectId')
    .findAll(MASTER_PAGES);
  return users.map((user) => user.id ?? '').filter((id) => id !== '' && id !== viewerId);
}

/** Whether the author of a chat message is under suspension now and is not `viewerId`. */
export async function authorSuspendedFor(
  message: CloudObject,
  viewerId: string | undefined,
): Promise<boolean> {
  const authorId = (message.get('author') as { id?: string } | undefined)?.id;
  if (!authorId || authorId === viewerId) return false;
  const author = await new Parse.Query(Parse.User).get(authorId, MASTER).catch(() => undefined);
  return author !== undefined && isSuspended(author);
}
