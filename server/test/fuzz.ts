import { checkPrivacyZones } from '../../src/domain/privacyZones';
import { photoOwnerOf } from '../../src/domain/progressPhotos';
import fc from 'fast-check';
import { expect } from 'vitest';
import { isValidTimeZone } from '../../src/domain/calendarDays';
import { zoneBoundsProblem } from '../../src/domain/heartRateZones';
import { parseRoomKey } from '../../src/domain/chatRooms';
import {
  chatMessageRules,
  FRIENDSHIP_STATUSES,
  OWNED_CLASSES,
  userRules,
  type OwnedClassName,
} from '../../src/domain/contract';
import { checkFields, type FieldRule, type FieldRules } from '../../src/domain/fieldRules';
import { energyMismatch } from '../../src/domain/nutrition';
import { checkSavedMealItems, savedMealFoodIds } from '../../src/domain/savedMeals';
import { checkServings } from '../../src/domain/servings';
import { checkIngredients, ingredientFoodIds } from '../../src/domain/recipes';
import { checkMuscles, MAX_EXERCISES_PER_WORKOUT } from '../../src/domain/strength';
import { request, type Account, type ParseRow, type RestResponse } from './rest';

/**
 * Fuzzing against the test server: hostile request bodies built with fast-check. `npm test` runs a
 * few dozen cases per property with a fixed seed; `npm run fuzz` (scripts/fuzz.ts) sets
 * FUZZ_RUNS and FUZZ_SEED for a long run of the same properties.
 */
export const FUZZ_RUNS = positiveInteger(process.env.FUZZ_RUNS) ?? 30;
export const FUZZ_SEED = integer(process.env.FUZZ_SEED) ?? 21;

function integer(text: string | undefined): number | undefined {
  const value = Number(text);
  return text !== undefined && text !== '' && Number.isInteger(value) ? value : undefined;
}

function positiveInteger(text: string | undefined): number | undefined {
  const value = integer(text);
  return value !== undefined && value > 0 ? value : undefined;
}

/** Room for slow cases (megabyte bodies) on a busy 2-core machine. */
export const FUZZ_TIMEOUT_MS = 30_000 + FUZZ_RUNS * 1_500;

/**
 * Runs a property with the fuzz's seed and runs. A failure names the seed and the path that replays
 * the counterexample, and the request and answer in short (fast-check would print megabytes).
 */
export async function checkProperty<Values extends unknown[]>(
  property: fc.IAsyncPropertyWithHooks<Values>,
): Promise<void> {
  const details = await fc.check(property, { seed: FUZZ_SEED, numRuns: FUZZ_RUNS });
  if (!details.failed) return;
  const cause =
    details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
  throw new Error(
    `Failed after ${details.numRuns} runs (seed ${details.seed}, path "${details.counterexamplePath}"):\n${cause}`,
  );
}

/**
 * The codes a refusal may carry (docs/architecture.md, "Refusals"): those the SPA turns into
 * sentences (src/lib/errors.ts) and Parse's own refusals of malformed writes (105 key name, 106
 * pointer, 107 JSON, 111 type, 121 a key with $ or . inside a value, 123 ACL, 130 a file URL of
 * another host) and of changes to accounts
 * (206 another person's, 252 authData). Never 1 (internal error) nor 141, which only an exception that is not a Parse.Error
 * becomes.
 */
export const REFUSAL_CODES: ReadonlySet<number> = new Set([
  101, 105, 106, 107, 111, 119, 121, 123, 125, 130, 137, 142, 155, 159, 200, 201, 202, 203, 204, 205, 206,
  209, 252,
]);

/** A value the serializer writes as it is (a megabyte string, 10 000 levels of nesting). */
class RawJson {
  constructor(readonly text: string) {}
}

/**
 * JSON text of a generated value. Infinity and -0 go out as the numbers JSON.parse reads as them
 * (1e999, -0); NaN as the bare word, which is not JSON at all.
 */
