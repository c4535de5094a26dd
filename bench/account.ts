// How long a person with three years of data waits for "Download my data": seeds one person
// (~1 000 workouts, ~1 100 weigh-ins, ~5 meals a day, own foods, friends and chat messages), then
// pulls the paged exportMyData the way the browser does (one page after another) and reports the
// total time, the server's memory before and at its peak during the export, and finally times
// deleteMyAccount on the same account.
// `npm run bench:account [-- --quick] [-- --runs=N]`
import { ACTIVITY_TYPES, MEAL_TYPES } from '../src/domain/contract';
import { EXPORT_PARTS, type ExportPage, type ExportPart } from '../src/domain/dataExport';
import { dmRoomKey } from '../src/domain/chatRooms';
import {
  batchWithMasterKey,
  DAY_MS,
  mib,
  mulberry32,
  processStats,
  sessionRequest,
  settledRss,
  withBenchServer,
  type BatchRequest,
  type Session,
} from './support';
import type { RestResponse } from '../server/test/restClient';

const quick = process.argv.includes('--quick');
const DAYS = quick ? 365 : 1095;
const runsArgument = process.argv.find((argument) => argument.startsWith('--runs='));
const RUNS = runsArgument ? Number(runsArgument.slice('--runs='.length)) : quick ? 2 : 5;
const BUDGET_SECONDS = 5;
const OWN_FOODS = 40;
const FRIENDS = 5;
const CHAT_MESSAGES = quick ? 100 : 300;
const RSS_SAMPLE_MS = 25;

const pointerTo = (className: string, objectId: string) => ({ __type: 'Pointer', className, objectId });
const at = (time: number) => ({ __type: 'Date', iso: new Date(time).toISOString() });

/** What the person's history holds, row by row, as master-key creates with their owner and ACL. */
function history(userId: string, foodIds: readonly string[], now: number) {
  const random = mulberry32(20240917);
  const between = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)] as T;
  const owned = { user: pointerTo('_User', userId), ACL: { [userId]: { read: true, write: true } } };
  const todayUtc = now - (now % DAY_MS);
  const activities: BatchRequest[] = [];
  const meals: BatchRequest[] = [];
  const weighIns: { measuredAt: string; weightKg: number; note?: string }[] = [];
  let weightKg = 96;
  for (let daysAgo = DAYS - 1; daysAgo >= 0; daysAgo -= 1) {
    const day = todayUtc - daysAgo * DAY_MS;
    const before = (time: number) => Math.min(time, now - 60_000);
    if (random() < 0.92) {
      const durationMin = between(15, 90);
      activities.push({
        method: 'POST',
        path: '/parse/classes/Activity',
        body: {
          ...owned,
          type: pick(ACTIVITY_TYPES),
          startedAt: at(before(day + between(6, 19) * 3_600_000)),
          durationMin,
          ...(random() < 0.3 ? { notes: 'Felt strong, kept an even pace.' } : {}),
        },
      });
    }
    weightKg += (random() - 0.55) * 0.3;
    weighIns.push({
      measuredAt: new Date(before(day + 7 * 3_600_000)).toISOString(),
      weightKg: Math.round(weightKg * 10) / 10,
    });
    if (random() < 0.005) {
      weighIns.push({ measuredAt: new Date(before(day + 21 * 3_600_000)).toISOString(), weightKg });
    }
    for (const [index, mealType] of [...MEAL_TYPES, 'snack' as const].entries()) {
      const eatenAt = at(before(day + (7 + index * 3) * 3_600_000));
      const food = random() < 0.3 ? pick(foodIds) : undefined;
      meals.push({
        method: 'POST',
        path: '/parse/classes/Meal',
        body: food
          ? { ...owned, eatenAt, mealType, food: pointerTo('Food', food), grams: between(50, 300) }
          : {
              ...owned,
              eatenAt,
              mealType,
              name: pick(['Porridge with berries', 'Chicken salad', 'Lentil soup', 'Apple', 'Pasta, tomato']),
              caloriesKcal: between(80, 800),
              proteinG: between(2, 40),
              carbsG: between(5, 90),
              fatG: between(1, 30),
            },
      });
    }
  }
  return { activities, meals, weighIns };
}

function json(answer: RestResponse): unknown {
  if (answer.status !== 200) throw new Error(`Unexpected answer (${answer.status}): ${answer.text}`);
  return answer.body;
}

function callFunction(session: Session, name: string, params: object): Promise<RestResponse> {
  return sessionRequest(session, 'POST', `/parse/functions/${name}`, { body: params });
}

interface ExportRun {
  seconds: number;
  pages: number;
  bytes: number;
  slowestPageMs: number;
  rows: Map<ExportPart, number>;
  peakRssBytes: number;
}

/** The whole export as the browser pulls it, page after page, with the server's RSS sampled. */
async function exportAll(session: Session, serverPid: number): Promise<ExportRun> {
  let peakRssBytes = (await processStats(serverPid)).rssBytes;
  const sampler = setInterval(() => {
    void processStats(serverPid).then(
      (stats) => (peakRssBytes = Math.max(peakRssBytes, stats.rssBytes)),
      () => undefined,
    );
  }, RSS_SAMPLE_MS);
  const rows = new Map<ExportPart, number>(EXPORT_PARTS.map((part) => [part, 0]));
  let pages = 0;
  let bytes = 0;
  let slowestPageMs = 0;
  const started = performance.now();
  try {
    let next: object | null = {};
    while (next) {
      const pageStarted = performance.now();
      const { status, body, text } = await callFunction(session, 'exportMyData', next);
      slowestPageMs = Math.max(slowestPageMs, performance.now() - pageStarted);
      if (status !== 200) throw new Error(`exportMyData failed (${status}): ${text.slice(0, 500)}`);
      const page = body.result as ExportPage;
      pages += 1;
      bytes += text.length;
      rows.set(page.part, (rows.get(page.part) ?? 0) + page.rows.length);
      next = page.next;
    }
  } finally {
    clearInterval(sampler);
  }
  const seconds = (performance.now() - started) / 1000;
  peakRssBytes = Math.max(peakRssBytes, (await processStats(serverPid)).rssBytes);
  return { seconds, pages, bytes, slowestPageMs, rows, peakRssBytes };
}

