import { beforeAll, describe, expect, it } from 'vitest';
import { request, signUp, type Account } from '../../server/test/rest';
import type { RecentExercises } from '../../src/domain/strength';
import type { ExerciseRow } from './strength';

let alice: Account;
let bob: Account;

beforeAll(async () => {
  alice = await signUp();
  bob = await signUp();
  for (const [owner, name] of [
    [alice, 'Zercher squat'],
    [bob, 'Zercher carry secret'],
  ] as const) {
    const created = await request('POST', '/parse/classes/Exercise', {
      sessionToken: owner.sessionToken,
      body: {
        name,
        category: 'barbell',
        primaryMuscles: ['quadriceps'],
        equipment: 'barbell',
        measure: 'weight_reps',
      },
    });
    expect(created.status).toBe(201);
  }
});

async function search(account: Account | undefined, params: Record<string, unknown>) {
  return request('POST', '/parse/functions/searchExercises', {
    ...(account ? { sessionToken: account.sessionToken } : {}),
    body: params,
  });
}

const found = async (account: Account, params: Record<string, unknown>) => {
  const { status, body } = await search(account, params);
  expect(status).toBe(200);
  return body.result as ExerciseRow[];
};

describe('searchExercises', () => {
  it('finds exercises whose name words begin with every word typed, the likeliest first', async () => {
    const rows = await found(alice, { query: 'bench pr' });

    expect(rows.length).toBeGreaterThan(0);
    expect(rows[0]?.name).toMatch(/bench press/i);
    for (const row of rows) {
      expect(row.name).toMatch(/\bbench/i);
      expect(row.name).toMatch(/\bpr/i);
    }
  });

  it('finds the catalogue by its German, French and Spanish names, ranked by the asked language', async () => {
    const [german, french] = await Promise.all([
      found(alice, { query: 'bankdrucken langhantel', language: 'de' }),
      found(alice, { query: 'développé couché barre', language: 'fr' }),
    ]);

    expect(german[0]?.name).toBe('Barbell Bench Press');
    expect(german[0]?.names?.de).toBe('Bankdrücken mit der Langhantel');
    expect(french[0]?.names?.fr).toBe('Développé couché à la barre');
  });

  it('filters by muscle, primary or secondary, and by equipment', async () => {
    const calves = await found(alice, { muscle: 'calves', limit: 25 });
    const kettlebell = await found(alice, { query: 'swing', equipment: 'kettlebell' });

    expect(calves.length).toBeGreaterThan(2);
    for (const row of calves) expect([...row.primaryMuscles, ...row.secondaryMuscles]).toContain('calves');
    expect(kettlebell.length).toBeGreaterThan(0);
    for (const row of kettlebell) expect(row.equipment).toBe('kettlebell');
  });

  it("includes the person's own exercises and never another's", async () => {
    const rows = await found(alice, { query: 'zercher' });

    expect(rows.map((row) => [row.name, row.custom])).toEqual([['Zercher squat', true]]);
  });

  it('refuses an anonymous caller', async () => {
    const { body } = await search(undefined, { query: 'squat' });

    expect(body.result).toBeUndefined();
    expect(body.code).toBe(209);
  });

  it.each([
    ['query', { query: 'x'.repeat(61) }],
    ['query', { query: 5 }],
    ['muscle', { muscle: 'wings' }],
    ['equipment', { equipment: 'x'.repeat(41) }],
    ['limit', { limit: 26 }],
  ])('refuses a bad %s with 142 naming it', async (field, params) => {
    const { status, body } = await search(alice, params);

    expect(status).toBe(400);
    expect(body.code).toBe(142);
    expect(body.error).toContain(field);
  });
});

