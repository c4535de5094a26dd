import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  newPassword,
  parseDate,
  request,
  requestFrom,
  signUp,
  uniqueName,
  userPointer,
  type Account,
} from '../test/rest';

function activity(fields: Record<string, unknown> = {}) {
  return { type: 'run', startedAt: parseDate(new Date()), durationMin: 30, ...fields };
}

async function schemaFields(className: string): Promise<string[]> {
  const { status, body } = await request('GET', `/parse/schemas/${className}`, { masterKey: true });
  expect(status).toBe(200);
  return Object.keys(body.fields as Record<string, unknown>);
}

function nested(operator: '$or' | '$and', depth: number): Record<string, unknown> {
  let where: Record<string, unknown> = { notes: 'x' };
  for (let level = 0; level < depth; level++) where = { [operator]: [where] };
  return where;
}

/** `notes` in a `$select` subquery on Activity, nested `depth` times. */
function nestedSelect(depth: number): Record<string, unknown> {
  let where: Record<string, unknown> = { notes: 'x' };
  for (let level = 0; level < depth; level++) {
    where = { notes: { $select: { query: { className: 'Activity', where }, key: 'notes' } } };
  }
  return where;
}

function query(params: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    search.set(key, typeof value === 'string' ? value : JSON.stringify(value));
  }
  return search.toString();
}

let alice: Account;
let bob: Account;

beforeAll(async () => {
  alice = await signUp();
  bob = await signUp();
});

describe('schema settings', () => {
  it('refuses to create a class when a client saves an object of an unknown class (allowClientClassCreation)', async () => {
    const className = `Probe${randomBytes(4).toString('hex')}`;
    const { status, body } = await request('POST', `/parse/classes/${className}`, {
      sessionToken: alice.sessionToken,
      body: { name: 'x' },
    });

    expect(status).toBe(400);
    expect(body.code).toBe(119);
    const schema = await request('GET', `/parse/schemas/${className}`, { masterKey: true });
    expect(schema.body.code).toBe(103);
  });

  it('refuses a field the schema does not declare when a client saves a declared class (addField closed)', async () => {
    const { status, body } = await request('POST', '/parse/classes/Activity', {
      sessionToken: alice.sessionToken,
      body: activity({ mood: 'great' }),
    });

    expect(status).toBe(400);
    expect(body.code).toBe(119);
    expect(await schemaFields('Activity')).not.toContain('mood');
  });

  it('refuses schema changes through /schemas even with the master key (lockSchemas)', async () => {
    const update = await request('PUT', '/parse/schemas/Activity', {
      masterKey: true,
      body: { className: 'Activity', fields: { mood: { type: 'String' } } },
    });
    const create = await request('POST', '/parse/schemas/Probe', {
      masterKey: true,
      body: { className: 'Probe', fields: { name: { type: 'String' } } },
    });

    expect(update.body.code).toBe(119);
    expect(update.body.error).toContain('schemas options');
    expect(create.body.code).toBe(119);
    expect(create.body.error).toContain('schemas options');
    expect(await schemaFields('Activity')).not.toContain('mood');
  });
});

/** Who may try a write: the person signed in, another person, and a caller without a session. */
function callers(): { name: string; sessionToken?: string }[] {
  return [
    { name: 'the person', sessionToken: alice.sessionToken },
    { name: 'a stranger', sessionToken: bob.sessionToken },
    { name: 'an anonymous caller' },
  ];
}

/** A row of a system class made with the master key, readable and writable by everyone through its ACL. */
async function publicRow(path: string, fields: Record<string, unknown>): Promise<string> {
  const { status, body } = await request('POST', path, {
    masterKey: true,
    body: { ...fields, ACL: { '*': { read: true, write: true } } },
  });
  expect(status).toBe(201);
  if (typeof body.objectId !== 'string') throw new Error(`No objectId from POST ${path}`);
  return body.objectId;
}

function installation() {
  return { installationId: randomBytes(16).toString('hex'), deviceType: 'web' };
}

