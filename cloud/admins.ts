import { MASTER, Parse, serverOnlyAcl, type ParseUser } from './parse';

/**
 * The role of the people who administer the server. Only the server writes it (`_Role` is closed to
 * clients: cloud/schema/role.ts): at start it holds the accounts ADMIN_USERNAMES names, by id, so an
 * admin who renames stays one, and taking a name makes nobody admin.
 */
export const ADMIN_ROLE = 'admin';

/** Whether `user` holds the admin role. */
export async function isServerAdmin(user: ParseUser | undefined): Promise<boolean> {
  if (!user?.id) return false;
  const role = await new Parse.Query(Parse.Role)
    .equalTo('name', ADMIN_ROLE)
    .equalTo('users', user)
    .first(MASTER);
  return role !== undefined;
}

export interface SettledAdmins {
  /** The usernames listed that an account has: those accounts hold the role now. */
  admins: string[];
  /** The usernames listed that no account has: nobody holds the role by them. */
  unclaimed: string[];
}

/**
 * Makes the admin role hold exactly the accounts that have the listed usernames now: accounts
 * listed before and no longer are leave it. The role's ACL is empty, so only the master key reads
 * or changes it.
 */
export async function settleAdminRole(usernames: readonly string[]): Promise<SettledAdmins> {
  const accounts =
    usernames.length === 0
      ? []
      : await new Parse.Query(Parse.User)
          .containedIn('username', [...usernames])
          .limit(usernames.length)
          .find(MASTER);
  const role =
    (await new Parse.Query(Parse.Role).equalTo('name', ADMIN_ROLE).first(MASTER)) ??
    new Parse.Role(ADMIN_ROLE, serverOnlyAcl());
  const users = role.getUsers();
  const holders = role.id ? await users.query().limit(1000).find(MASTER) : [];
  const wanted = new Set(accounts.map((account) => account.id));
  const held = new Set(holders.map((holder) => holder.id));
  const leaving = holders.filter((holder) => !wanted.has(holder.id));
  const joining = accounts.filter((account) => !held.has(account.id));
  if (leaving.length > 0) users.remove(leaving);
  if (joining.length > 0) users.add(joining);
  if (!role.id || leaving.length > 0 || joining.length > 0) await role.save(null, MASTER);
  const named = new Set(accounts.map((account) => String(account.get('username'))));
  return {
    admins: usernames.filter((name) => named.has(name)),
    unclaimed: usernames.filter((name) => !named.has(name)),
  };
}
