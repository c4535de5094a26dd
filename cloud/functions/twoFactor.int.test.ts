import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import type { TwoFactorEnrolment } from '../../src/domain/twoFactor';
import { request, signUp, userPointer, type Account } from '../../server/test/rest';

/** The code an authenticator app shows for `secret`, `periodsAhead` periods from now. */
function codeFor(secret: string, periodsAhead = 0): string {
  const totp = new TOTP({ digits: 6, period: 30, algorithm: 'SHA1', secret: Secret.fromBase32(secret) });
  return totp.generate({ timestamp: Date.now() + periodsAhead * 30_000 });
}

async function run(account: Account | undefined, name: string, params: object = {}) {
  const { status, body } = await request('POST', `/parse/functions/${name}`, {
    ...(account ? { sessionToken: account.sessionToken } : {}),
    body: params,
  });
  return { status, code: body.code, error: body.error as string, field: body.field, result: body.result };
}

/** A log-in as the page makes it: no master key, the code (if any) in the request's context. */
function logIn(account: Account, code?: string) {
  return request('POST', '/parse/login', {
    body: { username: account.username, password: account.password },
    ...(code === undefined
      ? {}
      : { headers: { 'X-Parse-Cloud-Context': JSON.stringify({ twoFactorCode: code }) } }),
  });
}

async function sessionCount(account: Account): Promise<number> {
  const where = encodeURIComponent(JSON.stringify({ user: userPointer(account.objectId) }));
  const { body } = await request('GET', `/parse/classes/_Session?where=${where}&count=1&limit=0`, {
    masterKey: true,
  });
  return body.count as number;
}

/** A person with two-factor sign-in on: their secret and recovery codes. */
async function enrolled(): Promise<{ account: Account; secret: string; recoveryCodes: string[] }> {
  const account = await signUp();
  const started = await run(account, 'startTwoFactor');
  const { secret } = started.result as TwoFactorEnrolment;
  const confirmed = await run(account, 'confirmTwoFactor', {
    code: codeFor(secret),
    password: account.password,
  });
  expect(confirmed.status, confirmed.error).toBe(200);
  return { account, secret, recoveryCodes: (confirmed.result as { recoveryCodes: string[] }).recoveryCodes };
}

describe('turning two-factor sign-in on', () => {
  it('turns on only with the password as well: a session alone cannot', async () => {
    const account = await signUp();
    const { secret } = (await run(account, 'startTwoFactor')).result as TwoFactorEnrolment;

    const withoutPassword = await run(account, 'confirmTwoFactor', { code: codeFor(secret) });
    const wrongPassword = await run(account, 'confirmTwoFactor', {
      code: codeFor(secret),
      password: 'not-the-password-1',
    });
    const status = await run(account, 'twoFactorStatus');

    expect(withoutPassword).toMatchObject({
      code: 142,
      error: 'Enter your password to turn two-factor sign-in on.',
      field: 'password',
    });
    expect(wrongPassword).toMatchObject({
      code: 142,
      error: 'That password is not right, so two-factor sign-in stays off.',
      field: 'password',
    });
    expect(status.result).toEqual({ enabled: false, recoveryCodesLeft: 0 });
  });

  it('gives a secret for an authenticator app and turns on only with a code from it', async () => {
    const account = await signUp();

    const started = await run(account, 'startTwoFactor');
    const { secret, uri } = started.result as TwoFactorEnrolment;
    const wrong = await run(account, 'confirmTwoFactor', {
      code: '000000' === codeFor(secret) ? '111111' : '000000',
      password: account.password,
    });
    const off = await run(account, 'twoFactorStatus');
    const confirmed = await run(account, 'confirmTwoFactor', {
      code: codeFor(secret),
      password: account.password,
    });
    const on = await run(account, 'twoFactorStatus');
    const again = await run(account, 'startTwoFactor');

    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toBe(
      `otpauth://totp/FITSTREAK:${account.username}?issuer=FITSTREAK&secret=${secret}&algorithm=SHA1&digits=6&period=30`,
    );
    expect(wrong).toMatchObject({
      code: 142,
      error: 'That code is not right. Type the six digits your app shows now.',
      field: 'code',
    });
    expect(off.result).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    const { recoveryCodes } = confirmed.result as { recoveryCodes: string[] };
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-7]{10}$/);
    expect(on.result).toEqual({ enabled: true, recoveryCodesLeft: 10 });
    expect(again).toMatchObject({ code: 142, error: 'Two-factor sign-in is on already.' });
  });
});