export function toJsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (typeof value === 'number') {
    if (Number.isNaN(value)) return 'NaN';
    if (value === Infinity) return '1e999';
    if (value === -Infinity) return '-1e999';
    if (Object.is(value, -0)) return '-0';
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value).map(
      ([key, inner]) => `${JSON.stringify(key)}:${toJsonText(inner)}`,
    );
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Keys that have broken JavaScript and Parse servers before: prototypes, operators, internals. */
const HOSTILE_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  '$where',
  '$regex',
  '__op',
  '__type',
  '_rperm',
  '_wperm',
  '_acl',
  '_hashed_password',
  '_session_token',
  'objectId',
  'createdAt',
  'updatedAt',
  'ACL',
  'a.b',
  '',
  'toString',
  'hasOwnProperty',
] as const;

const EDGE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\u202eevil',
  '\u200f\u200e',
  '\ufeff',
  '👍🏽',
  '👨‍👩‍👧‍👦',
  'é',
  'e\u0301',
  '\u0301',
  '\n\r\t',
  '\'; DROP TABLE "Activity"; --',
  '%_\\',
  '\\E\\Q.*',
  '<script>alert(1)</script>',
  'null',
  'undefined',
  'NaN',
  '-0',
  '1e999',
  '__proto__',
  'topic:run',
  'dm:a:b',
  '../../etc/passwd',
];

/** Strings of every kind of character: lone surrogates, NUL, marks, emoji, long runs. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...EDGE_STRINGS),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc
    .tuple(
      fc.constantFrom('a', 'é', '👍', '\u0000', '\ud800', ' ', '\u202e'),
      fc.integer({ min: 1, max: 2_000 }),
    )
    .map(([unit, count]) => unit.repeat(count)),
  fc.constant('x'.repeat(1_000_001)),
);

const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(
    NaN,
    Infinity,
    -Infinity,
    -0,
    0,
    Number.MAX_VALUE,
    Number.MIN_VALUE,
    2 ** 53,
    -(2 ** 53),
    1e308,
  ),
  fc.double({ noNaN: true }),
  fc.integer(),
);

const OBJECT_ID_LIKE = fc.oneof(
  fc.constantFrom('xxxxxxxxxx', '0000000000', '', ' ', 'a'.repeat(33), '../x', '$gt'),
  fc.string({ unit: 'binary-ascii', minLength: 1, maxLength: 12 }),
);

const CLASS_NAMES = fc.constantFrom(
  '_User',
  'Activity',
  'Meal',
  'Food',
  'WeightEntry',
  'Settings',
  'Friendship',
  'ChatMessage',
  '_Session',
  '_Role',
  'NoSuchClass',
  '',
  '__proto__',
);

/** Parse's typed values (dates, pointers, files…) with parts missing, wrong or out of range. */
const hostileParseValue: fc.Arbitrary<unknown> = fc.oneof(
  fc
    .oneof(
      fc.constantFrom(
        'garbage',
        '',
        '2024-02-30T00:00:00.000Z',
        '0000-01-01T00:00:00.000Z',
        '-271821-04-20T00:00:00.000Z',
        '+275760-09-13T00:00:00.000Z',
        '-004714-11-23T00:00:00.000Z',
        '9999-12-31T23:59:59.999Z',
        '1969-12-31T23:59:59.999Z',
        '2024-01-01',
        'Tue Feb 30 2024',
      ),
      hostileString,
      hostileNumber,
      fc.constant(null),
      fc.constant({ iso: '2024-01-01T00:00:00Z' }),
    )
    .map((iso) => ({ __type: 'Date', iso })),
  fc.constant({ __type: 'Date' }),
  fc
    .tuple(CLASS_NAMES, OBJECT_ID_LIKE)
    .map(([className, objectId]) => ({ __type: 'Pointer', className, objectId })),
  fc.constant({ __type: 'Pointer' }),
  fc.constantFrom(
    { __type: 'File', name: 'x.png' },
    { __type: 'File', name: '../../secrets.json', url: 'http://evil.example/x.png' },
    { __type: 'File' },
    { __type: 'GeoPoint', latitude: 999, longitude: -999 },
    { __type: 'Bytes', base64: '!!!' },
    { __type: 'Relation', className: '_User' },
    { __type: 'Object', className: '_User', objectId: 'xxxxxxxxxx' },
    { __type: 'Polygon', coordinates: [] },
    { __type: 'NoSuchType' },
  ),
);

