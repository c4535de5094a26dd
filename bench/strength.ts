// How fast a lifter's progress arrives after three years of training: seeds one person with about
// 450 strength workouts (some 10 000 sets of a dozen exercises) through Parse's batch endpoint, so
// the real beforeSave checks every set, then times exerciseProgress, recentExercises and the start
// page's summary of a strength day against one SQL statement that computes the same per-workout
// numbers, and the cheapest Parse round trip.
// `npm run bench:strength [-- --quick]`
import { sqlCall } from './scenarios';
import {
  baseline,
  cloudFunction,
  DAY_MS,
  measure,
  ms,
  mulberry32,
  printReport,
  sendBatches,
  withBenchServer,
  type Scenario,
} from './support';
import { connectDatabase } from '../server/test/serverProcess';

const quick = process.argv.includes('--quick');
const WEEKS = quick ? 52 : 156;
const CALLS = quick ? 100 : 300;
const WARM_UP = 20;
const BATCH_SIZE = 25;
const BUDGET_P95_MS = 50;

/** A dozen lifts, each with a starting working weight that grows a little week by week. */
const LIFTS = [
  ['ex:barbell-bench-press', 60],
  ['ex:barbell-back-squat', 80],
  ['ex:barbell-deadlift', 100],
  ['ex:barbell-overhead-press', 40],
  ['ex:barbell-bent-over-row', 55],
  ['ex:barbell-romanian-deadlift', 70],
  ['ex:barbell-incline-bench-press', 50],
  ['ex:barbell-front-squat', 60],
  ['ex:barbell-curl', 25],
  ['ex:barbell-hip-thrust', 80],
  ['ex:barbell-push-press', 45],
  ['ex:barbell-pendlay-row', 55],
] as const;

interface LoggedSet {
  reps: number;
  weightKg: number;
  warmup?: boolean;
  rpe?: number;
}

/** Three sessions a week for `weeks` weeks, each 5–6 lifts of a warm-up and 2–4 working sets. */
function trainingLog(weeks: number, ids: readonly string[], now: number) {
  const random = mulberry32(20261126);
  const between = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const workouts: Record<string, unknown>[] = [];
  for (let week = weeks - 1; week >= 0; week -= 1) {
    for (const weekday of [0, 2, 4]) {
      const at = now - (week * 7 + (4 - weekday)) * DAY_MS - between(1, 10) * 3_600_000;
      const first = between(0, LIFTS.length - 1);
      const count = between(5, 6);
      const exercises = Array.from({ length: count }, (_, offset) => {
        const index = (first + offset) % LIFTS.length;
        const [, start] = LIFTS[index] ?? LIFTS[0];
        const working = Math.round((start * (1 + (weeks - week) * 0.004)) / 2.5) * 2.5;
        const sets: LoggedSet[] = [{ reps: 10, weightKg: Math.round(working * 0.5), warmup: true }];
        for (let set = between(2, 4); set > 0; set -= 1) {
          sets.push({ reps: between(3, 12), weightKg: working, rpe: between(14, 19) / 2 });
        }
        return { exerciseId: ids[index], sets };
      });
      workouts.push({
        type: 'strength',
        startedAt: { __type: 'Date', iso: new Date(at).toISOString() },
        durationMin: between(45, 90),
        exercises,
      });
    }
  }
  return workouts;
}

const scenarios: Scenario[] = await withBenchServer(
  'bench-strength',
  async ({ baseUrl, client, dataDir }) => {
    const person = await client.signUp();
    const session = { baseUrl, sessionToken: person.sessionToken };
    const ids: string[] = [];
    for (const [key] of LIFTS) {
      const where = encodeURIComponent(JSON.stringify({ catalogueKey: key }));
      const { body } = await client.request('GET', `/parse/classes/Exercise?where=${where}`, {
        sessionToken: person.sessionToken,
      });
      const [row] = (body.results ?? []) as { objectId: string }[];
      if (!row) throw new Error(`The catalogue has no exercise ${key}.`);
      ids.push(row.objectId);
    }

    const workouts = trainingLog(WEEKS, ids, Date.now() - DAY_MS);
    const sets = workouts.reduce(
      (sum, workout) =>
        sum + (workout.exercises as { sets: unknown[] }[]).reduce((n, e) => n + e.sets.length, 0),
      0,
    );
    const seedStart = performance.now();
    await sendBatches(
      client,
      workouts.map((body) => ({ method: 'POST', path: '/parse/classes/Activity', body })),
      { sessionToken: person.sessionToken },
      BATCH_SIZE,
    );
    const seedMs = performance.now() - seedStart;
    console.log(
      `Seeded ${workouts.length} strength workouts with ${sets} sets over ${WEEKS} weeks in ` +
        `${(seedMs / 1000).toFixed(1)} s (${ms(seedMs / workouts.length)} ms per workout).`,
    );

    const sql = await connectDatabase(dataDir);
    try {
      const [bench] = ids;
      const lastDay = new Date(String((workouts.at(-1)?.startedAt as { iso: string }).iso))
        .toISOString()
        .slice(0, 10);
      const progress = (range: string) =>
        cloudFunction(session, 'exerciseProgress', { exerciseId: bench, range }, (result) => {
          const points = (result as { points?: unknown[] } | null)?.points;
          return Array.isArray(points) && points.length > 0;
        });
      // The same per-workout numbers from one statement: best estimated one-rep max (sets of at most
      // 12 reps) and volume of the working sets of the exercise in each workout.
      const progressSql = sqlCall(
        sql,
        `SELECT a."objectId", a."startedAt",
              max((s ->> 'weightKg')::float8 * (1 + (s ->> 'reps')::float8 / 30))
                FILTER (WHERE (s ->> 'reps')::int <= 12) AS "oneRepMaxKg",
              sum((s ->> 'weightKg')::float8 * (s ->> 'reps')::float8) AS "volumeKg"
         FROM "Activity" a, jsonb_array_elements(a.exercises) AS e, jsonb_array_elements(e.value -> 'sets') AS s
        WHERE a."user" = $1 AND a.type = 'strength' AND jsonb_typeof(a.exercises) = 'array'
          AND e.value ->> 'exerciseId' = $2 AND NOT coalesce((s ->> 'warmup')::boolean, false)
        GROUP BY 1, 2 ORDER BY 2`,
        [person.objectId, bench],
      );
      const base = baseline(session, 'Activity', { type: 'strength' });
      const loop = { warmUp: WARM_UP, calls: CALLS };
      return [
        await measure(base.name, base.call, loop),
        await measure('SQL: the per-workout numbers of one exercise, all time', progressSql, loop),
        await measure('exerciseProgress { range: all }', progress('all'), loop),
        await measure('exerciseProgress { range: 3m }', progress('3m'), loop),
        await measure(
          'recentExercises {}',
          cloudFunction(session, 'recentExercises', {}, (result) =>
            Array.isArray((result as { exercises?: unknown })?.exercises),
          ),
          loop,
        ),
        await measure(
          `activitySummary of a strength day { date: ${lastDay} } (records of its sets)`,
          cloudFunction(session, 'activitySummary', { date: lastDay, timeZone: 'UTC' }, (result) => {
            const rows = (result as { dayActivities?: { setRecords?: unknown }[] } | null)?.dayActivities;
            return Array.isArray(rows) && rows.some((row) => Array.isArray(row.setRecords));
          }),
          loop,
        ),
      ];
    } finally {
      await sql.end();
    }
  },
);

printReport(scenarios, BUDGET_P95_MS);