describe('Parse system classes closed to clients', () => {
  it('refuses to create a role, e.g. one named admin with public read, to anyone without the master key', async () => {
    for (const { name, sessionToken } of callers()) {
      const roleName = uniqueName('admin');
      const { status, body } = await request('POST', '/parse/roles', {
        ...(sessionToken ? { sessionToken } : {}),
        body: { name: roleName, ACL: { '*': { read: true } } },
      });

      expect([status, body.code], name).toEqual([400, 119]);
      const stored = await request('GET', `/parse/roles?${query({ where: { name: roleName } })}`, {
        masterKey: true,
      });
      expect(stored.body.results, name).toEqual([]);
    }
  });

  it('refuses to read, update or delete a role whose ACL is public, and keeps it unchanged', async () => {
    const roleName = uniqueName('moderator');
    const roleId = await publicRow('/parse/roles', { name: roleName });

    for (const { name, sessionToken } of callers()) {
      const session = sessionToken ? { sessionToken } : {};
      const get = await request('GET', `/parse/roles/${roleId}`, session);
      const find = await request('GET', '/parse/roles', session);
      const update = await request('PUT', `/parse/roles/${roleId}`, {
        ...session,
        body: { users: { __op: 'AddRelation', objects: [userPointer(alice.objectId)] } },
      });
      const remove = await request('DELETE', `/parse/roles/${roleId}`, session);

      expect([get.status, get.body.code], `${name}: get`).toEqual([400, 119]);
      expect([find.status, find.body.code], `${name}: find`).toEqual([400, 119]);
      expect([update.status, update.body.code], `${name}: update`).toEqual([400, 119]);
      expect([remove.status, remove.body.code], `${name}: delete`).toEqual([400, 119]);
    }
    const stored = await request('GET', `/parse/roles/${roleId}`, { masterKey: true });
    expect(stored.body.name).toBe(roleName);
    const role = { __type: 'Pointer', className: '_Role', objectId: roleId };
    const members = await request(
      'GET',
      `/parse/users?${query({ where: { $relatedTo: { object: role, key: 'users' } } })}`,
      {
        masterKey: true,
      },
    );
    expect(members.body.results).toEqual([]);
  });

  it('still lets the server create and delete a role with the master key', async () => {
    const roleId = await publicRow('/parse/roles', { name: uniqueName('staff') });
    const { status } = await request('DELETE', `/parse/roles/${roleId}`, { masterKey: true });

    expect(status).toBe(200);
  });

  it('refuses to create, read, update or delete an installation to anyone without the master key', async () => {
    const installationId = await publicRow('/parse/installations', installation());

    for (const { name, sessionToken } of callers()) {
      const session = sessionToken ? { sessionToken } : {};
      const create = await request('POST', '/parse/installations', { ...session, body: installation() });
      const get = await request('GET', `/parse/installations/${installationId}`, session);
      const update = await request('PUT', `/parse/installations/${installationId}`, {
        ...session,
        body: { channels: ['everyone'] },
      });
      const remove = await request('DELETE', `/parse/installations/${installationId}`, session);

      expect([create.status, create.body.code], `${name}: create`).toEqual([400, 119]);
      expect([get.status, get.body.code], `${name}: get`).toEqual([400, 119]);
      expect([update.status, update.body.code], `${name}: update`).toEqual([400, 119]);
      expect([remove.status, remove.body.code], `${name}: delete`).toEqual([400, 119]);
    }
    const stored = await request('GET', `/parse/installations/${installationId}`, { masterKey: true });
    expect(stored.body.channels).toBeUndefined();
  });

  it('refuses to create, read, update or delete a push audience to anyone without the master key', async () => {
    const audienceId = await publicRow('/parse/classes/_Audience', {
      name: uniqueName('audience'),
      query: JSON.stringify({ deviceType: 'web' }),
    });

    for (const { name, sessionToken } of callers()) {
      const session = sessionToken ? { sessionToken } : {};
      const create = await request('POST', '/parse/classes/_Audience', {
        ...session,
        body: { name: uniqueName('audience'), query: '{}' },
      });
      const get = await request('GET', `/parse/classes/_Audience/${audienceId}`, session);
      const update = await request('PUT', `/parse/classes/_Audience/${audienceId}`, {
        ...session,
        body: { name: 'taken' },
      });
      const remove = await request('DELETE', `/parse/classes/_Audience/${audienceId}`, session);

      expect([create.status, create.body.code], `${name}: create`).toEqual([400, 119]);
      expect([get.status, get.body.code], `${name}: get`).toEqual([400, 119]);
      expect([update.status, update.body.code], `${name}: update`).toEqual([400, 119]);
      expect([remove.status, remove.body.code], `${name}: delete`).toEqual([400, 119]);
    }
  });
});

