import { randomUUID } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, inject, it } from 'vitest';
import { TWO_FACTOR_CONTEXT_KEY } from '../../src/domain/twoFactor';
import { RESERVED_ADMIN_NAME } from '../test/globalSetup';
import { followProviderLogin, ticketCookieOf, type NextLogin } from '../test/oidcIssuer';
import { logIn, newPassword, request, signUp, uniqueName } from '../test/rest';
import { connectDatabase } from '../test/serverProcess';

const baseUrl = inject('baseUrl');
const issuer = inject('oidcIssuer');

const loginThroughProvider = (person: NextLogin, tamperWithCallback?: (callback: URL) => URL) =>
  followProviderLogin(baseUrl, issuer, person, tamperWithCallback);

/** What the login page does with `/login?sso=…&id=…`: Parse's logInWith. */
const logInWith = (landing: URL, cookie = ticketCookieOf(landing)) =>
  request('POST', '/parse/users', {
    headers: { cookie },
    body: {
      authData: { oidc: { id: landing.searchParams.get('id'), ticket: landing.searchParams.get('sso') } },
    },
  });

const someone = (fields: Partial<NextLogin> = {}): NextLogin => {
  const sub = randomUUID();
  return {
    sub,
    email: `${sub.slice(0, 8)}@corp.example`,
    name: 'Ada Lovelace',
    preferred_username: `ada.${sub.slice(0, 6)}`,
    ...fields,
  };
};

