// `npm run bench:offline`: 50 weigh-ins logged in the browser without a network, then the time from
// the network coming back to all 50 saved on the server, beside the same 50 creates sent one after
// another with fetch from the same page and from Node (the sync sends in order, one at a time).
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { chromium, type Page } from '@playwright/test';
import { chromiumLaunchOptions } from '../e2e/support/browser';
import { ROOT } from '../server/test/serverProcess';
import { APP_ID, logInThroughPage, ms, sessionRequest, type Session, withBenchServer } from './support';

const run = promisify(execFile);
const CHANGES = 50;
const RUNS = 3;

async function countWeighIns(session: Session): Promise<number> {
  const { body } = await sessionRequest(session, 'GET', '/parse/classes/WeightEntry?count=1&limit=0');
  return Number(body.count);
}

/** The baseline: the same number of weigh-ins created over REST, sequentially, no browser. */
async function directSaves(session: Session): Promise<number> {
  const started = performance.now();
  for (let index = 0; index < CHANGES; index++) {
    const { status } = await sessionRequest(session, 'POST', '/parse/classes/WeightEntry', {
      body: {
        measuredAt: { __type: 'Date', iso: new Date(Date.now() - index * 60_000).toISOString() },
        weightKg: 80 + index / 10,
        note: 'direct',
      },
    });
    if (status !== 201) throw new Error(`Direct save answered ${status}.`);
  }
  return performance.now() - started;
}

/** The same creates sent from the page with fetch, one after another: the browser's own cost. */
async function pageSaves(page: Page, session: Session): Promise<number> {
  return page.evaluate(
    async ({ sessionToken, appId, count }) => {
      const started = performance.now();
      for (let index = 0; index < count; index++) {
        const response = await fetch('/parse/classes/WeightEntry', {
          method: 'POST',
          headers: {
            'X-Parse-Application-Id': appId,
            'X-Parse-Session-Token': sessionToken,
            'Content-Type': 'application/json',
          },
          body: JSON.stringify({
            measuredAt: { __type: 'Date', iso: new Date(Date.now() - index * 60_000).toISOString() },
            weightKg: 60 + index / 10,
            note: 'page',
          }),
        });
        if (response.status !== 201) throw new Error(`A save from the page answered ${response.status}.`);
      }
      return performance.now() - started;
    },
    { sessionToken: session.sessionToken, appId: APP_ID, count: CHANGES },
  );
}

const clock = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

async function logWeighInsOffline(page: Page): Promise<void> {
  for (let index = 0; index < CHANGES; index++) {
    await page.getByRole('button', { name: 'Add a weigh-in' }).click();
    const window = page.getByRole('dialog', { name: 'Add a weigh-in' });
    await window.getByLabel(/^Weight \(kg\)$/).fill(String(70 + index / 10));
    await window.getByLabel('Time').fill(clock(index));
    await window.getByRole('button', { name: 'Save weigh-in' }).click();
    await window.waitFor({ state: 'hidden' });
  }
  await page.locator('.status-text').getByText(`${CHANGES} changes waiting to sync`).waitFor();
}

if (!process.argv.includes('--no-build')) await run('npx', ['vite', 'build'], { cwd: ROOT });

const rows = await withBenchServer('bench-offline', async ({ baseUrl, client, server }) => {
  const browser = await chromium.launch(chromiumLaunchOptions());
  const results: { sync: number; fromPage: number; direct: number }[] = [];
  try {
    for (let round = 0; round < RUNS; round++) {
      const person = await client.signUp();
      // The app's own origin (PUBLIC_URL): the page's API calls are refused from any other.
      const context = await browser.newContext({ baseURL: server.baseUrl });
      const page = await context.newPage();
      await logInThroughPage(page, person);
      await page.waitForURL(`${server.baseUrl}/`);
      await page.goto('/weight-tracking');
      await page.getByRole('heading', { level: 1, name: 'Weight' }).waitFor();

      await context.setOffline(true);
      await logWeighInsOffline(page);
      const started = performance.now();
      await context.setOffline(false);
      await page
        .locator('.status-text')
        .getByText(/^Online$/)
        .waitFor({ timeout: 120_000 });
      const sync = performance.now() - started;
      const saved = await countWeighIns({ baseUrl, sessionToken: person.sessionToken });
      if (saved !== CHANGES) throw new Error(`${saved} weigh-ins saved instead of ${CHANGES}.`);
      const fromPage = await pageSaves(page, { baseUrl, sessionToken: (await client.signUp()).sessionToken });
      await context.close();

      const other = await client.signUp();
      const direct = await directSaves({ baseUrl, sessionToken: other.sessionToken });
      results.push({ sync, fromPage, direct });
    }
  } finally {
    await browser.close();
  }
  return results;
});

console.log(`\n${CHANGES} weigh-ins queued offline in Chromium, ${RUNS} runs`);
console.log(
  '| run | reconnect → all saved | per change | same creates by fetch from the page | ratio | from Node | ratio |',
);
console.log('|---|---|---|---|---|---|---|');
rows.forEach(({ sync, fromPage, direct }, index) => {
  console.log(
    `| ${index + 1} | ${ms(sync)} ms | ${ms(sync / CHANGES)} ms | ${ms(fromPage)} ms | ${(sync / fromPage).toFixed(2)}× | ${ms(direct)} ms | ${(sync / direct).toFixed(2)}× |`,
  );
});