describe('logging in with two-factor sign-in', () => {
  it('makes no session for the password alone, one with a fresh code, and refuses that code the second time', async () => {
    const { account, secret } = await enrolled();
    const before = await sessionCount(account);

    const passwordOnly = await logIn(account);
    const afterPasswordOnly = await sessionCount(account);
    // The confirming code's period is taken; the next period's code is fresh.
    const fresh = codeFor(secret, 1);
    const withCode = await logIn(account, fresh);
    const replayed = await logIn(account, fresh);

    expect(passwordOnly.body).toMatchObject({
      code: 142,
      error: 'Enter the code from your authenticator app, or one of your recovery codes.',
      field: 'twoFactorCode',
    });
    expect(afterPasswordOnly).toBe(before);
    expect(withCode.status).toBe(200);
    expect(withCode.body.sessionToken).toEqual(expect.any(String));
    expect(replayed.body).toMatchObject({
      code: 142,
      error: 'That code was used already. Wait for the next one.',
      field: 'twoFactorCode',
    });
    expect(await sessionCount(account)).toBe(before + 1);
  });

  it('takes each recovery code once, with spaces, dashes or capitals as typed', async () => {
    const { account, recoveryCodes } = await enrolled();
    const [code = ''] = recoveryCodes;

    const typed = await logIn(account, ` ${code.slice(0, 5).toUpperCase()}-${code.slice(5)} `);
    const again = await logIn(account, code);
    const status = await run(account, 'twoFactorStatus');

    expect(typed.status).toBe(200);
    expect(again.body).toMatchObject({ code: 142, error: 'That code is not right.', field: 'twoFactorCode' });
    expect(status.result).toEqual({ enabled: true, recoveryCodesLeft: 9 });
  });

  it('lets one of two log-ins racing with the same code through', async () => {
    const { account, secret } = await enrolled();
    const fresh = codeFor(secret, 1);
    const before = await sessionCount(account);

    const answers = await Promise.all([logIn(account, fresh), logIn(account, fresh), logIn(account, fresh)]);

    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(await sessionCount(account)).toBe(before + 1);
  });

  it('pauses code sign-in for five minutes after five wrong codes, even for the right one', async () => {
    const { account, secret } = await enrolled();
    const right = codeFor(secret, 1);
    const wrongCode = right === '123456' ? '654321' : '123456';

    const wrong = [];
    for (let attempt = 0; attempt < 5; attempt += 1) wrong.push(await logIn(account, wrongCode));
    const locked = await logIn(account, right);

    for (const answer of wrong)
      expect(answer.body).toMatchObject({
        code: 142,
        error: 'That code is not right.',
        field: 'twoFactorCode',
      });
    expect(locked.body).toMatchObject({
      code: 142,
      error: 'Too many wrong codes. Try again in 5 minutes.',
      field: 'twoFactorCode',
    });
  });
});

describe('turning two-factor sign-in off', () => {
  it('needs the password and a code, and then the password alone logs in', async () => {
    const { account, recoveryCodes } = await enrolled();
    const [recovery = ''] = recoveryCodes;

    const noPassword = await run(account, 'disableTwoFactor', { code: recovery });
    const wrongPassword = await run(account, 'disableTwoFactor', {
      password: 'not-the-password',
      code: recovery,
    });
    const wrongCode = await run(account, 'disableTwoFactor', {
      password: account.password,
      code: 'aaaaaaaaaa',
    });
    const stillOn = await run(account, 'twoFactorStatus');
    const disabled = await run(account, 'disableTwoFactor', { password: account.password, code: recovery });
    const plain = await logIn(account);

    expect(noPassword).toMatchObject({
      code: 142,
      error: 'Enter your password to turn two-factor sign-in off.',
      field: 'password',
    });
    expect(wrongPassword).toMatchObject({
      code: 142,
      error: 'That password is not right, so two-factor sign-in stays on.',
      field: 'password',
    });
    expect(wrongCode).toMatchObject({ code: 142, error: 'That code is not right.', field: 'code' });
    expect(stillOn.result).toMatchObject({ enabled: true });
    expect(disabled.result).toEqual({ enabled: false });
    expect(plain.status).toBe(200);
  });
});

describe('who may touch two-factor sign-in', () => {
  it('refuses anonymous callers, keeps the secrets from every client, and acts on the caller only', async () => {
    const { account } = await enrolled();
    const stranger = await signUp();

    const anonymous = await Promise.all(
      ['twoFactorStatus', 'startTwoFactor', 'confirmTwoFactor', 'disableTwoFactor'].map((name) =>
        run(undefined, name),
      ),
    );
    const listed = await request('GET', '/parse/classes/TwoFactor', { sessionToken: account.sessionToken });
    const forged = await request('POST', '/parse/classes/TwoFactor', {
      sessionToken: stranger.sessionToken,
      body: { user: userPointer(account.objectId), secret: 'A'.repeat(32) },
    });
    const strangersStatus = await run(stranger, 'twoFactorStatus', { user: account.objectId });
    const confirmWithoutStart = await run(stranger, 'confirmTwoFactor', { code: '123456' });
    const hostile = await run(stranger, 'disableTwoFactor', { password: { $ne: null }, code: ['1'] });

    for (const answer of anonymous) expect(answer.code).toBe(209);
    expect(listed.body.code).toBe(119);
    expect(forged.body.code).toBe(119);
    expect(strangersStatus.result).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    expect(confirmWithoutStart).toMatchObject({
      code: 142,
      error: 'Start turning on two-factor sign-in first.',
    });
    expect(hostile.code).toBe(142);
    expect((await run(account, 'twoFactorStatus')).result).toMatchObject({ enabled: true });
    expect((await logIn(stranger)).status).toBe(200);
  });
});