describe('exerciseProgress', () => {
  const DAY = 24 * 3_600_000;
  let benchId: string;

  async function strength(owner: Account, daysAgo: number, sets: Record<string, unknown>[]) {
    const saved = await request('POST', '/parse/classes/Activity', {
      sessionToken: owner.sessionToken,
      body: {
        type: 'strength',
        startedAt: { __type: 'Date', iso: new Date(Date.now() - daysAgo * DAY).toISOString() },
        durationMin: 45,
        exercises: [{ exerciseId: benchId, sets }],
      },
    });
    expect(saved.status).toBe(201);
    return String(saved.body.objectId);
  }

  const progress = (account: Account | undefined, params: Record<string, unknown>) =>
    request('POST', '/parse/functions/exerciseProgress', {
      ...(account ? { sessionToken: account.sessionToken } : {}),
      body: params,
    });

  beforeAll(async () => {
    [benchId] = (await found(alice, { query: 'barbell bench press', limit: 1 })).map((row) => row.id) as [
      string,
    ];
  });

  it('charts each workout of the range and keeps the records of all time, of the person alone', async () => {
    const carol = await signUp();
    const old = await strength(carol, 60, [{ reps: 5, weightKg: 100 }]);
    const recent = await strength(carol, 20, [
      { reps: 10, weightKg: 40, warmup: true },
      { reps: 6, weightKg: 100 },
    ]);
    await strength(bob, 1, [{ reps: 1, weightKg: 200 }]);

    const month = await progress(carol, { exerciseId: benchId, range: '1m' });
    const all = await progress(carol, { exerciseId: benchId, range: 'all' });

    expect(month.status).toBe(200);
    const result = month.body.result as {
      points: { activityId: string; records: string[][] }[];
      records: Record<string, unknown>;
    };
    expect(result.points.map((point) => [point.activityId, point.records])).toEqual([
      [recent, [[], ['oneRepMax', 'repsAtWeight', 'setVolume']]],
    ]);
    expect(result.records.heaviest).toMatchObject({ value: 100, activityId: old });
    expect(result.records.oneRepMax).toMatchObject({ value: 120, activityId: recent });
    expect((all.body.result as { points: unknown[] }).points).toHaveLength(2);
  });

  it("refuses another person's own exercise, an unknown one, a bad range and an anonymous caller", async () => {
    const [bobsOwn] = (await found(bob, { query: 'zercher carry' })).map((row) => row.id);

    const others = await progress(alice, { exerciseId: bobsOwn, range: 'all' });
    const unknown = await progress(alice, { exerciseId: 'xxxxxxxxxx' });
    const range = await progress(alice, { exerciseId: benchId, range: '2y' });
    const anonymous = await progress(undefined, { exerciseId: benchId });

    expect([others.body.code, unknown.body.code, range.body.code, anonymous.body.code]).toEqual([
      142, 142, 142, 209,
    ]);
    expect(others.body.error).toContain('exerciseId');
    expect(range.body.error).toContain('range');
  });
});

describe('workoutRecords', () => {
  it('marks the sets of a saved workout that beat the person’s earlier ones, and only theirs', async () => {
    const dave = await signUp();
    const [squat] = (await found(dave, { query: 'barbell back squat', limit: 1 })).map((row) => row.id);
    const log = async (daysAgo: number, sets: Record<string, unknown>[]) => {
      const saved = await request('POST', '/parse/classes/Activity', {
        sessionToken: dave.sessionToken,
        body: {
          type: 'strength',
          startedAt: { __type: 'Date', iso: new Date(Date.now() - daysAgo * 86_400_000).toISOString() },
          durationMin: 50,
          exercises: [{ exerciseId: squat, sets }],
        },
      });
      return String(saved.body.objectId);
    };
    await log(7, [{ reps: 5, weightKg: 100 }]);
    const today = await log(0, [
      { reps: 5, weightKg: 60, warmup: true },
      { reps: 5, weightKg: 100 },
      { reps: 5, weightKg: 105 },
    ]);
    const call = (account: Account | undefined, activityId: string) =>
      request('POST', '/parse/functions/workoutRecords', {
        ...(account ? { sessionToken: account.sessionToken } : {}),
        body: { activityId },
      });

    const own = await call(dave, today);
    const [byBob, anonymous] = await Promise.all([call(bob, today), call(undefined, today)]);

    expect(own.body.result).toEqual({
      activityId: today,
      records: [[[], [], ['heaviest', 'oneRepMax', 'repsAtWeight', 'setVolume']]],
    });
    expect([byBob.body.code, anonymous.body.code]).toEqual([142, 209]);
    expect(byBob.body.error).toContain('activityId');
  });
});

