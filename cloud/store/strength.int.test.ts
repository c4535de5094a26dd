import type ParseSdk from 'parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordsOfWorkout, type ExerciseSession } from '../../src/domain/strength';
import type { SqlClient } from '../database';
import { catalogueExerciseId, parseDate, request, signUp, type Account } from '../../server/test/rest';
import { storeHarness } from '../../server/test/store';
import type * as strengthStore from './strength';

type Store = typeof strengthStore;

/** A week of the seeded workouts, from Monday 23 February 2026. */
const WEEK = '2026-02-23';
const at = (iso: string) => new Date(iso);

let store: Store;
let sql: SqlClient;
let close: () => Promise<void>;
let Parse: typeof ParseSdk;
let alice: Account;
let bob: Account;
const ids = { bench: '', squat: '', own: '', bobs: '' };

async function logWorkout(owner: Account, startedAt: Date, exercises: unknown[]): Promise<string> {
  const { status, body } = await request('POST', '/parse/classes/Activity', {
    sessionToken: owner.sessionToken,
    body: { type: 'strength', startedAt: parseDate(startedAt), durationMin: 45, exercises },
  });
  expect(status).toBe(201);
  return String(body.objectId);
}

beforeAll(async () => {
  ({ store, sql, Parse, close } = await storeHarness(() => import('./strength')));
  alice = await signUp();
  bob = await signUp();
  ids.bench = await catalogueExerciseId(alice, 'ex:barbell-bench-press');
  ids.squat = await catalogueExerciseId(alice, 'ex:barbell-back-squat');
  const own = await request('POST', '/parse/classes/Exercise', {
    sessionToken: alice.sessionToken,
    body: { name: 'Alice’s press', category: 'machine', primaryMuscles: ['chest'], measure: 'weight_reps' },
  });
  ids.own = String(own.body.objectId);
  const bobs = await request('POST', '/parse/classes/Exercise', {
    sessionToken: bob.sessionToken,
    body: { name: 'Bob’s press', category: 'machine', primaryMuscles: ['chest'], measure: 'weight_reps' },
  });
  ids.bobs = String(bobs.body.objectId);

  // Alice: three weeks of bench, one workout with the bench twice, a Sunday-night workout that is
  // Monday in Berlin, warm-ups; Bob: heavier sets of the same exercise, never in Alice's answers.
  await logWorkout(alice, at('2026-02-16T17:00:00Z'), [
    {
      exerciseId: ids.bench,
      sets: [
        { weightKg: 40, reps: 10, warmup: true },
        { weightKg: 70, reps: 8 },
      ],
    },
  ]);
  await logWorkout(alice, at('2026-02-23T17:00:00Z'), [
    { exerciseId: ids.bench, sets: [{ weightKg: 75, reps: 5 }] },
    {
      exerciseId: ids.squat,
      sets: [
        { weightKg: 100, reps: 5 },
        { weightKg: 100, reps: 14 },
      ],
    },
    { exerciseId: ids.bench, sets: [{ weightKg: 60, reps: 12 }] },
  ]);
  await logWorkout(alice, at('2026-03-01T23:30:00Z'), [
    {
      exerciseId: ids.bench,
      sets: [
        { weightKg: 80, reps: 3 },
        { weightKg: 50, reps: 10, warmup: true },
      ],
    },
    { exerciseId: ids.own, sets: [{ weightKg: 30, reps: 12 }] },
  ]);
  await logWorkout(alice, at('2026-03-09T09:00:00Z'), [
    { exerciseId: ids.bench, sets: [{ weightKg: 85, reps: 1 }] },
  ]);
  await logWorkout(bob, at('2026-02-20T17:00:00Z'), [
    { exerciseId: ids.bench, sets: [{ weightKg: 150, reps: 5 }] },
    { exerciseId: ids.bobs, sets: [{ weightKg: 90, reps: 5 }] },
  ]);
});

afterAll(async () => {
  await close();
});

const aliceUser = () => Parse.User.createWithoutData(alice.objectId);
const bySession = (a: ExerciseSession, b: ExerciseSession) => a.startedAt.localeCompare(b.startedAt);

