import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { ChatPage } from './pages/ChatPage';
import { violationsOn } from './support/accessibility';
import {
  apiClient,
  befriend,
  createAccount,
  latestMailTo,
  postChatMessages,
  requestAs,
  runAs,
  uniqueName,
  type TestAccount,
} from './support/api';
import { overflowOf } from './support/layout';
import { openSignedIn } from './support/session';

const contexts: BrowserContext[] = [];

test.afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

/** A person on their own device (a browser context of their own), signed in at `path`. */
async function signedIn(browser: Browser, account: TestAccount, path: string): Promise<Page> {
  const context = await browser.newContext();
  contexts.push(context);
  const page = await context.newPage();
  await openSignedIn(page, account, path);
  return page;
}

/** A new account made a moderator by the operator (the master key, as the admin script does). */
function createModerator(): Promise<TestAccount> {
  return createStaff('moderator');
}

/** A new account given `role` by the operator (the master key, as the admin script does). */
async function createStaff(roleName: 'moderator' | 'admin'): Promise<TestAccount> {
  const account = await createAccount();
  const member = {
    users: {
      __op: 'AddRelation',
      objects: [{ __type: 'Pointer', className: '_User', objectId: account.objectId }],
    },
  };
  const where = encodeURIComponent(JSON.stringify({ name: roleName }));
  const found = await apiClient().request('GET', `/parse/roles?where=${where}`, { masterKey: true });
  const role = found.body.results?.[0];
  // The server makes the role when it first gives it; a fresh server may not have it yet.
  const answer = role
    ? await apiClient().request('PUT', `/parse/roles/${role.objectId}`, { masterKey: true, body: member })
    : await apiClient().request('POST', '/parse/roles', {
        masterKey: true,
        body: { name: roleName, ACL: {}, ...member },
      });
  if (answer.status >= 400) throw new Error(`Making a ${roleName}: ${answer.status} ${answer.text}`);
  return account;
}

/** Marks the address as confirmed, as following the link in the verification mail does. */
async function confirmEmail(account: TestAccount): Promise<void> {
  const answer = await apiClient().request('PUT', `/parse/users/${account.objectId}`, {
    masterKey: true,
    body: { emailVerified: true },
  });
  if (answer.status >= 400) throw new Error(`Confirming an address: ${answer.status} ${answer.text}`);
}

/** Axe finds nothing on the page as it is, in the light and the dark theme. */
async function expectAccessibleInBothThemes(page: Page, what: string): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    expect(await violationsOn(page), `${what}, ${colorScheme}`).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/** Whether the page fetched the moderators' page's code or its messages (chunks named admin-…). */
function watchAdminChunk(page: Page): () => boolean {
  let fetched = false;
  page.on('request', (request) => {
    if (/\/assets\/admin-[^/]*\.js$/.test(new URL(request.url()).pathname)) fetched = true;
  });
  return () => fetched;
}