/** Parse's update operators, where a plain value belongs. */
const hostileOperation: fc.Arbitrary<unknown> = fc.oneof(
  hostileNumber.map((amount) => ({ __op: 'Increment', amount })),
  fc
    .array(fc.oneof(hostileNumber, hostileString), { maxLength: 3 })
    .map((objects) => ({ __op: 'Add', objects })),
  fc.constantFrom(
    { __op: 'Delete' },
    { __op: 'Increment' },
    { __op: 'Increment', amount: '1' },
    { __op: 'AddUnique', objects: [1] },
    { __op: 'Remove', objects: [1] },
    { __op: 'AddRelation', objects: [{ __type: 'Pointer', className: '_User', objectId: 'xxxxxxxxxx' }] },
    { __op: 'Batch', ops: [{ __op: 'Delete' }] },
    { __op: 'SetOnInsert', amount: 1 },
    { __op: 'NoSuchOp' },
    { __op: null },
  ),
);

const scalar: fc.Arbitrary<unknown> = fc.oneof(hostileString, hostileNumber, fc.boolean(), fc.constant(null));

/** An object whose keys are hostile ones, as a JSON body carries them (`__proto__` as an own key). */
function hostileObject(value: fc.Arbitrary<unknown>): fc.Arbitrary<Record<string, unknown>> {
  return fc
    .array(fc.tuple(fc.oneof(fc.constantFrom(...HOSTILE_KEYS), fc.string({ maxLength: 8 })), value), {
      maxLength: 4,
    })
    .map((entries) => Object.fromEntries(entries) as Record<string, unknown>);
}

