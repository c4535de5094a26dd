import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { chatMessageRules, OWNED_CLASSES, userRules, type OwnedClassName } from '../../src/domain/contract';
import type { FieldRules } from '../../src/domain/fieldRules';
import { greyJpeg } from '../../e2e/support/photos';
import {
  dateFromNow,
  describeRequest,
  expectNoFault,
  expectServerHealthy,
  FUZZ_TIMEOUT_MS,
  checkProperty,
  hostileValue,
  hostileChanges,
  sendJson,
  storedRowProblems,
  tamperedAcl,
} from '../../server/test/fuzz';
import {
  newPassword,
  pointer,
  request,
  settingsIdOf,
  signUp,
  uniqueName,
  userPointer,
  type Account,
} from '../../server/test/rest';

/** Two people per property: the fuzzed one, and another whose rows and ids the fuzz points at. */
interface Cast {
  me: Account;
  other: Account;
  /** Row ids by class: mine to update, the other person's to try. */
  mine: string;
  theirs: string;
  otherFoodId: string;
  myFoodId: string;
}

interface FuzzedClass {
  className: string;
  rules: FieldRules;
  /** A row the contract accepts, which the fuzz then changes. */
  valid: () => Record<string, unknown>;
  /** Fields beyond the contract's rules a client may try to send. */
  extra: (cast: Cast) => Record<string, fc.Arbitrary<unknown>>;
}

const fuzzedPointer = (cast: Cast, className: string) =>
  fc.oneof(
    fc.constantFrom(
      userPointer(cast.other.objectId),
      userPointer(cast.me.objectId),
      pointer(className, cast.theirs),
      pointer('NoSuchClass', cast.mine),
      pointer('_User', 'xxxxxxxxxx'),
    ),
    hostileValue,
  );

const commonExtra = (cast: Cast, className: string): Record<string, fc.Arbitrary<unknown>> => ({
  user: fuzzedPointer(cast, className),
  ACL: tamperedAcl(cast.other.objectId),
  objectId: fc.oneof(fc.constantFrom(cast.theirs, cast.mine), hostileValue),
  createdAt: hostileValue,
  updatedAt: hostileValue,
});

const foodPointer = (cast: Cast) =>
  fc.oneof(
    fc.constantFrom(
      pointer('Food', cast.otherFoodId),
      pointer('Food', cast.myFoodId),
      pointer('Food', 'xxxxxxxxxx'),
      pointer('Activity', cast.mine),
    ),
    hostileValue,
  );

/** A catalogue exercise every routine may name. */
let catalogueExerciseId = '';
/** A catalogue food every recipe may name. */
let catalogueFoodId = '';

beforeAll(async () => {
  const where = encodeURIComponent(JSON.stringify({ catalogueKey: 'ex:barbell-back-squat' }));
  const { body } = await request('GET', `/parse/classes/Exercise?where=${where}`, { masterKey: true });
  catalogueExerciseId = String(body.results?.[0]?.objectId);
  const food = await request('POST', '/parse/classes/Food', {
    masterKey: true,
    body: { ACL: { '*': { read: true } }, ...OWNED.Food.valid() },
  });
  catalogueFoodId = String(food.body.objectId);
});

const hostileExercises = fc.oneof(
  fc.array(
    fc.record({
      exerciseId: fc.oneof(
        fc.constantFrom('xxxxxxxxxx'),
        fc.constant(undefined).map(() => catalogueExerciseId),
        hostileValue,
      ),
      sets: fc.oneof(
        fc.array(
          fc.record(
            { reps: hostileValue, weightKg: hostileValue, done: hostileValue },
            { requiredKeys: ['reps', 'weightKg'] },
          ),
          { maxLength: 3 },
        ),
        hostileValue,
      ),
      restS: hostileValue,
    }),
    { maxLength: 3 },
  ),
  hostileValue,
);

/** Items of a saved meal: foods of either person or none, grams and quick entries, in and out of bounds. */
const hostileSavedMealItems = (cast: Cast) =>
  fc.oneof(
    fc.array(
      fc.oneof(
        fc.record(
          {
            foodId: fc.oneof(fc.constantFrom(cast.myFoodId, cast.otherFoodId, 'xxxxxxxxxx'), hostileValue),
            grams: fc.oneof(fc.constantFrom(0, 1, 5000, 5001, -1), hostileValue),
            name: hostileValue,
            caloriesKcal: hostileValue,
            extra: hostileValue,
          },
          { requiredKeys: ['foodId', 'grams'] },
        ),
        fc.record(
          {
            name: fc.oneof(fc.constantFrom('Toast', '', 'x'.repeat(121)), hostileValue),
            caloriesKcal: fc.oneof(fc.constantFrom(0, 250, 10_001, -1), hostileValue),
            proteinG: hostileValue,
            fatG: hostileValue,
          },
          { requiredKeys: ['name', 'caloriesKcal'] },
        ),
        hostileValue,
      ),
      { maxLength: 4 },
    ),
    fc.constant(Array.from({ length: 51 }, () => ({ name: 'Toast', caloriesKcal: 90 }))),
    hostileValue,
  );
