// The scenarios of `npm run bench`: writes beside raw Parse, reads beside one SQL statement, and a
// mixed load of simulated people. Each answers plain numbers; run.ts prints and stores them.
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { restClient, type Account } from '../server/test/restClient';
import { localDay } from '../src/domain/calendarDays';
import { ACTIVITY_TYPES, MEAL_TYPES } from '../src/domain/contract';
import {
  baseline,
  cloudFunction,
  DAY_MS,
  measure,
  mulberry32,
  processStats,
  sessionRequest,
  statsOf,
  type Scenario,
  type Stats,
  type TimedCall,
} from './support';

/** Where a batch of requests goes: our server, or the raw Parse baseline. */
export interface Target {
  baseUrl: string;
  appId: string;
}

export type WriteKind = 'workout' | 'weigh-in' | 'meal';
export const WRITE_KINDS: readonly WriteKind[] = ['workout', 'weigh-in', 'meal'];

const CLASS_OF: Readonly<Record<WriteKind, string>> = {
  workout: 'Activity',
  'weigh-in': 'WeightEntry',
  meal: 'Meal',
};

/** The classes the write scenarios create: the empty-trigger baselines get a beforeSave on each. */
export const WRITE_CLASSES: readonly string[] = Object.values(CLASS_OF);

/** The body a person's app sends to log one of these. */
export function writeBody(kind: WriteKind, random: () => number): Record<string, unknown> {
  const at = { __type: 'Date', iso: new Date(Date.now() - Math.floor(random() * 3_600_000)).toISOString() };
  switch (kind) {
    case 'workout':
      return {
        type: ACTIVITY_TYPES[Math.floor(random() * ACTIVITY_TYPES.length)],
        startedAt: at,
        durationMin: 30,
      };
    case 'weigh-in':
      return { measuredAt: at, weightKg: 70 + Math.round(random() * 200) / 10 };
    case 'meal':
      return {
        eatenAt: at,
        mealType: MEAL_TYPES[Math.floor(random() * 4)],
        name: 'Lentil soup',
        caloriesKcal: 320,
      };
  }
}

/** One create with a session; its duration in ms, or an error when the answer is not 201. */
async function create(
  target: Target,
  person: Account,
  className: string,
  body: Record<string, unknown>,
): Promise<number> {
  const started = performance.now();
  const response = await restClient({ ...target, masterKey: '' }).request(
    'POST',
    `/parse/classes/${className}`,
    {
      sessionToken: person.sessionToken,
      // As the app's SDK sends it: where idempotency is on (ours, the contract baseline), Parse
      // records each request id so that a retried write is not stored twice.
      headers: { 'X-Parse-Request-Id': randomUUID() },
      body,
    },
  );
  const elapsed = performance.now() - started;
  if (response.status !== 201) throw new Error(`${className} create answered ${response.status}`);
  return elapsed;
}

export interface WriteResult {
  kind: WriteKind;
  concurrency: number;
  ours: WriteStats;
  /**
   * Raw Parse with our class definitions (fields, class-level permissions, indexes) as its schema
   * and an empty beforeSave: what Parse itself does for the contract, none of our code.
   */
  contract: WriteStats;
  /** Raw Parse with an empty beforeSave on the class: Parse's own trigger pipeline, none of our code. */
  emptyTrigger: WriteStats;
  raw: WriteStats;
}

export interface WriteStats extends Stats {
  errors: number;
  /** Wall-clock time of the timed writes, and the writes answered per second over it. */
  seconds: number;
  throughputPerSecond: number;
  /** The server process's CPU time (user and system) per timed write, when its pid is known. */
  cpuMsPerWrite?: number;
}

/** Where a batch of writes goes: one server, or several taking turns request by request. */
export interface WriteSide {
  targets: readonly Target[];
  people: readonly Account[];
  /** The one server process's pid, to read its CPU time around the timed writes. */
  pid?: number;
}

/** The raw outcome of one batch of timed writes, before its statistics. */
interface WriteBatch {
  times: number[];
  errors: number;
  seconds: number;
  cpuSeconds?: number;
}

