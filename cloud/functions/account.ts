import { LOAD_HELD } from '../store/trainingLoad';
import { isObjectId } from '../../src/domain/ids';
import type ParseSdk from 'parse';
import { parseRoomKey } from '../../src/domain/chatRooms';
import {
  EXPORT_PAGE_SIZE,
  EXPORT_PARTS,
  EXPORT_TRACK_PAGE_SIZE,
  isExportPart,
  type ExportPage,
  type ExportPart,
  type ExportRequest,
  type ExportRow,
  type ExportValue,
} from '../../src/domain/dataExport';
import { isParseLikeError } from '../../src/domain/errors';
import { administers } from '../../src/domain/moderation';
import { isAvatarFileOf } from '../../src/domain/images';
import { SCHEDULED_SEND_TABLE, sqlClient } from '../database';
import { administratorCount, roleOf } from '../admins';
import { requireStepUp } from '../stepUp';
import { activityClass } from '../schema/activity';
import { exerciseClass } from '../schema/exercise';
import { routineClass } from '../schema/routine';
import { savedMealClass } from '../schema/savedMeal';
import { recipeClass } from '../schema/recipe';
import { foodClass } from '../schema/food';
import { mealClass } from '../schema/meal';
import { settingsClass } from '../schema/settings';
import { deletionOrder } from '../schema/personalData';
import type { ClassDefinition } from '../schema/types';
import { weightEntryClass } from '../schema/weightEntry';
import { bodyMeasurementClass } from '../schema/bodyMeasurement';
import { progressPhotoClass } from '../schema/progressPhoto';
import {
  MASTER,
  Parse,
  refusal,
  requireUser,
  validationError,
  type CloudObject,
  type ParseUser,
} from '../parse';
import { defineFunction, type CloudRequest } from './define';
import { queryOf } from '../schema/rows';
import { challengeClass, challengeMemberClass } from '../schema/challenge';
import { chatMessageClass } from '../schema/chatMessage';
import { friendshipClass } from '../schema/friendship';
import { trackClass } from '../schema/track';
import { kudosClass } from '../schema/kudos';
import { commentClass } from '../schema/comment';

// Every read and delete here crosses ACLs on the person's behalf: what is theirs is chosen by query.
type ObjectQuery = InstanceType<typeof ParseSdk.Query>;
/** Parse answers at most this many rows per query (the server's maxLimit). */
const DELETE_BATCH = 1000;

/** One page of one part: its rows, and the id to continue after when the page came back full. */
interface PartPage {
  columns: readonly string[];
  rows: ExportRow[];
  continueAfter?: string;
}

type PartReader = (userId: string, cursor: string | undefined) => Promise<PartPage>;

/**
 * Fields that belong to the server's bookkeeping, to the catalogue or to how a device delivered a
 * row (clientKey), never to the person.
 */
const LEFT_OUT = new Set(['user', 'catalogueKey', 'source', 'clientKey']);

/** A class's exported columns: its id, its contract fields (pointers as `<field>Id`), then its dates. */
function columnsOf(definition: ClassDefinition): string[] {
  const fields = Object.entries(definition.fields)
    .filter(([field]) => !LEFT_OUT.has(field))
    .map(([field, type]) => (type.type === 'Pointer' ? `${field}Id` : field));
  return ['id', ...fields, 'createdAt', 'updatedAt'];
}

function exportValue(value: unknown): ExportValue {
  if (value === undefined || value === null) return null;
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Parse.File) return value.url() ?? null;
  if (value instanceof Parse.Object) return value.id ?? null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return JSON.stringify(value);
}

function rowOf(object: CloudObject, definition: ClassDefinition): ExportRow {
  const row: Record<string, ExportValue> = { id: object.id ?? null };
  for (const [field, type] of Object.entries(definition.fields)) {
    if (LEFT_OUT.has(field)) continue;
    row[type.type === 'Pointer' ? `${field}Id` : field] = exportValue(object.get(field));
  }
  row.createdAt = exportValue(object.createdAt);
  row.updatedAt = exportValue(object.updatedAt);
  return row;
}