const hostileServings = fc.oneof(
  fc.array(
    fc.record(
      {
        label: fc.oneof(fc.constantFrom('1 slice', ' 1 SLICE ', '', 'x'.repeat(41)), hostileValue),
        grams: fc.oneof(fc.constantFrom(30, 0, -1, 5000, 5001), hostileValue),
        kcal: hostileValue,
      },
      { requiredKeys: ['label', 'grams'] },
    ),
    { maxLength: 12 },
  ),
  hostileValue,
);

/** Privacy zones near and past their limits (src/domain/privacyZones.ts), and anything at all. */
const hostilePrivacyZones = fc.oneof(
  fc.array(
    fc.record(
      {
        lat: fc.oneof(fc.constantFrom(48.1, -90, 90, 90.01), hostileValue),
        lon: fc.oneof(fc.constantFrom(11.5, -180, 180, 180.5), hostileValue),
        radiusM: fc.oneof(fc.constantFrom(100, 1000, 99, 1001, 150.5), hostileValue),
        name: hostileValue,
      },
      { requiredKeys: ['lat', 'lon', 'radiusM'] },
    ),
    { maxLength: 6 },
  ),
  hostileValue,
);

const OWNED: Record<OwnedClassName, Omit<FuzzedClass, 'className' | 'rules'>> = {
  Settings: {
    valid: () => ({ units: 'metric', heightCm: 180 }),
    extra: (cast) => ({
      ...commonExtra(cast, 'Settings'),
      privacyZones: hostilePrivacyZones,
      zoneBounds: fc.oneof(
        fc.array(fc.oneof(fc.integer({ min: -10, max: 120 }), hostileValue), { maxLength: 7 }),
        hostileValue,
      ),
    }),
  },
  Activity: {
    valid: () => ({ type: 'run', startedAt: dateFromNow(0), durationMin: 30 }),
    extra: (cast) => ({
      ...commonExtra(cast, 'Activity'),
      caloriesEstimated: hostileValue,
      exercises: hostileExercises,
      // Written by the server only: a client's value is refused.
      trainingLoad: hostileValue,
      loadSource: fc.oneof(fc.constantFrom('heartRate', 'effort'), hostileValue),
      sustainedMaxHr: hostileValue,
    }),
  },
  Meal: {
    valid: () => ({ eatenAt: dateFromNow(0), mealType: 'lunch', name: 'Soup', caloriesKcal: 200 }),
    extra: (cast) => ({ ...commonExtra(cast, 'Meal'), food: foodPointer(cast) }),
  },
  Food: {
    valid: () => ({ name: 'Oats', kcalPer100g: 380, proteinPer100g: 13, carbsPer100g: 68, fatPer100g: 7 }),
    extra: (cast) => ({
      ...commonExtra(cast, 'Food'),
      catalogueKey: hostileValue,
      source: hostileValue,
      servings: hostileServings,
    }),
  },
  WeightEntry: {
    valid: () => ({ measuredAt: dateFromNow(0), weightKg: 80 }),
    extra: (cast) => commonExtra(cast, 'WeightEntry'),
  },
  BodyMeasurement: {
    valid: () => ({ measuredAt: dateFromNow(0), waistCm: 84, neckCm: 38 }),
    extra: (cast) => commonExtra(cast, 'BodyMeasurement'),
  },
  ProgressPhoto: {
    // Each person's standing row names their own upload (castFor); this one is mine.
    valid: () => ({
      file: photoFiles.mine,
      takenOn: dateFromNow(0),
      pose: 'side',
      width: 8,
      height: 8,
      bytes: 200,
    }),
    extra: (cast) => ({
      ...commonExtra(cast, 'ProgressPhoto'),
      file: fc.oneof(
        fc.constant(undefined).map(() => photoFiles.mine),
        fc.constant(undefined).map(() => photoFiles.theirs),
        fc.constant(undefined).map(() => ({ ...photoFiles.mine, name: `photo-${cast.me.objectId}-x.exe` })),
        fc.constant({ __type: 'File', name: 'avatar.png' }),
        hostileValue,
      ),
    }),
  },
  Routine: {
    valid: () => ({
      name: 'Legs A',
      exercises: [{ exerciseId: catalogueExerciseId, sets: [{ reps: 5, weightKg: 100 }], restS: 180 }],
    }),
    extra: (cast) => ({ ...commonExtra(cast, 'Routine'), exercises: hostileExercises }),
  },
  SavedMeal: {
    valid: () => ({ name: 'Toast and tea', items: [{ name: 'Toast', caloriesKcal: 180, carbsG: 30 }] }),
    extra: (cast) => ({ ...commonExtra(cast, 'SavedMeal'), items: hostileSavedMealItems(cast) }),
  },
  Recipe: {
    valid: () => ({ name: 'Porridge', ingredients: [{ foodId: catalogueFoodId, grams: 80 }], servings: 2 }),
    extra: (cast) => ({
      ...commonExtra(cast, 'Recipe'),
      ingredients: fc.oneof(
        fc.array(
          fc.record(
            {
              foodId: fc.oneof(
                fc.constantFrom(cast.otherFoodId, cast.myFoodId, 'xxxxxxxxxx'),
                fc.constant(undefined).map(() => catalogueFoodId),
                hostileValue,
              ),
              grams: hostileValue,
              note: hostileValue,
            },
            { requiredKeys: ['foodId', 'grams'] },
          ),
          { maxLength: 3 },
        ),
        hostileValue,
      ),
      perServing: hostileValue,
      per100g: hostileValue,
      totalWeightG: hostileValue,
    }),
  },
  Exercise: {
    valid: () => ({
      name: 'Zercher squat',
      category: 'barbell',
      primaryMuscles: ['quadriceps'],
      measure: 'weight_reps',
    }),
    extra: (cast) => ({
      ...commonExtra(cast, 'Exercise'),
      primaryMuscles: fc.oneof(fc.array(fc.constantFrom('chest', 'glutes', 'wings')), hostileValue),
      secondaryMuscles: fc.oneof(fc.array(fc.constantFrom('chest', 'glutes', 'tail')), hostileValue),
      catalogueKey: hostileValue,
    }),
  },
};

