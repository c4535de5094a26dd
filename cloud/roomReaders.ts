import { parseRoomKey, type ChatRoom } from '../src/domain/chatRooms';
import type { SqlClient } from './database';
import { MASTER, Parse, serverOnlyAcl, userPointer } from './parse';
import { closeRoomSubscriptions, forgetCachedRoles } from './roomClosing';
import { queryOf, rowOf } from './schema/rows';
import { challengeClass, challengeMemberClass } from './schema/challenge';
import { relationBetween } from './store/people';

/**
 * Who may read a private room (a friend room, a challenge's room) is a role, and its messages'
 * ACL names that role: Parse itself then refuses them to everyone else, in every kind of query
 * (`find`, `get`, `count`, `include`, LiveQuery). The role's users follow the rows that grant the
 * room (Friendship, ChallengeMember) through their triggers; its messages never change.
 */

/** Parse role names allow letters, digits, `_`, `-` and spaces; room keys use `:`. */
export function readersRoleName(room: ChatRoom): string {
  return `chat-${room.key.replaceAll(':', '-')}`;
}

/** Readable by the room's readers, deletable by its author. */
export function privateMessageAcl(room: ChatRoom, authorId: string): InstanceType<typeof Parse.ACL> {
  const acl = new Parse.ACL();
  acl.setRoleReadAccess(readersRoleName(room), true);
  acl.setWriteAccess(authorId, true);
  return acl;
}

/** Who may read `room` now, read from the rows that grant it. */
export async function currentReaders(room: ChatRoom): Promise<string[]> {
  if (room.kind === 'topic') return [];
  if (room.kind === 'dm') {
    const [a, b] = room.userIds;
    return (await relationBetween(a, b)).friends ? [a, b] : [];
  }
  const challenge = rowOf(challengeClass, room.challengeId);
  const members = await queryOf(challengeMemberClass)
    .equalTo('challenge', challenge)
    .equalTo('status', 'accepted')
    .select('user')
    .limit(1000)
    .find(MASTER);
  return members.flatMap((member) => {
    const id = member.get('user').id;
    return id ? [id] : [];
  });
}

/** The ids of roles known to exist on this node: a role is never deleted, so each is looked up once. */
const knownRoles = new Map<string, Promise<string>>();

/**
 * The id of the room's role, made with the room's current readers the first time it is needed
 * (rooms of friendships and challenges older than their roles get theirs on first use).
 */
export function roomRoleId(room: ChatRoom): Promise<string> {
  const name = readersRoleName(room);
  let id = knownRoles.get(name);
  if (!id) {
    id = findOrCreateRole(room, name);
    knownRoles.set(name, id);
    id.catch(() => knownRoles.delete(name));
  }
  return id;
}

async function findOrCreateRole(room: ChatRoom, name: string): Promise<string> {
  const existing = await new Parse.Query(Parse.Role).equalTo('name', name).first(MASTER);
  if (existing?.id) return existing.id;
  const readers = await currentReaders(room);
  const role = new Parse.Role(name, serverOnlyAcl());
  if (readers.length > 0) role.getUsers().add(readers.map(userPointer));
  try {
    await role.save(null, MASTER);
  } catch (error) {
    // Another request or node made it first (role names are unique).
    if ((error as { code?: number }).code !== Parse.Error.DUPLICATE_VALUE) throw error;
    const made = await new Parse.Query(Parse.Role).equalTo('name', name).first(MASTER);
    if (!made?.id) throw error;
    return made.id;
  }
  forgetCachedRoles(readers);
  return role.id ?? '';
}

/** Adds `userIds` to the room's readers, or takes them out; each change is one relation operation. */
async function changeReaders(room: ChatRoom, userIds: readonly string[], readers: boolean): Promise<void> {
  if (userIds.length === 0) return;
  const role = new Parse.Object('_Role');
  role.id = await roomRoleId(room);
  const users = role.relation('users');
  if (readers) users.add(userIds.map(userPointer));
  else users.remove(userIds.map(userPointer));
  await role.save(null, MASTER);
  forgetCachedRoles(userIds);
}

/** Lets `userIds` read `room` from now on. */
export function grantRoom(room: ChatRoom, userIds: readonly string[]): Promise<void> {
  return changeReaders(room, userIds, true);
}

/** Stops `userIds` reading `room`, and ends their subscriptions to it on every node. */
export async function revokeRoom(room: ChatRoom, userIds: readonly string[]): Promise<void> {
  await changeReaders(room, userIds, false);
  await closeRoomSubscriptions(room.key, userIds);
}

/**
 * Gives the messages of private rooms saved before rooms had roles (readable by their ACL's users,
 * or by everyone signed in, a filter alone keeping them apart) their room's role instead.
 * Answers how many messages it changed.
 */
export async function migratePrivateMessageAcls(sql: SqlClient): Promise<number> {
  const { rows } = await sql.query<{ room: string }>(
    `SELECT DISTINCT room FROM "ChatMessage"
     WHERE room NOT LIKE 'topic:%'
       AND NOT EXISTS (SELECT 1 FROM unnest("_rperm") AS reader WHERE reader LIKE 'role:chat-%')`,
    [],
  );
  let changed = 0;
  for (const { room: key } of rows) {
    const room = parseRoomKey(key);
    const readers = room && room.kind !== 'topic' ? [`role:${readersRoleName(room)}`] : [];
    if (room && room.kind !== 'topic') await roomRoleId(room);
    const result = await sql.query(`UPDATE "ChatMessage" SET "_rperm" = $2::text[] WHERE room = $1`, [
      key,
      readers,
    ]);
    changed += (result as { rowCount?: number }).rowCount ?? 0;
  }
  return changed;
}
