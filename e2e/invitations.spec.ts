import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import {
  connectDatabase,
  createDataDir,
  databaseUri,
  removeDataDir,
  startServerProcess,
  type ServerProcess,
} from '../server/test/serverProcess';
import { restClient } from '../server/test/restClient';
import { LoginPage } from './pages/LoginPage';
import { SignupPage } from './pages/SignupPage';
import { violationsOn } from './support/accessibility';
import { e2eServer, uniqueName } from './support/api';

/**
 * Nodes of one server, as an operator would run them: one invite-only with an admin, one closed.
 * They have a database of their own: the nodes of a server share its sign-up mode once an admin
 * picks one on the admin page, and the shared end-to-end server's admins do.
 */
interface Node {
  server: ServerProcess;
  dataDir: string;
}

interface Person {
  username: string;
  password: string;
}

let database: string;
let inviteOnly: Node;
let closed: Node;
let admin: Person;

async function startNode(prefix: string, env: Record<string, string>): Promise<Node> {
  const { masterKey } = e2eServer();
  const dataDir = await createDataDir(prefix);
  const server = await startServerProcess({
    dataDir,
    env: { DATABASE_URI: database, MASTER_KEY: masterKey, ...env },
  });
  return { server, dataDir };
}

/** An account made by the operator (the master key), as on a server whose sign-up is not open. */
async function accountOn(node: Node): Promise<Person> {
  const person = { username: uniqueName('member'), password: `pw-${uniqueName('x')}` };
  const answer = await restClient({ ...e2eServer(), baseUrl: node.server.baseUrl }).request(
    'POST',
    '/parse/users',
    { masterKey: true, body: person },
  );
  if (answer.status >= 400) throw new Error(`Could not make ${person.username}: ${answer.text}`);
  return person;
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const { dataDir } = e2eServer();
  const name = uniqueName('invitations').toLowerCase();
  const client = await connectDatabase(dataDir);
  try {
    await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
  database = await databaseUri(dataDir, name);
  closed = await startNode('e2e-closed', { SIGNUP: 'closed' });
  admin = await accountOn(closed);
  // Each node settles the admin role by its own ADMIN_USERNAMES at start: the one that lists the admin starts last.
  inviteOnly = await startNode('e2e-invite', { SIGNUP: 'invite', ADMIN_USERNAMES: admin.username });
});

test.afterAll(async () => {
  for (const node of [inviteOnly, closed]) {
    if (!node) continue;
    await node.server.stop();
    await removeDataDir(node.dataDir);
  }
});

const contexts: BrowserContext[] = [];

test.afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

/** A fresh browser on a node, signed out. */
async function visitor(browser: Browser, node: Node): Promise<Page> {
  const context = await browser.newContext({ baseURL: node.server.baseUrl });
  contexts.push(context);
  return context.newPage();
}

function newcomer() {
  const username = uniqueName('invited');
  return { username, email: `${username}@example.com`, password: `pw-${uniqueName('x')}` };
}

test.describe('invitations', () => {
  test('an admin makes a link, the invited person signs up with it once, and the link is spent', async ({
    browser,
  }) => {
    const adminPage = await visitor(browser, inviteOnly);
    await new LoginPage(adminPage).goto(`?from=${encodeURIComponent('/user-settings?section=invitations')}`);
    await new LoginPage(adminPage).logIn(admin.username, admin.password);
    const invitations = adminPage.getByRole('region', { name: 'Invitations' });
    await expect(invitations).toContainText('No open invitations.');
    await invitations.getByRole('button', { name: 'Make an invitation link' }).click();
    const linkField = invitations.getByLabel('Invitation link');
    await expect(linkField).toHaveValue(/\/signup\?invitation=[A-Za-z0-9_-]{32}$/);
    const link = await linkField.inputValue();
    await expect(invitations.getByRole('listitem')).toContainText(`Made by ${admin.username} on`);
    expect(await violationsOn(adminPage)).toEqual([]);

    const invited = await visitor(browser, inviteOnly);
    await invited.goto(link);
    await expect(invited.getByText('You were invited: choose your username and password.')).toBeVisible();
    expect(await violationsOn(invited)).toEqual([]);
    await new SignupPage(invited).signUp(newcomer());
    // In, and asked for a goal first, as every new account is.
    await expect(invited.getByRole('heading', { level: 1, name: 'Your goal' })).toBeVisible();

    const latecomer = await visitor(browser, inviteOnly);
    await latecomer.goto(link);
    await new SignupPage(latecomer).signUp(newcomer());
    await expect(latecomer.getByRole('alert')).toHaveText('This invitation has already been used.');

    // The used invitation has left the admin's list.
    await adminPage.reload();
    await expect(adminPage.getByRole('region', { name: 'Invitations' })).toContainText(
      'No open invitations.',
    );
  });

  test('a revoked link no longer works, and the page asks for a link when there is none', async ({
    browser,
  }) => {
    const adminPage = await visitor(browser, inviteOnly);
    await new LoginPage(adminPage).goto(`?from=${encodeURIComponent('/user-settings?section=invitations')}`);
    await new LoginPage(adminPage).logIn(admin.username, admin.password);
    const invitations = adminPage.getByRole('region', { name: 'Invitations' });
    await invitations.getByRole('button', { name: 'Make an invitation link' }).click();
    const link = await invitations.getByLabel('Invitation link').inputValue();
    await invitations.getByRole('button', { name: /^Revoke the invitation made on/ }).click();
    await expect(invitations).toContainText('Invitation revoked: its link no longer works.');
    await expect(invitations.getByRole('listitem')).toHaveCount(0);

    const page = await visitor(browser, inviteOnly);
    await page.goto(link);
    await new SignupPage(page).signUp(newcomer());
    await expect(page.getByRole('alert')).toHaveText(
      'This invitation link is not valid. It may be mistyped or revoked.',
    );

    await page.goto('/signup');
    await expect(page.getByRole('heading', { name: 'Sign-up is by invitation' })).toBeVisible();
    await expect(page.getByLabel('Username')).toHaveCount(0);
  });

  test('someone who is not an admin sees no invitations in settings', async ({ browser }) => {
    const member = await accountOn(inviteOnly);
    const page = await visitor(browser, inviteOnly);
    await new LoginPage(page).goto(`?from=${encodeURIComponent('/user-settings?section=security')}`);
    await new LoginPage(page).logIn(member.username, member.password);
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Password and devices' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Invitations' })).toHaveCount(0);
    await expect(
      page.getByRole('navigation', { name: 'Settings sections' }).getByRole('link', { name: /^Invitations/ }),
    ).toHaveCount(0);
    // Named in the address, the section is not found.
    await page.goto('/user-settings?section=invitations');
    await expect(page.getByText('This page could not be found')).toBeVisible();
  });
});

test('a closed server says so on the sign-up page, and existing accounts still log in', async ({
  browser,
}) => {
  const page = await visitor(browser, closed);
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/signup');
  await expect(page.getByRole('heading', { name: 'Sign-up is closed' })).toBeVisible();
  await expect(page.getByLabel('Username')).toHaveCount(0);
  expect(await violationsOn(page)).toEqual([]);

  await page.getByRole('link', { name: 'Log in' }).click();
  await new LoginPage(page).logIn(admin.username, admin.password);
  await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
});