const CLASSES: FuzzedClass[] = [
  ...(Object.keys(OWNED) as OwnedClassName[]).map((className) => ({
    className,
    rules: OWNED_CLASSES[className],
    ...OWNED[className],
  })),
  {
    className: 'ChatMessage',
    rules: chatMessageRules,
    valid: () => ({ room: 'topic:run', text: 'Morning run, anyone?' }),
    extra: (cast) => ({
      ...commonExtra(cast, 'ChatMessage'),
      author: fuzzedPointer(cast, 'ChatMessage'),
      authorName: hostileValue,
      room: fc.oneof(
        fc.constantFrom(
          `dm:${[cast.me.objectId, cast.other.objectId].sort().join(':')}`,
          `dm:${[cast.other.objectId, cast.me.objectId].sort().reverse().join(':')}`,
          'topic:chess',
          'topic:run:x',
        ),
        hostileValue,
      ),
    }),
  },
  {
    className: 'Friendship',
    rules: {},
    valid: () => ({ status: 'accepted' }),
    extra: (cast) => ({
      ...commonExtra(cast, 'Friendship'),
      from: fuzzedPointer(cast, 'Friendship'),
      to: fuzzedPointer(cast, 'Friendship'),
      status: fc.oneof(fc.constantFrom('accepted', 'pending', 'blocked', 'admin'), hostileValue),
      respondedAt: hostileValue,
    }),
  },
];

async function createRow(
  account: Account,
  className: string,
  fields: Record<string, unknown>,
): Promise<string> {
  const { status, body, text } = await request('POST', `/parse/classes/${className}`, {
    sessionToken: account.sessionToken,
    body: fields,
  });
  expect(status, text).toBe(201);
  return String(body.objectId);
}

/** The progress photos the standing rows name: one uploaded by each person of the cast. */
const photoFiles: { mine: Record<string, unknown>; theirs: Record<string, unknown> } = {
  mine: {},
  theirs: {},
};

async function uploadPhoto(account: Account): Promise<Record<string, unknown>> {
  const { status, body, text } = await request('POST', '/parse/files/progress-photo.jpg', {
    sessionToken: account.sessionToken,
    raw: greyJpeg(),
    headers: { 'Content-Type': 'image/jpeg' },
  });
  expect(status, text).toBe(201);
  return { __type: 'File', name: body.name, url: body.url };
}

