import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerStatus, SignupSettings } from '../../src/domain/serverAdmin';
import type { NewInvitation } from '../../src/domain/signup';
import {
  newPassword,
  restClientFor,
  uniqueName,
  userPointer,
  type Account,
  type RestClient,
} from '../../server/test/rest';
import {
  createDataDir,
  databaseUri,
  readMasterKey,
  removeDataDir,
  startServerProcess,
  stopServerAndDatabase,
  type ServerProcess,
} from '../../server/test/serverProcess';

/**
 * Two nodes on a database of their own (a sign-up mode is the whole database's, and the shared test
 * server must stay open): a change made through one node applies to sign-ups on the other at once.
 */
let first: ServerProcess;
let second: ServerProcess;
let dataDirs: string[] = [];
let one: RestClient;
let two: RestClient;
let admin: Account;
let moderator: Account;
let member: Account;

/** Puts `account` in the server's role (the operator's master key, as `npm run admin` does). */
async function grant(account: Account, role: 'moderator' | 'admin'): Promise<void> {
  const where = encodeURIComponent(JSON.stringify({ name: role }));
  const found = await one.request('GET', `/parse/roles?where=${where}`, { masterKey: true });
  let roleId = found.body.results?.[0]?.objectId;
  if (!roleId) {
    const made = await one.request('POST', '/parse/roles', {
      masterKey: true,
      body: { name: role, ACL: {} },
    });
    expect(made.status, made.text).toBe(201);
    roleId = made.body.objectId;
  }
  const added = await one.request('PUT', `/parse/roles/${String(roleId)}`, {
    masterKey: true,
    body: { users: { __op: 'AddRelation', objects: [userPointer(account.objectId)] } },
  });
  expect(added.status, added.text).toBe(200);
}

beforeAll(async () => {
  const firstDir = await createDataDir('server-admin-1');
  const secondDir = await createDataDir('server-admin-2');
  dataDirs = [firstDir, secondDir];
  first = await startServerProcess({ dataDir: firstDir, readyTimeoutMs: 240_000 });
  const masterKey = await readMasterKey(firstDir);
  second = await startServerProcess({
    dataDir: secondDir,
    readyTimeoutMs: 240_000,
    env: { DATABASE_URI: await databaseUri(firstDir), MASTER_KEY: masterKey },
  });
  one = await restClientFor(first);
  two = await restClientFor({ baseUrl: second.baseUrl, dataDir: firstDir });
  [admin, moderator, member] = await Promise.all([one.signUp(), one.signUp(), one.signUp()]);
  await grant(admin, 'admin');
  await grant(moderator, 'moderator');
}, 600_000);

afterAll(async () => {
  await second?.stop();
  await stopServerAndDatabase(first);
  for (const dir of dataDirs) await removeDataDir(dir);
});

async function run<T>(client: RestClient, name: string, account?: Account, params: object = {}) {
  const { status, body } = await client.request('POST', `/parse/functions/${name}`, {
    ...(account ? { sessionToken: account.sessionToken } : {}),
    body: params,
  });
  return {
    status,
    code: body.code,
    error: body.error as string,
    result: body.result as T,
  };
}

function signUpOn(client: RestClient, invitation?: string) {
  const username = uniqueName();
  return client.request('POST', '/parse/users', {
    body: { username, password: newPassword(), email: `${username.toLowerCase()}@example.com` },
    ...(invitation ? { headers: { 'X-Parse-Cloud-Context': JSON.stringify({ invitation }) } } : {}),
  });
}

