// How fast the friends' feed answers a person with 200 friends who each logged a workout every day
// for three years (four in five shared with friends, a fifth of them with kudos), beside the
// cheapest Parse round trip and beside the feed's one SQL statement alone on the same PostgreSQL.
// `npm run bench:feed [-- --quick | --smoke] [--explain]` (--explain prints the statement's plan first).
import { FEED_STATEMENT } from '../cloud/store/feedSql';
import { connectDatabase } from '../server/test/serverProcess';
import {
  acceptedFriendship,
  baseline,
  batchWithMasterKey,
  cloudFunction,
  measure,
  printReport,
  type Scenario,
  type TimedCall,
  withBenchServer,
} from './support';

const mode = process.argv.includes('--smoke') ? 'smoke' : process.argv.includes('--quick') ? 'quick' : 'full';
const FRIENDS = mode === 'smoke' ? 5 : 200;
const DAYS = { full: 3 * 365, quick: 180, smoke: 30 }[mode];
const CALLS = { full: 200, quick: 50, smoke: 3 }[mode];
const WARM_UP = mode === 'smoke' ? 1 : 10;
const PAGE = 20;
const BUDGET_P95_MS = 50;

const scenarios = await withBenchServer('bench-feed', async ({ baseUrl, dataDir, client }) => {
  const me = await client.signUp();
  const friends = [];
  for (let index = 0; index < FRIENDS; index += 1) friends.push(await client.signUp());
  const seedStart = performance.now();
  await batchWithMasterKey(
    client,
    friends.map((friend) => acceptedFriendship(me, friend)),
  );

  const sql = await connectDatabase(dataDir);
  // The server's stop ends this connection too; a failure before it is the one to report.
  sql.on('error', () => undefined);
  // Written straight into the tables: a million REST saves would take longer than the measure.
  const ids = friends.map((friend) => friend.objectId);
  await sql.query(
    `INSERT INTO "Activity" ("objectId", "createdAt", "updatedAt", "_rperm", "_wperm", "user", type,
                             "startedAt", "durationMin", "distanceKm", "caloriesKcal", visibility)
     SELECT substr(md5(owner || ':' || day), 1, 10), now(), now(), ARRAY[owner], ARRAY[owner], owner, 'run',
            now() - day * interval '1 day' - random() * interval '12 hours', 20 + floor(random() * 70),
            round((random() * 15)::numeric, 2), 300, CASE WHEN random() < 0.8 THEN 'friends' ELSE 'private' END
       FROM unnest($1::text[]) owner, generate_series(0, $2 - 1) day`,
    [ids, DAYS],
  );
  await sql.query(
    `INSERT INTO "Kudos" ("objectId", "createdAt", "updatedAt", "_rperm", "_wperm", activity, "user", owner)
     SELECT substr(md5('k' || "objectId"), 1, 10), now(), now(), '{}', '{}', "objectId", $1, "user"
       FROM "Activity" WHERE "user" = ANY($2) AND visibility = 'friends' AND random() < 0.2`,
    [me.objectId, ids],
  );
  await sql.query('ANALYZE "Activity"; ANALYZE "Kudos"; ANALYZE "Friendship"; ANALYZE "_User"');
  const { rows } = await sql.query<{ count: string }>('SELECT count(*) FROM "Activity"');
  console.log(
    `Seeded ${FRIENDS} friends and ${rows[0]?.count ?? '?'} workouts over ${DAYS} days in ` +
      `${((performance.now() - seedStart) / 1000).toFixed(1)} s.`,
  );

  const session = { baseUrl, sessionToken: me.sessionToken };
  const fullPage = (result: unknown) => (result as { items?: unknown[] } | null)?.items?.length === PAGE;
  const monthsAgo = new Date(Date.now() - (DAYS / 2) * 86_400_000).toISOString();
  const oneStatement: TimedCall = async () => {
    const started = performance.now();
    const answer = await sql.query(FEED_STATEMENT, [
      me.objectId,
      new Date('3000-01-01'),
      PAGE + 1,
      new Date(),
    ]);
    const elapsed = performance.now() - started;
    if (answer.rows.length !== PAGE + 1) throw new Error('The SQL statement found too few workouts.');
    return elapsed;
  };

  if (process.argv.includes('--explain')) {
    const plan = await sql.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${FEED_STATEMENT}`, [
      me.objectId,
      new Date('3000-01-01'),
      PAGE + 1,
      new Date(),
    ]);
    console.log(plan.rows.map((row) => row['QUERY PLAN']).join('\n'));
  }

  const loop = { warmUp: WARM_UP, calls: CALLS };
  // The person's own workouts (none): the index answers, as the feed's reads are answered.
  const base = baseline(session, 'Activity', {
    user: { __type: 'Pointer', className: '_User', objectId: me.objectId },
  });
  try {
    return [
      await measure(
        `limit: the feed's one SQL statement (${FRIENDS} friends, first page)`,
        oneStatement,
        loop,
      ),
      await measure(base.name, base.call, loop),
      await measure(
        'activityFeed { } (first page of 20)',
        cloudFunction(session, 'activityFeed', {}, fullPage),
        loop,
      ),
      await measure(
        'activityFeed { before: half the history ago }',
        cloudFunction(session, 'activityFeed', { before: monthsAgo }, fullPage),
        loop,
      ),
    ] satisfies Scenario[];
  } finally {
    await sql.end();
  }
});

printReport(scenarios, BUDGET_P95_MS);