describe('accounts', () => {
  it('refuses an anonymous sign-up (enableAnonymousUsers)', async () => {
    const { status, body } = await request('POST', '/parse/users', {
      body: { authData: { anonymous: { id: randomBytes(16).toString('hex') } } },
    });

    expect(status).toBe(400);
    expect(body.code).toBe(252);
  });

  it("gives a new user a row that only they can read, so another user's GET fails (enforcePrivateUsers)", async () => {
    const other = await request('GET', `/parse/users/${alice.objectId}`, { sessionToken: bob.sessionToken });
    const stored = await request('GET', `/parse/users/${alice.objectId}`, { masterKey: true });

    expect(other.status).toBe(404);
    expect(other.body.code).toBe(101);
    expect(stored.body.ACL).toEqual({ [alice.objectId]: { read: true, write: true } });
  });

  it('refuses to list users to a signed-in client (_User find closed)', async () => {
    const { status, body } = await request('GET', '/parse/users', { sessionToken: bob.sessionToken });

    expect(status).toBe(400);
    expect(body.code).toBe(119);
  });

  it('hides email and emailVerified from another user even when the master key made the row public (protectedFields)', async () => {
    const carol = await signUp();
    const opened = await request('PUT', `/parse/users/${carol.objectId}`, {
      masterKey: true,
      body: {
        emailVerified: true,
        ACL: { '*': { read: true }, [carol.objectId]: { read: true, write: true } },
      },
    });
    expect(opened.status).toBe(200);

    const { status, body } = await request('GET', `/parse/users/${carol.objectId}`, {
      sessionToken: bob.sessionToken,
    });

    expect(status).toBe(200);
    expect(body.username).toBe(carol.username);
    expect(body).not.toHaveProperty('email');
    expect(body).not.toHaveProperty('emailVerified');
    expect(body).not.toHaveProperty('authData');
    expect(JSON.stringify(body)).not.toContain(carol.email);
  });

  it('shows people their own email on GET /parse/users/me (protectedFieldsOwnerExempt)', async () => {
    const { status, body } = await request('GET', '/parse/users/me', { sessionToken: alice.sessionToken });

    expect(status).toBe(200);
    expect(body.email).toBe(alice.email);
  });

  it('refuses a password of 7 characters (passwordPolicy)', async () => {
    const { status, body } = await request('POST', '/parse/users', {
      masterKey: true,
      body: { username: uniqueName(), password: 'abcd123' },
    });

    expect(status).toBe(400);
    expect(body.code).toBe(142);
    expect(body.error).toContain('at least 8');
  });

  it('accepts a password of exactly 8 characters', async () => {
    const { status } = await request('POST', '/parse/users', {
      masterKey: true,
      body: { username: uniqueName(), password: 'abcd1234' },
    });

    expect(status).toBe(201);
  });

  it('refuses a password equal to the username (passwordPolicy.doNotAllowUsername)', async () => {
    const username = uniqueName();
    const { status, body } = await request('POST', '/parse/users', {
      masterKey: true,
      body: { username, password: username },
    });

    expect(status).toBe(400);
    expect(body.code).toBe(142);
    expect(body.error).toMatch(/username/i);
  });

  it('locks an account after 5 wrong passwords, so the right one is refused too (accountLockout)', async () => {
    const dave = await signUp();
    // Plain logins, without the master key: the lockout is what a browser meets.
    for (let attempt = 1; attempt <= 5; attempt++) {
      const wrong = await request('POST', '/parse/login', {
        body: { username: dave.username, password: newPassword() },
      });
      expect(wrong.body.code).toBe(101);
      expect(wrong.body.error).not.toMatch(/locked/i);
    }

    const { status, body } = await request('POST', '/parse/login', {
      body: { username: dave.username, password: dave.password },
    });

    expect(status).toBe(404);
    expect(body.error).toMatch(/locked/i);
    expect(body).not.toHaveProperty('sessionToken');
  });
});

