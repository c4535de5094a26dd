// How fast food search and the nutrition page's data are for a person with 1 000 foods of their
// own beside the full catalogue and 90 days of meals (30 entries today): times searchFoods over a
// spread of queries and nutritionDay against the cheapest Parse round trip and the search's own
// SQL statement, then opens the page in headless Chromium and lists the requests it makes (the
// page's data is one nutritionDay call; the authCheck guard's session check runs beside it).
// `npm run bench:nutrition [-- --quick]`
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../e2e/support/browser';
import { connectDatabase } from '../server/test/serverProcess';
import { localDay } from '../src/domain/calendarDays';
import { foodSearchParams, foodSearchStatement } from '../cloud/store/foodSearchSql';
import { searchWords } from '../src/domain/nutrition';
import {
  baseline,
  type BatchRequest,
  batchWithMasterKey,
  cloudFunction,
  DAY_MS,
  logInThroughPage,
  measure,
  ms,
  mulberry32,
  printReport,
  type Scenario,
  type Session,
  withBenchServer,
} from './support';

const quick = process.argv.includes('--quick');
const CALLS = quick ? 100 : 400;
const WARM_UP = 20;
const BUDGET_P95_MS = 50;
const CUSTOM_FOODS = 1000;
const HISTORY_DAYS = 90;
const ENTRIES_TODAY = 30;
const TIME_ZONE = 'UTC';

/** What people type, from a first letter to whole words; the search pauses between keystrokes. */
const QUERIES = [
  'a',
  'ch',
  'gre',
  'greek yog',
  'apple',
  'rice cook',
  'bread white',
  'my gran',
  'chicken breast',
  'zz',
];

const ADJECTIVES = [
  'Homemade',
  'Spicy',
  'Grandma’s',
  'Quick',
  'Protein',
  'Morning',
  'Crunchy',
  'Green',
  'Sweet',
  'My',
];
const DISHES = ['granola', 'curry', 'smoothie', 'pancakes', 'salad', 'chili', 'soup', 'wrap', 'bowl', 'bar'];

function customFoods(userId: string): BatchRequest[] {
  const random = mulberry32(4184);
  return Array.from({ length: CUSTOM_FOODS }, (_, index) => {
    const protein = Math.round(random() * 300) / 10;
    const carbs = Math.round(random() * 600) / 10;
    const fat = Math.round(random() * 300) / 10;
    return {
      method: 'POST',
      path: '/parse/classes/Food',
      body: {
        name: `${ADJECTIVES[index % 10] ?? ''} ${DISHES[Math.floor(index / 10) % 10] ?? ''} ${index}`,
        kcalPer100g: Math.round(protein * 4 + carbs * 4 + fat * 9),
        proteinPer100g: protein,
        carbsPer100g: carbs,
        fatPer100g: fat,
        servingG: 50 + (index % 200),
        user: { __type: 'Pointer', className: '_User', objectId: userId },
        ACL: { [userId]: { read: true, write: true } },
      },
    };
  });
}

const MEAL_TYPES = ['breakfast', 'lunch', 'dinner', 'snack'] as const;

/** Five entries a day for 90 days, thirty today; most from a food, some quick adds. */
function meals(userId: string, foodIds: readonly string[], now: Date): BatchRequest[] {
  const random = mulberry32(2026);
  const todayStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const minutesToday = Math.max(ENTRIES_TODAY, Math.floor((now.getTime() - todayStart) / 60_000) - 1);
  const rows: BatchRequest[] = [];
  const add = (eatenAt: number, index: number) => {
    const foodId = foodIds[Math.floor(random() * foodIds.length)];
    const base = {
      eatenAt: { __type: 'Date', iso: new Date(eatenAt).toISOString() },
      mealType: MEAL_TYPES[index % 4],
      user: { __type: 'Pointer', className: '_User', objectId: userId },
      ACL: { [userId]: { read: true, write: true } },
    };
    rows.push({
      method: 'POST',
      path: '/parse/classes/Meal',
      body:
        random() < 0.8 && foodId
          ? {
              ...base,
              food: { __type: 'Pointer', className: 'Food', objectId: foodId },
              grams: 50 + Math.floor(random() * 250),
            }
          : {
              ...base,
              name: 'Quick add',
              caloriesKcal: 100 + Math.floor(random() * 600),
              proteinG: 10,
              carbsG: 40,
              fatG: 10,
            },
    });
  };
  for (let daysAgo = HISTORY_DAYS; daysAgo >= 1; daysAgo -= 1) {
    for (let index = 0; index < 5; index += 1)
      add(todayStart - daysAgo * DAY_MS + (7 + index * 3) * 3_600_000, index);
  }
  for (let index = 0; index < ENTRIES_TODAY; index += 1) {
    add(todayStart + Math.floor((index * minutesToday) / ENTRIES_TODAY) * 60_000, index);
  }
  return rows;
}

interface PageLoad {
  entries: number;
  requests: string[];
  loadMs: number;
}

