import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { LoginPage } from './pages/LoginPage';
import { SettingsPage } from './pages/SettingsPage';
import { WeightPage } from './pages/WeightPage';
import type { SettingsSection } from '../src/domain/settingsSections';
import { createAccount, latestMailTo, linkIn, uniqueName, type TestAccount } from './support/api';

async function settingsOf(page: Page, at: SettingsSection): Promise<TestAccount> {
  const account = await createAccount();
  await new SettingsPage(page).open(account, at);
  return account;
}

const section = (page: Page, name: string) => new SettingsPage(page).section(name);

test.describe('settings', () => {
  test('marks a changed e-mail address unverified until the mailed link is opened', async ({
    page,
    browser,
  }) => {
    const account = await settingsOf(page, 'profile');
    const profile = section(page, 'Profile');
    const email = `${uniqueName('moved')}@example.com`;
    await profile.getByLabel('E-mail').fill(email);
    await profile.getByRole('button', { name: 'Save profile' }).click();
    await expect(profile.getByLabel('Current password')).toHaveAccessibleDescription(
      /Enter your current password to change your e-mail address\./,
    );
    await profile.getByLabel('Current password').fill(account.password);
    await profile.getByRole('button', { name: 'Save profile' }).click();
    await expect(profile.getByText('Open the link we sent to the new address to verify it.')).toBeVisible();
    await expect(profile.getByText(`${email} is not verified yet`)).toBeVisible();
    await profile.getByRole('button', { name: 'Send the mail again' }).click();
    await expect(profile.getByText('The verification mail is on its way.')).toBeVisible();

    const link = linkIn(await latestMailTo(email, 'Confirm your e-mail address'));
    await page.goto(link);

    await expect(page).toHaveURL(/\/user-settings\?section=profile&notice=email-verified$/);
    await expect(profile.getByText('Your e-mail address is verified.')).toBeVisible();
    await expect(profile.getByLabel('E-mail')).toHaveAccessibleDescription('Verified.');
    await expect(profile.getByText('is not verified yet')).toBeHidden();

    // On a device that is not signed in, the used link lands on the login page with its sentence.
    const device = await browser.newContext({ serviceWorkers: 'block' });
    const elsewhere = await device.newPage();
    await elsewhere.goto(link);
    await expect(elsewhere).toHaveURL(/\/login\?notice=email-link-invalid/);
    await new LoginPage(elsewhere).expectNotice('That verification link is no longer valid.');
    await device.close();
  });

  test('switches the weekly summary off, and it stays off', async ({ page }) => {
    await settingsOf(page, 'notifications');
    const notifications = section(page, 'Notifications');
    const summary = notifications.getByRole('checkbox', {
      name: /^A summary of my week every Monday morning/,
    });
    await expect(summary).toBeChecked();

    await summary.uncheck();
    await notifications.getByRole('button', { name: 'Save notifications' }).click();
    await expect(notifications.getByText('Notifications saved.')).toBeVisible();
    await page.reload();

    await expect(
      section(page, 'Notifications').getByRole('checkbox', { name: /^A summary of my week/ }),
    ).not.toBeChecked();
  });

  test('switches to imperial units and the weight page shows pounds', async ({ page }) => {
    await settingsOf(page, 'preferences');
    const units = section(page, 'Units and calendar');
    await units.getByRole('radio', { name: /^Imperial: lb/ }).check();
    await units.getByRole('button', { name: 'Save units' }).click();
    await expect(units.getByText('Units saved: every page now uses them.')).toBeVisible();

    const weight = new WeightPage(page);
    await weight.goto();
    await page.getByRole('button', { name: 'Add a weigh-in' }).click();
    const window = weight.window('Add a weigh-in');
    await window.getByLabel('Weight (lb)').fill('180');
    await window.getByRole('button', { name: 'Save weigh-in' }).click();
    await expect(window).toBeHidden();
    await expect(weight.rows().first()).toContainText('180.0 lb');
  });

  test('says what a calorie suggestion still needs, and saves body data and a calorie goal', async ({
    page,
  }) => {
    await settingsOf(page, 'goals');
    const body = section(page, 'Body and goals');
    await expect(body.getByText(/For a suggestion, add a weigh-in/)).toBeVisible();
    await body.getByLabel('Height (cm)').fill('180');
    await body.getByLabel('Year of birth').fill('1990');
    await body.getByLabel('Sex').selectOption('male');
    await body.getByLabel('Activity level').selectOption('1.55');
    await body.getByLabel('Weekly rate').selectOption('-0.5');
    await body.getByLabel('Daily calorie goal (kcal)').fill('2100');
    await body.getByRole('button', { name: 'Save body and goals' }).click();
    await expect(body.getByText('Body data and goals saved.')).toBeVisible();

    await page.reload();
    await expect(section(page, 'Body and goals').getByLabel('Daily calorie goal (kcal)')).toHaveValue('2100');
    await expect(section(page, 'Body and goals').getByLabel('Height (cm)')).toHaveValue('180');
  });

  test('refuses a wrong current password, changes the password, and the old one stops working', async ({
    page,
  }) => {
    const account = await settingsOf(page, 'security');
    const security = section(page, 'Password and devices');
    await security.getByLabel('Current password').fill('not-my-password');
    await security.getByLabel('New password', { exact: true }).fill('a-brand-new-secret');
    await security.getByLabel('New password again').fill('a-brand-new-secret');
    await security.getByRole('button', { name: 'Change password' }).click();
    await expect(security.getByText('That password is not right, so nothing was changed.')).toBeVisible();

    await security.getByLabel('Current password').fill(account.password);
    await security.getByLabel('New password', { exact: true }).fill('a-brand-new-secret');
    await security.getByLabel('New password again').fill('a-brand-new-secret');
    await security.getByRole('button', { name: 'Change password' }).click();
    await expect(
      security.getByText('Password changed. Every other device has been logged out.'),
    ).toBeVisible();

    await page.getByRole('button', { name: 'Log out', exact: true }).click();
    const login = new LoginPage(page);
    await login.goto();
    await login.logIn(account.username, account.password);
    await expect(page.getByRole('alert')).toBeVisible();
    await login.logIn(account.username, 'a-brand-new-secret');
    await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
  });

  test('downloads the data as JSON, then deletes the account, which can no longer log in', async ({
    page,
  }) => {
    const account = await settingsOf(page, 'data');
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: /JSON/ }).click();
    const download = await downloading;
    const saved = await download.path();
    const exported = JSON.parse(await readFile(saved, 'utf8')) as Record<string, unknown>;
    expect(JSON.stringify(exported)).toContain(account.username);
    expect(JSON.stringify(exported)).not.toContain(account.password);

    // The list beside the section opens another one.
    await new SettingsPage(page).choose('Delete account');
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const window = page.getByRole('dialog', { name: 'Delete your account?' });
    await window.getByLabel('Your password').fill(account.password);
    await window.getByRole('button', { name: 'Delete my account for good' }).click();
    await expect(page.getByText('Your account and all its data were deleted.')).toBeVisible();

    const login = new LoginPage(page);
    await login.logIn(account.username, account.password);
    await expect(page.getByRole('alert')).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
  });
});

