// How fast a challenge's leaderboard answers with 20 members who each logged 56 days of workouts,
// meals and weigh-ins, beside the cheapest Parse round trip.
// `npm run bench:challenges [-- --quick]`
import { userPointer } from '../server/test/restClient';
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
  withBenchServer,
} from './support';

const quick = process.argv.includes('--quick');
const MEMBERS = 20;
const DAYS = 56;
const CALLS = quick ? 50 : 200;
const WARM_UP = 10;
const BUDGET_P95_MS = 50;

const scenarios = await withBenchServer('bench-challenges', async ({ baseUrl, client }) => {
  const people = [];
  for (let index = 0; index < MEMBERS; index += 1) people.push(await client.signUp());
  const [creator, ...others] = people;
  if (!creator) throw new Error('No creator.');
  await batchWithMasterKey(
    client,
    others.map((friend) => acceptedFriendship(creator, friend)),
  );
  const random = mulberry32(11);
  const now = Date.now();
  const rows = [];
  for (const person of people) {
    const owner = {
      user: userPointer(person.objectId),
      ACL: { [person.objectId]: { read: true, write: true } },
    };
    for (let day = 0; day < DAYS; day += 1) {
      const at = (hours: number) => ({
        __type: 'Date',
        iso: new Date(now - day * DAY_MS - hours * 3_600_000).toISOString(),
      });
      if (random() < 0.6) {
        const durationMin = 20 + Math.floor(random() * 60);
        rows.push({
          method: 'POST',
          path: '/parse/classes/Activity',
          body: {
            ...owner,
            type: 'run',
            startedAt: at(2),
            durationMin,
            distanceKm: durationMin / 6,
            caloriesKcal: durationMin * 9,
          },
        });
      }
      rows.push({
        method: 'POST',
        path: '/parse/classes/Meal',
        body: { ...owner, eatenAt: at(5), mealType: 'lunch', name: 'Soup', caloriesKcal: 400 },
      });
      if (random() < 0.5) {
        rows.push({
          method: 'POST',
          path: '/parse/classes/WeightEntry',
          body: { ...owner, measuredAt: at(8), weightKg: 80 },
        });
      }
    }
  }
  await batchWithMasterKey(client, rows);

  const creatorSession = { baseUrl, sessionToken: creator.sessionToken };
  const today = new Date().toISOString().slice(0, 10);
  const end = new Date(now + 7 * DAY_MS).toISOString().slice(0, 10);
  const ids: Record<string, string> = {};
  for (const metric of ['activeMinutes', 'loggingDays']) {
    const created = await client.request('POST', '/parse/functions/createChallenge', {
      sessionToken: creator.sessionToken,
      body: {
        title: metric,
        metric,
        startDate: today,
        endDate: end,
        friendIds: others.map((friend) => friend.objectId),
        timeZone: 'UTC',
      },
    });
    const id = String((created.body.result as { id?: string } | undefined)?.id);
    ids[metric] = id;
    for (const friend of others) {
      await client.request('POST', '/parse/functions/respondChallenge', {
        sessionToken: friend.sessionToken,
        body: { challengeId: id, accept: true },
      });
    }
    // The days so far: started 55 days ago, as if it had run for eight weeks.
    await client.request('PUT', `/parse/classes/Challenge/${id}`, {
      masterKey: true,
      body: { startsAt: { __type: 'Date', iso: new Date(now - (DAYS - 1) * DAY_MS).toISOString() } },
    });
  }
  console.log(`Seeded ${MEMBERS} members and ${rows.length} rows over ${DAYS} days.`);

  const board = (metric: string) =>
    cloudFunction(creatorSession, 'challengeLeaderboard', { challengeId: ids[metric] }, (result) => {
      const found = (result as { rows?: unknown[] } | null)?.rows;
      return Array.isArray(found) && found.length === MEMBERS;
    });
  const loop = { warmUp: WARM_UP, calls: CALLS };
  const base = baseline(creatorSession, 'Activity');
  return [
    await measure(base.name, base.call, loop),
    await measure(
      'challengeLeaderboard { activeMinutes }, 20 members, 56 days',
      board('activeMinutes'),
      loop,
    ),
    await measure('challengeLeaderboard { loggingDays }, 20 members, 56 days', board('loggingDays'), loop),
  ] satisfies Scenario[];
});

printReport(scenarios, BUDGET_P95_MS);