describe('single sign-on', () => {
  it('offers the provider by name in /config.json', async () => {
    expect((await request('GET', '/config.json')).body).toMatchObject({ oidcName: 'Test ID' });
  });

  it('makes an account at the first login, named as the provider says, and logs into it afterwards', async () => {
    const person = someone();

    const first = await loginThroughProvider(person);
    expect(first.pathname).toBe('/login');
    const created = await logInWith(first);
    expect(created.status, created.text).toBe(201);
    const me = await request('GET', '/parse/users/me', { sessionToken: created.body.sessionToken });
    expect(me.body).toMatchObject({
      username: person.preferred_username,
      displayName: 'Ada Lovelace',
      email: person.email,
      authData: { oidc: { id: person.sub } },
    });
    expect(JSON.stringify(me.body.authData)).not.toContain(first.searchParams.get('sso') ?? '');

    const again = await logInWith(await loginThroughProvider(person));
    expect(again.status, again.text).toBe(200);
    expect(again.body.objectId).toBe(created.body.objectId);
  });

  it('accepts a ticket once, for its own subject only', async () => {
    const landing = await loginThroughProvider(someone());
    const stolen = new URL(landing);
    // Sent to another browser: the ticket without the cookie of the one that finished the flow.
    expect((await logInWith(landing, '')).body).toMatchObject({
      code: 101,
      error: 'Log in with Test ID again, in this browser: this sign-in was started in another.',
    });
    expect((await logInWith(landing, `fitstreak_sso=${'x'.repeat(43)}`)).body.code).toBe(101);
    stolen.searchParams.set('id', randomUUID());
    expect((await logInWith(stolen, ticketCookieOf(landing))).body.code).toBe(101);

    expect((await logInWith(landing)).status).toBe(201);
    const replay = await logInWith(landing);
    expect(replay.body).toMatchObject({
      code: 101,
      error: expect.stringContaining('expired or was used') as unknown,
    });
    const forged = await request('POST', '/parse/users', {
      body: { authData: { oidc: { id: 'x', ticket: 'forged' } } },
    });
    expect(forged.body.code).toBe(101);
  });

  it('links to an account with the same e-mail address only after its password is given', async () => {
    const owner = await signUp();
    const person = someone({ email: owner.email.toUpperCase() });

    const landing = await loginThroughProvider(person);
    const refused = await logInWith(landing);
    expect(refused.body.code).toBe(101);
    expect(refused.body.error).toContain('log in with its password to link it to Test ID');

    const session = await logIn(owner.username, owner.password);
    const linked = await request('PUT', `/parse/users/${owner.objectId}`, {
      sessionToken: session.sessionToken,
      headers: { cookie: ticketCookieOf(landing) },
      body: {
        authData: { oidc: { id: landing.searchParams.get('id'), ticket: landing.searchParams.get('sso') } },
      },
    });
    expect(linked.status, linked.text).toBe(200);

    const through = await logInWith(await loginThroughProvider(person));
    expect(through.status, through.text).toBe(200);
    expect(through.body.objectId).toBe(owner.objectId);
  });

  it.each([
    ['left out', 'absent'],
    ['null', null],
    ['the text "false"', 'false'],
    ['the text "true"', 'true'],
  ] as const)(
    'makes the account without the address when email_verified is %s, so its owner can still sign up with it',
    async (_claim, emailVerified) => {
      const address = `${randomUUID().slice(0, 8)}@someone-else.example`;
      const person = someone({ email: address, emailVerified });

      const created = await logInWith(await loginThroughProvider(person));
      expect(created.status, created.text).toBe(201);
      const me = await request('GET', '/parse/users/me', { sessionToken: created.body.sessionToken });
      const owner = await request('POST', '/parse/users', {
        body: { username: uniqueName(), password: newPassword(), email: address },
      });

      expect(me.body.username).toBe(person.preferred_username);
      expect(me.body.email).toBeUndefined();
      expect(owner.status, owner.text).toBe(201);
    },
  );

  it('names no account after a preferred_username kept for an admin, and makes nobody admin by it', async () => {
    const person = someone({ preferred_username: RESERVED_ADMIN_NAME });

    const created = await logInWith(await loginThroughProvider(person));
    expect(created.status, created.text).toBe(201);
    const me = await request('GET', '/parse/users/me', { sessionToken: created.body.sessionToken });
    const policy = await request('POST', '/parse/functions/signupPolicy', {
      sessionToken: created.body.sessionToken,
      body: {},
    });

    expect(me.body.username).not.toBe(RESERVED_ADMIN_NAME);
    expect(me.body.username).toMatch(/^fitstreak\.admin\d{4}$/);
    expect(policy.body.result).toMatchObject({ isAdmin: false });
  });

  it.each(['nonce', 'issuer', 'audience', 'signature'] as const)(
    'refuses an ID token with the wrong %s, and makes no ticket',
    async (tamper) => {
      const landing = await loginThroughProvider(someone({ tamper }));

      expect(`${landing.pathname}${landing.search}`).toBe('/login?notice=sso-failed');
    },
  );

  it('lets an account of the provider turn two-factor sign-in on within ten minutes of signing in through it', async () => {
    const created = await logInWith(await loginThroughProvider(someone()));
    expect(created.status, created.text).toBe(201);
    const sessionToken = String(created.body.sessionToken);
    const call = (name: string, body: Record<string, unknown> = {}) =>
      request('POST', `/parse/functions/${name}`, { sessionToken, body });
    const { secret } = (await call('startTwoFactor')).body.result as { secret: string };
    const code = new TOTP({ digits: 6, period: 30, algorithm: 'SHA1', secret: Secret.fromBase32(secret) });
    const database = await connectDatabase(inject('dataDir'));
    try {
      // The same sign-in eleven minutes later is no longer fresh: the password is asked for.
      await database.query(
        `UPDATE "_Session" SET "createdAt" = now() - interval '11 minutes' WHERE "sessionToken" = $1`,
        [sessionToken],
      );
      const stale = await call('confirmTwoFactor', { code: code.generate() });
      await database.query(`UPDATE "_Session" SET "createdAt" = now() WHERE "sessionToken" = $1`, [
        sessionToken,
      ]);
      const fresh = await call('confirmTwoFactor', { code: code.generate() });

      expect(stale.body.code).toBe(142);
      expect(stale.body).toMatchObject({ field: 'password', messageId: 'server.twoFactor.passwordToTurnOn' });
      expect(fresh.status, fresh.text).toBe(200);
    } finally {
      await database.end();
    }
  });

  it('refuses a callback with another state, or without the cookie the start set', async () => {
    const forgedState = await loginThroughProvider(someone(), (callback) => {
      callback.searchParams.set('state', 'a-state-from-elsewhere');
      return callback;
    });
    expect(`${forgedState.pathname}${forgedState.search}`).toBe('/login?notice=sso-failed');

    const cookieless = await fetch(`${baseUrl}/auth/oidc/callback?code=x&state=y`, { redirect: 'manual' });
    expect(cookieless.headers.get('location')).toBe('/login?notice=sso-failed');
  });

  it('asks an account with two-factor sign-in for its code, and spends the ticket only when it is right', async () => {
    const owner = await signUp();
    const started = await request('POST', '/parse/functions/startTwoFactor', {
      sessionToken: owner.sessionToken,
      body: {},
    });
    const { secret } = (started.body.result ?? {}) as { secret: string };
    const codeNow = (periodsAhead = 0) =>
      new TOTP({ digits: 6, period: 30, algorithm: 'SHA1', secret: Secret.fromBase32(secret) }).generate({
        timestamp: Date.now() + periodsAhead * 30_000,
      });
    const confirmed = await request('POST', '/parse/functions/confirmTwoFactor', {
      sessionToken: owner.sessionToken,
      body: { code: codeNow(), password: owner.password },
    });
    expect(confirmed.status, confirmed.text).toBe(200);
    const person = someone({ email: owner.email });
    const first = await loginThroughProvider(person);
    expect((await logInWith(first)).body.code).toBe(101);
    const linked = await request('PUT', `/parse/users/${owner.objectId}`, {
      sessionToken: owner.sessionToken,
      headers: { cookie: ticketCookieOf(first) },
      body: {
        authData: { oidc: { id: first.searchParams.get('id'), ticket: first.searchParams.get('sso') } },
      },
    });
    expect(linked.status, linked.text).toBe(200);

    const landing = await loginThroughProvider(person);
    const withoutCode = await logInWith(landing);
    expect(withoutCode.body.code).toBe(142);
    expect(withoutCode.body).toMatchObject({
      field: TWO_FACTOR_CONTEXT_KEY,
      messageId: 'server.twoFactor.codeNeeded',
    });
    expect(withoutCode.body.sessionToken).toBeUndefined();
    // A code of the next period: the one just used to turn it on is spent.
    const withCode = await request('POST', '/parse/users', {
      headers: {
        'X-Parse-Cloud-Context': JSON.stringify({ twoFactorCode: codeNow(1) }),
        cookie: ticketCookieOf(landing),
      },
      body: {
        authData: { oidc: { id: landing.searchParams.get('id'), ticket: landing.searchParams.get('sso') } },
      },
    });
    expect(withCode.status, withCode.text).toBe(200);
    expect(withCode.body.objectId).toBe(owner.objectId);
  });
});
