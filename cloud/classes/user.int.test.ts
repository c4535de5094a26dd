import { beforeAll, describe, expect, it } from 'vitest';
import { RESERVED_ADMIN_NAME } from '../../server/test/globalSetup';
import { newPassword, request, signUp, uniqueName, type Account } from '../../server/test/rest';

function signUpBody(username: string) {
  return { username, password: newPassword(), email: `${uniqueName('mail')}@example.com` };
}

let alice: Account;
let bob: Account;

beforeAll(async () => {
  alice = await signUp();
  bob = await signUp();
});

describe('_User', () => {
  it.each([
    ['too short', 'ab'],
    ['too long', 'a'.repeat(31)],
    ['with a space', 'two words'],
    ['with markup', '<b>x</b>'],
  ])('refuses a sign-up whose username is %s with error 142 naming username', async (_case, username) => {
    const { status, body } = await request('POST', '/parse/users', { body: signUpBody(username) });

    expect(status).toBe(400);
    expect(body.code).toBe(142);
    expect(body.error).toContain('username');
  });

  it('accepts a username of letters, digits, "_", "." and "-"', async () => {
    const username = `${uniqueName('ok')}.x-y`;
    const { status } = await request('POST', '/parse/users', { body: signUpBody(username) });

    expect(status).toBe(201);
  });

  it('refuses a displayName over 50 characters with error 142 and keeps the saved one', async () => {
    const ok = await request('PUT', `/parse/users/${alice.objectId}`, {
      sessionToken: alice.sessionToken,
      body: { displayName: 'Alice' },
    });
    const tooLong = await request('PUT', `/parse/users/${alice.objectId}`, {
      sessionToken: alice.sessionToken,
      body: { displayName: 'x'.repeat(51) },
    });
    const me = await request('GET', '/parse/users/me', { sessionToken: alice.sessionToken });

    expect(ok.status).toBe(200);
    expect(tooLong.body.code).toBe(142);
    expect(tooLong.body.error).toContain('displayName');
    expect(me.body.displayName).toBe('Alice');
  });

  it('refuses renaming to an invalid username and keeps the old one', async () => {
    const { body } = await request('PUT', `/parse/users/${alice.objectId}`, {
      sessionToken: alice.sessionToken,
      body: { username: 'no spaces allowed' },
    });
    const me = await request('GET', '/parse/users/me', { sessionToken: alice.sessionToken });

    expect(body.code).toBe(142);
    expect(me.body.username).toBe(alice.username);
  });

  it('keeps a name listed in ADMIN_USERNAMES without an account from anonymous sign-ups and from renames', async () => {
    const upperCase = RESERVED_ADMIN_NAME.toUpperCase();

    const signUps = await Promise.all(
      [RESERVED_ADMIN_NAME, upperCase].map((username) =>
        request('POST', '/parse/users', { body: signUpBody(username) }),
      ),
    );
    const renames = await Promise.all(
      [RESERVED_ADMIN_NAME, upperCase].map((username) =>
        request('PUT', `/parse/users/${bob.objectId}`, {
          sessionToken: bob.sessionToken,
          body: { username },
        }),
      ),
    );

    for (const refused of [...signUps, ...renames]) {
      expect(refused.body).toMatchObject({
        code: 142,
        error: 'This name is kept for an admin of this server. Choose another.',
        field: 'username',
      });
    }
    const me = await request('GET', '/parse/users/me', { sessionToken: bob.sessionToken });
    expect(me.body.username).toBe(bob.username);
  });

  it("refuses another user's and an anonymous caller's change to someone's displayName", async () => {
    const asBob = await request('PUT', `/parse/users/${alice.objectId}`, {
      sessionToken: bob.sessionToken,
      body: { displayName: 'Hacked' },
    });
    const anonymous = await request('PUT', `/parse/users/${alice.objectId}`, {
      body: { displayName: 'Hacked' },
    });
    const me = await request('GET', '/parse/users/me', { sessionToken: alice.sessionToken });

    expect(asBob.status).not.toBe(200);
    expect(anonymous.status).not.toBe(200);
    expect(me.body.displayName).not.toBe('Hacked');
  });
});
