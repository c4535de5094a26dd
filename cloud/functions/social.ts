import { isObjectId } from '../../src/domain/ids';
import {
  commentTextProblem,
  FEED_PAGE_DEFAULT,
  FEED_PAGE_MAX,
  KUDOS_NAMES_SHOWN,
  type FeedPage,
  type SocialComment,
  type WorkoutSocialView,
} from '../../src/domain/social';
import type { PublicProfile } from '../../src/domain/friends';
import {
  MASTER,
  MASTER_PAGES,
  Parse,
  refusal,
  refuseProblem,
  requireUser,
  serverOnlyAcl,
  userPointer,
  validationError,
  type TriggerRequest,
} from '../parse';
import { activityClass } from '../schema/activity';
import { commentClass } from '../schema/comment';
import { friendshipClass } from '../schema/friendship';
import { kudosClass } from '../schema/kudos';
import { asRow, queryOf, rowOf, setFields, type RowOf } from '../schema/rows';
import { feedRows } from '../store/feed';
import { isSuspended, viewableActivity, type ActivityRow } from '../store/sharing';
import { defineFunction, type CloudRequest } from './define';
import { notify, notifyKudos } from './notifications';
import { profiles } from './profiles';
import { mutedIdsOf } from '../store/mutes';

/**
 * The friends' feed, kudos and comments. Who may see a workout, its kudos and its comments is
 * cloud/store/sharing.ts `mayView`, asked first by every function here; a workout nobody may see
 * and one that does not exist are refused alike (101). Kudos and comments are closed to clients.
 */

type CommentRow = RowOf<typeof commentClass>;

/** Feeds start from a moment later than any workout. */
const LATEST = new Date('3000-01-01T00:00:00Z');

const workoutNotFound = () => refusal(Parse.Error.OBJECT_NOT_FOUND, 'server.activity.notFound');
const commentNotFound = () => refusal(Parse.Error.OBJECT_NOT_FOUND, 'server.social.commentNotFound');

function readId(value: unknown, field: 'activityId' | 'commentId'): string {
  if (!isObjectId(value)) {
    throw validationError(field === 'activityId' ? 'server.activity.activityId' : 'server.social.commentId');
  }
  return value;
}

function readText(value: unknown): string {
  const problem = commentTextProblem(value);
  if (problem) throw refuseProblem(problem);
  return String(value);
}

async function viewable(userId: string, activityId: string): Promise<ActivityRow> {
  const activity = await viewableActivity(userId, activityId);
  if (!activity) throw workoutNotFound();
  return activity;
}

function refuseClosedComments(activity: ActivityRow): void {
  if (activity.get('commentsOff') === true) {
    throw refusal(Parse.Error.OPERATION_FORBIDDEN, 'server.social.commentsOff');
  }
}

/**
 * Of `ids`, the people `viewerId` is not shown: blocked either way, or suspended now. Their kudos
 * are counted but not named, their comments left out.
 */
async function hiddenPeopleFor(
  viewerId: string,
  ids: readonly string[],
  now = new Date(),
): Promise<Set<string>> {
  const others = [...new Set(ids)].filter((id) => id !== viewerId);
  if (others.length === 0) return new Set();
  const me = userPointer(viewerId);
  const pointers = others.map(userPointer);
  const blocks = await Parse.Query.or(
    queryOf(friendshipClass).equalTo('from', me).containedIn('to', pointers),
    queryOf(friendshipClass).equalTo('to', me).containedIn('from', pointers),
  )
    .equalTo('status', 'blocked')
    .findAll(MASTER_PAGES);
  const hidden = new Set(
    blocks.map((row) => {
      const from = row.get('from').id ?? '';
      return from === viewerId ? (row.get('to').id ?? '') : from;
    }),
  );
  const users = await new Parse.Query(Parse.User)
    .containedIn('objectId', others)
    .select('suspendedUntil')
    .findAll(MASTER_PAGES);
  for (const user of users) if (isSuspended(user, now)) hidden.add(user.id ?? '');
  // Accounts already deleted are not shown either.
  const found = new Set(users.map((user) => user.id ?? ''));
  for (const id of others) if (!found.has(id)) hidden.add(id);
  return hidden;
}

/**
 * The comments `viewerId` is shown, oldest first: none by `hiddenAuthors` (blocked either way,
 * suspended, or muted by the viewer), and none a moderator hid, except to its author.
 */
export function commentsShownTo(
  viewerId: string,
  comments: readonly CommentRow[],
  hiddenAuthors: ReadonlySet<string>,
): CommentRow[] {
  return comments.filter((comment) => {
    const authorId = comment.get('author').id ?? '';
    if (authorId === viewerId) return true;
    return !hiddenAuthors.has(authorId) && comment.get('moderationHidden') !== true;
  });
}

function socialComment(
  comment: CommentRow,
  author: PublicProfile,
  viewerId: string,
  ownerId: string,
): SocialComment {
  const mine = author.userId === viewerId;
  return {
    commentId: comment.id ?? '',
    author,
    text: comment.get('text'),
    createdAt: (comment.createdAt ?? new Date()).toISOString(),
    editedAt: comment.get('editedAt')?.toISOString() ?? null,
    mine,
    hidden: mine && comment.get('moderationHidden') === true,
    canDelete: mine || viewerId === ownerId,
  };
}