describe('request complexity', () => {
  it('refuses include=a.b.c.d, deeper than 3 (includeDepth)', async () => {
    const { status, body } = await request('GET', `/parse/classes/Activity?include=a.b.c.d`, {
      sessionToken: alice.sessionToken,
    });

    expect(status).toBe(400);
    expect(body.error).toMatch(/include depth/i);
  });

  it('refuses 11 include fields, more than 10 (includeCount)', async () => {
    const include = Array.from({ length: 11 }, (_, index) => `f${index}`).join(',');
    const { status, body } = await request('GET', `/parse/classes/Activity?include=${include}`, {
      sessionToken: alice.sessionToken,
    });

    expect(status).toBe(400);
    expect(body.error).toMatch(/include fields/i);
  });

  it('refuses $regex in where for a signed-in client (allowRegex)', async () => {
    const { status, body } = await request(
      'GET',
      `/parse/classes/Activity?${query({ where: { notes: { $regex: '^a' } } })}`,
      { sessionToken: alice.sessionToken },
    );

    expect(status).toBe(400);
    expect(body.code).toBe(102);
    expect(body.error).toContain('$regex');
  });

  it('answers a query nested 5 levels deep and refuses 6 (queryDepth)', async () => {
    const five = await request('GET', `/parse/classes/Activity?${query({ where: nested('$or', 5) })}`, {
      sessionToken: alice.sessionToken,
    });
    const six = await request('GET', `/parse/classes/Activity?${query({ where: nested('$or', 6) })}`, {
      sessionToken: alice.sessionToken,
    });

    expect(five.status).toBe(200);
    expect(six.status).toBe(400);
    expect(six.body.error).toMatch(/nesting depth/i);
  });

  it('answers subqueries nested 2 deep and refuses 3 (subqueryDepth)', async () => {
    const two = await request('GET', `/parse/classes/Activity?${query({ where: nestedSelect(2) })}`, {
      sessionToken: alice.sessionToken,
    });
    const three = await request('GET', `/parse/classes/Activity?${query({ where: nestedSelect(3) })}`, {
      sessionToken: alice.sessionToken,
    });

    expect(two.status).toBe(200);
    expect(three.status).toBe(400);
    expect(three.body.error).toMatch(/subquery nesting depth/i);
  });

  it('refuses a batch of 51 requests from a client (batchRequestLimit)', async () => {
    const requests = Array.from({ length: 51 }, () => ({
      method: 'POST',
      path: '/parse/classes/Activity',
      body: activity(),
    }));
    const { status, body } = await request('POST', '/parse/batch', {
      sessionToken: alice.sessionToken,
      body: { requests },
    });

    expect(status).toBe(400);
    expect(body.error).toMatch(/exceeds the limit of 50/);
  });

  it('answers at most 1000 rows when a query asks for 5000 (maxLimit)', async () => {
    const erin = await signUp();
    const row = activity({
      user: userPointer(erin.objectId),
      ACL: { [erin.objectId]: { read: true, write: true } },
    });
    // The master key is exempt from the batch limit, so 1001 rows take one request.
    const created = await request('POST', '/parse/batch', {
      masterKey: true,
      body: {
        requests: Array.from({ length: 1001 }, () => ({
          method: 'POST',
          path: '/parse/classes/Activity',
          body: row,
        })),
      },
    });
    expect(created.status).toBe(200);

    const counted = await request('GET', `/parse/classes/Activity?${query({ count: 1, limit: 0 })}`, {
      sessionToken: erin.sessionToken,
    });
    const { status, body } = await request('GET', `/parse/classes/Activity?${query({ limit: 5000 })}`, {
      sessionToken: erin.sessionToken,
    });

    expect(counted.body.count).toBe(1001);
    expect(status).toBe(200);
    expect(body.results).toHaveLength(1000);
  });
});

