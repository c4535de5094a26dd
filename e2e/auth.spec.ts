import { expect, test, type Locator, type Page } from '@playwright/test';
import { AppShell } from './pages/AppShell';
import { LoginPage } from './pages/LoginPage';
import { ResetPasswordPage } from './pages/ResetPasswordPage';
import { SignupPage } from './pages/SignupPage';
import { createAccount, latestMailTo, linkIn, uniqueName } from './support/api';

test.describe('sign-in', () => {
  test('signs up, logs out, logs in, and resets the password through the mailed link', async ({ page }) => {
    const username = uniqueName('ada');
    const email = `${username}@example.com`;
    const signup = new SignupPage(page);
    const login = new LoginPage(page);
    const shell = new AppShell(page);

    await signup.goto();
    await signup.signUp({ username, email, password: 'first password 1' });
    // A new account is asked for its goal first; the questions can wait.
    await expect(page).toHaveURL(/\/welcome$/);
    await shell.expectHeading('Your goal');
    await page.getByRole('button', { name: 'Skip for now' }).click();
    await shell.expectHeading('Today');
    await expect(page.getByText(username)).toBeVisible();

    await shell.logOut();
    await expect(page).toHaveURL(/\/login\?notice=logged-out$/);
    await login.expectNotice('You are logged out.');

    await login.logIn(username, 'first password 1');
    await shell.expectHeading('Today');
    await shell.logOut();

    const reset = new ResetPasswordPage(page);
    await reset.requestLink(email);
    await expect(
      page.getByRole('status').filter({ hasText: 'a link to choose a new password' }),
    ).toBeVisible();
    const link = linkIn(await latestMailTo(email, 'Reset your'));
    await page.goto(link);
    await expect(page).toHaveURL(/\/reset-password\?.*token=/);
    await reset.chooseNewPassword('second password 2');
    await expect(page).toHaveURL(/\/login\?reset=1$/);
    await login.expectNotice('Your password was changed.');

    await login.logIn(username, 'first password 1');
    await login.expectError('Wrong username or password.');
    await login.logIn(username, 'second password 2');
    await shell.expectHeading('Today');
  });

  test('names each wrong field on the sign-up form and keeps what was typed', async ({ page }) => {
    const signup = new SignupPage(page);
    await signup.goto();
    await signup.signUp({
      username: 'x y',
      email: 'not-an-address',
      password: 'short',
      confirmPassword: 'other',
    });
    await expect(page.getByText('Username may contain only letters, digits')).toBeVisible();
    await expect(page.getByText('Enter an e-mail address like name@example.com.')).toBeVisible();
    await expect(page.getByText('Password must be at least 8 characters long.')).toBeVisible();
    await expect(page.getByText('The two passwords do not match.')).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue('not-an-address');
    await expect(page.getByLabel('Username')).toHaveAttribute('aria-invalid', 'true');
  });

  test('says a username or e-mail is taken in a sentence', async ({ page }) => {
    const existing = await createAccount();
    const signup = new SignupPage(page);
    await signup.goto();
    await signup.signUp({
      username: existing.username,
      email: `${uniqueName('new')}@example.com`,
      password: 'a fine password',
    });
    await expect(page.getByRole('alert')).toHaveText('That username is taken. Please choose another.');
    await signup.signUp({ username: uniqueName('new'), email: existing.email, password: 'a fine password' });
    await expect(page.getByRole('alert')).toHaveText('An account already uses that e-mail address.');
  });

  test('locks an account after five wrong passwords and says so', async ({ page }) => {
    const account = await createAccount();
    const login = new LoginPage(page);
    await login.goto();
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      await login.logIn(account.username, 'wrong password');
      await login.expectError(/Wrong username or password|locked/);
    }
    await login.logIn(account.username, account.password);
    await login.expectError('This account is locked after too many failed attempts.');
  });

  test('logs in through the organisation’s provider: the first time makes the account, the next finds it', async ({
    page,
  }) => {
    const name = uniqueName('sso');
    const app = page.getByRole('navigation', { name: 'Main' });

    await throughProvider(page, name, app);
    await expectProfileEmail(page, `${name}@corp.example`);
    await page.goto('/');
    await new AppShell(page).logOut();
    await new LoginPage(page).expectNotice('You are logged out.');

    await throughProvider(page, name, app);
    await expectProfileEmail(page, `${name}@corp.example`);
  });

  test('links the provider to the account with the same e-mail address once its password is given', async ({
    page,
  }) => {
    const account = await createAccount();
    const login = new LoginPage(page);
    const app = page.getByRole('navigation', { name: 'Main' });
    const linkNotice = page
      .getByRole('status')
      .filter({ hasText: `An account with the e-mail address ${account.email} exists` });

    await throughProvider(page, account.email, linkNotice);
    await expect(linkNotice).toContainText('log in with its password to link it to Corp ID');
    await login.logIn(account.username, account.password);
    await expect(app).toBeVisible();
    await new AppShell(page).logOut();
    await login.expectNotice('You are logged out.');

    // The provider alone now logs into that account.
    await throughProvider(page, account.email, app);
    await expectProfileEmail(page, account.email);
  });

  test('says so on the login page when the provider’s answer is refused', async ({ page }) => {
    await page.goto('/auth/oidc/callback?code=forged&state=forged');

    await new LoginPage(page).expectNotice(
      'Logging in through your organisation did not work. Try again, or log in with your password.',
    );
  });
});

/**
 * From the login page through the provider's own development pages (any name and password, then
 * consent), unless its session and grant from an earlier login let it answer at once, until `until`
 * shows.
 */
async function throughProvider(page: Page, name: string, until: Locator): Promise<void> {
  await new LoginPage(page).goto();
  await page.getByRole('link', { name: 'Log in with Corp ID' }).click();
  const nameField = page.locator('input[name="login"]');
  const consent = page.getByRole('button', { name: 'Continue' });
  for (;;) {
    await nameField.or(consent).or(until).first().waitFor();
    if (await until.isVisible()) return;
    if (await nameField.isVisible()) {
      await nameField.fill(name);
      await page.locator('input[name="password"]').fill('anything');
      await page.getByRole('button', { name: 'Sign-in' }).click();
      await nameField.waitFor({ state: 'detached' });
    } else {
      await consent.click();
      await consent.waitFor({ state: 'detached' });
    }
  }
}

async function expectProfileEmail(page: Page, email: string): Promise<void> {
  await page.goto('/user-settings?section=profile');
  await expect(page.getByRole('region', { name: 'Profile', exact: true }).getByLabel('E-mail')).toHaveValue(
    email,
  );
}
