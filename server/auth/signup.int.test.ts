import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { InvitationRow, NewInvitation, SignupPolicy } from '../../src/domain/signup';
import { followProviderLogin, TEST_CLIENT, ticketCookieOf } from '../test/oidcIssuer';
import {
  newPassword,
  pointer,
  request as requestShared,
  restClient,
  signUp as signUpShared,
  uniqueName,
  type Account,
  type RestClient,
} from '../test/rest';
import {
  createDataDir,
  databaseUri,
  removeDataDir,
  startServerProcess,
  type ServerProcess,
} from '../test/serverProcess';

/**
 * Nodes on the shared test database as an operator would run them: invite-only with admins,
 * invite-only where everyone may invite, and closed. The shared server itself is open (the default).
 */
const appId = inject('appId');
const masterKey = inject('masterKey');
const adminName = uniqueName('admin');
/** Listed in ADMIN_USERNAMES with no account behind it. */
const reservedName = uniqueName('keep');

interface Node {
  server: ServerProcess;
  client: RestClient;
  dataDir: string;
}

let inviteOnly: Node;
let byUsers: Node;
let closed: Node;
let admin: Account;
let member: Account;

async function startNode(prefix: string, env: Record<string, string>): Promise<Node> {
  const dataDir = await createDataDir(prefix);
  const server = await startServerProcess({
    dataDir,
    env: { DATABASE_URI: await databaseUri(inject('dataDir')), MASTER_KEY: masterKey, ...env },
  });
  return { server, dataDir, client: restClient({ baseUrl: server.baseUrl, appId, masterKey }) };
}

beforeAll(async () => {
  // Accounts that exist already (made with the master key, as an operator may); the admin's before
  // the node that lists it starts, since admins are the accounts their names have at start.
  [admin, member] = await Promise.all([signUpShared(adminName), signUpShared()]);
  // Every node settles the admin role at start by its own list: the one that lists admins last.
  [byUsers, closed] = await Promise.all([
    startNode('signup-by-users', { SIGNUP: 'invite', INVITES_BY_USERS: 'true' }),
    startNode('signup-closed', {
      SIGNUP: 'closed',
      OIDC_ISSUER: inject('oidcIssuer'),
      OIDC_CLIENT_ID: TEST_CLIENT.id,
      OIDC_CLIENT_SECRET: TEST_CLIENT.secret,
      OIDC_NAME: 'Test ID',
    }),
  ]);
  inviteOnly = await startNode('signup-invite', {
    SIGNUP: 'invite',
    ADMIN_USERNAMES: `${reservedName}, ${adminName}`,
  });
}, 180_000);

afterAll(async () => {
  for (const node of [inviteOnly, byUsers, closed]) {
    if (!node) continue;
    await node.server.stop();
    await removeDataDir(node.dataDir);
  }
});

/** A sign-up as a page makes it: no master key, the invitation's code in the request's context. */
function signUpWith(client: Pick<RestClient, 'request'>, invitation?: unknown, username = uniqueName()) {
  return client.request('POST', '/parse/users', {
    body: {
      username,
      password: newPassword(),
      email: `${username.toLowerCase()}@example.com`,
    },
    ...(invitation === undefined
      ? {}
      : { headers: { 'X-Parse-Cloud-Context': JSON.stringify({ invitation }) } }),
  });
}

async function accountsNamed(...usernames: string[]): Promise<number> {
  const where = encodeURIComponent(JSON.stringify({ username: { $in: usernames } }));
  const { body } = await inviteOnly.client.request('GET', `/parse/users?where=${where}&count=1&limit=0`, {
    masterKey: true,
  });
  return body.count as number;
}

