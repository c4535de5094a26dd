import { describe, expect, inject, it } from 'vitest';
import { latestMailTo, linkIn, mailsTo } from '../test/mail';
import { newPassword, request, signUp, uniqueName, type Account } from '../test/rest';

const baseUrl = inject('baseUrl');
const appId = inject('appId');
const dataDir = inject('dataDir');
// The global setup starts the server with PUBLIC_URL set to its own origin.
const publicUrl = baseUrl;
const VERIFICATION = { subject: 'Confirm your e-mail address' };

async function verificationLinkTo(email: string, after = 0): Promise<string> {
  return linkIn(await latestMailTo(dataDir, email, { ...VERIFICATION, after }));
}

/** Where a link from a mail sends the browser (Parse answers with a redirect). */
async function followLink(link: string): Promise<URL> {
  const response = await fetch(link, { redirect: 'manual' });
  expect(response.status).toBe(303);
  return new URL(response.headers.get('location') ?? '', link);
}

function expectLanding(target: URL, notice: string): void {
  expect(`${target.origin}${target.pathname}`).toBe(`${publicUrl}/login`);
  expect(target.searchParams.get('notice')).toBe(notice);
}

/** The account as its owner reads it: `email` and `emailVerified` are hidden from everyone else. */
async function me(account: Account) {
  const { body } = await request('GET', '/parse/users/me', { sessionToken: account.sessionToken });
  return { email: body.email, emailVerified: body.emailVerified };
}

/** As the settings page changes it: with the current password in the request's context. */
async function changeEmail(account: Account, email: string) {
  return request('PUT', `/parse/users/${account.objectId}`, {
    sessionToken: account.sessionToken,
    body: { email },
    headers: { 'X-Parse-Cloud-Context': JSON.stringify({ currentPassword: account.password }) },
  });
}

const newAddress = () => `${uniqueName('moved')}@example.com`;