const deeplyNested: fc.Arbitrary<RawJson> = fc
  .tuple(fc.constantFrom(50, 1_000, 10_000, 100_000), fc.boolean())
  .map(([depth, arrays]) =>
    arrays
      ? new RawJson(`${'['.repeat(depth)}1${']'.repeat(depth)}`)
      : new RawJson(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`),
  );

const hugeArray: fc.Arbitrary<unknown[]> = fc
  .constantFrom(1_000, 100_000)
  .map((length) => Array.from({ length }, (_, index) => index));

/** Anything a hostile client can put where one value belongs. */
export const hostileValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { arbitrary: scalar, weight: 5 },
    { arbitrary: hostileParseValue, weight: 3 },
    { arbitrary: hostileOperation, weight: 2 },
    { arbitrary: fc.array(tie('value'), { maxLength: 3 }), weight: 1 },
    { arbitrary: hostileObject(tie('value')), weight: 1 },
    { arbitrary: deeplyNested, weight: 1 },
    { arbitrary: hugeArray, weight: 1 },
  ),
})).value;

const DAY_MS = 86_400_000;

/** A Parse Date some days from now (fractional, negative, or far off). */
export function dateFromNow(days: number): { __type: 'Date'; iso: string } {
  return { __type: 'Date', iso: new Date(Date.now() + days * DAY_MS).toISOString() };
}

/** Values close to what a field's rule allows: at and just past its limits, and its type's neighbours. */
export function nearRule(rule: FieldRule): fc.Arbitrary<unknown> {
  switch (rule.kind) {
    case 'number':
      return fc.oneof(
        fc.constantFrom(rule.min, rule.max, rule.min - 0.001, rule.max + 0.001, rule.min - 1, rule.max + 1),
        fc.double({ min: rule.min - 10, max: rule.max + 10, noNaN: true }),
        fc.constantFrom(String(rule.min), [rule.max], { value: rule.max }),
      );
    case 'text':
      return fc.oneof(
        fc.string({ unit: 'grapheme', minLength: Math.max(0, rule.max - 2), maxLength: rule.max + 2 }),
        fc.string({ unit: 'binary', minLength: rule.min, maxLength: rule.max + 2 }),
        fc.constantFrom('', ' '.repeat(rule.max + 1), '\u0000'.repeat(Math.max(1, rule.min))),
      );
    case 'choice':
      return fc.oneof(
        fc.constantFrom(...rule.values),
        fc
          .constantFrom(...rule.values)
          .chain((value) => fc.constantFrom<unknown>(value.toUpperCase(), ` ${value}`, [value], { value })),
      );
    case 'date':
      return fc.oneof(
        fc.double({ min: -40_000, max: 3, noNaN: true }).map(dateFromNow),
        fc.constantFrom(1, 1.001, 0.999).map(dateFromNow),
        fc.constantFrom(new Date().toISOString(), Date.now()),
      );
    case 'boolean':
      return fc.constantFrom(true, false, 'true', 0, 1, [true]);
    case 'uuid':
      return fc.oneof(
        fc.uuid(),
        fc.uuid().map((uuid) => uuid.toUpperCase()),
        fc.constantFrom('', 'not-a-uuid', '00000000-0000-0000-0000-000000000000'),
      );
  }
}

/** A value for one field of a class: near its rule, or anything at all. */
export function fieldValue(rule: FieldRule | undefined): fc.Arbitrary<unknown> {
  return rule
    ? fc.oneof({ arbitrary: nearRule(rule), weight: 3 }, { arbitrary: hostileValue, weight: 2 })
    : hostileValue;
}

/**
 * Changes to a row: a few of its contract fields, the server's own fields, unknown ones and
 * hostile keys, each set to a value near its rule or to anything; sometimes one removed.
 */
export function hostileChanges(
  rules: FieldRules,
  extraFields: Record<string, fc.Arbitrary<unknown>>,
): fc.Arbitrary<Record<string, unknown>> {
  const fields = [...Object.keys(rules), ...Object.keys(extraFields)];
  const fieldArbitrary = (field: string) => extraFields[field] ?? fieldValue(rules[field]);
  return fc
    .tuple(
      fc.uniqueArray(fc.constantFrom(...fields), { minLength: 1, maxLength: 4 }),
      fc.array(
        fc.tuple(fc.oneof(fc.constantFrom(...HOSTILE_KEYS), fc.string({ maxLength: 10 })), hostileValue),
        {
          maxLength: 2,
        },
      ),
    )
    .chain(([chosen, unknown]) => {
      const values: fc.Arbitrary<unknown[]> = fc.tuple(...chosen.map(fieldArbitrary));
      return values.map((generated): Record<string, unknown> => {
        const entries = chosen.map((field, index): [string, unknown] => [field, generated[index]]);
        return Object.fromEntries([...entries, ...unknown]);
      });
    });
}

/** ACLs a client may try to set: public, another person's, a role's, and malformed ones. */
export function tamperedAcl(otherUserId: string): fc.Arbitrary<unknown> {
  return fc.oneof(
    fc.constantFrom(
      { '*': { read: true, write: true } },
      { [otherUserId]: { read: true, write: true } },
      { 'role:admin': { read: true, write: true } },
      {},
      { '*': { read: 'yes' } },
      JSON.parse('{"*":{"write":true,"__proto__":{"read":true}}}') as unknown,
      'public',
      [],
    ),
    hostileValue,
  );
}

/** Below the server's 5 MB body limit (MAX_UPLOAD_SIZE), whatever the characters' UTF-8 length. */
const MAX_BODY_CHARACTERS = 1_200_000;

/** Sends a generated body as JSON text; the status and body are what the browser would see. */
export function sendJson(
  method: string,
  path: string,
  account: Account | undefined,
  body: unknown,
): Promise<RestResponse> {
  const text = toJsonText(body);
  // Past the size limit the server stops reading and closes the connection, which fetch reports as
  // its own failure: such bodies are left out rather than mistaken for a crash.
  fc.pre(text.length <= MAX_BODY_CHARACTERS);
  return request(method, path, {
    ...(account ? { sessionToken: account.sessionToken } : {}),
    raw: text,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** What a fuzzed request must never answer, and what every refusal must carry. */
export function expectNoFault(response: RestResponse, sent: string): void {
  const where = `${sent}\nanswered ${response.status}: ${response.text.slice(0, 500)}`;
  expect(response.status, where).toBeLessThan(500);
  if (response.status < 400) return;
  expect(REFUSAL_CODES.has(Number(response.body.code)), `undocumented code: ${where}`).toBe(true);
  expect(typeof response.body.error === 'string' && response.body.error.trim() !== '', where).toBe(true);
}

/** A short description of a request for a failure message (bodies can be megabytes). */
export function describeRequest(method: string, path: string, body: unknown): string {
  const text = toJsonText(body);
  return `${method} ${path} ${text.length > 600 ? `${text.slice(0, 600)}… (${text.length} characters)` : text}`;
}

/** The server still answers /healthz after a property's run. */
export async function expectServerHealthy(): Promise<void> {
  const { status, text } = await request('GET', '/healthz');
  expect(status, text).toBe(200);
}

/** A row as the REST API answers it, with Parse Dates read back as Dates for the contract's checks. */
function decodeRow(row: ParseRow): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(row).map(([field, value]) => {
      const date = value as { __type?: unknown; iso?: unknown } | null;
      return date?.__type === 'Date' && typeof date.iso === 'string'
        ? [field, new Date(date.iso)]
        : [field, value];
    }),
  );
}

async function rowsWhere(className: string, where: Record<string, unknown>): Promise<ParseRow[]> {
  const query = new URLSearchParams({ where: JSON.stringify(where), limit: '1000' });
  const { status, body, text } = await request('GET', `/parse/classes/${className}?${query}`, {
    masterKey: true,
  });
  expect(status, text).toBe(200);
  return body.results ?? [];
}

const idOf = (value: unknown) => (value as { objectId?: unknown } | undefined)?.objectId;

/** Checks of one stored row beyond the contract's field rules; each answers a problem or null. */
type RowCheck = (row: Record<string, unknown>) => Promise<string | null> | string | null;

const OWNER_ONLY = (row: Record<string, unknown>) => {
  const owner = String(idOf(row.user));
  const expected = { [owner]: { read: true, write: true } };
  return JSON.stringify(row.ACL) === JSON.stringify(expected)
    ? null
    : `ACL ${JSON.stringify(row.ACL)} is not owner-only`;
};

const CLASS_CHECKS: Record<OwnedClassName, RowCheck[]> = {
  Settings: [
    OWNER_ONLY,
    (row) =>
      typeof row.timezone === 'string' && !isValidTimeZone(row.timezone) ? `timezone ${row.timezone}` : null,
    (row) => checkPrivacyZones(row.privacyZones)?.message ?? null,
    (row) =>
      row.zoneBounds === undefined || row.zoneBounds === null
        ? null
        : (zoneBoundsProblem(row.zoneBounds)?.message ?? null),
  ],
  Activity: [
    OWNER_ONLY,
    // Only the server writes a workout's load, from its effort or its track.
    (row) =>
      row.trainingLoad === undefined || row.trainingLoad === null || row.loadSource === 'effort'
        ? null
        : `trainingLoad ${JSON.stringify(row.trainingLoad)} from ${JSON.stringify(row.loadSource)}`,
    (row) =>
      row.sustainedMaxHr === undefined || row.sustainedMaxHr === null
        ? null
        : `sustainedMaxHr ${JSON.stringify(row.sustainedMaxHr)} without a track`,
  ],
  Meal: [
    OWNER_ONLY,
    async (row) => {
      const foodId = idOf(row.food);
      if (foodId === undefined) return null;
      const [food] = await rowsWhere('Food', { objectId: foodId });
      const foodOwner = idOf(food?.user);
      return food && (foodOwner === undefined || foodOwner === idOf(row.user))
        ? null
        : `food ${JSON.stringify(foodId)} is not the owner's to use`;
    },
  ],
  SavedMeal: [
    OWNER_ONLY,
    async (row) => {
      const items: unknown[] = Array.isArray(row.items) ? row.items : [];
      const problem = checkSavedMealItems(items, () => true);
      if (problem) return problem.message;
      for (const foodId of savedMealFoodIds(items)) {
        const [food] = await rowsWhere('Food', { objectId: foodId });
        const foodOwner = idOf(food?.user);
        // A food deleted since the items were saved is allowed: its item logs its numbers as saved.
        if (food && foodOwner !== undefined && foodOwner !== idOf(row.user)) {
          return `items name food ${JSON.stringify(foodId)}, another person's`;
        }
      }
      return null;
    },
  ],
  Food: [
    OWNER_ONLY,
    (row) =>
      energyMismatch({
        kcalPer100g: Number(row.kcalPer100g),
        proteinPer100g: Number(row.proteinPer100g),
        carbsPer100g: Number(row.carbsPer100g),
        fatPer100g: Number(row.fatPer100g),
      })?.message ?? null,
    (row) => checkServings(row.servings)?.message ?? null,
  ],
  WeightEntry: [OWNER_ONLY],
  BodyMeasurement: [OWNER_ONLY],
  ProgressPhoto: [
    OWNER_ONLY,
    (row) => {
      const name = (row.file as { name?: unknown } | undefined)?.name;
      return typeof name === 'string' && photoOwnerOf(name) === idOf(row.user)
        ? null
        : `file ${JSON.stringify(row.file)} is not the owner's photo`;
    },
  ],
  Routine: [
    OWNER_ONLY,
    (row) =>
      Array.isArray(row.exercises) &&
      row.exercises.length >= 1 &&
      row.exercises.length <= MAX_EXERCISES_PER_WORKOUT
        ? null
        : `exercises ${JSON.stringify(row.exercises)}`,
  ],
  Recipe: [
    OWNER_ONLY,
    async (row) => {
      const ids = ingredientFoodIds(row.ingredients);
      const foods = await rowsWhere('Food', { objectId: { $in: ids } });
      const usable = new Set(
        foods
          .filter((food) => [undefined, idOf(row.user)].includes(idOf(food.user)))
          .map((food) => food.objectId),
      );
      return checkIngredients(row.ingredients, (id) => usable.has(id))?.message ?? null;
    },
    (row) =>
      typeof row.perServing === 'object' &&
      typeof row.per100g === 'object' &&
      typeof row.totalWeightG === 'number'
        ? null
        : 'a recipe without its computed nutrition',
  ],
  Exercise: [
    OWNER_ONLY,
    (row) => checkMuscles(row.primaryMuscles, row.secondaryMuscles)?.message ?? null,
    (row) => (row.catalogueKey === undefined ? null : 'an own exercise with a catalogue key'),
  ],
};