describe('recentExercises', () => {
  const call = (account: Account | undefined, params: Record<string, unknown>) =>
    request('POST', '/parse/functions/recentExercises', {
      ...(account ? { sessionToken: account.sessionToken } : {}),
      body: params,
    });
  const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

  it('lists the latest exercises first with the sets each had last time, before the workout being edited', async () => {
    const erin = await signUp();
    const [bench] = await found(erin, { query: 'barbell bench press', limit: 1 });
    const [squat] = await found(erin, { query: 'barbell back squat', limit: 1 });
    const log = async (days: number, exercises: unknown[]) => {
      const saved = await request('POST', '/parse/classes/Activity', {
        sessionToken: erin.sessionToken,
        body: {
          type: 'strength',
          startedAt: { __type: 'Date', iso: daysAgo(days) },
          durationMin: 45,
          exercises,
        },
      });
      expect(saved.status).toBe(201);
    };
    await log(9, [{ exerciseId: bench?.id, sets: [{ reps: 8, weightKg: 55 }] }]);
    await log(5, [{ exerciseId: squat?.id, sets: [{ reps: 5, weightKg: 90 }] }]);
    const lastSets = [
      { reps: 8, weightKg: 60, done: true },
      { reps: 8, weightKg: 60 },
    ];
    await log(2, [{ exerciseId: bench?.id, sets: lastSets }]);

    const now = (await call(erin, {})).body.result as RecentExercises;
    const earlier = (await call(erin, { before: daysAgo(3) })).body.result as RecentExercises;

    expect(now.exercises.map((row) => row.id)).toEqual([bench?.id, squat?.id]);
    expect(now.lastSets[bench?.id ?? '']).toEqual(lastSets);
    expect(earlier.lastSets[bench?.id ?? '']).toEqual([{ reps: 8, weightKg: 55 }]);
    expect(earlier.lastSets[squat?.id ?? '']).toEqual([{ reps: 5, weightKg: 90 }]);
    // The last strength workout, to repeat: as saved, ticks and all (the window clears the ticks).
    expect(now.lastWorkout).toEqual({
      durationMin: 45,
      exercises: [{ exerciseId: bench?.id, sets: lastSets }],
    });
    expect(earlier.lastWorkout?.exercises.map((logged) => logged.exerciseId)).toEqual([squat?.id]);
    expect(now.named.map((row) => row.id)).toEqual([bench?.id]);
    const named = (await call(erin, { exerciseIds: [squat?.id, 'xxxxxxxxxx'] })).body
      .result as RecentExercises;
    expect(named.named.map((row) => row.name)).toEqual([squat?.name, bench?.name]);
  });

  it("shows nobody else's workouts, and refuses bad parameters and anonymous callers", async () => {
    const frank = await signUp();
    const strangers = await call(frank, {});
    const badIds = await call(frank, { exerciseIds: 'bench' });
    const tooMany = await call(frank, { exerciseIds: Array.from({ length: 31 }, () => 'xxxxxxxxxx') });
    const badBefore = await call(frank, { before: 'yesterday' });
    const anonymous = await call(undefined, {});

    expect(strangers.body.result).toEqual({ exercises: [], lastSets: {}, named: [] });
    expect([badIds.body.code, tooMany.body.code, badBefore.body.code, anonymous.body.code]).toEqual([
      142, 142, 142, 209,
    ]);
    expect(badIds.body.error).toContain('exerciseIds');
    expect(badBefore.body.error).toContain('before');
  });
});