describe('the strength store answers the same through SQL and through Parse queries', () => {
  it('visibleExercises: the catalogue and the person’s own, never another person’s', async () => {
    const [bySql, byQueries] = await Promise.all([
      store.visibleExercises.bySql(sql, aliceUser()),
      store.visibleExercises.byQueries(aliceUser()),
    ]);
    const sorted = (rows: typeof bySql) => [...rows].sort((a, b) => a.id.localeCompare(b.id));
    expect(sorted(byQueries)).toEqual(sorted(bySql));
    expect(bySql.find((row) => row.id === ids.own)).toMatchObject({ name: 'Alice’s press', custom: true });
    expect(bySql.find((row) => row.id === ids.bench)).toMatchObject({ custom: false });
    expect(bySql.some((row) => row.id === ids.bobs)).toBe(false);
  });

  it('usableExercises: named exercises of the catalogue and the person’s own, never another person’s', async () => {
    const named = [ids.bench, ids.own, ids.bobs, 'NoSuchExercise'];
    const [bySql, byQueries] = await Promise.all([
      store.usableExercises.bySql(sql, named, aliceUser()),
      store.usableExercises.byQueries(named, aliceUser()),
    ]);
    expect(byQueries).toEqual(bySql);
    expect([...bySql.keys()].sort()).toEqual([ids.bench, ids.own].sort());
    expect(bySql.get(ids.own)).toMatchObject({ measure: 'weight_reps' });
    expect(await store.usableExercises.bySql(sql, named, undefined)).toEqual(
      await store.usableExercises.byQueries(named, undefined),
    );
    expect([...(await store.usableExercises.bySql(sql, named, undefined)).keys()]).toEqual([ids.bench]);
    expect(await store.usableExercises.byQueries([], aliceUser())).toEqual(new Map());
  });

  it('exerciseSessions: one session per workout, an exercise logged twice joined, the person’s only', async () => {
    const [bySql, byQueries] = await Promise.all([
      store.exerciseSessions.bySql(sql, aliceUser(), ids.bench),
      store.exerciseSessions.byQueries(aliceUser(), ids.bench),
    ]);
    expect([...byQueries].sort(bySession)).toEqual([...bySql].sort(bySession));
    expect(bySql).toHaveLength(4);
    const twice = bySql.find((session) => session.startedAt === '2026-02-23T17:00:00.000Z');
    expect(twice?.sets).toEqual(
      expect.arrayContaining([
        { weightKg: 75, reps: 5 },
        { weightKg: 60, reps: 12 },
      ]),
    );
    expect(bySql.flatMap((session) => session.sets).some((set) => set.weightKg === 150)).toBe(false);
  });

  it('earlierSets: the same records for a new workout, from workouts before it only', async () => {
    const before = at('2026-03-05T00:00:00Z');
    const probe = [
      {
        exerciseId: ids.bench,
        sets: [
          { weightKg: 80, reps: 4 },
          { weightKg: 60, reps: 13 },
          { weightKg: 82, reps: 1 },
        ],
      },
      {
        exerciseId: ids.squat,
        sets: [
          { weightKg: 100, reps: 15 },
          { weightKg: 90, reps: 5 },
        ],
      },
    ];
    const [bySql, byQueries] = await Promise.all([
      store.earlierSets.bySql(sql, aliceUser(), [ids.bench, ids.squat], before),
      store.earlierSets.byQueries(aliceUser(), [ids.bench, ids.squat], before),
    ]);
    const records = recordsOfWorkout(probe, bySql);
    expect(recordsOfWorkout(probe, byQueries)).toEqual(records);
    // 80 kg × 4 beats 80 × 3 (reps at a weight); 82 × 1 is the heaviest; the 85 kg set came after.
    expect(records[0]?.[0]).toContain('repsAtWeight');
    expect(records[0]?.[2]).toContain('heaviest');
    expect(records[1]?.[1]).toEqual([]);
  });

  it('latestSessions: each exercise’s latest sets before a moment, latest first', async () => {
    const before = at('2026-03-05T00:00:00Z');
    const [bySql, byQueries] = await Promise.all([
      store.latestSessions.bySql(sql, aliceUser(), before),
      store.latestSessions.byQueries(aliceUser(), before),
    ]);
    expect(byQueries).toEqual(bySql);
    expect(bySql.map((session) => session.exerciseId)).toEqual(
      expect.arrayContaining([ids.bench, ids.own, ids.squat]),
    );
    expect(bySql).toHaveLength(3);
    expect(bySql.find((session) => session.exerciseId === ids.bench)?.sets).toEqual([
      { weightKg: 80, reps: 3 },
      { weightKg: 50, reps: 10, warmup: true },
    ]);
  });

  it('weekWorkingSets: working sets of the local week, warm-ups left out, by the person’s zone', async () => {
    const week = async (timeZone: string) => {
      const [bySql, byQueries] = await Promise.all([
        store.weekWorkingSets.bySql(sql, aliceUser(), WEEK, timeZone),
        store.weekWorkingSets.byQueries(aliceUser(), WEEK, timeZone),
      ]);
      expect(byQueries).toEqual(bySql);
      return bySql;
    };
    // Sunday 1 March 23:30 UTC is in this week in UTC, and Monday of the next one in Berlin.
    expect(await week('UTC')).toEqual(
      new Map([
        [ids.bench, 3],
        [ids.squat, 2],
        [ids.own, 1],
      ]),
    );
    expect(await week('Europe/Berlin')).toEqual(
      new Map([
        [ids.bench, 2],
        [ids.squat, 2],
      ]),
    );
  });
});
