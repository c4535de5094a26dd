// How fast the friends ranking answers a person with 200 friends who each logged a year of
// workouts, beside the cheapest Parse round trip and beside the same sums done by one SQL
// statement on the same PostgreSQL (the limit of what any implementation could do).
// `npm run bench:ranking [-- --quick]`
import { userPointer } from '../server/test/restClient';
import { connectDatabase } from '../server/test/serverProcess';
import { ACTIVITY_TYPES } from '../src/domain/contract';
import {
  acceptedFriendship,
  baseline,
  batchWithMasterKey,
  cloudFunction,
  DAY_MS,
  measure,
  mulberry32,
  printReport,
  type Scenario,
  type TimedCall,
  withBenchServer,
} from './support';

const quick = process.argv.includes('--quick');
const FRIENDS = 200;
const DAYS = quick ? 60 : 365;
/** Workouts per friend per week, on average. */
const PER_WEEK = 2.5;
const CALLS = quick ? 50 : 200;
const WARM_UP = 10;
const BUDGET_P95_MS = 100;

/** Monday 00:00 UTC of this week and of the week before: everyone here lives in UTC. */
function weekStarts(now: Date): { current: Date; previous: Date } {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const current = today - ((new Date(today).getUTCDay() + 6) % 7) * DAY_MS;
  return { current: new Date(current), previous: new Date(current - 7 * DAY_MS) };
}

const scenarios = await withBenchServer('bench-ranking', async ({ baseUrl, dataDir, client }) => {
  const me = await client.signUp();
  const friends = [];
  for (let index = 0; index < FRIENDS; index += 1) friends.push(await client.signUp());
  const seedStart = performance.now();
  await batchWithMasterKey(
    client,
    friends.map((friend) => acceptedFriendship(me, friend)),
  );

  const random = mulberry32(7);
  const now = Date.now();
  const workouts = [];
  for (const person of [me, ...friends]) {
    for (let day = 0; day < DAYS; day += 1) {
      if (random() > PER_WEEK / 7) continue;
      const durationMin = 20 + Math.floor(random() * 70);
      workouts.push({
        method: 'POST',
        path: '/parse/classes/Activity',
        body: {
          user: userPointer(person.objectId),
          ACL: { [person.objectId]: { read: true, write: true } },
          type: ACTIVITY_TYPES[Math.floor(random() * ACTIVITY_TYPES.length)],
          startedAt: {
            __type: 'Date',
            iso: new Date(now - day * DAY_MS - random() * 12 * 3_600_000).toISOString(),
          },
          durationMin,
          caloriesKcal: durationMin * 8,
        },
      });
    }
  }
  await batchWithMasterKey(client, workouts);
  console.log(
    `Seeded ${FRIENDS} friends and ${workouts.length} workouts over ${DAYS} days in ` +
      `${((performance.now() - seedStart) / 1000).toFixed(1)} s.`,
  );

  const session = { baseUrl, sessionToken: me.sessionToken };
  const ranking = (metric: string, period: string) =>
    cloudFunction(session, 'friendsRanking', { metric, period }, (result) => {
      const rows = (result as { rows?: unknown[] } | null)?.rows;
      return Array.isArray(rows) && rows.length === FRIENDS + 1;
    });

  const sql = await connectDatabase(dataDir);
  const ids = [me.objectId, ...friends.map((friend) => friend.objectId)];
  const { current, previous } = weekStarts(new Date());
  // This week's and last week's minutes of every person: the sums the ranking needs, nothing else.
  const oneStatement: TimedCall = async () => {
    const started = performance.now();
    const { rows } = await sql.query(
      `SELECT "user", sum("durationMin") FILTER (WHERE "startedAt" >= $2) AS minutes,
              sum("durationMin") FILTER (WHERE "startedAt" < $2) AS previous
         FROM "Activity" WHERE "user" = ANY($1) AND "startedAt" >= $3 GROUP BY 1`,
      [ids, current, previous],
    );
    const elapsed = performance.now() - started;
    if (rows.length === 0) throw new Error('The SQL statement found no workouts.');
    return elapsed;
  };

  const loop = { warmUp: WARM_UP, calls: CALLS };
  const base = baseline(session, 'Activity');
  try {
    return [
      await measure('limit: one SQL statement (this and last week, 201 people)', oneStatement, loop),
      await measure(base.name, base.call, loop),
      await measure('friendsRanking { activeMinutes, week }', ranking('activeMinutes', 'week'), loop),
      await measure('friendsRanking { caloriesBurned, month }', ranking('caloriesBurned', 'month'), loop),
      await measure('friendsRanking { loggingStreak, week }', ranking('loggingStreak', 'week'), loop),
    ] satisfies Scenario[];
  } finally {
    await sql.end();
  }
});

printReport(scenarios, BUDGET_P95_MS);