/** Pages through `query` by objectId, the one order that needs no tie-breaker. */
async function pageOf<Row extends CloudObject>(
  query: InstanceType<typeof ParseSdk.Query<Row>>,
  cursor: string | undefined,
  size = EXPORT_PAGE_SIZE,
): Promise<Row[]> {
  // objectId is every class's, which the query's row type does not list.
  const paged: ObjectQuery = query.ascending('objectId').limit(size);
  if (cursor) paged.greaterThan('objectId', cursor);
  return query.find(MASTER);
}

function continuation(objects: readonly CloudObject[], size = EXPORT_PAGE_SIZE): { continueAfter?: string } {
  const last = objects.at(-1)?.id;
  return objects.length === size && last ? { continueAfter: last } : {};
}

/** The rows of a class whose `user` pointer names the person. */
function ownedPart(definition: ClassDefinition): PartReader {
  const columns = columnsOf(definition);
  return async (userId, cursor) => {
    const query = new Parse.Query(definition.className).equalTo('user', Parse.User.createWithoutData(userId));
    const objects = await pageOf(query, cursor);
    return { columns, rows: objects.map((object) => rowOf(object, definition)), ...continuation(objects) };
  };
}

const PROFILE_COLUMNS = ['id', 'username', 'email', 'displayName', 'avatarUrl', 'createdAt'] as const;

async function profilePart(userId: string): Promise<PartPage> {
  const user = await new Parse.Query(Parse.User).get(userId, MASTER);
  const row: ExportRow = {
    id: userId,
    username: exportValue(user.get('username')),
    email: exportValue(user.get('email')),
    displayName: exportValue(user.get('displayName')),
    avatarUrl: exportValue(user.get('avatar')),
    createdAt: exportValue(user.createdAt),
  };
  return { columns: PROFILE_COLUMNS, rows: [row] };
}

async function settingsPart(userId: string): Promise<PartPage> {
  const settings = await queryOf(settingsClass)
    .equalTo('user', Parse.User.createWithoutData(userId))
    .first(MASTER);
  return { columns: columnsOf(settingsClass), rows: settings ? [rowOf(settings, settingsClass)] : [] };
}

/** Username and display name of other people, and nothing else about them. */
async function namesOf(
  ids: readonly string[],
): Promise<Map<string, { username: string; displayName: string }>> {
  const unique = [...new Set(ids)].filter(isObjectId);
  if (unique.length === 0) return new Map();
  const users = await new Parse.Query(Parse.User)
    .containedIn('objectId', unique)
    .select('username', 'displayName')
    .limit(unique.length)
    .find(MASTER);
  return new Map(
    users.map((user) => {
      const username = String(user.get('username') ?? '');
      const displayName: unknown = user.get('displayName');
      return [user.id ?? '', { username, displayName: typeof displayName === 'string' ? displayName : '' }];
    }),
  );
}

const pointerId = (value: unknown) => (value instanceof Parse.Object ? (value.id ?? '') : '');

const FRIENDSHIP_COLUMNS = [
  'id',
  'direction',
  'status',
  'username',
  'displayName',
  'createdAt',
  'respondedAt',
] as const;

/**
 * Friendships in both directions, as far as the person may see them (a block by the other side
 * stays unseen); the other party is named by username and display name only.
 */
async function friendshipsPart(userId: string, cursor: string | undefined): Promise<PartPage> {
  const me = Parse.User.createWithoutData(userId);
  const objects = await pageOf(
    Parse.Query.or(queryOf(friendshipClass).equalTo('from', me), queryOf(friendshipClass).equalTo('to', me)),
    cursor,
  );
  const visible = objects.filter((row) => row.getACL()?.getReadAccess(userId) === true);
  const otherOf = (row: CloudObject) => {
    const from = pointerId(row.get('from'));
    return from === userId ? pointerId(row.get('to')) : from;
  };
  const names = await namesOf(visible.map(otherOf));
  const rows = visible.map((row): ExportRow => {
    const other = names.get(otherOf(row));
    return {
      id: row.id ?? null,
      direction: pointerId(row.get('from')) === userId ? 'sent' : 'received',
      status: exportValue(row.get('status')),
      username: other?.username ?? null,
      displayName: other?.displayName ?? null,
      createdAt: exportValue(row.createdAt),
      respondedAt: exportValue(row.get('respondedAt')),
    };
  });
  return { columns: FRIENDSHIP_COLUMNS, rows, ...continuation(objects) };
}

