import { isRole, STAFF_ROLES, type Role, type StaffRole } from '../src/domain/moderation';
import { MASTER, Parse, serverOnlyAcl, userPointer, type ParseUser } from './parse';

/**
 * The roles of the people who look after the server: `moderator`, `admin` and `owner`, Parse roles
 * that only the server writes (`_Role` is closed to clients: cloud/schema/role.ts). A person holds
 * at most one of them; holding none is `user`. ADMIN_USERNAMES makes accounts admins at start, by
 * id, so an admin who renames stays one, and taking a name makes nobody admin; the operator's
 * script (`npm run admin`) grants and revokes any of them, and is the only way to make an owner.
 */
export const ADMIN_ROLE = 'admin';
export { STAFF_ROLES };

/** The role `name`, made (empty, readable by nobody but the master key) if it does not exist yet. */
async function roleNamed(name: StaffRole) {
  const found = await new Parse.Query(Parse.Role).equalTo('name', name).first(MASTER);
  if (found) return found;
  const made = new Parse.Role(name, serverOnlyAcl());
  try {
    return await made.save(null, MASTER);
  } catch (error) {
    // Two nodes making it at once: the other one's is the role.
    const other = await new Parse.Query(Parse.Role).equalTo('name', name).first(MASTER);
    if (other) return other;
    throw error;
  }
}

/** The roles of these people, `user` for those who hold none. */
export async function rolesOf(userIds: readonly string[]): Promise<Map<string, Role>> {
  const roles = new Map<string, Role>(userIds.map((id) => [id, 'user']));
  if (userIds.length === 0) return roles;
  const held = await new Parse.Query(Parse.Role)
    .containedIn('name', [...STAFF_ROLES])
    .containedIn('users', userIds.map(userPointer))
    .find(MASTER);
  const rank = (role: Role) => STAFF_ROLES.indexOf(role as StaffRole);
  for (const role of held) {
    const name: unknown = role.get('name');
    if (!isRole(name)) continue;
    const members = await role
      .getUsers()
      .query()
      .containedIn('objectId', [...userIds])
      .find(MASTER);
    for (const member of members) {
      const id = member.id ?? '';
      if (rank(name) > rank(roles.get(id) ?? 'user')) roles.set(id, name);
    }
  }
  return roles;
}

/** The role of one person: `owner`, `admin`, `moderator`, or `user` for everyone else. */
export async function roleOf(userId: string | undefined): Promise<Role> {
  if (!userId) return 'user';
  const held = await new Parse.Query(Parse.Role)
    .containedIn('name', [...STAFF_ROLES])
    .equalTo('users', userPointer(userId))
    .find(MASTER);
  const names = held.map((role) => String(role.get('name')));
  return [...STAFF_ROLES].reverse().find((name) => names.includes(name)) ?? 'user';
}

/** Whether `user` administers the server (an admin or an owner). */
export async function isServerAdmin(user: ParseUser | undefined): Promise<boolean> {
  const role = await roleOf(user?.id);
  return role === 'admin' || role === 'owner';
}

/** The ids of the people who hold `role`. */
export async function holdersOf(role: StaffRole): Promise<string[]> {
  const found = await new Parse.Query(Parse.Role).equalTo('name', role).first(MASTER);
  if (!found) return [];
  const users = await found.getUsers().query().select('objectId').limit(10_000).find(MASTER);
  return users.flatMap((user) => (user.id ? [user.id] : []));
}

/**
 * Makes `role` the one role of the person (`user`: none), leaving the others. Only the server calls
 * it; who may ask is checked by the caller (`setRole`, the operator's script).
 */
export async function giveRole(userId: string, role: Role): Promise<void> {
  const person = userPointer(userId);
  for (const name of STAFF_ROLES) {
    const existing = await new Parse.Query(Parse.Role).equalTo('name', name).first(MASTER);
    if (name === role) {
      const target = existing ?? (await roleNamed(name));
      const holds = await target.getUsers().query().equalTo('objectId', userId).first(MASTER);
      if (!holds) {
        target.getUsers().add(person);
        await target.save(null, MASTER);
      }
    } else if (existing) {
      const holds = await existing.getUsers().query().equalTo('objectId', userId).first(MASTER);
      if (holds) {
        existing.getUsers().remove(person);
        await existing.save(null, MASTER);
      }
    }
  }
}

/** How many people administer the server: admins and owners. */
export async function administratorCount(): Promise<number> {
  const [admins, owners] = await Promise.all([holdersOf('admin'), holdersOf('owner')]);
  return new Set([...admins, ...owners]).size;
}

export interface SettledAdmins {
  /** The usernames listed that an account has: those accounts are admins (or owners) now. */
  admins: string[];
  /** The usernames listed that no account has: nobody holds the role by them. */
  unclaimed: string[];
}

/**
 * Makes the accounts that have the listed usernames admins, unless they are owners already; run at
 * every start, it changes nothing the second time. Nobody is removed: an admin made through
 * `setRole` or the operator's script stays one, and the operator revokes with `npm run admin`.
 */
export async function settleAdminRole(usernames: readonly string[]): Promise<SettledAdmins> {
  const accounts =
    usernames.length === 0
      ? []
      : await new Parse.Query(Parse.User)
          .containedIn('username', [...usernames])
          .limit(usernames.length)
          .find(MASTER);
  await roleNamed(ADMIN_ROLE);
  const ids = accounts.flatMap((account) => (account.id ? [account.id] : []));
  const roles = await rolesOf(ids);
  for (const id of ids) {
    const role = roles.get(id);
    if (role !== 'admin' && role !== 'owner') await giveRole(id, 'admin');
  }
  const named = new Set(accounts.map((account) => String(account.get('username'))));
  return {
    admins: usernames.filter((name) => named.has(name)),
    unclaimed: usernames.filter((name) => !named.has(name)),
  };
}
