import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { LoginPage } from './pages/LoginPage';
import { violationsOn } from './support/accessibility';
import { createAccount, type TestAccount } from './support/api';

/** What the person's authenticator app shows for `key`, `periodsAhead` periods from now. */
function codeFor(key: string, periodsAhead = 0): string {
  const secret = Secret.fromBase32(key.replace(/\s/g, ''));
  return new TOTP({ digits: 6, period: 30, algorithm: 'SHA1', secret }).generate({
    timestamp: Date.now() + periodsAhead * 30_000,
  });
}

const contexts: BrowserContext[] = [];

test.afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

/** Another browser, signed out, at the login page. */
async function freshLogin(browser: Browser): Promise<{ page: Page; login: LoginPage }> {
  const context = await browser.newContext();
  contexts.push(context);
  const page = await context.newPage();
  const login = new LoginPage(page);
  await login.goto();
  return { page, login };
}

async function turnOn(page: Page, account: TestAccount): Promise<{ key: string; recoveryCodes: string[] }> {
  await new LoginPage(page).goto(`?from=${encodeURIComponent('/user-settings?section=security')}`);
  await new LoginPage(page).logIn(account.username, account.password);
  const section = page.getByRole('region', { name: 'Two-factor sign-in' });
  await section.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  await expect(
    section.getByRole('img', { name: 'QR code of the key for your authenticator app' }),
  ).toBeVisible();
  const key = (await section.locator('.two-factor-secret').textContent()) ?? '';
  await section.getByLabel('Code from your app').fill(codeFor(key));
  await section.getByLabel('Password').fill(account.password);
  await section.getByRole('button', { name: 'Turn on', exact: true }).click();
  const codes = section.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  return { key, recoveryCodes: await codes.allTextContents() };
}

test.describe('two-factor sign-in', () => {
  test('turned on with a QR code, it asks for a code after the password, and takes a recovery code once', async ({
    page,
    browser,
  }) => {
    // Four log-ins in fresh browsers: more than the default 30 s on a busy machine.
    test.setTimeout(90_000);
    const account = await createAccount();
    const section = page.getByRole('region', { name: 'Two-factor sign-in' });
    await new LoginPage(page).goto(`?from=${encodeURIComponent('/user-settings?section=security')}`);
    await new LoginPage(page).logIn(account.username, account.password);
    await expect(section).toContainText('Off.');
    await section.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
    await expect(section.getByRole('img', { name: /^QR code/ })).toBeVisible();
    expect(await violationsOn(page)).toEqual([]);
    const key = (await section.locator('.two-factor-secret').textContent()) ?? '';
    await section.getByLabel('Code from your app').fill('000000' === codeFor(key) ? '111111' : '000000');
    await section.getByLabel('Password').fill(account.password);
    await section.getByRole('button', { name: 'Turn on', exact: true }).click();
    await expect(
      section.getByText('That code is not right. Type the six digits your app shows now.'),
    ).toBeVisible();
    await section.getByLabel('Code from your app').fill(codeFor(key));
    await section.getByRole('button', { name: 'Turn on', exact: true }).click();
    await expect(section.getByRole('status')).toHaveText('Two-factor sign-in is on.');
    const codes = section.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await expect(codes).toHaveCount(10);
    await expect(section).toContainText('10 of your recovery codes are unused.');
    const [recovery = ''] = await codes.allTextContents();
    expect(await violationsOn(page)).toEqual([]);

    // Another device: the password alone leads to the code step, not into the app.
    const other = await freshLogin(browser);
    await other.login.logIn(account.username, account.password);
    const codeField = other.page.getByLabel('Authentication code');
    await expect(codeField).toBeFocused();
    await expect(other.page.getByLabel('Username')).toBeHidden();
    expect(await violationsOn(other.page)).toEqual([]);
    await other.page.getByRole('button', { name: 'Log in' }).click();
    await expect(
      other.page.getByText('Enter the code from your authenticator app, or a recovery code.'),
    ).toBeVisible();
    await codeField.fill(codeFor(key, 1) === '123456' ? '654321' : '123456');
    await other.page.getByRole('button', { name: 'Log in' }).click();
    await expect(other.page.getByText('That code is not right.')).toBeVisible();
    await codeField.fill(codeFor(key, 1));
    await other.page.getByRole('button', { name: 'Log in' }).click();
    await expect(other.page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();

    // A third device with a recovery code, typed as shown; the same code a second time is refused.
    const third = await freshLogin(browser);
    await third.login.logIn(account.username, account.password);
    await third.page.getByLabel('Authentication code').fill(recovery);
    await third.page.getByRole('button', { name: 'Log in' }).click();
    await expect(third.page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
    const fourth = await freshLogin(browser);
    await fourth.login.logIn(account.username, account.password);
    await fourth.page.getByLabel('Authentication code').fill(recovery);
    await fourth.page.getByRole('button', { name: 'Log in' }).click();
    await expect(fourth.page.getByText('That code is not right.')).toBeVisible();
  });

  test('turned off with the password and a code, the password alone logs in again', async ({
    page,
    browser,
  }) => {
    const account = await createAccount();
    const { recoveryCodes } = await turnOn(page, account);
    const section = page.getByRole('region', { name: 'Two-factor sign-in' });

    await section.getByLabel('Password').fill('not-my-password');
    await section.getByLabel('Code from your app, or a recovery code').fill(recoveryCodes[0] ?? '');
    await section.getByRole('button', { name: 'Turn off two-factor sign-in' }).click();
    await expect(
      section.getByText('That password is not right, so two-factor sign-in stays on.'),
    ).toBeVisible();
    await section.getByLabel('Password').fill(account.password);
    await section.getByRole('button', { name: 'Turn off two-factor sign-in' }).click();
    await expect(section.getByRole('status')).toHaveText(
      'Two-factor sign-in is off: your password alone logs you in.',
    );
    await expect(section.getByRole('button', { name: 'Turn on two-factor sign-in' })).toBeVisible();

    const other = await freshLogin(browser);
    await other.login.logIn(account.username, account.password);
    await expect(other.page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
  });
});