function statsOfBatches(kind: WriteKind, batches: readonly WriteBatch[]): WriteStats {
  const times = batches.flatMap((batch) => batch.times);
  const seconds = batches.reduce((sum, batch) => sum + batch.seconds, 0);
  const errors = batches.reduce((sum, batch) => sum + batch.errors, 0);
  const cpuSeconds = batches.every((batch) => batch.cpuSeconds !== undefined)
    ? batches.reduce((sum, batch) => sum + (batch.cpuSeconds ?? 0), 0)
    : undefined;
  return {
    ...statsOf({ name: kind, times }),
    errors,
    seconds,
    throughputPerSecond: times.length / seconds,
    ...(cpuSeconds === undefined ? {} : { cpuMsPerWrite: (cpuSeconds * 1000) / (times.length + errors) }),
  };
}

/**
 * `concurrency` people each log `kind` one after another, `total` in all (after one warm-up
 * write each); each request goes to the next of `side.targets` in turn. `withOwner` sends the
 * owner and the owner-only ACL our server sets itself (for raw Parse, which sets neither).
 */
async function writeBatch(
  kind: WriteKind,
  concurrency: number,
  total: number,
  side: WriteSide,
  withOwner: boolean,
  random: () => number,
): Promise<WriteBatch> {
  const perWorker = Math.max(2, Math.ceil(total / concurrency));
  const times: number[] = [];
  let errors = 0;
  let sent = 0;
  const nextTarget = () => side.targets[sent++ % side.targets.length] as Target;
  const workers = side.people.slice(0, concurrency).map((person) => {
    const owner = withOwner
      ? {
          user: { __type: 'Pointer', className: '_User', objectId: person.objectId },
          ACL: { [person.objectId]: { read: true, write: true } },
        }
      : {};
    return () => create(nextTarget(), person, CLASS_OF[kind], { ...writeBody(kind, random), ...owner });
  });
  await Promise.all(workers.map((once) => once().catch(() => undefined))); // warm-up, not counted
  const cpuBefore = side.pid ? (await processStats(side.pid)).cpuSeconds : undefined;
  const started = performance.now();
  await Promise.all(
    workers.map(async (once) => {
      for (let index = 0; index < perWorker; index += 1) {
        try {
          times.push(await once());
        } catch {
          errors += 1;
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  if (!side.pid || cpuBefore === undefined) return { times, errors, seconds };
  return { times, errors, seconds, cpuSeconds: (await processStats(side.pid)).cpuSeconds - cpuBefore };
}

const writeRandom = (kind: WriteKind, concurrency: number) =>
  mulberry32(concurrency * 31 + WRITE_KINDS.indexOf(kind));

/** One batch of `total` writes on one side (the cluster benchmark's measure). */
export async function timeWrites(
  kind: WriteKind,
  concurrency: number,
  total: number,
  side: WriteSide,
  withOwner = false,
): Promise<WriteStats> {
  const batch = await writeBatch(kind, concurrency, total, side, withOwner, writeRandom(kind, concurrency));
  return statsOfBatches(kind, [batch]);
}

/** A server the writes go to, with the people who write there. */
export interface WriteTarget {
  target: Target;
  people: readonly Account[];
  /** The server's process, for its CPU time per write. */
  pid?: number;
}

/** How many turns the three servers take at each level: slow drift of the machine falls on all three. */
export const WRITE_ROUNDS = 5;

const SIDES = ['ours', 'contract', 'emptyTrigger', 'raw'] as const;
type Side = (typeof SIDES)[number];

/**
 * The same writes on our server and on the three raw Parse baselines (same bodies; the baselines
 * get the owner and owner-only ACL ours sets itself). They take turns in `WRITE_ROUNDS` rounds of
 * `total / WRITE_ROUNDS` writes, each round in another order, after one untimed round each; each
 * side's statistics pool its rounds.
 */
export async function measureWrites(
  kind: WriteKind,
  concurrency: number,
  total: number,
  sides: Record<Side, WriteTarget>,
): Promise<WriteResult> {
  const names = SIDES;
  const perRound = Math.ceil(total / WRITE_ROUNDS);
  const random = writeRandom(kind, concurrency);
  const run = (name: Side) => {
    const { target, people, pid } = sides[name];
    return writeBatch(
      kind,
      concurrency,
      perRound,
      { targets: [target], people, pid },
      name !== 'ours',
      random,
    );
  };
  for (const name of names) await run(name); // warm-up round, not counted
  const batches: Record<Side, WriteBatch[]> = { ours: [], contract: [], emptyTrigger: [], raw: [] };
  for (let round = 0; round < WRITE_ROUNDS; round += 1) {
    for (let turn = 0; turn < names.length; turn += 1) {
      const name = names[(round + turn) % names.length] as Side;
      batches[name].push(await run(name));
    }
  }
  return {
    kind,
    concurrency,
    ours: statsOfBatches(kind, batches.ours),
    contract: statsOfBatches(kind, batches.contract),
    emptyTrigger: statsOfBatches(kind, batches.emptyTrigger),
    raw: statsOfBatches(kind, batches.raw),
  };
}

export interface ReadResult {
  name: string;
  ours: Stats;
  sql: Stats;
}

/** A SQL statement timed from our own `pg` connection; throws when it finds nothing. */
export function sqlCall(sql: pg.Client, text: string, values: unknown[]): TimedCall {
  return async () => {
    const started = performance.now();
    const { rows } = await sql.query(text, values);
    const elapsed = performance.now() - started;
    if (rows.length === 0) throw new Error(`The SQL statement found nothing: ${text.slice(0, 80)}`);
    return elapsed;
  };
}

export interface ReadSpec {
  name: string;
  ours: TimedCall;
  sql: TimedCall;
}

/** The reads of the product beside the same numbers from one SQL statement, alternating. */
export function readSpecs(
  baseUrl: string,
  sql: pg.Client,
  hub: Account,
  heavy: Account,
  friendIds: string[],
): ReadSpec[] {
  const session = { baseUrl, sessionToken: heavy.sessionToken };
  const today = localDay(new Date(), 'UTC');
  const isObject = (result: unknown) => typeof result === 'object' && result !== null;
  const twoWeeksAgo = new Date(Date.now() - 14 * DAY_MS);
  const mine = { user: { __type: 'Pointer', className: '_User', objectId: heavy.objectId } };
  const floor = baseline(session, 'Activity', mine);
  return [
    {
      // The least any answer through Parse costs: the floor under every ratio below.
      name: 'floor: one of my Activity rows through Parse REST',
      ours: floor.call,
      sql: sqlCall(sql, `SELECT * FROM "Activity" WHERE "user" = $1 LIMIT 1`, [heavy.objectId]),
    },
    {
      name: 'start page: activitySummary (month, 12 weeks, streaks; 3 years of workouts)',
      ours: cloudFunction(
        session,
        'activitySummary',
        { month: today.slice(0, 7), date: today, timeZone: 'UTC' },
        isObject,
      ),
      // Every day's totals of the whole history: what the month, the weeks and the streaks derive from.
      sql: sqlCall(
        sql,
        `SELECT ("startedAt" AT TIME ZONE 'UTC')::date AS day, sum("durationMin"), sum("caloriesKcal"), count(*)
           FROM "Activity" WHERE "user" = $1 GROUP BY 1`,
        [heavy.objectId],
      ),
    },
    {
      name: 'weight: weightSummary 1 year (trend over the whole history)',
      ours: cloudFunction(session, 'weightSummary', { range: '1y', timeZone: 'UTC' }, isObject),
      sql: sqlCall(
        sql,
        `SELECT ("measuredAt" AT TIME ZONE 'UTC')::date AS day, avg("weightKg")
           FROM "WeightEntry" WHERE "user" = $1 GROUP BY 1 ORDER BY 1`,
        [heavy.objectId],
      ),
    },
    {
      name: `friends: friendsRanking activeMinutes week (${friendIds.length} friends)`,
      ours: cloudFunction(
        { baseUrl, sessionToken: hub.sessionToken },
        'friendsRanking',
        { metric: 'activeMinutes', period: 'week' },
        isObject,
      ),
      sql: sqlCall(
        sql,
        `SELECT "user", sum("durationMin") FROM "Activity"
          WHERE "user" = ANY($1) AND "startedAt" >= $2 GROUP BY 1`,
        [[hub.objectId, ...friendIds], twoWeeksAgo],
      ),
    },
    {
      name: 'meals: one day of meals (Parse query)',
      ours: async () => {
        const started = performance.now();
        const where = encodeURIComponent(
          JSON.stringify({
            ...mine,
            eatenAt: { $gte: { __type: 'Date', iso: new Date(Date.now() - DAY_MS).toISOString() } },
          }),
        );
        const { status } = await sessionRequest(
          session,
          'GET',
          `/parse/classes/Meal?where=${where}&limit=100`,
        );
        if (status !== 200) throw new Error(`Meal query answered ${status}`);
        return performance.now() - started;
      },
      sql: sqlCall(sql, `SELECT * FROM "Meal" WHERE "user" = $1 AND "eatenAt" >= $2`, [
        heavy.objectId,
        new Date(Date.now() - DAY_MS),
      ]),
    },
  ];
}

export async function measureReads(
  specs: readonly ReadSpec[],
  loop: { warmUp: number; calls: number },
): Promise<ReadResult[]> {
  const results: ReadResult[] = [];
  for (const spec of specs) {
    const sql: Scenario = await measure(`${spec.name} — SQL`, spec.sql, loop);
    const ours: Scenario = await measure(spec.name, spec.ours, loop);
    results.push({ name: spec.name, ours: statsOf(ours), sql: statsOf(sql) });
  }
  return results;
}

export interface MixedResult {
  users: number;
  seconds: number;
  operations: number;
  throughputPerSecond: number;
  errors: number;
  overall: Stats;
  byAction: Stats[];
  serverCpuPercent: number;
  serverPeakRssBytes: number;
}

type Action = {
  name: string;
  weight: number;
  run: (person: Account, random: () => number) => Promise<number>;
};

/**
 * `users` simulated people, each repeating: think for 0–1 s (0–`thinkMs`; 0 sends the next action
 * as soon as the last is answered), then one action of a realistic mix (mostly reading the start
 * page and logging), for `seconds`. The server's CPU time and resident memory are sampled all along.
 */
export async function measureMixed(
  baseUrl: string,
  appId: string,
  serverPid: number,
  people: readonly Account[],
  seconds: number,
  { thinkMs = 1000 }: { thinkMs?: number } = {},
): Promise<MixedResult> {
  const target = { baseUrl, appId };
  const call = (person: Account, name: string, params: Record<string, unknown>) =>
    cloudFunction({ baseUrl, sessionToken: person.sessionToken }, name, params, () => true)();
  const today = localDay(new Date(), 'UTC');
  const actions: Action[] = [
    {
      name: 'start page',
      weight: 25,
      run: (p) => call(p, 'activitySummary', { month: today.slice(0, 7), timeZone: 'UTC' }),
    },
    {
      name: 'weight page',
      weight: 10,
      run: (p) => call(p, 'weightSummary', { range: '3m', timeZone: 'UTC' }),
    },
    {
      name: 'ranking',
      weight: 10,
      run: (p) => call(p, 'friendsRanking', { metric: 'activeMinutes', period: 'week' }),
    },
    {
      name: 'log workout',
      weight: 20,
      run: (p, r) => create(target, p, 'Activity', writeBody('workout', r)),
    },
    {
      name: 'log weigh-in',
      weight: 15,
      run: (p, r) => create(target, p, 'WeightEntry', writeBody('weigh-in', r)),
    },
    { name: 'log meal', weight: 15, run: (p, r) => create(target, p, 'Meal', writeBody('meal', r)) },
    {
      name: 'chat message',
      weight: 5,
      run: (p) => create(target, p, 'ChatMessage', { room: 'topic:run', text: 'Anyone up for intervals?' }),
    },
  ];
  const totalWeight = actions.reduce((sum, action) => sum + action.weight, 0);
  const times = new Map<string, number[]>(actions.map((action) => [action.name, []]));
  let errors = 0;

  const startStats = await processStats(serverPid);
  let peakRss = startStats.rssBytes;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const sampler = setInterval(() => {
    void processStats(serverPid).then(
      (stats) => (peakRss = Math.max(peakRss, stats.rssBytes)),
      () => undefined,
    );
  }, 250);

  await Promise.all(
    people.map(async (person, index) => {
      const random = mulberry32(1000 + index);
      while (performance.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, random() * thinkMs));
        if (performance.now() >= deadline) break;
        let roll = random() * totalWeight;
        const action = actions.find((candidate) => (roll -= candidate.weight) < 0);
        if (!action) continue;
        try {
          times.get(action.name)?.push(await action.run(person, random));
        } catch {
          errors += 1;
        }
      }
    }),
  );
  clearInterval(sampler);
  const elapsed = (performance.now() - started) / 1000;
  const endStats = await processStats(serverPid);
  const all = [...times.values()].flat();
  return {
    users: people.length,
    seconds: elapsed,
    operations: all.length,
    throughputPerSecond: all.length / elapsed,
    errors,
    overall: statsOf({ name: 'all actions', times: all }),
    byAction: [...times].map(([name, values]) => statsOf({ name, times: values })),
    serverCpuPercent: ((endStats.cpuSeconds - startStats.cpuSeconds) / elapsed) * 100,
    serverPeakRssBytes: Math.max(peakRss, endStats.rssBytes),
  };
}