async function run<T>(node: Node, name: string, account?: Account, params: object = {}) {
  const { status, body } = await node.client.request('POST', `/parse/functions/${name}`, {
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

async function invite(account: Account, node = inviteOnly): Promise<NewInvitation> {
  const created = await run<NewInvitation>(node, 'createInvitation', account);
  expect(created.status, created.error).toBe(200);
  return created.result;
}

describe('an open server', () => {
  it('takes anyone, says so, and refuses an invitation a client sets itself', async () => {
    const policy = await requestShared('POST', '/parse/functions/signupPolicy', { body: {} });
    const username = uniqueName();

    const plain = await signUpWith({ request: requestShared }, 'ignored-here', username);
    const forged = await requestShared('POST', '/parse/users', {
      body: { username: uniqueName(), password: newPassword(), invitation: pointer('Invitation', 'abc') },
    });

    expect(policy.body.result).toEqual({ mode: 'open', canInvite: false, isAdmin: false });
    expect(plain.status).toBe(201);
    expect(forged.body).toMatchObject({ code: 142, error: 'invitation is set by the server.' });
  });
});

describe('a closed server', () => {
  it('refuses every sign-up with a sentence and creates nothing; invitations are not used', async () => {
    const username = uniqueName();

    const refused = await signUpWith(closed.client, undefined, username);
    const policy = await run<SignupPolicy>(closed, 'signupPolicy');
    const invitation = await run(closed, 'createInvitation', admin);

    expect(refused.body).toMatchObject({
      code: 119,
      error: 'Sign-up is closed on this server. Ask the person who runs it for an account.',
    });
    expect(await accountsNamed(username)).toBe(0);
    expect(policy.result).toEqual({ mode: 'closed', canInvite: false, isAdmin: false });
    expect(invitation).toMatchObject({
      code: 119,
      error: 'Invitations are not used here: sign-up on this server is closed.',
    });
    // Those who have an account still log in.
    expect((await closed.client.logIn(member.username, member.password)).sessionToken).toBeTruthy();
  });

  it('makes no account for a first login through the organisation’s provider either', async () => {
    const sub = randomUUID();
    const landing = await followProviderLogin(closed.server.baseUrl, inject('oidcIssuer'), {
      sub,
      email: `${sub.slice(0, 8)}@corp.example`,
      preferred_username: `closed.${sub.slice(0, 6)}`,
    });

    const refused = await closed.client.request('POST', '/parse/users', {
      headers: { cookie: ticketCookieOf(landing) },
      body: {
        authData: { oidc: { id: landing.searchParams.get('id'), ticket: landing.searchParams.get('sso') } },
      },
    });

    expect(refused.body).toMatchObject({
      code: 119,
      error: 'Sign-up is closed on this server. Ask the person who runs it for an account.',
    });
    expect(await accountsNamed(`closed.${sub.slice(0, 6)}`)).toBe(0);
  });
});

describe('an invite-only server', () => {
  it('tells visitors, people and admins what they may do', async () => {
    const anonymous = await run<SignupPolicy>(inviteOnly, 'signupPolicy');
    const asMember = await run<SignupPolicy>(inviteOnly, 'signupPolicy', member);
    const asAdmin = await run<SignupPolicy>(inviteOnly, 'signupPolicy', admin);

    expect(anonymous.result).toEqual({ mode: 'invite', canInvite: false, isAdmin: false });
    expect(asMember.result).toEqual({ mode: 'invite', canInvite: false, isAdmin: false });
    expect(asAdmin.result).toEqual({ mode: 'invite', canInvite: true, isAdmin: true });
  });

  it('refuses a sign-up without an invitation, or with a made-up one, and creates nothing', async () => {
    const names = [uniqueName(), uniqueName(), uniqueName()];

    const without = await signUpWith(inviteOnly.client, undefined, names[0]);
    const madeUp = await signUpWith(inviteOnly.client, 'A'.repeat(32), names[1]);
    const notText = await signUpWith(inviteOnly.client, { $ne: null }, names[2]);

    expect(without.body).toMatchObject({
      code: 142,
      error: 'This server takes new accounts by invitation only. Open the link you were sent.',
      field: 'invitation',
    });
    expect(madeUp.body).toMatchObject({
      code: 142,
      error: 'This invitation link is not valid. It may be mistyped or revoked.',
      field: 'invitation',
    });
    expect(notText.body.code).toBe(142);
    expect(await accountsNamed(...names)).toBe(0);
  });

  it('lets an admin invite one person for seven days, and refuses the link the second time', async () => {
    const invitation = await invite(admin);
    const first = uniqueName();
    const second = uniqueName();

    expect(invitation.code).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(invitation.createdBy).toBe(adminName);
    const days = (Date.parse(invitation.expiresAt) - Date.parse(invitation.createdAt)) / 86_400_000;
    expect(days).toBeCloseTo(7, 3);
    const listed = await run<InvitationRow[]>(inviteOnly, 'listInvitations', admin);
    expect(listed.result.map((row) => row.id)).toContain(invitation.id);
    expect(JSON.stringify(listed.result)).not.toContain(invitation.code);

    const used = await signUpWith(inviteOnly.client, invitation.code, first);
    const again = await signUpWith(inviteOnly.client, invitation.code, second);

    expect(used.status).toBe(201);
    expect(again.body).toMatchObject({
      code: 142,
      error: 'This invitation has already been used.',
      field: 'invitation',
    });
    expect(await accountsNamed(first)).toBe(1);
    expect(await accountsNamed(second)).toBe(0);
    const after = await run<InvitationRow[]>(inviteOnly, 'listInvitations', admin);
    expect(after.result.map((row) => row.id)).not.toContain(invitation.id);
  });

  it('keeps one account when two sign-ups race with the same invitation', async () => {
    const { code } = await invite(admin);
    const names = [uniqueName(), uniqueName(), uniqueName()];

    await Promise.all(names.map((name) => signUpWith(inviteOnly.client, code, name)));

    expect(await accountsNamed(...names)).toBe(1);
  });

  it('refuses an expired invitation with the day it expired', async () => {
    const invitation = await invite(admin);
    await inviteOnly.client.request('PUT', `/parse/classes/Invitation/${invitation.id}`, {
      masterKey: true,
      body: { expiresAt: { __type: 'Date', iso: '2026-01-02T10:00:00.000Z' } },
    });
    const username = uniqueName();

    const refused = await signUpWith(inviteOnly.client, invitation.code, username);

    expect(refused.body).toMatchObject({
      code: 142,
      error: 'This invitation expired on 2026-01-02.',
      field: 'invitation',
    });
    expect(await accountsNamed(username)).toBe(0);
  });

  it('lets an admin revoke an open invitation, after which its link is refused', async () => {
    const invitation = await invite(admin);

    const revoked = await run(inviteOnly, 'revokeInvitation', admin, { invitationId: invitation.id });
    const refused = await signUpWith(inviteOnly.client, invitation.code);
    const twice = await run(inviteOnly, 'revokeInvitation', admin, { invitationId: invitation.id });

    expect(revoked.result).toEqual({ revoked: true });
    expect(refused.body).toMatchObject({
      error: 'This invitation link is not valid. It may be mistyped or revoked.',
      field: 'invitation',
    });
    expect(twice).toMatchObject({ code: 101, error: 'That invitation was not found.' });
  });

  it('keeps invitations from people who are not admins, strangers and anonymous callers', async () => {
    const invitation = await invite(admin);

    const create = await run(inviteOnly, 'createInvitation', member);
    const list = await run(inviteOnly, 'listInvitations', member);
    const revoke = await run(inviteOnly, 'revokeInvitation', member, { invitationId: invitation.id });
    const anonymous = await run(inviteOnly, 'createInvitation');
    const badId = await run(inviteOnly, 'revokeInvitation', admin, { invitationId: { $gt: '' } });
    const rows = await inviteOnly.client.request('GET', '/parse/classes/Invitation', {
      sessionToken: admin.sessionToken,
    });
    const forged = await inviteOnly.client.request('PUT', `/parse/users/${member.objectId}`, {
      sessionToken: member.sessionToken,
      body: { invitation: pointer('Invitation', invitation.id) },
    });

    for (const refused of [create, list, revoke]) {
      expect(refused).toMatchObject({ code: 119, error: 'Only the admins of this server make invitations.' });
    }
    expect(anonymous.code).toBe(209);
    expect(badId).toMatchObject({ code: 142, error: 'invitationId must be the id of an invitation.' });
    expect(rows.body.code).toBe(119);
    expect(forged.body).toMatchObject({ code: 142, error: 'invitation is set by the server.' });
    // Still open: nothing the others did spent or removed it.
    const listed = await run<InvitationRow[]>(inviteOnly, 'listInvitations', admin);
    expect(listed.result.map((row) => row.id)).toContain(invitation.id);
  });
});

describe('admins', () => {
  it('are the accounts ADMIN_USERNAMES names at start, in a role only the server writes', async () => {
    const where = encodeURIComponent(JSON.stringify({ name: 'admin' }));
    const roles = await inviteOnly.client.request('GET', `/parse/roles?where=${where}`, { masterKey: true });
    const [role] = roles.body.results as { objectId: string; ACL?: object }[];
    const members = encodeURIComponent(
      JSON.stringify({ $relatedTo: { object: pointer('_Role', role?.objectId ?? ''), key: 'users' } }),
    );
    const users = await inviteOnly.client.request('GET', `/parse/users?where=${members}`, {
      masterKey: true,
    });
    const asMember = await inviteOnly.client.request('GET', `/parse/roles?where=${where}`, {
      sessionToken: member.sessionToken,
    });

    expect(roles.body.results).toHaveLength(1);
    expect(role?.ACL).toEqual({});
    expect((users.body.results as { objectId: string }[]).map((user) => user.objectId)).toEqual([
      admin.objectId,
    ]);
    expect(asMember.body.code).toBe(119);
  });

  it('keeps a listed name without an account from everyone, even with an invitation', async () => {
    const { code } = await invite(admin);

    const refused = await signUpWith(inviteOnly.client, code, reservedName);

    expect(refused.body).toMatchObject({
      code: 142,
      error: 'This name is kept for an admin of this server. Choose another.',
      field: 'username',
    });
    expect(await accountsNamed(reservedName)).toBe(0);
  });

  it('stay admins when they rename, and nobody else may take the name they left', async () => {
    const renamed = uniqueName('was-admin');
    const rename = await inviteOnly.client.request('PUT', `/parse/users/${admin.objectId}`, {
      sessionToken: admin.sessionToken,
      body: { username: renamed },
    });
    try {
      expect(rename.status, rename.text).toBe(200);
      const policy = await run<SignupPolicy>(inviteOnly, 'signupPolicy', admin);
      const { code } = await invite(admin);
      const signUpAsAdmin = await signUpWith(inviteOnly.client, code, adminName);
      const memberTakesName = await inviteOnly.client.request('PUT', `/parse/users/${member.objectId}`, {
        sessionToken: member.sessionToken,
        body: { username: adminName },
      });

      expect(policy.result).toEqual({ mode: 'invite', canInvite: true, isAdmin: true });
      for (const refused of [signUpAsAdmin, memberTakesName]) {
        expect(refused.body).toMatchObject({
          code: 142,
          error: 'This name is kept for an admin of this server. Choose another.',
          field: 'username',
        });
      }
      expect(await accountsNamed(adminName)).toBe(0);
      const asMember = await run<SignupPolicy>(inviteOnly, 'signupPolicy', member);
      expect(asMember.result.isAdmin).toBe(false);
    } finally {
      // The operator may give a listed name back (the master key is not refused).
      await inviteOnly.client.request('PUT', `/parse/users/${admin.objectId}`, {
        masterKey: true,
        body: { username: adminName },
      });
    }
  });
});

describe('an invite-only server where everyone may invite', () => {
  it('lets each person invite and see and revoke only their own invitations', async () => {
    // People who signed up before the server became invite-only (the nodes share one database).
    const [ann, ben] = await Promise.all([signUpShared(), signUpShared()]);
    const annInvitation = await invite(ann, byUsers);
    const benInvitation = await invite(ben, byUsers);

    const annList = await run<InvitationRow[]>(byUsers, 'listInvitations', ann);
    const benRevokesAnn = await run(byUsers, 'revokeInvitation', ben, { invitationId: annInvitation.id });
    const invited = await signUpWith(byUsers.client, benInvitation.code);

    expect(annList.result.map((row) => row.id)).toEqual([annInvitation.id]);
    expect(benRevokesAnn).toMatchObject({ code: 101, error: 'That invitation was not found.' });
    expect(invited.status).toBe(201);
    const policy = await run<SignupPolicy>(byUsers, 'signupPolicy', ann);
    expect(policy.result).toEqual({ mode: 'invite', canInvite: true, isAdmin: false });
  });
});
