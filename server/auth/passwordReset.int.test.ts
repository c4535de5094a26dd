import { describe, expect, inject, it } from 'vitest';
import { latestMailTo, linkIn } from '../test/mail';
import { logIn, newPassword, request, signUp, type Account } from '../test/rest';

const baseUrl = inject('baseUrl');
const appId = inject('appId');
const dataDir = inject('dataDir');
// The global setup starts the server with PUBLIC_URL set to its own origin.
const publicUrl = baseUrl;

async function requestReset(account: Account): Promise<string> {
  const { status } = await request('POST', '/parse/requestPasswordReset', { body: { email: account.email } });
  expect(status).toBe(200);
  return linkIn(await latestMailTo(dataDir, account.email, { subject: 'Reset your' }));
}

/** What the SPA's /reset-password page does with the token from its URL. */
function choosePassword(token: string, password: string) {
  return fetch(`${baseUrl}/parse/apps/${appId}/request_password_reset`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      'X-Requested-With': 'XMLHttpRequest',
    },
    body: new URLSearchParams({ token, new_password: password }).toString(),
  });
}

async function followLink(link: string): Promise<URL> {
  const response = await fetch(link, { redirect: 'manual' });
  expect(response.status).toBeGreaterThanOrEqual(300);
  expect(response.status).toBeLessThan(400);
  const location = response.headers.get('location');
  expect(location).toBeTruthy();
  return new URL(location ?? '', link);
}

async function loginStatus(username: string, password: string): Promise<number> {
  const { status } = await request('POST', '/parse/login', { masterKey: true, body: { username, password } });
  return status;
}

describe('password reset', () => {
  it('writes a mail whose link leads to PUBLIC_URL/reset-password with a token', async () => {
    const account = await signUp();
    const link = await requestReset(account);

    expect(link.startsWith(`${publicUrl}/parse/apps/${appId}/request_password_reset?`)).toBe(true);
    const target = await followLink(link);
    expect(`${target.origin}${target.pathname}`).toBe(`${publicUrl}/reset-password`);
    expect(target.searchParams.get('token')).toBeTruthy();
  });

  it('sets the new password and retires the old one when the token is posted with a new password', async () => {
    const account = await signUp();
    const target = await followLink(await requestReset(account));
    const password = newPassword();

    const response = await choosePassword(target.searchParams.get('token') ?? '', password);

    expect(response.status).toBe(200);
    expect((await logIn(account.username, password)).objectId).toBe(account.objectId);
    expect(await loginStatus(account.username, account.password)).toBe(404);
  });

  it('sends a used link to the "invalid link" page', async () => {
    const account = await signUp();
    const link = await requestReset(account);
    const token = (await followLink(link)).searchParams.get('token') ?? '';
    expect((await choosePassword(token, newPassword())).status).toBe(200);

    const target = await followLink(link);

    expect(`${target.origin}${target.pathname}`).toBe(`${publicUrl}/reset-password`);
    expect(target.searchParams.get('invalid')).toBe('1');
    expect(target.searchParams.get('token')).toBeNull();
  });

  it('refuses a new password that breaks the password policy', async () => {
    const account = await signUp();
    const token = (await followLink(await requestReset(account))).searchParams.get('token') ?? '';

    const response = await choosePassword(token, 'short');

    expect(response.status).toBe(400);
    expect(await loginStatus(account.username, account.password)).toBe(200);
  });

  it('unlocks a locked account when its password is reset (accountLockout.unlockOnPasswordReset)', async () => {
    const account = await signUp();
    for (let attempt = 0; attempt < 5; attempt++) {
      await request('POST', '/parse/login', {
        body: { username: account.username, password: newPassword() },
      });
    }
    const locked = await request('POST', '/parse/login', {
      body: { username: account.username, password: account.password },
    });
    expect(locked.body.error).toMatch(/locked/i);

    const token = (await followLink(await requestReset(account))).searchParams.get('token') ?? '';
    const password = newPassword();
    expect((await choosePassword(token, password)).status).toBe(200);

    const { status, body } = await request('POST', '/parse/login', {
      body: { username: account.username, password },
    });
    expect(status).toBe(200);
    expect(typeof body.sessionToken).toBe('string');
  });
});
