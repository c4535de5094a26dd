// One run of the reminders for 10 000 people who want a weigh-in reminder now, each with a device
// at a push service stand-in that decrypts every push, then a second run straight after (which
// must send nothing): time, and pushes per person. `npm run bench:reminders [-- --quick]`
import { startPushService } from '../server/test/pushService';
import { connectDatabase } from '../server/test/serverProcess';
import { ms, withBenchServer } from './support';

const quick = process.argv.includes('--quick');
const PEOPLE = quick ? 1000 : 10_000;
const BUDGET_MS = 60_000;
const NOW = '2026-04-02T07:05:00Z';

const service = await startPushService();
const result = await withBenchServer(
  'bench-reminders',
  async ({ dataDir, client }) => {
    const sql = await connectDatabase(dataDir);
    try {
      // People as rows only: Settings with the reminder on, a live session, and a device of the stand-in.
      const seeded = performance.now();
      const devices = Array.from({ length: PEOPLE }, () => service.subscribe());
      await sql.query(
        `INSERT INTO "Settings" ("objectId", "user", "timezone", "weighInReminder", "weighInReminderTime",
                                 "quietHours", "createdAt", "updatedAt")
         SELECT 'S' || lpad(i::text, 9, '0'), 'U' || lpad(i::text, 9, '0'), 'UTC', true, '07:00', false, now(), now()
           FROM generate_series(1, $1) AS i`,
        [PEOPLE],
      );
      await sql.query(
        `INSERT INTO "_Session" ("objectId", "user", "sessionToken", "expiresAt", "createdAt", "updatedAt")
         SELECT 'E' || lpad(i::text, 9, '0'), 'U' || lpad(i::text, 9, '0'), 'r:bench' || i,
                now() + interval '1 year', now(), now()
           FROM generate_series(1, $1) AS i`,
        [PEOPLE],
      );
      await sql.query(
        `INSERT INTO "PushSubscription" ("objectId", "user", "endpoint", "p256dh", "auth", "session",
                                         "createdAt", "updatedAt", "_rperm", "_wperm")
         SELECT 'P' || lpad(d.i::text, 9, '0'), 'U' || lpad(d.i::text, 9, '0'), d.endpoint, d.p256dh, d.auth,
                'E' || lpad(d.i::text, 9, '0'), now(), now(), ARRAY['U' || lpad(d.i::text, 9, '0')], '{}'
           FROM unnest($1::text[], $2::text[], $3::text[]) WITH ORDINALITY AS d(endpoint, p256dh, auth, i)`,
        [devices.map((d) => d.endpoint), devices.map((d) => d.p256dh), devices.map((d) => d.auth)],
      );
      console.log(`Seeded ${PEOPLE} people with a device in ${ms((performance.now() - seeded) / 1000)} s.`);

      const send = async () => {
        const started = performance.now();
        const { status, body } = await client.request('POST', '/parse/functions/sendReminders', {
          masterKey: true,
          body: { now: NOW },
        });
        if (status !== 200) throw new Error(`sendReminders answered ${status}: ${JSON.stringify(body)}`);
        return { ms: performance.now() - started, sent: (body.result as { weighIn: number }).weighIn };
      };
      const first = await send();
      const second = await send();
      const counts = devices.map((device) => service.received(device.endpoint).length);
      return {
        first,
        second,
        most: Math.max(...counts),
        reached: counts.filter((count) => count > 0).length,
      };
    } finally {
      await sql.end();
    }
  },
  { PUSH_SERVICES: service.origin },
).finally(() => service.close());

console.log(`\nWeigh-in reminders for ${PEOPLE} people, each pushed to a device and decrypted there`);
console.log('| run | time | reminders sent |');
console.log('|---|---|---|');
console.log(`| first | ${ms(result.first.ms)} ms | ${result.first.sent} |`);
console.log(`| second, straight after | ${ms(result.second.ms)} ms | ${result.second.sent} |`);
console.log(
  `\n${result.reached} devices got a push, at most ${result.most} each; ${service.refused.length} pushes refused. ` +
    `Budget ≤ ${BUDGET_MS / 1000} s: ${result.first.ms <= BUDGET_MS ? 'within' : 'OVER'} (${ms(result.first.ms / 1000)} s).`,
);
