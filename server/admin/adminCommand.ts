import { STAFF_ROLES, type StaffRole } from '../../src/domain/moderation';
import { ConfigError, loadConfig, type AppConfig } from '../config';
import { readSecrets } from '../secrets';

const USAGE = 'npm run admin -- grant <username> <moderator|admin|owner> | revoke <username> <role> | list';

class AdminError extends Error {}

interface Api {
  (method: string, path: string, body?: unknown): Promise<Record<string, unknown>>;
}

/** Parse's REST API of the running app, with the master key, as cloud code's server-side writes use it. */
function apiOf(config: AppConfig, masterKey: string): Api {
  return async (method, path, body) => {
    const answer = await fetch(`${config.serverUrl}${path}`, {
      method,
      headers: {
        'X-Parse-Application-Id': config.appId,
        'X-Parse-Master-Key': masterKey,
        'Content-Type': 'application/json',
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }).catch((error: unknown) => {
      throw new AdminError(
        `cannot reach the app at ${config.serverUrl} (${error instanceof Error ? error.message : String(error)}): start it first`,
      );
    });
    const json = (await answer.json()) as Record<string, unknown>;
    if (!answer.ok)
      throw new AdminError(`${method} ${path} answered ${answer.status}: ${JSON.stringify(json)}`);
    return json;
  };
}

const where = (condition: unknown) => `where=${encodeURIComponent(JSON.stringify(condition))}`;
const userPointer = (objectId: string) => ({ __type: 'Pointer', className: '_User', objectId });

async function roleId(api: Api, name: StaffRole): Promise<string> {
  const found = await api('GET', `/roles?${where({ name })}`);
  const [role] = (found.results as { objectId: string }[] | undefined) ?? [];
  if (role) return role.objectId;
  // Readable and writable by nobody but the master key, as the server makes its roles.
  const made = await api('POST', '/roles', { name, ACL: {} });
  return String(made.objectId);
}

async function holders(api: Api, name: StaffRole): Promise<{ objectId: string; username: string }[]> {
  const id = await roleId(api, name);
  const related = {
    $relatedTo: { object: { __type: 'Pointer', className: '_Role', objectId: id }, key: 'users' },
  };
  const found = await api('GET', `/users?${where(related)}&limit=10000&keys=username`);
  return (found.results as { objectId: string; username: string }[] | undefined) ?? [];
}

async function userIdOf(api: Api, username: string): Promise<string> {
  const found = await api('GET', `/users?${where({ username })}&keys=username`);
  const [user] = (found.results as { objectId: string }[] | undefined) ?? [];
  if (!user) throw new AdminError(`no account has the username ${username}`);
  return user.objectId;
}

async function setMembership(api: Api, name: StaffRole, userId: string, member: boolean): Promise<void> {
  const id = await roleId(api, name);
  await api('PUT', `/roles/${id}`, {
    users: { __op: member ? 'AddRelation' : 'RemoveRelation', objects: [userPointer(userId)] },
  });
}

const isStaffRole = (value: unknown): value is StaffRole =>
  typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);

/**
 * `npm run admin`: the operator's roles, on the app `npm start` runs, with the master key the server
 * uses (MASTER_KEY, else the data directory's). `grant` makes the role the person's one role (an
 * owner is made only here); `revoke` takes it away, unless they are the last admin or owner.
 */
export async function runAdminCommand(args: readonly string[]): Promise<void> {
  const fail = (message: string): never => {
    console.error(`[fitstreak] ${message}`);
    process.exit(1);
  };
  try {
    const config = loadConfig();
    const masterKey = config.masterKey ?? (await readSecrets(config.dataDir))?.masterKey;
    if (!masterKey) fail(`no master key: set MASTER_KEY or run this where DATA_DIR (${config.dataDir}) is`);
    const api = apiOf(config, masterKey ?? '');
    const [command, username, role] = args;
    if (command === 'list' && args.length === 1) {
      for (const name of STAFF_ROLES) {
        const names = (await holders(api, name)).map((holder) => holder.username).sort();
        console.log(`${name}: ${names.length > 0 ? names.join(', ') : '(nobody)'}`);
      }
      process.exit(0);
    }
    if (
      (command !== 'grant' && command !== 'revoke') ||
      !username ||
      !isStaffRole(role) ||
      args.length !== 3
    ) {
      fail(`usage: ${USAGE}`);
    }
    const name = role as StaffRole;
    const userId = await userIdOf(api, username ?? '');
    if (command === 'grant') {
      for (const other of STAFF_ROLES) await setMembership(api, other, userId, other === name);
      console.log(`[fitstreak] ${username} is ${name === 'admin' ? 'an' : 'a'} ${name} now.`);
    } else {
      const held = await holders(api, name);
      if (!held.some((holder) => holder.objectId === userId)) fail(`${username} is not ${name}`);
      if (name !== 'moderator') {
        const administrators = new Set(
          [...(await holders(api, 'admin')), ...(await holders(api, 'owner'))].map(
            (holder) => holder.objectId,
          ),
        );
        if (administrators.size <= 1) fail(`${username} is the last admin or owner: grant another first`);
      }
      await setMembership(api, name, userId, false);
      console.log(`[fitstreak] ${username} is no longer ${name}.`);
    }
    process.exit(0);
  } catch (error) {
    if (error instanceof AdminError || error instanceof ConfigError) fail(error.message);
    fail(error instanceof Error ? (error.stack ?? error.message) : String(error));
  }
}
