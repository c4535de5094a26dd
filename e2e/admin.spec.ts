import { expect, test, type Page } from '@playwright/test';
import { violationsOn } from './support/accessibility';
import { apiClient, createAccount, type TestAccount } from './support/api';
import { openSignedIn } from './support/session';

/** A new account given a role by the operator (the master key, as the admin script does). */
async function createStaff(role: 'moderator' | 'admin'): Promise<TestAccount> {
  const account = await createAccount();
  const member = {
    users: {
      __op: 'AddRelation',
      objects: [{ __type: 'Pointer', className: '_User', objectId: account.objectId }],
    },
  };
  const where = encodeURIComponent(JSON.stringify({ name: role }));
  const found = await apiClient().request('GET', `/parse/roles?where=${where}`, { masterKey: true });
  const held = found.body.results?.[0];
  const answer = held
    ? await apiClient().request('PUT', `/parse/roles/${held.objectId}`, { masterKey: true, body: member })
    : await apiClient().request('POST', '/parse/roles', {
        masterKey: true,
        body: { name: role, ACL: {}, ...member },
      });
  if (answer.status >= 400) throw new Error(`Making a ${role}: ${answer.status} ${answer.text}`);
  return account;
}

async function expectAccessibleInBothThemes(page: Page, what: string): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    expect(await violationsOn(page), `${what}, ${colorScheme}`).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

test.describe('the admins’ sign-up and server sections', () => {
  test('an admin reads and saves the sign-up mode and sees the server; a moderator has neither', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const [admin, moderator] = await Promise.all([createStaff('admin'), createStaff('moderator')]);

    await openSignedIn(page, moderator, '/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Moderation' })).toBeVisible();
    const sections = page.getByRole('navigation', { name: 'Moderation sections' });
    await expect(sections.getByRole('link', { name: 'Reports' })).toBeVisible();
    await expect(sections.getByRole('link', { name: 'Sign-up' })).toHaveCount(0);
    await expect(sections.getByRole('link', { name: 'Server' })).toHaveCount(0);
    await page.goto('/admin?section=server');
    await expect(page.getByText('This page could not be found')).toBeVisible();

    await page.context().clearCookies();
    await openSignedIn(page, admin, '/admin');
    const adminSections = page.getByRole('navigation', { name: 'Moderation sections' });
    await adminSections.getByRole('link', { name: 'Sign-up' }).click();
    // Other tests sign up on this server meanwhile: the mode stays open, saved as a change.
    const open = page.getByRole('radio', { name: /Open\. Anyone can create an account/ });
    await expect(open).toBeChecked();
    await expect(page.getByText('A new account needs an invitation link that an admin made.')).toBeVisible();
    await open.check();
    await page.getByRole('button', { name: 'Save sign-up' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Sign-up changed on every node' })).toBeVisible();
    await expect(page.getByText(`${admin.username} chose this on`)).toBeVisible();
    for (const width of [1400, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await expectAccessibleInBothThemes(page, `the sign-up section at ${width} px`);
    }

    await page.setViewportSize({ width: 1400, height: 900 });
    await adminSections.getByRole('link', { name: 'Server' }).click();
    await expect(page.getByRole('heading', { name: 'Nodes' })).toBeVisible();
    await expect(page.getByText('(this node)')).toBeVisible();
    // An estimate from the statistics, unknown until PostgreSQL has gathered them.
    await expect(
      page.getByRole('definition').filter({ hasText: /^(about [\d,.\s]+ foods \(an estimate.*|unknown)$/ }),
    ).toBeVisible();
    await expect(
      page
        .getByRole('definition')
        .filter({ hasText: /^never$/ })
        .first(),
    ).toBeVisible();
    for (const width of [1400, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await expectAccessibleInBothThemes(page, `the server section at ${width} px`);
    }
  });
});
