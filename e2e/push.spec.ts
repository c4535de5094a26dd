import { expect, test } from '@playwright/test';
import { SettingsPage } from './pages/SettingsPage';
import { createAccount } from './support/api';
import { desktopChromiumLaunchOptions } from './support/browser';

// The desktop build: the headless shell the other files run in has no notifications (its permission
// is always "denied").
test.use({ launchOptions: desktopChromiumLaunchOptions() });

test.describe('notifications on this device', () => {
  test('offers push on this device, and keeps the reminders and quiet hours chosen', async ({ page }) => {
    await page.context().grantPermissions(['notifications']);
    const settings = new SettingsPage(page);
    await settings.open(await createAccount(), 'notifications');
    const notifications = settings.section('Notifications');
    await expect(notifications.getByText('Notifications are off on this device.')).toBeVisible();
    await expect(
      notifications.getByRole('button', { name: 'Turn on notifications on this device' }),
    ).toBeEnabled();

    await notifications.getByRole('checkbox', { name: 'Remind me to weigh in on days I have not' }).check();
    await notifications.getByLabel('Weigh-in reminder time').fill('06:15');
    await notifications.getByRole('checkbox', { name: /when my streak is at risk/ }).check();
    await notifications.getByLabel('Quiet from').fill('23:00');
    await notifications.getByLabel('Quiet until').fill('06:00');
    await notifications.getByRole('button', { name: 'Save notifications' }).click();
    await expect(notifications.getByText('Notifications saved.')).toBeVisible();
    await page.reload();

    const saved = settings.section('Notifications');
    await expect(
      saved.getByRole('checkbox', { name: 'Remind me to weigh in on days I have not' }),
    ).toBeChecked();
    await expect(saved.getByLabel('Weigh-in reminder time')).toHaveValue('06:15');
    await expect(saved.getByRole('checkbox', { name: /when my streak is at risk/ })).toBeChecked();
    await expect(saved.getByRole('checkbox', { name: /^Quiet hours/ })).toBeChecked();
    await expect(saved.getByLabel('Quiet from')).toHaveValue('23:00');
    await expect(saved.getByLabel('Quiet until')).toHaveValue('06:00');
  });
});
