import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { ChatPage } from './pages/ChatPage';
import { befriend, createAccount, postChatMessages, uniqueName, type TestAccount } from './support/api';
import { openSignedIn } from './support/session';

interface Person {
  account: TestAccount;
  context: BrowserContext;
  page: Page;
  chat: ChatPage;
}

const contexts: BrowserContext[] = [];

test.afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

/** A person with their own browser context, as on their own device, signed in on the chat page. */
async function person(browser: Browser, account?: TestAccount, room?: string): Promise<Person> {
  const who = account ?? (await createAccount());
  const context = await browser.newContext();
  contexts.push(context);
  const page = await context.newPage();
  await openSignedIn(page, who, room ? `/exercises-chat?room=${room}` : '/exercises-chat');
  await expect(page.getByRole('heading', { level: 1, name: 'Chat' })).toBeVisible();
  return { account: who, context, page, chat: new ChatPage(page) };
}

/**
 * Activity rooms are shared by every test against the same server, so a text that must appear
 * exactly once more is counted before it is sent; free texts get a unique tag instead.
 */
const tagged = (text: string) => `${text} (${uniqueName('t')})`;

test.describe('exercise chat', () => {
  test('two people in the running room see each other’s messages live', async ({ browser }) => {
    const a = await person(browser);
    const b = await person(browser);
    for (const { chat } of [a, b]) {
      await expect(chat.log('Running')).toBeVisible();
      await expect(chat.roomLink('Running')).toHaveAttribute('aria-current', 'page');
      await chat.expectLive();
    }

    const hello = 'Hello runners';
    const before = await b.chat.message(hello).count();
    await a.chat.send(hello);
    await expect(a.chat.composer()).toBeFocused();
    await expect(a.chat.composer()).toHaveValue('');
    await expect(a.chat.message(hello)).toHaveCount(before + 1);
    await expect(a.chat.messages().last()).toContainText(hello);
    await expect(a.chat.messages().last()).not.toContainText('Sending…');
    await expect(a.chat.messages().last()).toContainText('You');

    await expect(b.chat.message(hello)).toHaveCount(before + 1);
    await expect(b.chat.messages().last()).toContainText(hello);
    await expect(b.chat.messages().last()).toContainText(a.account.username);

    const reply = tagged('Hi! Intervals tonight?');
    await b.chat.send(reply);
    await expect(a.chat.message(reply)).toHaveCount(1);
    await expect(b.chat.message(reply)).toHaveCount(1);
    await expect(a.chat.messages().last()).toContainText(reply);
  });

  test('two friends talk in their own room', async ({ browser }) => {
    const accountA = await createAccount();
    const accountB = await createAccount();
    await befriend(accountA, accountB);
    const a = await person(browser, accountA);
    const b = await person(browser, accountB);

    await a.chat.openRoom(accountB.username);
    await b.chat.openRoom(accountA.username);
    await expect(a.page).toHaveURL(/room=dm:/);
    await a.chat.expectLive();
    await b.chat.expectLive();

    await a.chat.send('Track at 7?');
    await expect(b.chat.message('Track at 7?')).toHaveCount(1);
    await expect(b.chat.message('Track at 7?')).toContainText(accountA.username);
    await b.chat.send('See you there');
    await expect(a.chat.message('See you there')).toHaveCount(1);
    await expect(a.chat.message('See you there')).toContainText(accountB.username);
  });

  test('shows markup in a message as text and runs none of it', async ({ browser }) => {
    const markup = '<script>window.__x=1</script><b>bold</b>';
    const a = await person(browser, undefined, 'topic:yoga');
    const b = await person(browser, undefined, 'topic:yoga');
    await a.chat.expectLive();
    await b.chat.expectLive();

    const before = await b.chat.message(markup).count();
    await a.chat.send(markup);
    await expect(b.chat.message(markup)).toHaveCount(before + 1);
    const seen = b.chat.messages().last();
    await expect(seen.getByText(markup, { exact: true })).toBeVisible();
    await expect(seen.locator('b')).toHaveCount(0);
    await expect(b.chat.log().locator('script, b')).toHaveCount(0);
    expect(await b.page.evaluate(() => (window as { __x?: unknown }).__x)).toBeUndefined();
    expect(await a.page.evaluate(() => (window as { __x?: unknown }).__x)).toBeUndefined();

    const plan = tagged('Plan: https://example.com/yoga?day=1 or javascript:alert(1)');
    await a.chat.send(plan);
    const link = b.chat.message(plan).getByRole('link');
    await expect(link).toHaveCount(1);
    await expect(link).toHaveAttribute('href', 'https://example.com/yoga?day=1');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    await expect(link).toHaveAttribute('target', '_blank');
  });

  test('catches up once after being offline, and sends what was written offline', async ({ browser }) => {
    const a = await person(browser, undefined, 'topic:swim');
    const b = await person(browser, undefined, 'topic:swim');
    await a.chat.expectLive();
    await b.chat.expectLive();

    const news = tagged('Pool closes early today');
    const away = tagged('Back in a minute');
    const still = tagged('Still there?');
    await b.context.setOffline(true);
    await expect(b.chat.offlineNotice()).toBeVisible();
    await a.chat.send(news);
    await expect(a.chat.message(news)).not.toContainText('Sending…');
    await b.chat.send(away);
    await expect(b.chat.message(away)).toContainText('Waiting to send');

    await b.context.setOffline(false);
    await expect(b.chat.offlineNotice()).toBeHidden();
    await expect(b.chat.message(news)).toHaveCount(1);
    await expect(b.chat.message(away)).not.toContainText('Waiting to send');
    await expect(a.chat.message(away)).toHaveCount(1);
    // Live delivery resumes too, and nothing arrives twice.
    await b.chat.expectLive();
    await a.chat.send(still);
    await expect(b.chat.message(still)).toHaveCount(1);
    await expect(b.chat.message(news)).toHaveCount(1);
    await expect(b.chat.message(away)).toHaveCount(1);
  });

  test('lets the author delete a message after asking once; it goes for everyone', async ({ browser }) => {
    const a = await person(browser, undefined, 'topic:hike');
    const b = await person(browser, undefined, 'topic:hike');
    await a.chat.expectLive();
    await b.chat.expectLive();
    const oops = tagged('Wrong trail, sorry');
    await a.chat.send(oops);
    await expect(b.chat.message(oops)).toHaveCount(1);
    await expect(b.chat.message(oops).getByRole('button', { name: 'Delete' })).toHaveCount(0);

    const mine = a.chat.message(oops);
    await mine.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(mine.getByText('Delete this message?')).toBeVisible();
    await mine.getByRole('button', { name: 'Delete message' }).click();
    await expect(a.chat.message(oops)).toHaveCount(0);
    await expect(a.chat.composer()).toBeFocused();
    await expect(b.chat.message(oops)).toHaveCount(0);
  });

  test('counts unread messages per room and loads older messages keeping the place', async ({ browser }) => {
    // A friend room of two new people, so the counts and pages are theirs alone.
    const writer = await createAccount();
    const readerAccount = await createAccount();
    await befriend(writer, readerAccount);
    const [first, second] = [writer.objectId, readerAccount.objectId].sort();
    const texts = Array.from({ length: 35 }, (_, index) => `Row ${index + 1}`);
    await postChatMessages(writer, `dm:${first}:${second}`, texts);
    const reader = await person(browser, readerAccount);

    const friendRoom = reader.chat
      .rooms()
      .getByRole('link', { name: `${writer.username} 35 unread messages` });
    await expect(friendRoom).toBeVisible();
    await reader.chat.openRoom(writer.username);
    await expect(reader.chat.messages()).toHaveCount(30);
    await expect(reader.chat.messages().first()).toContainText('Row 6');
    await expect(reader.chat.messages().last()).toContainText('Row 35');

    const log = reader.chat.log(writer.username);
    await log.evaluate((element) => (element.scrollTop = 0));
    await log.getByRole('button', { name: 'Load older messages' }).click();
    await expect(reader.chat.messages()).toHaveCount(35);
    await expect(reader.chat.messages().first()).toContainText('Row 1');
    await expect(log.getByRole('button', { name: 'Load older messages' })).toHaveCount(0);
    // The message that was at the top is still in view; the older ones went in above it.
    expect(await log.evaluate((element) => element.scrollTop)).toBeGreaterThan(0);
    await expect(reader.chat.message('Row 6')).toBeInViewport();

    await reader.chat.openRoom('Running');
    await expect(reader.chat.roomLink(writer.username)).toHaveAccessibleName(writer.username);
  });

  test('answers 404 for an unknown room and explains a room with someone who is not a friend', async ({
    browser,
  }) => {
    const stranger = await createAccount();
    const me = await person(browser);
    await me.page.goto('/exercises-chat?room=topic:chess');
    await expect(me.page.getByRole('heading', { name: 'This page could not be found' })).toBeVisible();

    const [first, second] = [me.account.objectId, stranger.objectId].sort();
    await me.chat.goto(`dm:${first}:${second}`);
    await expect(me.page.getByText('You can only chat with friends.')).toBeVisible();
    await expect(me.chat.composer()).toHaveCount(0);
  });

  for (const width of [375, 1400]) {
    test(`fits a ${width} px wide screen`, async ({ browser }, testInfo) => {
      const me = await person(browser);
      await me.page.setViewportSize({ width, height: 900 });
      await me.chat.send(`A long word: ${'x'.repeat(120)} and https://example.com/${'y'.repeat(80)}`);
      await expect(me.chat.messages().last()).not.toContainText('Sending…');
      if (width < 768) {
        await expect(me.chat.roomSelect()).toBeVisible();
        await expect(me.chat.rooms()).toBeHidden();
        await me.chat.roomSelect().selectOption({ label: 'Cycling' });
        await expect(me.chat.log('Cycling')).toBeVisible();
        await expect(me.page).toHaveURL(/room=topic:cycle/);
      } else {
        await expect(me.chat.rooms()).toBeVisible();
        await expect(me.chat.roomSelect()).toBeHidden();
      }
      const overflow = await me.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      const shot = testInfo.outputPath(`chat-${width}.png`);
      await me.page.screenshot({ path: shot, fullPage: true });
      await testInfo.attach(`chat-${width}`, { path: shot, contentType: 'image/png' });
    });
  }
});
