import { beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE_EXERCISES } from '../catalogue/exercises';
import { request, signUp, userPointer, type Account } from '../../server/test/rest';

const CATALOGUE_WHERE = encodeURIComponent(
  JSON.stringify({ user: { $exists: false }, catalogueKey: { $exists: true } }),
);

const ownExercise = (fields: Record<string, unknown> = {}) => ({
  name: 'Zercher squat',
  category: 'barbell',
  primaryMuscles: ['quadriceps', 'glutes'],
  secondaryMuscles: ['abs'],
  measure: 'weight_reps',
  ...fields,
});

let alice: Account;
let bob: Account;

beforeAll(async () => {
  alice = await signUp();
  bob = await signUp();
});

async function create(owner: Account, fields: Record<string, unknown> = {}) {
  return request('POST', '/parse/classes/Exercise', {
    sessionToken: owner.sessionToken,
    body: ownExercise(fields),
  });
}

describe('the exercise catalogue', () => {
  it('holds every catalogue exercise for a signed-in person, and nothing for an anonymous caller', async () => {
    const seen = await request('GET', `/parse/classes/Exercise?where=${CATALOGUE_WHERE}&count=1&limit=0`, {
      sessionToken: alice.sessionToken,
    });
    const anonymous = await request('GET', `/parse/classes/Exercise?where=${CATALOGUE_WHERE}&limit=1`);

    expect(seen.body.count).toBe(CATALOGUE_EXERCISES.length);
    expect(anonymous.status).toBe(404);
    expect(anonymous.body.results).toBeUndefined();
  });

  it('cannot be changed or deleted by a signed-in person', async () => {
    const [bench] =
      (
        await request(
          'GET',
          `/parse/classes/Exercise?where=${encodeURIComponent(JSON.stringify({ catalogueKey: 'ex:barbell-bench-press' }))}`,
          {
            sessionToken: alice.sessionToken,
          },
        )
      ).body.results ?? [];
    expect(bench?.name).toBeTruthy();
    const path = `/parse/classes/Exercise/${String(bench?.objectId)}`;

    const renamed = await request('PUT', path, {
      sessionToken: alice.sessionToken,
      body: { name: 'Mine now' },
    });
    const deleted = await request('DELETE', path, { sessionToken: alice.sessionToken });
    const after = await request('GET', path, { sessionToken: bob.sessionToken });

    expect(renamed.status).toBe(404);
    expect(deleted.status).toBe(404);
    expect(after.body.name).toBe(bench?.name);
  });
});

describe('a person’s own exercise', () => {
  it('is theirs alone: the server sets the owner, a default MET and no catalogue key', async () => {
    const created = await create(alice, {
      user: userPointer(bob.objectId),
      catalogueKey: 'ex:zercher',
      met: undefined,
    });
    expect(created.status).toBe(201);
    const path = `/parse/classes/Exercise/${String(created.body.objectId)}`;

    const own = await request('GET', path, { sessionToken: alice.sessionToken });
    const byBob = await request('GET', path, { sessionToken: bob.sessionToken });
    const changedByBob = await request('PUT', path, {
      sessionToken: bob.sessionToken,
      body: { name: 'Bob’s' },
    });
    const deletedByBob = await request('DELETE', path, { sessionToken: bob.sessionToken });
    const anonymous = await request('GET', path);

    expect(own.body).toMatchObject({ name: 'Zercher squat', met: 5, user: userPointer(alice.objectId) });
    expect(own.body.catalogueKey).toBeUndefined();
    expect(byBob.status).toBe(404);
    expect(changedByBob.status).toBe(404);
    expect(deletedByBob.status).toBe(404);
    expect(anonymous.status).toBe(404);
    expect((await request('GET', path, { sessionToken: alice.sessionToken })).body.name).toBe(
      'Zercher squat',
    );
  });

  it.each([
    ['category', { category: 'gym' }],
    ['measure', { measure: 'vibes' }],
    ['name', { name: '' }],
    ['met', { met: 21 }],
    ['primaryMuscles', { primaryMuscles: [] }],
    ['primaryMuscles', { primaryMuscles: ['wings'] }],
    ['secondaryMuscles', { secondaryMuscles: ['quadriceps'] }],
    ['secondaryMuscles', { secondaryMuscles: 'abs' }],
  ])('refuses a bad %s with 142 naming it, and stores nothing', async (field, fields) => {
    const name = `Refused ${field} ${Math.random()}`;
    const refused = await create(alice, { name: field === 'name' ? '' : name, ...fields });
    const stored = await request(
      'GET',
      `/parse/classes/Exercise?where=${encodeURIComponent(JSON.stringify({ name }))}&limit=1`,
      { sessionToken: alice.sessionToken },
    );

    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe(142);
    expect(refused.body.error).toContain(field);
    expect(stored.body.results).toEqual([]);
  });
});