describe('file upload', () => {
  const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

  function upload(
    name: string,
    contentType: string,
    data: Uint8Array<ArrayBuffer> | string,
    sessionToken?: string,
  ) {
    return request('POST', `/parse/files/${name}`, {
      ...(sessionToken ? { sessionToken } : {}),
      raw: data,
      headers: { 'Content-Type': contentType },
    });
  }

  it('refuses an upload without a session (enableForPublic false)', async () => {
    const { status, body } = await upload('avatar.png', 'image/png', png);

    expect(status).toBe(400);
    expect(body.code).toBe(130);
  });

  it('accepts a .png from a signed-in person', async () => {
    const { status, body } = await upload('avatar.png', 'image/png', png, alice.sessionToken);

    expect(status).toBe(201);
    expect(body.name).toMatch(/avatar\.png$/);
    expect(body.url).toContain('/parse/files/');
  });

  it.each([
    ['page.html', 'text/html', '<p>hi</p>'],
    ['image.svg', 'image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg"/>'],
    // Parse's default blocklist lets .txt through; the allowlist of image types does not.
    ['notes.txt', 'text/plain', 'hello'],
  ])('refuses %s from a signed-in person (fileExtensions)', async (name, contentType, data) => {
    const { status, body } = await upload(name, contentType, data, alice.sessionToken);

    expect(status).toBe(400);
    expect(body.code).toBe(130);
  });

  it('refuses a .png under 5 MB whose bytes are no image (the avatar check, 142)', async () => {
    const { status, body } = await upload(
      'big.png',
      'image/png',
      new Uint8Array(5 * 1024 * 1024 - 1024),
      alice.sessionToken,
    );

    expect(status).toBe(400);
    expect(body.code).toBe(142);
  });

  it('refuses an upload over 5 MB (maxUploadSize)', async () => {
    const { status } = await upload(
      'huge.png',
      'image/png',
      new Uint8Array(5 * 1024 * 1024 + 1024),
      alice.sessionToken,
    );

    expect(status).toBe(413);
  });
});

describe('master key', () => {
  it('is refused from an address outside masterKeyIps', async () => {
    const { status, body } = await requestFrom('127.0.0.9', 'GET', '/parse/classes/Activity', {
      masterKey: true,
    });

    expect(status).toBe(403);
    expect(body.error).toBe('unauthorized');
  });

  it('is refused for a client behind a proxy on this machine (X-Forwarded-For from loopback is believed)', async () => {
    const { status, body } = await request('GET', '/parse/classes/Activity?limit=1', {
      masterKey: true,
      headers: { 'X-Forwarded-For': '203.0.113.9' },
    });

    expect(status).toBe(403);
    expect(body.error).toBe('unauthorized');
  });

  it('is accepted from the loopback address', async () => {
    const { status } = await request('GET', '/parse/classes/Activity?limit=1', { masterKey: true });

    expect(status).toBe(200);
  });
});

describe('sessions', () => {
  const SENTENCE = 'Every session here is revocable already: there is nothing to upgrade.';

  async function sessionsOf(account: Account): Promise<number> {
    const where = encodeURIComponent(JSON.stringify({ user: userPointer(account.objectId) }));
    const { body } = await request('GET', `/parse/sessions?where=${where}&count=1&limit=0`, {
      masterKey: true,
    });
    return body.count as number;
  }

  it('refuses upgradeToRevocableSession with a sentence, to a person, anonymously and in a batch, and makes no session', async () => {
    const person = await signUp();
    const before = await sessionsOf(person);

    const asPerson = await request('POST', '/parse/upgradeToRevocableSession', {
      sessionToken: person.sessionToken,
      body: {},
    });
    const anonymous = await request('POST', '/parse/upgradeToRevocableSession', { body: {} });
    const batched = await request('POST', '/parse/batch', {
      sessionToken: person.sessionToken,
      body: { requests: [{ method: 'POST', path: '/parse/upgradeToRevocableSession', body: {} }] },
    });

    for (const refused of [asPerson, anonymous, batched]) {
      expect(refused.status, refused.text).toBe(400);
      expect(refused.body).toMatchObject({ code: 119, error: SENTENCE });
    }
    expect(await sessionsOf(person)).toBe(before);
    const me = await request('GET', '/parse/users/me', { sessionToken: person.sessionToken });
    expect(me.body.objectId).toBe(person.objectId);
  });
});

describe('GET /parse/security', () => {
  it('reports state success for every check group with the master key', async () => {
    const { status, body } = await request('GET', '/parse/security', { masterKey: true });
    const report = body.report as { state: string; groups: { name: string; state: string }[] };

    expect(status).toBe(200);
    expect(report.state).toBe('success');
    expect(report.groups.map((group) => group.name)).toEqual(['Database', 'Parse Server Configuration']);
    expect(report.groups.every((group) => group.state === 'success')).toBe(true);
  });

  it('refuses the report without the master key', async () => {
    const { status } = await request('GET', '/parse/security', { sessionToken: alice.sessionToken });

    expect(status).toBe(403);
  });
});