/**
 * Every row the given people own, wrote or are part of, read with the master key and held to the
 * contract (src/domain/contract.ts, the rules beforeSave checks with): the problems found, if any.
 */
export async function storedRowProblems(userIds: readonly string[]): Promise<string[]> {
  const people = { $in: userIds.map((id) => ({ __type: 'Pointer', className: '_User', objectId: id })) };
  const problems: string[] = [];
  const hold = async (className: string, row: ParseRow, rules: FieldRules, checks: RowCheck[]) => {
    const decoded = decodeRow(row);
    const found = [
      ...checkFields(rules, decoded).map((error) => error.message),
      ...(await Promise.all(checks.map(async (check) => check(decoded)))),
    ].filter((problem): problem is string => problem !== null);
    if (found.length > 0) problems.push(`${className} ${row.objectId}: ${found.join(' ')}`);
  };

  for (const className of Object.keys(OWNED_CLASSES) as OwnedClassName[]) {
    for (const row of await rowsWhere(className, { user: people }))
      await hold(className, row, OWNED_CLASSES[className], CLASS_CHECKS[className]);
  }
  for (const row of await rowsWhere('ChatMessage', { author: people })) {
    await hold('ChatMessage', row, chatMessageRules, [
      (message) => (parseRoomKey(String(message.room)) ? null : `room ${String(message.room)}`),
    ]);
  }
  for (const row of await rowsWhere('Friendship', { $or: [{ from: people }, { to: people }] })) {
    await hold('Friendship', row, {}, [
      (friendship) =>
        (FRIENDSHIP_STATUSES as readonly unknown[]).includes(friendship.status)
          ? null
          : `status ${String(friendship.status)}`,
      (friendship) => (idOf(friendship.from) === idOf(friendship.to) ? 'from and to are one person' : null),
    ]);
  }
  for (const row of await rowsWhere('TrainingLoadDay', { user: people })) {
    await hold('TrainingLoadDay', row, {}, [
      (day) =>
        JSON.stringify(day.ACL ?? {}) === '{}' ? null : `ACL ${JSON.stringify(day.ACL)} is not closed`,
      (day) =>
        [day.load, day.fitness, day.fatigue].every(
          (value) => typeof value === 'number' && Number.isFinite(value),
        )
          ? null
          : 'numbers that are not finite',
    ]);
  }
  for (const row of await rowsWhere('_User', { objectId: { $in: [...userIds] } }))
    await hold('_User', row, userRules, []);
  return problems;
}