/** Logs in, opens the nutrition page, and lists every request to /parse it makes until it shows the day. */
async function openPage(
  baseUrl: string,
  dataDir: string,
  account: { username: string; password: string },
): Promise<PageLoad> {
  const scratch = path.join(dataDir, 'browser');
  await mkdir(scratch, { recursive: true });
  const browser = await chromium.launch({
    ...chromiumLaunchOptions(),
    env: { ...process.env, HOME: scratch, TMPDIR: scratch },
  });
  try {
    const page = await browser.newPage({ baseURL: baseUrl, timezoneId: TIME_ZONE });
    await logInThroughPage(page, account);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    const requests: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/parse/')) requests.push(`${request.method()} ${url.pathname}`);
    });
    const started = performance.now();
    await page.getByRole('link', { name: 'Nutrition' }).click();
    await page.getByRole('heading', { level: 1, name: 'Nutrition' }).waitFor();
    await page
      .locator('.meal-item')
      .nth(ENTRIES_TODAY - 1)
      .waitFor();
    const loadMs = performance.now() - started;
    return { entries: await page.locator('.meal-item').count(), requests, loadMs };
  } finally {
    await browser.close();
  }
}

const report = await withBenchServer('bench-nutrition', async ({ baseUrl, client, dataDir, server }) => {
  const person = await client.signUp();
  const session: Session = { baseUrl, sessionToken: person.sessionToken };
  const seedStart = performance.now();
  await batchWithMasterKey(client, customFoods(person.objectId));
  const sql = await connectDatabase(dataDir);
  try {
    const { rows: counts } = await sql.query<{ catalogue: number; custom: number }>(
      `SELECT count(*) FILTER (WHERE "user" IS NULL)::int AS catalogue, count(*) FILTER (WHERE "user" IS NOT NULL)::int AS custom FROM "Food"`,
    );
    const { rows: picks } = await sql.query<{ objectId: string }>(
      `SELECT "objectId" FROM "Food" WHERE "user" IS NULL ORDER BY "objectId" LIMIT 60`,
    );
    const now = new Date();
    const mealRows = meals(
      person.objectId,
      picks.map((row) => row.objectId),
      now,
    );
    await batchWithMasterKey(client, mealRows);
    console.log(
      `Seeded ${CUSTOM_FOODS} own foods and ${mealRows.length} meals in ${((performance.now() - seedStart) / 1000).toFixed(1)} s; ` +
        `the Food table holds ${counts[0]?.catalogue ?? 0} catalogue foods and ${counts[0]?.custom ?? 0} own foods.`,
    );

    const loop = { warmUp: WARM_UP, calls: CALLS };
    let turn = 0;
    const nextQuery = () => QUERIES[turn++ % QUERIES.length] ?? 'a';
    const searching: () => Promise<number> = () => {
      const query = nextQuery();
      return cloudFunction(session, 'searchFoods', { query }, Array.isArray)();
    };
    // The statement searchFoods runs, alone, for the same queries: the floor under the function.
    const statement = async () => {
      const words = searchWords(nextQuery());
      const started = performance.now();
      await sql.query(
        foodSearchStatement('"objectId", name'),
        foodSearchParams(person.objectId, words, 'en'),
      );
      return performance.now() - started;
    };
    const today = localDay(now, TIME_ZONE);
    const dayOf = (days: number) =>
      cloudFunction(session, 'nutritionDay', { date: today, days, timeZone: TIME_ZONE }, (result) => {
        const meals = (result as { meals?: unknown[] } | null)?.meals;
        return Array.isArray(meals) && meals.length === ENTRIES_TODAY;
      });
    const base = baseline(session, 'Food');
    const scenarios: Scenario[] = [
      await measure(base.name, base.call, loop),
      await measure(`searchFoods, ${QUERIES.length} queries in turn`, searching, loop),
      await measure(`nutritionDay { ${ENTRIES_TODAY} entries, days: 7 }`, dayOf(7), loop),
      await measure(`nutritionDay { ${ENTRIES_TODAY} entries, days: 30 }`, dayOf(30), loop),
    ];
    const floor = await measure('the search statement alone (SQL)', statement, loop);
    // The browser opens the app at its own origin (PUBLIC_URL): its API calls are refused from any other.
    const page = await openPage(server.baseUrl, dataDir, person);
    return { scenarios, floor, page };
  } finally {
    await sql.end();
  }
});

printReport(report.scenarios, BUDGET_P95_MS);
const [searchRow] = report.scenarios.slice(1, 2);
if (searchRow) {
  const sorted = (times: number[]) => [...times].sort((a, b) => a - b);
  const p = (times: number[], q: number) => sorted(times)[Math.ceil((q / 100) * times.length) - 1] ?? 0;
  console.log(
    `The search statement alone: p50 ${ms(p(report.floor.times, 50))} ms, p95 ${ms(p(report.floor.times, 95))} ms ` +
      `(searchFoods is ${(p(searchRow.times, 50) / p(report.floor.times, 50)).toFixed(1)}× it at p50).`,
  );
}
console.log('');
console.log(
  `Opening /nutrition-log with ${report.page.entries} entries today took ${ms(report.page.loadMs)} ms and ` +
    `${report.page.requests.length} request(s) to Parse: ${report.page.requests.join(', ') || 'none'}.`,
);