test.describe('moderation', () => {
  test('a reported chat message is hidden from /admin and leaves a third person’s open chat', async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const [author, reporter, reader, moderator] = await Promise.all([
      createAccount(),
      createAccount(),
      createAccount(),
      createModerator(),
    ]);
    const spam = `Cheap pills at spam.example (${uniqueName('m')})`;
    await postChatMessages(author, 'topic:hike', [spam]);

    // A third person has the room open.
    const readerPage = await signedIn(browser, reader, '/exercises-chat?room=topic:hike');
    const readerChat = new ChatPage(readerPage);
    await readerChat.expectLive();
    await expect(readerChat.message(spam)).toHaveCount(1);

    // The reporter, who is no moderator, never fetches the moderators' page nor sees its link.
    const reporterPage = await signedIn(browser, reporter, '/exercises-chat?room=topic:hike');
    const adminChunkFetched = watchAdminChunk(reporterPage);
    const reporterChat = new ChatPage(reporterPage);
    await reporterChat.expectLive();
    await expect(reporterPage.getByRole('link', { name: 'Moderation' })).toHaveCount(0);
    const reported = reporterChat.message(spam);
    await reported.getByRole('button', { name: /^More actions for .*’s message$/ }).click();
    await reporterPage.getByRole('menuitem', { name: 'Report' }).click();
    const window = reporterPage.getByRole('dialog', { name: /^Report .*’s message$/ });
    await expect(window.getByRole('radio', { name: 'Spam' })).toBeFocused();
    await window.getByRole('radio', { name: 'Spam' }).check();
    await window.getByLabel(/Anything the moderators should know/).fill('Links to pills, again.');
    await expectAccessibleInBothThemes(reporterPage, 'the report window');
    await window.getByRole('button', { name: 'Send report' }).click();
    await expect(window.getByRole('status')).toContainText('Thank you.');
    await window.getByRole('button', { name: 'Done' }).click();
    await expect(window).toBeHidden();
    expect(adminChunkFetched()).toBe(false);
    // Typed by hand, the address finds no page: the server would refuse its functions anyway.
    await reporterPage.goto('/admin');
    await expect(reporterPage.getByText('This page could not be found')).toBeVisible();

    // The moderator finds the report with the message in its room, and hides it.
    const moderatorPage = await signedIn(browser, moderator, '/');
    await moderatorPage.getByRole('link', { name: 'Moderation' }).click();
    await expect(moderatorPage.getByRole('heading', { level: 1, name: 'Moderation' })).toBeVisible();
    const report = moderatorPage.getByRole('listitem').filter({
      has: moderatorPage.getByRole('heading', { name: `Chat message by ${author.username}` }),
    });
    await expect(report).toContainText('Links to pills, again.');
    await expect(report.getByRole('list', { name: 'The message and those around it' })).toContainText(spam);
    for (const width of [1400, 375]) {
      await moderatorPage.setViewportSize({ width, height: 900 });
      await expectAccessibleInBothThemes(moderatorPage, `the reports at ${width} px`);
    }
    await report.getByLabel('Action').selectOption('hide');
    await report.getByLabel('Reason (the person is told)').fill('Spam links');
    await report.getByRole('button', { name: 'Apply' }).click();

    // It leaves the open chat of the third person at once, and the queue.
    await expect(readerChat.message(spam)).toHaveCount(0);
    await expect(
      moderatorPage.getByRole('heading', { name: `Chat message by ${author.username}` }),
    ).toHaveCount(0);

    // The other sections, at a phone's width (the reports were checked at both).
    for (const section of ['People', 'Rooms'] as const) {
      await moderatorPage
        .getByRole('navigation', { name: 'Moderation sections' })
        .getByRole('link', { name: section })
        .click();
      await expect(
        moderatorPage.getByRole('heading', { level: 2, name: section === 'People' ? 'People' : 'Slow mode' }),
      ).toBeVisible();
      await moderatorPage.setViewportSize({ width: 375, height: 900 });
      await expectAccessibleInBothThemes(moderatorPage, `${section} at 375 px`);
    }
  });

  test('a suspended person sees only the sanction, and appeals once', async ({ browser }) => {
    test.setTimeout(90_000);
    const [suspended, moderator] = await Promise.all([createAccount(), createModerator()]);
    await runAs(moderator, 'moderate', {
      action: 'suspend',
      kind: 'user',
      id: suspended.objectId,
      reason: 'Harassing other members',
    });

    const page = await signedIn(browser, suspended, '/');
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(page.getByRole('heading', { level: 1, name: 'Your account is suspended' })).toBeVisible();
    await expect(page.getByText('Until a moderator lifts it.')).toBeVisible();
    await expect(page.getByText('Harassing other members')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Download my data (JSON)' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Delete my account' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
    await expectAccessibleInBothThemes(page, 'the suspension at 375 px');

    await page.getByRole('button', { name: 'Send appeal' }).click();
    await expect(page.getByText('Write why you appeal.')).toBeVisible();
    await page.getByLabel('Your appeal').fill('It was a joke between friends; I am sorry.');
    await page.getByRole('button', { name: 'Send appeal' }).click();
    await expect(page.getByText('Your appeal is waiting for a moderator.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send appeal' })).toHaveCount(0);

    // Another page of the app shows the same, and nothing else.
    await page.goto('/nutrition-log');
    await expect(page.getByRole('heading', { level: 1, name: 'Your account is suspended' })).toBeVisible();
    await expect(page.getByText('Your appeal is waiting for a moderator.')).toBeVisible();
    await page.setViewportSize({ width: 1400, height: 900 });
    await expectAccessibleInBothThemes(page, 'the suspension at 1400 px');
  });

  test('an admin filters the record by a person, sends a password reset and deletes an account with a reason', async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    const [admin, moderator, warned, bystander, forgetful, spammer] = await Promise.all([
      createStaff('admin'),
      createModerator(),
      createAccount(),
      createAccount(),
      createAccount(),
      createAccount(),
    ]);
    await confirmEmail(forgetful);
    for (const [person, reason] of [
      [warned, 'Rude in the run room'],
      [bystander, 'Off-topic links'],
    ] as const) {
      await runAs(moderator, 'moderate', {
        action: 'warn',
        kind: 'user',
        id: person.objectId,
        reason,
      });
    }

    // The record, filtered by the person warned: typed, kept in the address.
    const page = await signedIn(browser, admin, '/admin?section=log');
    await expect(page.getByRole('heading', { level: 2, name: 'Record of actions' })).toBeVisible();
    await page.getByLabel('Person acted on (username)').fill(warned.username);
    await page.getByLabel('Person acted on (username)').press('Enter');
    await expect(page).toHaveURL(new RegExp(`[?&]person=${warned.username}(&|$)`));
    await expect(page.getByText('Rude in the run room')).toBeVisible();
    await expect(page.getByText('Off-topic links')).toHaveCount(0);
    await page.getByLabel('Action', { exact: true }).selectOption('deleteAccount');
    await page.getByRole('button', { name: 'Show' }).click();
    await expect(page.getByText('No actions match these filters.')).toBeVisible();
    await page.getByRole('link', { name: 'Clear the filters' }).click();
    // A moderator's name in a row filters by them.
    await page.getByRole('link', { name: moderator.username }).first().click();
    await expect(page).toHaveURL(new RegExp(`[?&]moderator=${moderator.username}(&|$)`));
    await expect(page.getByText('Off-topic links')).toBeVisible();

    // A password reset, with its confirm step.
    await page
      .getByRole('navigation', { name: 'Moderation sections' })
      .getByRole('link', { name: 'People' })
      .click();
    await page.getByLabel('Username or e-mail').fill(forgetful.username);
    await page.getByRole('button', { name: 'Find' }).click();
    const forgetfulRow = page.getByRole('listitem').filter({ hasText: `@${forgetful.username}` });
    await forgetfulRow.getByText('Actions', { exact: true }).click();
    for (const fact of ['Joined', 'Last active', 'Role', 'Status']) {
      await expect(forgetfulRow.locator('dt').getByText(fact, { exact: true })).toBeVisible();
    }
    await forgetfulRow.getByRole('button', { name: 'Send a password reset…' }).click();
    const resetWindow = page.getByRole('dialog', { name: `Send ${forgetful.username} a password reset` });
    await expect(resetWindow.getByLabel('Reason (kept in the record)')).toBeFocused();
    await resetWindow.getByRole('button', { name: 'Send the reset' }).click();
    await expect(resetWindow.getByText('Give a reason.')).toBeVisible();
    await resetWindow.getByLabel('Reason (kept in the record)').fill('Asked by mail, locked out');
    await expectAccessibleInBothThemes(page, 'the password reset window');
    await resetWindow.getByRole('button', { name: 'Send the reset' }).click();
    await expect(resetWindow).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: 'A password reset was sent' })).toContainText(
      forgetful.username,
    );
    await expect(forgetfulRow.getByRole('button', { name: 'Send a password reset…' })).toBeFocused();
    expect(await latestMailTo(forgetful.email, 'Reset your')).toContain('request_password_reset');

    // An account deleted with a reason, after its username is typed out.
    await page.getByLabel('Username or e-mail').fill(spammer.username);
    await page.getByRole('button', { name: 'Find' }).click();
    const spammerRow = page.getByRole('listitem').filter({ hasText: `@${spammer.username}` });
    await spammerRow.getByText('Actions', { exact: true }).click();
    await spammerRow.getByRole('button', { name: 'Delete the account…' }).click();
    const deleteWindow = page.getByRole('dialog', { name: `Delete ${spammer.username}’s account` });
    await deleteWindow.getByLabel('Reason (sent to them and kept in the record)').fill('Nothing but spam');
    await deleteWindow.getByLabel(`Type ${spammer.username} to confirm`).fill('someone else');
    await deleteWindow.getByRole('button', { name: 'Delete the account for good' }).click();
    await expect(deleteWindow.getByText(`Type the username exactly: ${spammer.username}`)).toBeVisible();
    await expect(deleteWindow.getByLabel(`Type ${spammer.username} to confirm`)).toBeFocused();
    await expectAccessibleInBothThemes(page, 'the deletion window');
    await deleteWindow.getByLabel(`Type ${spammer.username} to confirm`).fill(spammer.username);
    await deleteWindow.getByRole('button', { name: 'Delete the account for good' }).click();
    await expect(deleteWindow).toBeHidden();
    const deleted = page
      .getByRole('status')
      .filter({ hasText: `The account ${spammer.username} was deleted.` });
    await expect(deleted).toBeFocused();
    await expect(spammerRow).toHaveCount(0);
    expect(await latestMailTo(spammer.email, 'was deleted')).toContain('Nothing but spam');

    // The record keeps it, naming the account that is gone.
    await page
      .getByRole('navigation', { name: 'Moderation sections' })
      .getByRole('link', { name: 'Record' })
      .click();
    await page.getByLabel('Person acted on (username)').fill(spammer.username);
    await page.getByRole('button', { name: 'Show' }).click();
    const deletion = page.getByRole('listitem').filter({ hasText: 'Nothing but spam' });
    await expect(deletion).toContainText(
      `${admin.username}: Delete the account, Person of ${spammer.username}`,
    );

    for (const width of [1400, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await expectAccessibleInBothThemes(page, `the filtered record at ${width} px`);
      expect(await overflowOf(page), `the record at ${width} px`).toBeLessThanOrEqual(0);
    }
    await page
      .getByRole('navigation', { name: 'Moderation sections' })
      .getByRole('link', { name: 'People' })
      .click();
    await page.getByLabel('Username or e-mail').fill(forgetful.username);
    await page.getByRole('button', { name: 'Find' }).click();
    await forgetfulRow.getByText('Actions', { exact: true }).click();
    for (const width of [375, 1400]) {
      await page.setViewportSize({ width, height: 900 });
      await expectAccessibleInBothThemes(page, `the people at ${width} px`);
      expect(await overflowOf(page), `the people at ${width} px`).toBeLessThanOrEqual(0);
    }
  });

  test('a reported comment’s author is suspended and their comment and message leave others; a warned person sees the warning and appeals', async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const [owner, author, reader, moderator, warned] = await Promise.all([
      createAccount(),
      createAccount(),
      createAccount(),
      createModerator(),
      createAccount(),
    ]);
    await befriend(owner, author);
    await befriend(owner, reader);
    const workout = await requestAs<{ objectId: string }>(owner, 'POST', 'classes/Activity', {
      type: 'run',
      startedAt: { __type: 'Date', iso: new Date(Date.now() - 3_600_000).toISOString() },
      durationMin: 40,
      distanceKm: 8,
      visibility: 'friends',
    });
    const nasty = `You run like a snail (${uniqueName('c')})`;
    await runAs(author, 'addComment', { activityId: workout.objectId, text: nasty });
    const spam = `Follow me at spam.example (${uniqueName('m')})`;
    await postChatMessages(author, 'topic:swim', [spam]);

    // The reader counts in miles: the friend's workout reads so too.
    const { results } = await requestAs<{ results: { objectId: string }[] }>(
      reader,
      'GET',
      'classes/Settings',
    );
    await requestAs(reader, 'PUT', `classes/Settings/${results[0]?.objectId ?? ''}`, { units: 'imperial' });

    // The reader reports the comment from the workout's window.
    const page = await signedIn(browser, reader, `/friends-ranking?workout=${workout.objectId}`);
    const workoutWindow = page
      .getByRole('dialog')
      .filter({ has: page.getByRole('list', { name: 'Comments' }) });
    const comment = workoutWindow.getByRole('listitem').filter({ hasText: nasty });
    await expect(comment).toHaveCount(1);
    await expect(workoutWindow).toContainText('4.97 mi');
    for (const width of [1400, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await expectAccessibleInBothThemes(page, `a workout’s comments at ${width} px`);
    }
    await comment.getByRole('button', { name: /^More actions for the comment by / }).click();
    await page.getByRole('menuitem', { name: 'Report' }).click();
    const report = page.getByRole('dialog', { name: /^Report .*’s comment$/ });
    await report.getByRole('radio', { name: 'Harassment' }).check();
    await report.getByRole('button', { name: 'Send report' }).click();
    await expect(report.getByRole('status')).toContainText('Thank you.');
    await report.getByRole('button', { name: 'Done' }).click();

    // A moderator suspends its author.
    const { reports } = await runAs(moderator, 'moderationQueue', {});
    expect(reports.some((row) => row.kind === 'comment' && row.targetUser?.userId === author.objectId)).toBe(
      true,
    );
    await runAs(moderator, 'moderate', {
      action: 'suspend',
      kind: 'user',
      id: author.objectId,
      reason: 'Insulting people',
    });

    // The reader sees neither the comment nor the chat message any more.
    await page.reload();
    await expect(page.getByRole('list', { name: 'Comments' })).toHaveCount(0);
    await expect(page.getByText('No comments yet.')).toBeVisible();
    await expect(page.getByText(nasty)).toHaveCount(0);
    await page.goto('/exercises-chat?room=topic:swim');
    const chat = new ChatPage(page);
    await chat.expectLive();
    await expect(chat.message(spam)).toHaveCount(0);

    // The author sees the sanction and why.
    const authorPage = await signedIn(browser, author, '/');
    await expect(
      authorPage.getByRole('heading', { level: 1, name: 'Your account is suspended' }),
    ).toBeVisible();
    await expect(authorPage.getByText('Insulting people')).toBeVisible();

    // A warned person finds the warning in their standing, and appeals it once.
    await runAs(moderator, 'moderate', {
      action: 'warn',
      kind: 'user',
      id: warned.objectId,
      reason: 'Keep it friendly in the chat',
    });
    const warnedPage = await signedIn(browser, warned, '/user-settings?section=standing');
    const panel = warnedPage.getByRole('region', { name: 'Your standing' });
    await expect(panel.getByRole('heading', { name: 'Warnings' })).toBeVisible();
    await expect(panel).toContainText('Keep it friendly in the chat');
    for (const width of [1400, 375]) {
      await warnedPage.setViewportSize({ width, height: 900 });
      await expectAccessibleInBothThemes(warnedPage, `the standing at ${width} px`);
    }
    await panel.getByRole('button', { name: 'Appeal' }).click();
    await expect(panel.getByLabel('Your appeal')).toBeFocused();
    await panel.getByLabel('Your appeal').fill('I was quoting a film.');
    await panel.getByRole('button', { name: 'Send appeal' }).click();
    await expect(panel.getByText('Your appeal is waiting for a moderator.')).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Appeal' })).toHaveCount(0);
    await expect(warnedPage.getByRole('button', { name: /^Notifications, 1 unread/ })).toBeVisible();
  });
});