const CHAT_COLUMNS = ['id', 'room', 'withUsername', 'text', 'createdAt'] as const;

/** Messages the person wrote; a friend room is named by the friend's username, not their id. */
async function chatMessagesPart(userId: string, cursor: string | undefined): Promise<PartPage> {
  const objects = await pageOf(
    queryOf(chatMessageClass).equalTo('author', Parse.User.createWithoutData(userId)),
    cursor,
  );
  const rooms = objects.map((message) => parseRoomKey(String(message.get('room') ?? '')));
  const friendIds = rooms.flatMap((room) =>
    room?.kind === 'dm' ? room.userIds.filter((id) => id !== userId) : [],
  );
  const names = await namesOf(friendIds);
  const rows = objects.map((message, index): ExportRow => {
    const room = rooms[index];
    const friendId = room?.kind === 'dm' ? room.userIds.find((id) => id !== userId) : undefined;
    return {
      id: message.id ?? null,
      room: room?.kind === 'dm' ? 'dm' : (room?.key ?? null),
      withUsername: friendId ? (names.get(friendId)?.username ?? null) : null,
      text: exportValue(message.get('text')),
      createdAt: exportValue(message.createdAt),
    };
  });
  return { columns: CHAT_COLUMNS, rows, ...continuation(objects) };
}

const CHALLENGE_COLUMNS = [
  'id',
  'challengeId',
  'title',
  'metric',
  'startDate',
  'endDate',
  'status',
  'respondedAt',
] as const;

/** The challenges the person was invited to or took part in, with how they answered. */
async function challengesPart(userId: string, cursor: string | undefined): Promise<PartPage> {
  const objects = await pageOf(
    queryOf(challengeMemberClass).equalTo('user', Parse.User.createWithoutData(userId)).include('challenge'),
    cursor,
  );
  const rows = objects.map((member): ExportRow => {
    const challenge = member.get('challenge');
    return {
      id: member.id ?? null,
      challengeId: challenge?.id ?? null,
      title: exportValue(challenge?.get('title')),
      metric: exportValue(challenge?.get('metric')),
      startDate: exportValue(challenge?.get('startDate')),
      endDate: exportValue(challenge?.get('endDate')),
      status: exportValue(member.get('status')),
      respondedAt: exportValue(member.get('respondedAt')),
    };
  });
  return { columns: CHALLENGE_COLUMNS, rows, ...continuation(objects) };
}

const TRACK_COLUMNS = ['id', 'activityId', 'type', 'startedAt', 'points'] as const;

/** Each imported workout's route, its points as JSON (time, latitude, longitude, height, heart rate). */
async function tracksPart(userId: string, cursor: string | undefined): Promise<PartPage> {
  const query = queryOf(trackClass).equalTo('user', Parse.User.createWithoutData(userId)).include('activity');
  const objects = await pageOf(query, cursor, EXPORT_TRACK_PAGE_SIZE);
  const rows = objects.map((track): ExportRow => {
    const activity = track.get('activity');
    return {
      id: track.id ?? null,
      activityId: activity?.id ?? null,
      type: exportValue(activity?.get('type')),
      startedAt: exportValue(activity?.get('startedAt')),
      points: exportValue(track.get('points')),
    };
  });
  return { columns: TRACK_COLUMNS, rows, ...continuation(objects, EXPORT_TRACK_PAGE_SIZE) };
}

const KUDOS_COLUMNS = ['id', 'activityId', 'createdAt'] as const;

/** The kudos the person gave (those on their workouts are their friends'). */
async function kudosPart(userId: string, cursor: string | undefined): Promise<PartPage> {
  const objects = await pageOf(
    queryOf(kudosClass).equalTo('user', Parse.User.createWithoutData(userId)),
    cursor,
  );
  const rows = objects.map((kudos): ExportRow => ({
    id: kudos.id ?? null,
    activityId: kudos.get('activity').id ?? null,
    createdAt: exportValue(kudos.createdAt),
  }));
  return { columns: KUDOS_COLUMNS, rows, ...continuation(objects) };
}

