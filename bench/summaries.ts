// One run of the weekly summaries for 10 000 people, each with a workout last week, and a second
// run at once after it (which must send nothing): time, and messages per person.
// `npm run bench:summaries [-- --quick]`
import { connectDatabase } from '../server/test/serverProcess';
import { DAY_MS, ms, withBenchServer } from './support';

const quick = process.argv.includes('--quick');
const PEOPLE = quick ? 1000 : 10_000;
const BUDGET_MS = 60_000;
const ZONES = ['UTC', 'Europe/Berlin', 'America/New_York', 'Asia/Tokyo', 'Pacific/Kiritimati'];

/** The coming Monday at 23:00 UTC: last week has ended everywhere in ZONES by then. */
function comingMondayLate(): Date {
  const now = new Date();
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const days = (8 - new Date(today).getUTCDay()) % 7 || 7;
  return new Date(today + days * DAY_MS + 23 * 3_600_000);
}

const result = await withBenchServer('bench-summaries', async ({ dataDir, client }) => {
  const sql = await connectDatabase(dataDir);
  const monday = comingMondayLate();
  try {
    // People as rows only (no accounts to sign in): a Settings row and a workout in the week that
    // ends before `monday`, written straight into the tables Parse made.
    const seeded = performance.now();
    await sql.query(
      `INSERT INTO "Settings" ("objectId", "user", "timezone", "weeklySummary", "createdAt", "updatedAt")
       SELECT 'S' || lpad(i::text, 9, '0'), 'U' || lpad(i::text, 9, '0'), ($2::text[])[1 + i % cardinality($2::text[])],
              true, now(), now()
         FROM generate_series(1, $1) AS i`,
      [PEOPLE, ZONES],
    );
    await sql.query(
      `INSERT INTO "Activity" ("objectId", "user", "type", "startedAt", "durationMin", "createdAt", "updatedAt")
       SELECT 'A' || lpad(i::text, 9, '0'), 'U' || lpad(i::text, 9, '0'), 'run',
              $2::timestamptz - interval '4 days' + (i % 600) * interval '1 minute', 20 + i % 40, now(), now()
         FROM generate_series(1, $1) AS i`,
      [PEOPLE, monday],
    );
    console.log(`Seeded ${PEOPLE} people in ${ms((performance.now() - seeded) / 1000)} s.`);

    const send = async () => {
      const started = performance.now();
      const { status, body } = await client.request('POST', '/parse/functions/sendWeeklySummaries', {
        masterKey: true,
        body: { now: monday.toISOString() },
      });
      if (status !== 200) throw new Error(`sendWeeklySummaries answered ${status}: ${JSON.stringify(body)}`);
      return { ms: performance.now() - started, sent: (body.result as { sent: number }).sent };
    };
    const first = await send();
    const second = await send();
    const { rows } = await sql.query<{ most: number; people: number }>(
      `SELECT coalesce(max(n), 0)::int AS most, count(*)::int AS people FROM (
         SELECT "user", count(*) AS n FROM "Notification" WHERE kind = 'weekly-summary' GROUP BY 1) per`,
    );
    return { first, second, most: rows[0]?.most ?? 0, people: rows[0]?.people ?? 0 };
  } finally {
    await sql.end();
  }
});

console.log(`\nWeekly summaries for ${PEOPLE} people`);
console.log('| run | time | summaries sent |');
console.log('|---|---|---|');
console.log(`| first | ${ms(result.first.ms)} ms | ${result.first.sent} |`);
console.log(`| second, straight after | ${ms(result.second.ms)} ms | ${result.second.sent} |`);
console.log(
  `\n${result.people} people have a summary, at most ${result.most} each. Budget ≤ ${BUDGET_MS / 1000} s: ` +
    `${result.first.ms <= BUDGET_MS ? 'within' : 'OVER'} (${ms(result.first.ms / 1000)} s).`,
);
