// How fast the start page's daily summary arrives for a person with three years of data: a workout
// on most days, a daily weigh-in (imported through importWeightEntries with their session) and
// about five meals a day (saved through Parse's batch endpoint, so the real beforeSave runs).
// Times dashboardSummary for today and for a day in the past, and the start page's two reads side
// by side as its loader makes them, and the nutrition page's energyExpenditure, against the
// cheapest Parse round trip with the same session.
// `npm run bench:dashboard [-- --quick]`
import { addDays, localDay } from '../src/domain/calendarDays';
import { ACTIVITY_TYPES, type MealType } from '../src/domain/contract';
import { updateOwnSettings, userPointer } from '../server/test/restClient';
import {
  baseline,
  batchWithMasterKey,
  cloudFunction,
  DAY_MS,
  mapConcurrently,
  measure,
  ms,
  mulberry32,
  printReport,
  sessionRequest,
  withBenchServer,
  type BatchRequest,
  type TimedCall,
} from './support';

const quick = process.argv.includes('--quick');
const DAYS = quick ? 365 : 3 * 365;
const CALLS = quick ? 100 : 300;
const WARM_UP = 20;
const BUDGET_P95_MS = 80;
const TIME_ZONE = 'Europe/Berlin';
/** importWeightEntries takes at most this many rows per call (MAX_IMPORT_WEIGH_INS). */
const IMPORT_CHUNK = 3000;
/** Batches of 50 sent side by side while seeding. */
const SEED_CONCURRENCY = 4;

const isoDate = (at: number) => ({ __type: 'Date', iso: new Date(at).toISOString() });

/** Hours in UTC that stay inside the same Berlin day, never later than a minute ago. */
function atHour(dayStart: number, hour: number, now: Date, random: () => number): number {
  return Math.min(dayStart + (hour * 60 + Math.floor(random() * 50)) * 60_000, now.getTime() - 60_000);
}

/** One workout on most days, a second on a few, as bench/activity.ts seeds them. */
function workouts(userId: string, now: Date, todayUtc: number): BatchRequest[] {
  const random = mulberry32(20240601);
  const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)] as T;
  const rows: BatchRequest[] = [];
  const add = (dayStart: number, hour: number) => {
    const type = pick(ACTIVITY_TYPES);
    const durationMin = 10 + Math.floor(random() * 111);
    const body: Record<string, unknown> = {
      user: userPointer(userId),
      ACL: { [userId]: { read: true, write: true } },
      type,
      startedAt: isoDate(atHour(dayStart, hour, now, random)),
      durationMin,
    };
    if (['run', 'walk', 'cycle', 'swim', 'hike', 'row'].includes(type) && random() < 0.8) {
      body.distanceKm = Math.round(durationMin * (0.05 + random() * 0.3) * 100) / 100;
    }
    if (random() < 0.4) body.caloriesKcal = 50 + Math.floor(random() * 1151);
    rows.push({ method: 'POST', path: '/parse/classes/Activity', body });
  };
  for (let daysAgo = DAYS - 1; daysAgo >= 0; daysAgo -= 1) {
    const dayStart = todayUtc - daysAgo * DAY_MS;
    if (random() < 0.92) add(dayStart, 5 + Math.floor(random() * 6));
    if (random() < 0.08) add(dayStart, 15 + Math.floor(random() * 4));
  }
  return rows;
}

/** Breakfast, lunch, dinner and two snacks on most days, as quick adds. */
function meals(userId: string, now: Date, todayUtc: number): BatchRequest[] {
  const random = mulberry32(5050);
  const rows: BatchRequest[] = [];
  const slots = [
    { hour: 6, mealType: 'breakfast' },
    { hour: 10, mealType: 'snack' },
    { hour: 11, mealType: 'lunch' },
    { hour: 14, mealType: 'snack' },
    { hour: 17, mealType: 'dinner' },
  ] as const satisfies readonly { hour: number; mealType: MealType }[];
  for (let daysAgo = DAYS - 1; daysAgo >= 0; daysAgo -= 1) {
    const dayStart = todayUtc - daysAgo * DAY_MS;
    for (const { hour, mealType } of slots) {
      const eatenAt = atHour(dayStart, hour, now, random);
      // Now and then a meal is skipped; today's later meals are not eaten yet.
      if (random() < 0.05 || eatenAt >= now.getTime() - 60_000) continue;
      const proteinG = 5 + Math.floor(random() * 40);
      const carbsG = 10 + Math.floor(random() * 90);
      const fatG = 2 + Math.floor(random() * 35);
      rows.push({
        method: 'POST',
        path: '/parse/classes/Meal',
        body: {
          user: userPointer(userId),
          ACL: { [userId]: { read: true, write: true } },
          eatenAt: isoDate(eatenAt),
          mealType,
          name: 'Quick add',
          caloriesKcal: proteinG * 4 + carbsG * 4 + fatG * 9,
          proteinG,
          carbsG,
          fatG,
        },
      });
    }
  }
  return rows;
}