const COMMENT_COLUMNS = ['id', 'activityId', 'text', 'createdAt', 'editedAt'] as const;

/** The comments the person wrote. */
async function commentsPart(userId: string, cursor: string | undefined): Promise<PartPage> {
  const objects = await pageOf(
    queryOf(commentClass).equalTo('author', Parse.User.createWithoutData(userId)),
    cursor,
  );
  const rows = objects.map((comment): ExportRow => ({
    id: comment.id ?? null,
    activityId: comment.get('activity').id ?? null,
    text: exportValue(comment.get('text')),
    createdAt: exportValue(comment.createdAt),
    editedAt: exportValue(comment.get('editedAt')),
  }));
  return { columns: COMMENT_COLUMNS, rows, ...continuation(objects) };
}

const PART_READERS: Readonly<Record<ExportPart, PartReader>> = {
  profile: profilePart,
  settings: settingsPart,
  activities: ownedPart(activityClass),
  meals: ownedPart(mealClass),
  foods: ownedPart(foodClass),
  exercises: ownedPart(exerciseClass),
  routines: ownedPart(routineClass),
  savedMeals: ownedPart(savedMealClass),
  recipes: ownedPart(recipeClass),
  weighIns: ownedPart(weightEntryClass),
  bodyMeasurements: ownedPart(bodyMeasurementClass),
  progressPhotos: ownedPart(progressPhotoClass),
  friendships: friendshipsPart,
  chatMessages: chatMessagesPart,
  challenges: challengesPart,
  tracks: tracksPart,
  kudos: kudosPart,
  comments: commentsPart,
};

function readExportRequest(params: Record<string, unknown>): { part: ExportPart; cursor?: string } {
  const { part, cursor } = params;
  if (part !== undefined && !isExportPart(part)) {
    throw validationError('server.params.oneOf', { field: 'part', values: EXPORT_PARTS.join(', ') });
  }
  if (cursor !== undefined && !isObjectId(cursor)) {
    throw validationError('server.account.cursor');
  }
  if (cursor !== undefined && part === undefined) throw validationError('server.account.cursorPart');
  return { part: part ?? EXPORT_PARTS[0], ...(cursor === undefined ? {} : { cursor }) };
}

/**
 * One page of everything that is the caller's, part by part (see src/domain/dataExport.ts):
 * `exportMyData({})` → first page; `exportMyData(page.next)` → the following one; `next: null` ends.
 * Nothing of anyone else is read out beyond a friend's username and display name, and no secrets.
 */
async function exportMyData(request: CloudRequest<'exportMyData'>): Promise<ExportPage> {
  const { userId } = requireUser(request.user);
  const { part, cursor } = readExportRequest(request.params);
  const partIndex = EXPORT_PARTS.indexOf(part);
  const page = await PART_READERS[part](userId, cursor);
  const following = EXPORT_PARTS[partIndex + 1];
  let next: ExportRequest | null = null;
  if (page.continueAfter) next = { part, cursor: page.continueAfter };
  else if (following) next = { part: following };
  return {
    part,
    partIndex,
    partCount: EXPORT_PARTS.length,
    columns: page.columns,
    rows: page.rows,
    next,
  };
}

/** Destroys batches of what `query` finds until nothing is left; rows already gone are fine. */
async function destroyAllFound(makeQuery: () => ObjectQuery): Promise<number> {
  let destroyed = 0;
  for (;;) {
    const batch = await makeQuery().select('objectId').limit(DELETE_BATCH).find(MASTER);
    if (batch.length === 0) return destroyed;
    try {
      // Deleted with the account, a workout leaves its training-load days alone: they go too.
      await Parse.Object.destroyAll(batch, { ...MASTER, context: { [LOAD_HELD]: true } });
    } catch (error) {
      // A second run (another tab, a retry) may have deleted some of these a moment ago.
      if (!onlyAlreadyGone(error)) throw error;
    }
    destroyed += batch.length;
  }
}

