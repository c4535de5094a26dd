import { beforeAll, describe, expect, it } from 'vitest';
import { catalogueExerciseId, parseDate, request, signUp, type Account } from '../../server/test/rest';

const HOUR = 3_600_000;

let alice: Account;
let bob: Account;
const ids: Record<string, string> = {};

beforeAll(async () => {
  alice = await signUp();
  bob = await signUp();
  ids.bench = await catalogueExerciseId(alice, 'ex:barbell-bench-press');
  ids.plank = await catalogueExerciseId(alice, 'ex:plank');
  ids.pullUp = await catalogueExerciseId(alice, 'ex:pull-up');
  const bobs = await request('POST', '/parse/classes/Exercise', {
    sessionToken: bob.sessionToken,
    body: { name: 'Bob’s press', category: 'machine', primaryMuscles: ['chest'], measure: 'weight_reps' },
  });
  ids.bobs = String(bobs.body.objectId);
});

function workout(exercises: unknown, fields: Record<string, unknown> = {}) {
  return {
    type: 'strength',
    startedAt: parseDate(new Date(Date.now() - HOUR)),
    durationMin: 60,
    exercises,
    ...fields,
  };
}

async function log(owner: Account, body: Record<string, unknown>) {
  return request('POST', '/parse/classes/Activity', { sessionToken: owner.sessionToken, body });
}

describe('a strength workout with its sets', () => {
  it('is saved in one request with its sets’ ticks, readable by its owner alone, its calories estimated from its exercises', async () => {
    const exercises = [
      {
        exerciseId: ids.bench,
        sets: [
          { reps: 10, weightKg: 40, warmup: true, done: true },
          { reps: 5, weightKg: 80, rpe: 8.5, done: false },
        ],
      },
      { exerciseId: ids.plank, sets: [{ durationS: 60 }], note: 'Hips level' },
    ];
    const saved = await log(alice, workout(exercises));
    expect(saved.status).toBe(201);
    const path = `/parse/classes/Activity/${String(saved.body.objectId)}`;

    const own = await request('GET', path, { sessionToken: alice.sessionToken });
    const [byBob, anonymous] = await Promise.all([
      request('GET', path, { sessionToken: bob.sessionToken }),
      request('GET', path),
    ]);
    const changedByBob = await request('PUT', path, {
      sessionToken: bob.sessionToken,
      body: { exercises: [] },
    });

    expect(own.body.exercises).toEqual(exercises);
    // MET (6 × 2 sets + 3.8 × 1 set) / 3 ≈ 5.27; (5.27 − 1) × 70 kg × 1 h
    expect(own.body.caloriesKcal).toBe(299);
    expect(own.body.caloriesEstimated).toBe(true);
    expect([byBob.body.code, anonymous.body.code, changedByBob.body.code]).toEqual([101, 101, 101]);
  });

  it.each([
    ['exercises[0].exerciseId', () => [{ exerciseId: 'xxxxxxxxxx', sets: [{ reps: 5, weightKg: 60 }] }]],
    [
      "exercises[0].exerciseId (someone else's)",
      () => [{ exerciseId: ids.bobs, sets: [{ reps: 5, weightKg: 60 }] }],
    ],
    [
      'exercises[0].sets[1].reps',
      () => [
        {
          exerciseId: ids.bench,
          sets: [
            { reps: 5, weightKg: 60 },
            { reps: 1001, weightKg: 60 },
          ],
        },
      ],
    ],
    [
      'exercises[0].sets[0].weightKg',
      () => [{ exerciseId: ids.plank, sets: [{ durationS: 30, weightKg: 1200 }] }],
    ],
    [
      'exercises[0].sets[0].durationS',
      () => [{ exerciseId: ids.pullUp, sets: [{ reps: 8, durationS: 30 }] }],
    ],
    [
      'exercises[0].sets[0].done',
      () => [{ exerciseId: ids.bench, sets: [{ reps: 5, weightKg: 60, done: 'yes' }] }],
    ],
  ])('refuses %s with 142 naming it, and saves nothing', async (field, exercises) => {
    const notes = `refused ${Math.random()}`;
    const refused = await log(alice, workout(exercises(), { notes }));
    const stored = await request(
      'GET',
      `/parse/classes/Activity?where=${encodeURIComponent(JSON.stringify({ notes }))}`,
      { sessionToken: alice.sessionToken },
    );

    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe(142);
    expect(refused.body.error).toContain(field.split(' ')[0]);
    expect(stored.body.results).toEqual([]);
  });

  it('refuses exercises on a workout that is not strength training', async () => {
    const refused = await log(
      alice,
      workout([{ exerciseId: ids.pullUp, sets: [{ reps: 8 }] }], { type: 'run' }),
    );

    expect(refused.body.code).toBe(142);
    expect(refused.body.error).toContain('exercises');
  });

  it('keeps a workout whose own exercise was deleted later, and its other changes still save', async () => {
    const own = await request('POST', '/parse/classes/Exercise', {
      sessionToken: alice.sessionToken,
      body: { name: 'Sandbag shoulder', category: 'other', primaryMuscles: ['traps'], measure: 'reps' },
    });
    const saved = await log(alice, workout([{ exerciseId: String(own.body.objectId), sets: [{ reps: 6 }] }]));
    expect(saved.status).toBe(201);
    await request('DELETE', `/parse/classes/Exercise/${String(own.body.objectId)}`, {
      sessionToken: alice.sessionToken,
    });

    const changed = await request('PUT', `/parse/classes/Activity/${String(saved.body.objectId)}`, {
      sessionToken: alice.sessionToken,
      body: { notes: 'Heavy day' },
    });

    expect(changed.status).toBe(200);
  });
});