async function authorOf(comment: CommentRow): Promise<PublicProfile> {
  const authorId = comment.get('author').id ?? '';
  const author = (await profiles([authorId])).get(authorId);
  if (!author) throw commentNotFound();
  return author;
}

/** `activityFeed({ before?, limit? })`: friends' shared workouts, newest first, a page at a time. */
async function activityFeed(request: CloudRequest<'activityFeed'>): Promise<FeedPage> {
  const { userId } = requireUser(request.user);
  const { before, limit } = request.params;
  const beforeDate = before === undefined ? LATEST : typeof before === 'string' ? new Date(before) : null;
  if (beforeDate === null || Number.isNaN(beforeDate.getTime())) {
    throw validationError('server.social.before');
  }
  const size = limit === undefined ? FEED_PAGE_DEFAULT : limit;
  if (typeof size !== 'number' || !Number.isInteger(size) || size < 1 || size > FEED_PAGE_MAX) {
    throw validationError('server.params.wholeNumberTo', { field: 'limit', max: FEED_PAGE_MAX });
  }
  // One more than the page, to know whether another follows.
  const rows = await feedRows({ viewerId: userId, before: beforeDate, limit: size + 1, now: new Date() });
  let page = rows.slice(0, size);
  const following = rows[size];
  if (following) {
    // Workouts started at the same moment as the next page's first stay together on the next page.
    const apart = page.filter((row) => row.startedAt.getTime() !== following.startedAt.getTime());
    if (apart.length > 0) page = apart;
  }
  const owners = await profiles([...new Set(page.map((row) => row.ownerId))]);
  const items = page.flatMap(({ ownerId, startedAt, ...row }) => {
    const owner = owners.get(ownerId);
    return owner ? [{ ...row, owner, startedAt: startedAt.toISOString() }] : [];
  });
  const last = page.at(-1);
  return { items, next: following && last ? last.startedAt.toISOString() : null };
}

async function kudosCountOn(activity: ActivityRow): Promise<number> {
  return queryOf(kudosClass).equalTo('activity', activity).count(MASTER);
}

/** `giveKudos({ activityId })`: one per person and workout, never on one's own. */
async function giveKudos(request: CloudRequest<'giveKudos'>): Promise<{ count: number; given: true }> {
  const { userId } = requireUser(request.user);
  const activity = await viewable(userId, readId(request.params.activityId, 'activityId'));
  const ownerId = activity.get('user').id ?? '';
  if (ownerId === userId) throw refusal(Parse.Error.OPERATION_FORBIDDEN, 'server.social.ownKudos');
  const mine = () => queryOf(kudosClass).equalTo('activity', activity).equalTo('user', userPointer(userId));
  if (await mine().first(MASTER)) return { count: await kudosCountOn(activity), given: true };
  const kudos = rowOf(kudosClass);
  kudos.set({ activity, user: userPointer(userId), owner: userPointer(ownerId) });
  kudos.setACL(serverOnlyAcl());
  await kudos.save(null, MASTER);
  // Two taps at once may both have saved: the first stays.
  const given = await mine().ascending('createdAt').find(MASTER);
  const extra = given.slice(1);
  if (extra.length > 0) await Parse.Object.destroyAll(extra, MASTER);
  const count = await kudosCountOn(activity);
  if (given[0]?.id === kudos.id) {
    await notifyKudos(ownerId, { id: activity.id ?? '', type: activity.get('type') }, userId, count);
  }
  return { count, given: true };
}

/** `removeKudos({ activityId })`: takes back the caller's kudos, if given. */
async function removeKudos(request: CloudRequest<'removeKudos'>): Promise<{ count: number; given: false }> {
  const { userId } = requireUser(request.user);
  const activity = await viewable(userId, readId(request.params.activityId, 'activityId'));
  const given = await queryOf(kudosClass)
    .equalTo('activity', activity)
    .equalTo('user', userPointer(userId))
    .find(MASTER);
  if (given.length > 0) await Parse.Object.destroyAll(given, MASTER);
  return { count: await kudosCountOn(activity), given: false };
}

/** `addComment({ activityId, text })`: a comment on a workout the caller may see, unless comments are off. */
async function addComment(request: CloudRequest<'addComment'>): Promise<SocialComment> {
  const { userId } = requireUser(request.user);
  const activity = await viewable(userId, readId(request.params.activityId, 'activityId'));
  refuseClosedComments(activity);
  const text = readText(request.params.text);
  const ownerId = activity.get('user').id ?? '';
  const comment = rowOf(commentClass);
  comment.set({ activity, author: userPointer(userId), owner: userPointer(ownerId), text });
  comment.setACL(serverOnlyAcl());
  await comment.save(null, MASTER);
  if (ownerId !== userId) {
    await notify(ownerId, 'comment', {
      actorId: userId,
      subject: activity.get('type'),
      activityId: activity.id ?? undefined,
    });
  }
  return socialComment(comment, await authorOf(comment), userId, ownerId);
}