function onlyAlreadyGone(error: unknown): boolean {
  if (!isParseLikeError(error)) return false;
  if (error.code === Parse.Error.OBJECT_NOT_FOUND) return true;
  const parts = (error as { errors?: unknown }).errors;
  return (
    error.code === Parse.Error.AGGREGATE_ERROR &&
    Array.isArray(parts) &&
    parts.every((part: unknown) => isParseLikeError(part) && part.code === Parse.Error.OBJECT_NOT_FOUND)
  );
}

/**
 * Queries for every row that is the person's, in the order the schema gives (dependents before what
 * they point to: meals before the custom foods they name, routines before the exercises), each
 * class by the pointers that name its owner (either side of a friendship).
 */
function ownedRowQueries(user: ParseUser): (() => ObjectQuery)[] {
  return deletionOrder().map(
    ({ className, personal }) =>
      () =>
        Parse.Query.or(...personal.ownedBy.map((field) => new Parse.Query(className).equalTo(field, user))),
  );
}

async function deleteOwnedRows(user: ParseUser): Promise<void> {
  for (const query of ownedRowQueries(user)) await destroyAllFound(query);
}

/** Challenges the person started go on for their members, no longer naming who started them. */
async function forgetCreatorName(user: ParseUser): Promise<void> {
  const started = await queryOf(challengeClass)
    .equalTo('createdBy', user)
    .exists('creatorName')
    .findAll({ ...MASTER, batchSize: DELETE_BATCH });
  for (const challenge of started) challenge.unset('creatorName');
  if (started.length > 0) await Parse.Object.saveAll(started, MASTER);
}

/** Deletes the stored avatar; a file that is already gone (an earlier run) counts as deleted. */
async function deleteAvatar(avatar: unknown, userId: string): Promise<void> {
  if (!(avatar instanceof Parse.File) || !isAvatarFileOf(avatar.name(), userId)) return;
  try {
    // Only the master key may delete files.
    await new Parse.File(avatar.name()).destroy(MASTER);
  } catch (error) {
    const appId = encodeURIComponent(Parse.applicationId ?? '');
    const location = `${Parse.serverURL}/files/${appId}/${encodeURIComponent(avatar.name())}`;
    const answer = await fetch(location, { method: 'GET' }).catch(() => undefined);
    await answer?.body?.cancel();
    if (answer?.status !== 404) throw error;
  }
}

/**
 * Deletes the account and everything that is the person's, as they themselves or an admin asks.
 * Parse has no transaction across classes, so the order makes it restartable: dependents first,
 * then sessions, the avatar, and the user last. Until the user row is gone the person can log in
 * and run this again to finish.
 */
export async function deleteAccountOf(userId: string): Promise<void> {
  const user = await new Parse.Query(Parse.User).get(userId, MASTER);

  await deleteOwnedRows(user);
  await destroyAllFound(() => new Parse.Query('_Session').equalTo('user', user));
  // Once no session is left nothing new can be written: a last sweep catches rows saved meanwhile.
  await deleteOwnedRows(user);
  await forgetCreatorName(user);
  await sqlClient()?.query(`DELETE FROM ${SCHEDULED_SEND_TABLE} WHERE user_id = $1`, [userId]);
  await deleteAvatar(user.get('avatar'), userId);
  try {
    await user.destroy(MASTER);
  } catch (error) {
    if (!onlyAlreadyGone(error)) throw error;
  }
}

async function deleteMyAccount(request: CloudRequest<'deleteMyAccount'>): Promise<{ deleted: true }> {
  const { user, userId } = requireUser(request.user);
  await requireStepUp(user, request.params.password, {
    field: 'password',
    needed: 'server.account.passwordNeeded',
    wrong: 'server.account.wrongPassword',
  });
  // Admin rights come back only through the operator's ADMINS list at a restart: keep one.
  if (administers(await roleOf(userId)) && (await administratorCount()) <= 1) {
    throw refusal(Parse.Error.OPERATION_FORBIDDEN, 'server.account.lastAdmin');
  }
  await deleteAccountOf(userId);
  return { deleted: true };
}

export function registerAccountFunctions(): void {
  defineFunction('exportMyData', exportMyData);
  defineFunction('deleteMyAccount', deleteMyAccount);
}