/** A morning weigh-in on most days, drifting from 92 kg three years ago to 80 kg, with noise. */
function weighIns(now: Date, todayUtc: number): { measuredAt: string; weightKg: number }[] {
  const random = mulberry32(19950080);
  const rows: { measuredAt: string; weightKg: number }[] = [];
  for (let daysAgo = DAYS - 1; daysAgo >= 0; daysAgo -= 1) {
    if (random() < 0.07) continue;
    const drift = 80 + (12 * daysAgo) / (3 * 365);
    const noise = (random() + random() + random() - 1.5) * 0.8;
    rows.push({
      measuredAt: new Date(atHour(todayUtc - daysAgo * DAY_MS, 5, now, random)).toISOString(),
      weightKg: Math.round((drift + noise) * 10) / 10,
    });
  }
  return rows;
}

/** Sends batches of 50 through the master key, a few side by side. */
async function seedBatches(
  client: Parameters<typeof batchWithMasterKey>[0],
  requests: readonly BatchRequest[],
): Promise<void> {
  const share = Math.ceil(requests.length / SEED_CONCURRENCY);
  const parts = Array.from({ length: SEED_CONCURRENCY }, (_, index) =>
    requests.slice(index * share, (index + 1) * share),
  );
  await mapConcurrently(parts, SEED_CONCURRENCY, (part) => batchWithMasterKey(client, part));
}

interface Counts {
  meals?: unknown;
  workouts?: unknown;
  weighInDays?: unknown;
}

const scenarios = await withBenchServer('bench-dashboard', async ({ baseUrl, client }) => {
  const person = await client.signUp();
  const session = { baseUrl, sessionToken: person.sessionToken };
  const now = new Date();
  const todayUtc = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());

  // Goals and the zone on the person's one Settings row, the one sign-up made.
  await updateOwnSettings(client, person, {
    timezone: TIME_ZONE,
    dailyCalorieGoal: 2200,
    goalWeightKg: 75,
    weeklyActiveMinutesGoal: 180,
  });

  const seedStart = performance.now();
  const weights = weighIns(now, todayUtc);
  for (let index = 0; index < weights.length; index += IMPORT_CHUNK) {
    const { status, body, text } = await client.request('POST', '/parse/functions/importWeightEntries', {
      sessionToken: person.sessionToken,
      body: { rows: weights.slice(index, index + IMPORT_CHUNK) },
    });
    const imported = (body.result as { imported?: unknown } | undefined)?.imported;
    if (status !== 200 || typeof imported !== 'number') {
      throw new Error(`Importing weigh-ins failed (${status}): ${text.slice(0, 500)}`);
    }
  }
  const workoutRows = workouts(person.objectId, now, todayUtc);
  const mealRows = meals(person.objectId, now, todayUtc);
  // Workouts first: their calorie estimate reads the weigh-ins, meals need nothing else.
  await seedBatches(client, workoutRows);
  await seedBatches(client, mealRows);
  const seedMs = performance.now() - seedStart;
  console.log(
    `Seeded ${workoutRows.length} workouts, ${weights.length} weigh-ins and ${mealRows.length} meals over ` +
      `${DAYS} days in ${(seedMs / 1000).toFixed(1)} s ` +
      `(${ms(seedMs / (workoutRows.length + weights.length + mealRows.length))} ms per row).`,
  );

  const weighInDays = new Set(weights.map((row) => localDay(new Date(row.measuredAt), TIME_ZONE))).size;
  const checkCounts = (result: unknown) => {
    const counts = (result as { counts?: Counts } | null | undefined)?.counts;
    return (
      counts?.meals === mealRows.length &&
      counts.workouts === workoutRows.length &&
      counts.weighInDays === weighInDays
    );
  };
  const today = localDay(now, TIME_ZONE);
  const pastDay = addDays(today, -Math.floor(DAYS / 2));
  const summary = (params: Record<string, string>) =>
    cloudFunction(session, 'dashboardSummary', { ...params, timeZone: TIME_ZONE }, checkCounts);

  // The start page's loader: activitySummary and dashboardSummary for the same day, side by side.
  const post = (name: string, params: Record<string, unknown>) =>
    sessionRequest(session, 'POST', `/parse/functions/${name}`, {
      body: { ...params, timeZone: TIME_ZONE },
    }).then(({ status, body, text }) => {
      if (status !== 200 || body.result === undefined) {
        throw new Error(`${name} answered ${status}: ${text.slice(0, 300)}`);
      }
      return body.result;
    });
  const startPage: TimedCall = async () => {
    const started = performance.now();
    const [, daily] = await Promise.all([post('activitySummary', {}), post('dashboardSummary', {})]);
    const elapsed = performance.now() - started;
    if (!checkCounts(daily)) throw new Error('dashboardSummary answered other counts than were seeded.');
    return elapsed;
  };
  const base = baseline(session, 'Meal');

  const loop = { warmUp: WARM_UP, calls: CALLS };
  return [
    await measure(base.name, base.call, loop),
    await measure('dashboardSummary { today }', summary({}), loop),
    await measure(`dashboardSummary { date: ${pastDay} }`, summary({ date: pastDay }), loop),
    await measure('start page: activitySummary ∥ dashboardSummary', startPage, loop),
    await measure(
      'energyExpenditure (28 days of meals, three years of weigh-ins)',
      cloudFunction(
        session,
        'energyExpenditure',
        { timeZone: TIME_ZONE },
        (result) => typeof (result as { loggedDays?: unknown }).loggedDays === 'number',
      ),
      loop,
    ),
  ];
});

printReport(scenarios, BUDGET_P95_MS);