/** The standing rows of both people: a row of the class each (Settings: their own), and a food each. */
async function castFor(fuzzed: FuzzedClass): Promise<Cast> {
  const [me, other] = [await signUp(), await signUp()];
  if (fuzzed.className === 'ProgressPhoto') {
    photoFiles.theirs = await uploadPhoto(other);
    photoFiles.mine = photoFiles.theirs;
    const theirs = await createRow(other, 'ProgressPhoto', fuzzed.valid());
    photoFiles.mine = await uploadPhoto(me);
    const mine = await createRow(me, 'ProgressPhoto', fuzzed.valid());
    return { me, other, mine, theirs, myFoodId: '', otherFoodId: '' };
  }
  const food = OWNED.Food.valid();
  const [myFoodId, otherFoodId] = [await createRow(me, 'Food', food), await createRow(other, 'Food', food)];
  const rowOf = async (account: Account) => {
    if (fuzzed.className === 'Settings') return settingsIdOf(account);
    if (fuzzed.className === 'Friendship') {
      const { body } = await request('POST', '/parse/functions/sendFriendRequest', {
        sessionToken: account.sessionToken,
        body: { username: (account === me ? other : me).username },
      });
      return String((body.result as { friendshipId?: unknown } | undefined)?.friendshipId);
    }
    return createRow(account, fuzzed.className, fuzzed.valid());
  };
  return { me, other, mine: await rowOf(me), theirs: await rowOf(other), myFoodId, otherFoodId };
}

async function expectContractKept(cast: Cast): Promise<void> {
  await expectServerHealthy();
  expect(await storedRowProblems([cast.me.objectId, cast.other.objectId])).toEqual([]);
}

describe.each(CLASSES)('$className under hostile writes', (fuzzed) => {
  it(
    'answers every hostile create with a documented refusal or stores a row within the contract',
    async () => {
      const cast = await castFor(fuzzed);
      await checkProperty(
        fc.asyncProperty(
          hostileChanges(fuzzed.rules, fuzzed.extra(cast)),
          fc.boolean(),
          async (changes, fromValid) => {
            const body = fromValid ? { ...fuzzed.valid(), ...changes } : changes;
            const path = `/parse/classes/${fuzzed.className}`;
            expectNoFault(await sendJson('POST', path, cast.me, body), describeRequest('POST', path, body));
          },
        ),
      );
      await expectContractKept(cast);
    },
    FUZZ_TIMEOUT_MS,
  );

  it(
    "answers every hostile update of one's own row, another's and a missing one with a documented refusal or a row within the contract",
    async () => {
      const cast = await castFor(fuzzed);
      await checkProperty(
        fc.asyncProperty(
          hostileChanges(fuzzed.rules, fuzzed.extra(cast)),
          fc.constantFrom(cast.mine, cast.theirs, 'xxxxxxxxxx'),
          async (changes, objectId) => {
            const path = `/parse/classes/${fuzzed.className}/${objectId}`;
            expectNoFault(
              await sendJson('PUT', path, cast.me, changes),
              describeRequest('PUT', path, changes),
            );
          },
        ),
      );
      await expectContractKept(cast);
    },
    FUZZ_TIMEOUT_MS,
  );
});

describe('_User under hostile writes', () => {
  const extra = (other: Account): Record<string, fc.Arbitrary<unknown>> => ({
    password: fc.oneof(fc.constant(newPassword()), hostileValue),
    email: fc.oneof(
      fc.constantFrom(`${uniqueName('mail')}@example.com`, other.email, 'not-an-address'),
      hostileValue,
    ),
    emailVerified: hostileValue,
    authData: hostileValue,
    sessionToken: fc.oneof(fc.constant(other.sessionToken), hostileValue),
    avatar: hostileValue,
    ACL: tamperedAcl(other.objectId),
    objectId: fc.oneof(fc.constant(other.objectId), hostileValue),
  });

  it(
    'answers every hostile sign-up with a documented refusal or stores a person within the contract',
    async () => {
      const other = await signUp();
      const created: string[] = [];
      await checkProperty(
        fc.asyncProperty(hostileChanges(userRules, extra(other)), async (changes) => {
          const body = {
            username: uniqueName('f'),
            password: newPassword(),
            email: `${uniqueName('m')}@example.com`,
            ...changes,
          };
          const response = await sendJson('POST', '/parse/users', undefined, body);
          expectNoFault(response, describeRequest('POST', '/parse/users', body));
          if (typeof response.body.objectId === 'string') created.push(response.body.objectId);
        }),
      );
      await expectServerHealthy();
      expect(await storedRowProblems([other.objectId, ...created])).toEqual([]);
    },
    FUZZ_TIMEOUT_MS,
  );

  it(
    "answers every hostile change of one's own account and another's with a documented refusal or a person within the contract",
    async () => {
      const [me, other] = [await signUp(), await signUp()];
      await checkProperty(
        fc.asyncProperty(
          hostileChanges(userRules, extra(other)),
          fc.constantFrom(me.objectId, other.objectId),
          async (changes, objectId) => {
            const path = `/parse/users/${objectId}`;
            expectNoFault(await sendJson('PUT', path, me, changes), describeRequest('PUT', path, changes));
          },
        ),
      );
      await expectServerHealthy();
      expect(await storedRowProblems([me.objectId, other.objectId])).toEqual([]);
    },
    FUZZ_TIMEOUT_MS,
  );
});