describe('e-mail verification', () => {
  it('lets a new person in at once and mails a link that verifies the address and lands on the login page', async () => {
    const username = uniqueName();
    const email = `${username}@example.com`;

    const signedUp = await request('POST', '/parse/users', {
      body: { username, password: newPassword(), email },
    });

    expect(signedUp.status).toBe(201);
    const session = { sessionToken: String(signedUp.body.sessionToken) };
    expect((await request('GET', '/parse/users/me', session)).body.emailVerified).toBe(false);
    const link = await verificationLinkTo(email);
    expect(link.startsWith(`${publicUrl}/parse/apps/${appId}/verify_email?token=`)).toBe(true);
    expectLanding(await followLink(link), 'email-verified');
    expect((await request('GET', '/parse/users/me', session)).body.emailVerified).toBe(true);
  });

  it('marks a changed address unverified, mails a new link to it, and that link verifies it', async () => {
    const account = await signUp();
    await followLink(await verificationLinkTo(account.email));
    expect((await me(account)).emailVerified).toBe(true);
    const moved = newAddress();

    const changed = await changeEmail(account, moved);

    expect(changed.status).toBe(200);
    expect(await me(account)).toEqual({ email: moved, emailVerified: false });
    const link = await verificationLinkTo(moved);
    expectLanding(await followLink(link), 'email-verified');
    expect(await me(account)).toEqual({ email: moved, emailVerified: true });
  });

  it('sends a used, unknown or missing token to the invalid-link page and verifies nothing', async () => {
    const account = await signUp();
    const replaced = await verificationLinkTo(account.email);
    await changeEmail(account, newAddress());

    const targets = await Promise.all([
      followLink(replaced),
      followLink(`${publicUrl}/parse/apps/${appId}/verify_email?token=${uniqueName('forged')}`),
      followLink(`${publicUrl}/parse/apps/${appId}/verify_email`),
    ]);

    for (const target of targets) expectLanding(target, 'email-link-invalid');
    expect((await me(account)).emailVerified).toBe(false);
  });

  it('resends the link still valid to the address on file, and answers alike for any other address', async () => {
    const account = await signUp();
    const first = await verificationLinkTo(account.email);
    const sent = (await mailsTo(dataDir, account.email, VERIFICATION)).length;

    const resend = await request('POST', '/parse/verificationEmailRequest', {
      body: { email: account.email },
    });
    const unknown = await request('POST', '/parse/verificationEmailRequest', {
      body: { email: newAddress() },
    });

    expect(resend.status).toBe(200);
    expect(await verificationLinkTo(account.email, sent)).toBe(first);
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(resend.body);
    await followLink(first);
    const verified = await request('POST', '/parse/verificationEmailRequest', {
      body: { email: account.email },
    });
    expect(verified.status).toBe(200);
    expect(verified.body).toEqual(resend.body);
  });

  it('changes the address only with the current password, which a stolen session does not have', async () => {
    const account = await signUp();
    const path = `/parse/users/${account.objectId}`;
    const change = (email: string, context?: Record<string, unknown>) =>
      request('PUT', path, {
        sessionToken: account.sessionToken,
        body: { email },
        ...(context ? { headers: { 'X-Parse-Cloud-Context': JSON.stringify(context) } } : {}),
      });
    const [missing, wrong] = [newAddress(), newAddress()];

    const withoutPassword = await change(missing);
    const withWrongPassword = await change(wrong, { currentPassword: 'not-my-password-3' });
    const unchanged = (await me(account)).email;
    const moved = newAddress();
    const withPassword = await change(moved, { currentPassword: account.password });

    expect(withoutPassword.body).toMatchObject({
      code: 142,
      error: 'Enter your current password to change your e-mail address.',
      field: 'currentPassword',
    });
    expect(withWrongPassword.body).toMatchObject({
      code: 142,
      error: 'That password is not right, so nothing was changed.',
      field: 'currentPassword',
    });
    expect(unchanged).toBe(account.email);
    expect(await mailsTo(dataDir, missing)).toEqual([]);
    expect(withPassword.status, withPassword.text).toBe(200);
    expect((await me(account)).email).toBe(moved);
  });

  it('changes the password only with the current one, and the old password then stops working', async () => {
    const account = await signUp();
    const path = `/parse/users/${account.objectId}`;
    const newOne = 'a-brand-new-password-4';
    const change = (context?: Record<string, unknown>) =>
      request('PUT', path, {
        sessionToken: account.sessionToken,
        body: { password: newOne },
        ...(context ? { headers: { 'X-Parse-Cloud-Context': JSON.stringify(context) } } : {}),
      });

    const withoutPassword = await change();
    const withWrongPassword = await change({ currentPassword: 'not-my-password-3' });
    const oldStillWorks = await request('POST', '/parse/login', {
      body: { username: account.username, password: account.password },
    });
    const withPassword = await change({ currentPassword: account.password });
    const oldAfter = await request('POST', '/parse/login', {
      body: { username: account.username, password: account.password },
    });

    expect(withoutPassword.body).toMatchObject({
      code: 142,
      error: 'Enter your current password to choose a new one.',
      field: 'currentPassword',
    });
    expect(withWrongPassword.body).toMatchObject({ code: 142 });
    expect(oldStillWorks.status).toBe(200);
    expect(withPassword.status, withPassword.text).toBe(200);
    expect(oldAfter.status).not.toBe(200);
  });

  it("lets neither another person nor an anonymous caller change someone's address", async () => {
    const [owner, stranger] = await Promise.all([signUp(), signUp()]);
    const hijack = newAddress();
    const path = `/parse/users/${owner.objectId}`;

    const attempts = await Promise.all([
      request('PUT', path, { sessionToken: stranger.sessionToken, body: { email: hijack } }),
      request('PUT', path, { body: { email: hijack } }),
      request('PUT', path, { sessionToken: stranger.sessionToken, body: { emailVerified: true } }),
    ]);

    for (const attempt of attempts) expect(attempt.status).not.toBe(200);
    expect((await me(owner)).email).toBe(owner.email);
    expect(await mailsTo(dataDir, hijack)).toEqual([]);
  });

  it("refuses the owner's own attempt to mark an address verified", async () => {
    const account = await signUp();

    const { body } = await request('PUT', `/parse/users/${account.objectId}`, {
      sessionToken: account.sessionToken,
      body: { emailVerified: true },
    });

    expect(body.code).toBe(119);
    expect((await me(account)).emailVerified).toBe(false);
  });
});