await withBenchServer('bench-account', async ({ baseUrl, server, client }) => {
  const person = await client.signUp();
  const session: Session = { baseUrl, sessionToken: person.sessionToken };
  const now = Date.now();
  const seedStart = performance.now();

  const foodIds: string[] = [];
  for (let index = 0; index < OWN_FOODS; index += 1) {
    const { status, body } = await client.request('POST', '/parse/classes/Food', {
      sessionToken: person.sessionToken,
      body: {
        name: `Home recipe ${index + 1}`,
        kcalPer100g: 200,
        proteinPer100g: 10,
        carbsPer100g: 25,
        fatPer100g: 6.7,
      },
    });
    if (status !== 201 || typeof body.objectId !== 'string')
      throw new Error(`Food failed: ${JSON.stringify(body)}`);
    foodIds.push(body.objectId);
  }
  const { activities, meals, weighIns } = history(person.objectId, foodIds, now);
  await batchWithMasterKey(client, activities);
  await batchWithMasterKey(client, meals);
  for (let index = 0; index < weighIns.length; index += 3000) {
    await json(
      await callFunction(session, 'importWeightEntries', { rows: weighIns.slice(index, index + 3000) }),
    );
  }
  const friends = await Promise.all(Array.from({ length: FRIENDS }, () => client.signUp()));
  for (const friend of friends) {
    await json(await callFunction(session, 'sendFriendRequest', { username: friend.username }));
    await json(
      await callFunction({ baseUrl, sessionToken: friend.sessionToken }, 'sendFriendRequest', {
        username: person.username,
      }),
    );
  }
  const messages: BatchRequest[] = Array.from({ length: CHAT_MESSAGES }, (_, index) => {
    const friend = friends[index % friends.length];
    const dm = index % 3 !== 0 && friend;
    const room = dm ? dmRoomKey(person.objectId, friend.objectId) : 'topic:run';
    return {
      method: 'POST',
      path: '/parse/classes/ChatMessage',
      body: {
        room,
        text: `Message ${index + 1}: same time tomorrow?`,
        author: pointerTo('_User', person.objectId),
        authorName: person.username,
        ACL: dm
          ? { [person.objectId]: { read: true, write: true }, [friend.objectId]: { read: true } }
          : { '*': { read: true }, [person.objectId]: { write: true } },
      },
    };
  });
  await batchWithMasterKey(client, messages);
  const seeded =
    activities.length + meals.length + weighIns.length + foodIds.length + friends.length + messages.length;
  console.log(
    `Seeded ${activities.length} workouts, ${meals.length} meals, ${weighIns.length} weigh-ins, ` +
      `${foodIds.length} own foods, ${friends.length} friendships and ${messages.length} chat messages ` +
      `(${seeded} rows) in ${((performance.now() - seedStart) / 1000).toFixed(1)} s.`,
  );

  const rssBefore = await settledRss(server.pid);
  const runs: ExportRun[] = [];
  for (let run = 0; run < RUNS; run += 1) runs.push(await exportAll(session, server.pid));

  const first = runs[0];
  if (!first) throw new Error('No export ran.');
  const expected: Partial<Record<ExportPart, number>> = {
    activities: activities.length,
    meals: meals.length,
    weighIns: weighIns.length,
    foods: foodIds.length,
    friendships: friends.length,
    chatMessages: messages.length,
  };
  for (const [part, count] of Object.entries(expected)) {
    const exported = first.rows.get(part as ExportPart);
    if (exported !== count) throw new Error(`The export held ${exported} ${part}, not ${count}.`);
  }

  console.log('');
  console.log('| run | pages | seconds | slowest page (ms) | answer size (MiB) | server peak RSS (MiB) |');
  console.log('|---|---|---|---|---|---|');
  runs.forEach((run, index) => {
    console.log(
      `| ${index === 0 ? '1 (first)' : index + 1} | ${run.pages} | ${run.seconds.toFixed(2)} | ` +
        `${run.slowestPageMs.toFixed(0)} | ${mib(run.bytes)} | ${mib(run.peakRssBytes)} |`,
    );
  });
  const sorted = runs.map((run) => run.seconds).sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
  const worst = sorted.at(-1) ?? 0;
  const peak = Math.max(...runs.map((run) => run.peakRssBytes));
  console.log('');
  console.log(
    `Server RSS before the export: ${mib(rssBefore)} MiB; peak during the exports: ${mib(peak)} MiB.`,
  );
  console.log(
    `Budget whole export ≤ ${BUDGET_SECONDS} s: median ${median.toFixed(2)} s, slowest ${worst.toFixed(2)} s, ` +
      `${worst <= BUDGET_SECONDS ? 'within' : 'OVER'} budget.`,
  );

  const deleteStarted = performance.now();
  await json(await callFunction(session, 'deleteMyAccount', { password: person.password }));
  console.log(
    `deleteMyAccount removed ${seeded} rows and the account in ` +
      `${((performance.now() - deleteStarted) / 1000).toFixed(2)} s.`,
  );
});