test.describe('settings sections', () => {
  test('on a phone: the list alone, a section alone with the way back, and focus on what was chosen', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    const settings = new SettingsPage(page);
    await settings.open(await createAccount());
    await expect(settings.sectionList()).toBeVisible();
    await expect(settings.section('Profile')).toBeHidden();

    await settings.choose('Security');
    await expect(page).toHaveURL(/\/user-settings\?section=security$/);
    await expect(settings.section('Password and devices')).toBeVisible();
    await expect(settings.section('Two-factor sign-in')).toBeVisible();
    await expect(settings.sectionList()).toBeHidden();
    await expect(page.getByRole('group', { name: 'Security' })).toBeFocused();

    await page.getByRole('link', { name: 'All settings' }).click();
    await expect(page).toHaveURL(/\/user-settings$/);
    await expect(settings.sectionList()).toBeVisible();
    await expect(settings.sectionList().getByRole('link', { name: /^Security/ })).toBeFocused();
    await expect(settings.section('Password and devices')).toBeHidden();
  });

  test('on a wide screen: the list beside the section, the one shown marked', async ({ page }) => {
    await page.setViewportSize({ width: 1400, height: 900 });
    const settings = new SettingsPage(page);
    await settings.open(await createAccount());
    await expect(settings.section('Profile')).toBeVisible();
    await expect(page.getByRole('link', { name: 'All settings' })).toBeHidden();

    await settings.choose('Privacy and sharing');
    await expect(settings.section('Privacy')).toBeVisible();
    await expect(settings.sectionList()).toBeVisible();
    await expect(settings.sectionList().getByRole('link', { name: /^Privacy and sharing/ })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(settings.section('Profile')).toHaveCount(0);
  });

  test('opens the section a link names, from the header, the bell or typed; an unknown section is not found', async ({
    page,
  }) => {
    const settings = new SettingsPage(page);
    const account = await createAccount();
    await settings.open(account, 'goals');
    await expect(settings.section('Body and goals')).toBeVisible();

    // The person's name in the header opens their profile.
    await page.getByRole('banner').getByRole('link', { name: account.username, exact: true }).click();
    await expect(page).toHaveURL(/\/user-settings\?section=profile$/);
    await expect(settings.section('Profile')).toBeVisible();

    await page.getByRole('button', { name: /^Notifications/ }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Notification settings' }).click();
    await expect(page).toHaveURL(/\/user-settings\?section=notifications$/);
    await expect(settings.section('Notifications')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    for (const wrong of ['admin', 'Security', '']) {
      await page.goto(`/user-settings?section=${wrong}`);
      await expect(page.getByRole('heading', { name: 'This page could not be found' })).toBeVisible();
    }
  });
});
