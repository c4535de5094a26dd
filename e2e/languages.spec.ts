import { expect, test, type Page } from '@playwright/test';
import { LANGUAGE_NAMES, type Language } from '../src/domain/languages';
import { NAMESPACES } from '../src/i18n/messages';
import { PAGES } from './pages/AppShell';
import { LoginPage } from './pages/LoginPage';
import { createAccount } from './support/api';
import { englishOnly, longestLanguage, translationOf } from './support/catalogues';
import { withSomeHistory } from './support/history';
import { controlsPastTheirCard, overflowOf } from './support/layout';
import { openSignedIn } from './support/session';
import { SettingsPage } from './pages/SettingsPage';

/** Every text the page shows or says: text, labels for screen readers, placeholders, titles. */
function textsOn(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts = new Set<string>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      if (text) texts.add(text);
    }
    for (const element of document.body.querySelectorAll('*')) {
      const text = element.textContent?.trim();
      if (text && element.children.length > 0 && text.length < 300) texts.add(text.replace(/\s+/g, ' '));
      for (const attribute of ['aria-label', 'placeholder', 'title', 'alt']) {
        const value = element.getAttribute(attribute)?.trim();
        if (value) texts.add(value);
      }
    }
    return [...texts];
  });
}

const MESSAGE_ID = new RegExp(`^(${NAMESPACES.join('|')})\\.[A-Za-z0-9.]+$`);

/** What on the page is still in English (a sentence the language has its own words for), or a bare id. */
async function untranslatedOn(page: Page, language: Language): Promise<string[]> {
  const english = englishOnly(language);
  return (await textsOn(page)).filter((text) => english.has(text) || MESSAGE_ID.test(text));
}

/** Every page of the app in `language` on the screen as it is: nothing in English, nothing past it. */
async function expectEveryPageIn(page: Page, language: Language): Promise<void> {
  for (const { path, heading } of PAGES) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(translationOf(heading, language));
    // Everything the page fetches is in: rows, charts and the sentences about them.
    await page.waitForLoadState('networkidle');
    expect(await untranslatedOn(page, language), path).toEqual([]);
    expect(await overflowOf(page), `${path} is wider than the screen`).toBeLessThanOrEqual(0);
    expect(await controlsPastTheirCard(page), `${path} has controls past their card`).toEqual([]);
  }
}

test.describe('languages', () => {
  // Six pages read whole, each twice: more than the 30 s a single test gets by default.
  test.describe.configure({ timeout: 120_000 });

  const language = longestLanguage();

  test.describe(`a browser set to the longest language (${language})`, () => {
    test.use({ locale: language });

    test('shows the login page and every page of the app in it, each within a 375 px screen', async ({
      page,
    }) => {
      await page.setViewportSize({ width: 375, height: 900 });
      const account = await createAccount();
      await withSomeHistory(account);

      await page.goto('/login');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(translationOf('Log in', language));
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
      expect(await untranslatedOn(page, language), '/login').toEqual([]);

      await page.locator('input[name="username"]').fill(account.username);
      await page.locator('input[name="password"]').fill(account.password);
      await page.locator('input[name="password"]').press('Enter');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(translationOf('Today', language));

      await expectEveryPageIn(page, language);
    });
  });

  test('German chosen in the settings shows at once, stays after a reload on every page at 375 px, and follows the person to another device', async ({
    page,
    browser,
  }) => {
    await page.setViewportSize({ width: 375, height: 900 });
    const account = await createAccount();
    await withSomeHistory(account);
    const shell = await openSignedIn(page, account);
    await shell.expectHeading('Today');
    // On a phone the settings open from the name in the header, at the profile; the list is one step back.
    await page.getByRole('banner').getByRole('link', { name: account.username, exact: true }).click();
    await shell.expectHeading('Settings');
    await page.getByRole('link', { name: 'All settings' }).click();
    await new SettingsPage(page).choose('Units, language and appearance');

    // The check below finds English where there is some: the page is English still.
    await page.waitForLoadState('networkidle');
    expect((await untranslatedOn(page, 'de')).length).toBeGreaterThan(10);

    await page.getByLabel('Language', { exact: true }).selectOption({ label: LANGUAGE_NAMES.de });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(translationOf('Settings', 'de'));
    const nav = page.getByRole('navigation', { name: translationOf('Main', 'de') });
    await expect(
      nav.getByRole('link', { name: translationOf('Nutrition', 'de'), exact: true }),
    ).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
    // The switch fetched what the page shows: nothing in English, before any reload.
    await page.waitForLoadState('networkidle');
    expect(await untranslatedOn(page, 'de'), 'settings after the switch').toEqual([]);

    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(translationOf('Settings', 'de'));
    await expectEveryPageIn(page, 'de');

    // Another device, its browser in English: German once the person has logged in there.
    const other = await browser.newContext({ locale: 'en-US' });
    try {
      const elsewhere = await other.newPage();
      const login = new LoginPage(elsewhere);
      await login.goto();
      await login.logIn(account.username, account.password);
      await expect(elsewhere.getByRole('heading', { level: 1 })).toHaveText(translationOf('Today', 'de'));
    } finally {
      await other.close();
    }
  });
});