describe('the sign-up mode an admin sets', () => {
  it('starts as the operator configured it, with no change', async () => {
    const settings = await run<SignupSettings>(one, 'signupSettings', admin);
    expect(settings.status, settings.error).toBe(200);
    expect(settings.result).toEqual({ mode: 'open', configuredMode: 'open', changed: null });
  });

  it('refuses a plain user, a moderator and an anonymous caller, to read or to change', async () => {
    for (const caller of [member, moderator, undefined]) {
      for (const [name, params] of [
        ['signupSettings', {}],
        ['setSignupMode', { mode: 'closed' }],
        ['serverStatus', {}],
      ] as const) {
        const refused = await run(two, name, caller, params);
        expect(refused.status, `${name} by ${caller?.username ?? 'anonymous'}`).toBe(400);
        expect(refused.code).toBe(caller ? 119 : 209);
      }
    }
    const settings = await run<SignupSettings>(one, 'signupSettings', admin);
    expect(settings.result.mode).toBe('open');
  });

  it('refuses a mode it does not know, naming mode', async () => {
    for (const mode of ['OPEN', '', 3, null, ['open']]) {
      const refused = await run(one, 'setSignupMode', admin, { mode });
      expect(refused.code).toBe(142);
      expect(refused.error).toContain('mode');
    }
  });

  it('closes, opens by invitation and opens sign-up on every node at once, recording who did it', async () => {
    const closed = await run<SignupSettings>(one, 'setSignupMode', admin, { mode: 'closed' });
    expect(closed.status, closed.error).toBe(200);
    expect(closed.result).toMatchObject({ mode: 'closed', configuredMode: 'open' });
    expect(closed.result.changed?.by).toBe(admin.username);
    const refused = await signUpOn(two);
    expect(refused.status, refused.text).toBe(400);
    expect(refused.body.code).toBe(119);

    await run(two, 'setSignupMode', admin, { mode: 'invite' });
    const withoutCode = await signUpOn(one);
    expect(withoutCode.body.code, withoutCode.text).toBe(142);
    const policy = await run<{ mode: string; canInvite: boolean }>(two, 'signupPolicy', admin);
    expect(policy.result).toMatchObject({ mode: 'invite', canInvite: true });
    const invitation = await run<NewInvitation>(one, 'createInvitation', admin);
    expect(invitation.status, invitation.error).toBe(200);
    const invited = await signUpOn(two, invitation.result.code);
    expect(invited.status, invited.text).toBe(201);

    await run(one, 'setSignupMode', admin, { mode: 'open' });
    const open = await signUpOn(two);
    expect(open.status, open.text).toBe(201);

    const record = await one.request(
      'GET',
      `/parse/classes/ServerSetting?order=-createdAt&limit=3&where=${encodeURIComponent(JSON.stringify({ key: 'signupMode' }))}`,
      { masterKey: true },
    );
    const rows = record.body.results ?? [];
    expect(rows.map((row) => row.value)).toEqual(['open', 'invite', 'closed']);
    expect(new Set(rows.map((row) => row.changedBy))).toEqual(new Set([admin.username]));
  });

  it('keeps the record closed to every client', async () => {
    for (const caller of [admin, member]) {
      const read = await one.request('GET', '/parse/classes/ServerSetting', {
        sessionToken: caller.sessionToken,
      });
      expect(read.status).not.toBe(200);
      const written = await one.request('POST', '/parse/classes/ServerSetting', {
        sessionToken: caller.sessionToken,
        body: { key: 'signupMode', value: 'open', changedBy: caller.username },
      });
      expect(written.status).not.toBe(201);
    }
  });
});

describe('the server status', () => {
  it('lists both nodes, the versions, the catalogue and no backup yet', async () => {
    const status = await run<ServerStatus>(one, 'serverStatus', admin);
    expect(status.status, status.error).toBe(200);
    const { nodes, versions, catalogueFoods, lastBackup } = status.result;
    expect(nodes.filter((node) => node.current)).toHaveLength(1);
    // The second node's heartbeat was written when it started.
    expect(nodes).toHaveLength(2);
    expect(versions.node).toBe(process.versions.node);
    expect(versions.app).toMatch(/^\d+\.\d+\.\d+/);
    expect(versions.parseServer).toMatch(/^\d+\.\d+\.\d+/);
    expect(versions.postgres).toMatch(/^\d+/);
    expect(catalogueFoods === null || catalogueFoods >= 0).toBe(true);
    expect(lastBackup).toBeNull();
  });
});
