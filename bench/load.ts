// How fast a person's training load answers with three years of daily workouts (each with an effort,
// imported as a person's archive is), beside the cheapest Parse round trip: `trainingLoad` over 6
// and 12 months and over the longest range (731 days), `heartRateZones`, and what one new workout
// costs, today and two years back, beside saving one without a load (which updates nothing).
// `npm run bench:load [-- --quick]`
import { randomUUID } from 'node:crypto';
import { addDays } from '../src/domain/calendarDays';
import {
  baseline,
  cloudFunction,
  DAY_MS,
  measure,
  mulberry32,
  printReport,
  sessionRequest,
  type Scenario,
  withBenchServer,
} from './support';

const quick = process.argv.includes('--quick');
const DAYS = 3 * 365 + 1;
const CALLS = quick ? 30 : 100;
const SAVES = quick ? 10 : 30;
const WARM_UP = 5;
const BUDGET_P95_MS = 50;

const scenarios = await withBenchServer('bench-load', async ({ baseUrl, client }) => {
  const person = await client.signUp();
  const session = { baseUrl, sessionToken: person.sessionToken };
  const random = mulberry32(37);
  const now = Date.now();
  const workouts = Array.from({ length: DAYS }, (_, index) => ({
    clientKey: randomUUID(),
    type: 'run',
    source: 'gpx',
    startedAt: new Date(now - (DAYS - index) * DAY_MS).toISOString(),
    durationMin: 20 + Math.floor(random() * 70),
    effort: 2 + Math.floor(random() * 8),
  }));
  const seeded = performance.now();
  for (let start = 0; start < workouts.length; start += 500) {
    const answer = await sessionRequest(session, 'POST', '/parse/functions/importWorkouts', {
      body: { workouts: workouts.slice(start, start + 500) },
    });
    if (answer.status !== 200) throw new Error(`The import failed: ${answer.text.slice(0, 300)}`);
  }
  console.log(
    `Imported ${DAYS} daily workouts in ${((performance.now() - seeded) / 1000).toFixed(1)} s (the stored days updated once a batch).`,
  );

  const today = new Date(now).toISOString().slice(0, 10);
  const loop = { warmUp: WARM_UP, calls: CALLS };
  const days = (count: number) => (result: unknown) =>
    (result as { days?: unknown[] } | null)?.days?.length === count;
  const range = (count: number) => ({ from: addDays(today, -(count - 1)), to: today, timeZone: 'UTC' });
  const base = baseline(session, 'Activity');

  /** Saves one workout `daysAgo` as the app does, timed to its answer (the stored days are updated by then), then deletes it. */
  const saveOne = (daysAgo: number, effort: number | undefined) => async () => {
    const body = {
      type: 'run',
      startedAt: { __type: 'Date', iso: new Date(now - daysAgo * DAY_MS + 3_600_000).toISOString() },
      durationMin: 45,
      ...(effort === undefined ? {} : { effort }),
    };
    const started = performance.now();
    const answer = await sessionRequest(session, 'POST', '/parse/classes/Activity', { body });
    const elapsed = performance.now() - started;
    if (answer.status !== 201) {
      throw new Error(`Saving a workout answered ${answer.status}: ${answer.text.slice(0, 300)}`);
    }
    await sessionRequest(session, 'DELETE', `/parse/classes/Activity/${String(answer.body.objectId)}`);
    return elapsed;
  };
  const saves = { warmUp: 2, calls: SAVES };

  return [
    await measure(base.name, base.call, loop),
    await measure(
      'trainingLoad, 6 months (182 days)',
      cloudFunction(session, 'trainingLoad', range(182), days(182)),
      loop,
    ),
    await measure(
      'trainingLoad, 12 months (365 days)',
      cloudFunction(session, 'trainingLoad', range(365), days(365)),
      loop,
    ),
    await measure(
      'trainingLoad, 2 years (731 days, the longest range)',
      cloudFunction(session, 'trainingLoad', range(731), days(731)),
      loop,
    ),
    await measure(
      'heartRateZones',
      cloudFunction(session, 'heartRateZones', {}, (result) => typeof result === 'object'),
      loop,
    ),
    await measure('baseline: save a workout without a load (no update)', saveOne(0, undefined), saves),
    await measure('save a workout with an effort today (updates 1 day)', saveOne(0, 6), saves),
    await measure('save a workout with an effort 2 years back (updates ~730 days)', saveOne(730, 6), saves),
  ] satisfies Scenario[];
});

printReport(scenarios, BUDGET_P95_MS);