/** A comment and its workout, when the caller may see the workout. */
async function commentSeenBy(userId: string, commentId: string) {
  const comment = await queryOf(commentClass)
    .get(commentId, MASTER)
    .catch(() => undefined);
  if (!comment) throw commentNotFound();
  const activity = await viewableActivity(userId, comment.get('activity').id ?? '');
  if (!activity) throw commentNotFound();
  return { comment, activity, ownerId: activity.get('user').id ?? '' };
}

/** `editComment({ commentId, text })`: its author only, while comments are on. */
async function editComment(request: CloudRequest<'editComment'>): Promise<SocialComment> {
  const { userId } = requireUser(request.user);
  const { comment, activity, ownerId } = await commentSeenBy(
    userId,
    readId(request.params.commentId, 'commentId'),
  );
  if (comment.get('author').id !== userId) throw commentNotFound();
  refuseClosedComments(activity);
  setFields(comment, { text: readText(request.params.text), editedAt: new Date() });
  await comment.save(null, MASTER);
  return socialComment(comment, await authorOf(comment), userId, ownerId);
}

/** `deleteComment({ commentId })`: its author, or the workout's owner for any comment on it. */
async function deleteComment(request: CloudRequest<'deleteComment'>): Promise<{ deleted: true }> {
  const { userId } = requireUser(request.user);
  const { comment, ownerId } = await commentSeenBy(userId, readId(request.params.commentId, 'commentId'));
  if (comment.get('author').id !== userId && ownerId !== userId) throw commentNotFound();
  await comment.destroy(MASTER);
  return { deleted: true };
}

const oldestFirst = <Row extends { createdAt?: Date | undefined; id?: string | undefined }>(rows: Row[]) =>
  rows.sort(
    (a, b) =>
      (a.createdAt?.getTime() ?? 0) - (b.createdAt?.getTime() ?? 0) || ((a.id ?? '') < (b.id ?? '') ? -1 : 1),
  );

/**
 * The comments and kudos on `activity` as `viewerId` is shown them. `mutedIds`: people the viewer
 * muted, whose comments they are not shown.
 */
export async function socialOf(
  viewerId: string,
  activity: ActivityRow,
  mutedIds: ReadonlySet<string> = new Set(),
): Promise<WorkoutSocialView> {
  const ownerId = activity.get('user').id ?? '';
  // findAll reads in pages by id: put in order of creation here.
  const [kudos, comments] = await Promise.all([
    queryOf(kudosClass).equalTo('activity', activity).findAll(MASTER_PAGES).then(oldestFirst),
    queryOf(commentClass).equalTo('activity', activity).findAll(MASTER_PAGES).then(oldestFirst),
  ]);
  const giverIds = kudos.map((row) => row.get('user').id ?? '');
  const authorIds = comments.map((row) => row.get('author').id ?? '');
  const hidden = await hiddenPeopleFor(viewerId, [...giverIds, ...authorIds]);
  const shown = commentsShownTo(viewerId, comments, new Set([...hidden, ...mutedIds]));
  const namedGivers = giverIds.filter((id) => !hidden.has(id)).slice(0, KUDOS_NAMES_SHOWN);
  const people = await profiles([
    ...new Set([...namedGivers, ...shown.map((row) => row.get('author').id ?? '')]),
  ]);
  return {
    kudos: {
      count: kudos.length,
      given: giverIds.includes(viewerId),
      names: namedGivers.flatMap((id) => {
        const person = people.get(id);
        return person ? [person.displayName] : [];
      }),
    },
    comments: shown.flatMap((comment) => {
      const author = people.get(comment.get('author').id ?? '');
      return author ? [socialComment(comment, author, viewerId, ownerId)] : [];
    }),
    commentsOff: activity.get('commentsOff') === true,
    mine: ownerId === viewerId,
  };
}

/** `workoutSocial({ activityId })`: a workout's kudos and comments, oldest comment first. */
async function workoutSocial(request: CloudRequest<'workoutSocial'>): Promise<WorkoutSocialView> {
  const { userId } = requireUser(request.user);
  const activity = await viewable(userId, readId(request.params.activityId, 'activityId'));
  return socialOf(userId, activity, await mutedIdsOf(userId));
}

/** A deleted workout takes its kudos and comments with it (called from the workout's afterDelete). */
export async function deleteSocialOf({ object }: TriggerRequest): Promise<void> {
  const activity = asRow(activityClass, object);
  for (const definition of [kudosClass, commentClass] as const) {
    for (;;) {
      const rows = await new Parse.Query(definition.className)
        .equalTo('activity', activity)
        .limit(500)
        .find(MASTER);
      if (rows.length === 0) break;
      await Parse.Object.destroyAll(rows, MASTER);
    }
  }
}

export function registerSocialFunctions(): void {
  defineFunction('activityFeed', activityFeed);
  defineFunction('giveKudos', giveKudos);
  defineFunction('removeKudos', removeKudos);
  defineFunction('addComment', addComment);
  defineFunction('editComment', editComment);
  defineFunction('deleteComment', deleteComment);
  defineFunction('workoutSocial', workoutSocial);
}