describe('activitySummary of a day with a strength workout', () => {
  async function summaryOf(owner: Account, date: string) {
    const { status, body } = await request('POST', '/parse/functions/activitySummary', {
      sessionToken: owner.sessionToken,
      body: { date, timeZone: 'UTC' },
    });
    expect(status).toBe(200);
    return body.result as {
      dayActivities: { id: string; exercises?: unknown }[];
      dayExercises: { id: string; name: string; measure: string }[];
    };
  }

  it('gives the workout its sets and names its exercises, for its owner alone', async () => {
    const carol = await signUp();
    const startedAt = new Date(Date.UTC(2026, 5, 3, 18));
    const exercises = [
      { exerciseId: ids.bench, sets: [{ reps: 5, weightKg: 80 }] },
      { exerciseId: ids.plank, sets: [{ durationS: 45 }] },
    ];
    const saved = await log(carol, workout(exercises, { startedAt: parseDate(startedAt) }));
    expect(saved.status).toBe(201);

    const own = await summaryOf(carol, '2026-06-03');
    const strangers = await summaryOf(bob, '2026-06-03');

    expect(own.dayActivities).toEqual([expect.objectContaining({ id: saved.body.objectId, exercises })]);
    expect(own.dayExercises.map((row) => [row.id, row.measure]).sort()).toEqual(
      [
        [ids.bench, 'weight_reps'],
        [ids.plank, 'time'],
      ].sort(),
    );
    expect(strangers.dayActivities).toEqual([]);
    expect(strangers.dayExercises).toEqual([]);
  });

  it('marks the sets that beat an earlier workout, warm-ups never', async () => {
    const dora = await signUp();
    const at = (hour: number) => parseDate(new Date(Date.UTC(2026, 5, 4, hour)));
    const bench = (sets: unknown[]) => [{ exerciseId: ids.bench, sets }];
    await log(dora, workout(bench([{ reps: 5, weightKg: 80 }]), { startedAt: at(8) }));
    const heavier = await log(
      dora,
      workout(
        bench([
          { reps: 5, weightKg: 90, warmup: true },
          { reps: 5, weightKg: 85 },
          { reps: 3, weightKg: 70 },
        ]),
        {
          startedAt: at(18),
        },
      ),
    );

    const { dayActivities } = await summaryOf(dora, '2026-06-04');

    expect(dayActivities.find((row) => row.id === heavier.body.objectId)).toMatchObject({
      setRecords: [[[], ['heaviest', 'oneRepMax', 'repsAtWeight', 'setVolume'], []]],
    });
    expect(dayActivities.find((row) => row.id !== heavier.body.objectId)).toMatchObject({
      setRecords: [[[]]],
    });
  });

  it("counts this week's working sets per primary muscle, of nobody else", async () => {
    const gil = await signUp();
    const startedAt = new Date();
    const bench = [
      {
        exerciseId: ids.bench,
        sets: [
          { reps: 10, weightKg: 40, warmup: true },
          { reps: 5, weightKg: 80 },
          { reps: 5, weightKg: 80 },
        ],
      },
    ];
    expect((await log(gil, workout(bench, { startedAt: parseDate(startedAt) }))).status).toBe(201);
    const day = startedAt.toISOString().slice(0, 10);

    const { body } = await request('POST', '/parse/functions/activitySummary', {
      sessionToken: gil.sessionToken,
      body: { date: day, timeZone: 'UTC' },
    });
    const stranger = await request('POST', '/parse/functions/activitySummary', {
      sessionToken: (await signUp()).sessionToken,
      body: { date: day, timeZone: 'UTC' },
    });
    const { thisWeek, weekMuscleSets } = body.result as {
      thisWeek: { start: string };
      weekMuscleSets: Record<string, number>;
    };

    // The workout falls in the week the answer calls this week unless a week began in between.
    const inThisWeek = day >= thisWeek.start;
    expect(weekMuscleSets).toEqual(inThisWeek ? { chest: 2 } : {});
    expect(
      (stranger.body.result as { weekMuscleSets: Record<string, number> }).weekMuscleSets.chest,
    ).toBeUndefined();
  });
});
