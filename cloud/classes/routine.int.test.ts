import { beforeAll, describe, expect, it } from 'vitest';
import { request, signUp, userPointer, type Account } from '../../server/test/rest';

let alice: Account;
let bob: Account;
let squatId: string;
let bobsExerciseId: string;

beforeAll(async () => {
  alice = await signUp();
  bob = await signUp();
  const where = encodeURIComponent(JSON.stringify({ catalogueKey: 'ex:barbell-back-squat' }));
  const found = await request('GET', `/parse/classes/Exercise?where=${where}`, {
    sessionToken: alice.sessionToken,
  });
  squatId = String(found.body.results?.[0]?.objectId);
  const bobs = await request('POST', '/parse/classes/Exercise', {
    sessionToken: bob.sessionToken,
    body: {
      name: 'Bob’s squat',
      category: 'machine',
      primaryMuscles: ['quadriceps'],
      measure: 'weight_reps',
    },
  });
  bobsExerciseId = String(bobs.body.objectId);
});

const legs = (fields: Record<string, unknown> = {}) => ({
  name: 'Legs A',
  exercises: [
    {
      exerciseId: squatId,
      sets: [
        { reps: 5, weightKg: 100 },
        { reps: 5, weightKg: 100 },
      ],
      restS: 180,
    },
  ],
  ...fields,
});

describe('a routine', () => {
  it('is its owner’s alone: others, strangers and anonymous callers can neither read nor change it', async () => {
    const created = await request('POST', '/parse/classes/Routine', {
      sessionToken: alice.sessionToken,
      body: { ...legs(), user: userPointer(bob.objectId) },
    });
    expect(created.status).toBe(201);
    const path = `/parse/classes/Routine/${String(created.body.objectId)}`;

    const [byBob, anonymous, changed, deleted, changedAnonymously, deletedAnonymously] = await Promise.all([
      request('GET', path, { sessionToken: bob.sessionToken }),
      request('GET', path),
      request('PUT', path, { sessionToken: bob.sessionToken, body: { name: 'Mine' } }),
      request('DELETE', path, { sessionToken: bob.sessionToken }),
      request('PUT', path, { body: { name: 'Mine' } }),
      request('DELETE', path),
    ]);

    expect(
      [byBob, anonymous, changed, deleted, changedAnonymously, deletedAnonymously].map(
        ({ body }) => body.code,
      ),
    ).toEqual([101, 101, 101, 101, 101, 101]);
    const own = await request('GET', path, { sessionToken: alice.sessionToken });
    expect(own.body).toMatchObject({ ...legs(), user: userPointer(alice.objectId) });
  });

  it('is renamed, given new targets and deleted by its owner; a bad change keeps what was saved', async () => {
    const created = await request('POST', '/parse/classes/Routine', {
      sessionToken: alice.sessionToken,
      body: legs(),
    });
    const path = `/parse/classes/Routine/${String(created.body.objectId)}`;
    const heavier = legs({ name: 'Legs B' }).exercises.map((exercise) => ({
      ...exercise,
      sets: [{ reps: 3, weightKg: 110 }],
    }));

    const renamed = await request('PUT', path, {
      sessionToken: alice.sessionToken,
      body: { name: 'Legs B' },
    });
    const retargeted = await request('PUT', path, {
      sessionToken: alice.sessionToken,
      body: { exercises: heavier },
    });
    const refused = await request('PUT', path, {
      sessionToken: alice.sessionToken,
      body: { name: 'Legs C', exercises: [{ exerciseId: squatId, sets: [{ reps: 5, weightKg: 5000 }] }] },
    });

    expect([renamed.status, retargeted.status]).toEqual([200, 200]);
    expect(refused.body).toMatchObject({ code: 142 });
    expect(refused.body.error).toContain('exercises[0].sets[0].weightKg');
    const kept = await request('GET', path, { sessionToken: alice.sessionToken });
    expect(kept.body).toMatchObject({ name: 'Legs B', exercises: heavier });

    const deleted = await request('DELETE', path, { sessionToken: alice.sessionToken });
    expect(deleted.status).toBe(200);
    const gone = await request('GET', path, { sessionToken: alice.sessionToken });
    expect(gone.body.code).toBe(101);
  });

  it.each([
    ['name', { name: '' }],
    ['exercises', { exercises: [] }],
    [
      'exercises[0].exerciseId',
      { exercises: [{ exerciseId: 'xxxxxxxxxx', sets: [{ reps: 5, weightKg: 60 }] }] },
    ],
    [
      "exercises[0].exerciseId (someone else's)",
      { exercises: [{ exerciseId: 'BOBS', sets: [{ reps: 5, weightKg: 60 }] }] },
    ],
    ['exercises[0].sets[0].weightKg', { exercises: [{ exerciseId: 'SQUAT', sets: [{ reps: 5 }] }] }],
    [
      'exercises[0].restS',
      { exercises: [{ exerciseId: 'SQUAT', sets: [{ reps: 5, weightKg: 60 }], restS: -1 }] },
    ],
  ])('refuses a bad %s with 142 naming it', async (field, fields) => {
    const body: unknown = JSON.parse(
      JSON.stringify(legs(fields)).replaceAll('BOBS', bobsExerciseId).replaceAll('SQUAT', squatId),
    );
    const refused = await request('POST', '/parse/classes/Routine', {
      sessionToken: alice.sessionToken,
      body,
    });

    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe(142);
    expect(refused.body.error).toContain(field.split(' ')[0]);
  });
});
