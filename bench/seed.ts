// The benchmark's dataset, the same on every run (fixed seed): many people with recent workouts
// and friendships, one person with 200 friends, and a few people with years of daily weigh-ins,
// meals and workouts. Rows are built from the contract's types and checked with its rules before
// they are sent; calories come from the same estimate the server uses.
import { estimateCaloriesKcal } from '../src/domain/activity';
import {
  ACTIVITY_TYPES,
  activityRules,
  MEAL_TYPES,
  mealRules,
  weightEntryRules,
  type ActivityType,
} from '../src/domain/contract';
import { checkFields, type FieldRules } from '../src/domain/fieldRules';
import type { Account, RestClient } from '../server/test/restClient';
import { userPointer } from '../server/test/restClient';
import {
  acceptedFriendship,
  type BatchRequest,
  batchWithMasterKey,
  DAY_MS,
  mapConcurrently,
  mulberry32,
} from './support';

export interface DatasetSize {
  people: number;
  /** Friendships per person on average (each counts for both). */
  averageFriends: number;
  /** Friends of the one person whose ranking is measured. */
  hubFriends: number;
  /** People with a long daily history of weigh-ins, meals and workouts. */
  heavyPeople: number;
  heavyDays: number;
  /** Days of recent workouts for everyone. */
  recentDays: number;
}

export const FULL_DATASET: DatasetSize = {
  people: 1000,
  averageFriends: 30,
  hubFriends: 200,
  heavyPeople: 3,
  heavyDays: 3 * 365,
  recentDays: 60,
};

export const QUICK_DATASET: DatasetSize = {
  people: 250,
  averageFriends: 10,
  hubFriends: 200,
  heavyPeople: 3,
  heavyDays: 365,
  recentDays: 21,
};

export const SMOKE_DATASET: DatasetSize = {
  people: 8,
  averageFriends: 2,
  hubFriends: 4,
  heavyPeople: 1,
  heavyDays: 14,
  recentDays: 7,
};

export interface Dataset {
  /** Everyone, signed up with a session; the first is the hub. */
  people: Account[];
  hub: Account;
  heavy: Account[];
  rows: { friendships: number; workouts: number; weighIns: number; meals: number };
  seedSeconds: number;
}

/** How many requests are in flight at once while seeding: enough to keep both cores busy. */
const SEED_CONCURRENCY = 3;
/** importWeightEntries takes at most this many rows per call. */
const IMPORT_CHUNK = 3000;
const WORKOUTS_PER_WEEK = 2.5;
const MEAL_NAMES = ['Porridge with berries', 'Chicken salad', 'Lentil soup', 'Pasta', 'Apple', 'Yogurt'];

const date = (at: number) => ({ __type: 'Date', iso: new Date(at).toISOString() });

/** Throws when a generated row breaks the contract: the seed must be data the app would accept. */
function checked<T extends Record<string, unknown>>(
  rules: FieldRules,
  row: T,
  values: Record<string, unknown>,
): T {
  const [error] = checkFields(rules, values);
  if (error) throw new Error(`Seed row refused by the contract: ${error.message}`);
  return row;
}

function owned(owner: Account, className: string, body: Record<string, unknown>): BatchRequest {
  return {
    method: 'POST',
    path: `/parse/classes/${className}`,
    body: {
      ...body,
      user: userPointer(owner.objectId),
      ACL: { [owner.objectId]: { read: true, write: true } },
    },
  };
}

export async function seedDataset(client: RestClient, size: DatasetSize, now = Date.now()): Promise<Dataset> {
  const started = performance.now();
  const random = mulberry32(20261122);
  const between = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)] as T;

  const people = await mapConcurrently(Array.from({ length: size.people }), SEED_CONCURRENCY, async () =>
    client.signUp(),
  );
  const [hub] = people;
  if (!hub) throw new Error('The dataset needs at least one person.');
  const heavy = people.slice(people.length - size.heavyPeople);

  // The hub's friends, then random pairs among everyone else up to the average.
  const pairs = new Set<string>();
  const friendships: BatchRequest[] = [];
  const befriend = (a: Account, b: Account) => {
    const key = [a.objectId, b.objectId].sort().join(':');
    if (a === b || pairs.has(key)) return;
    pairs.add(key);
    friendships.push(acceptedFriendship(a, b));
  };
  for (const friend of people.slice(1, size.hubFriends + 1)) befriend(hub, friend);
  const others = people.slice(1);
  const target = friendships.length + Math.floor((others.length * size.averageFriends) / 2);
  for (let attempts = 0; friendships.length < target && attempts < target * 4; attempts += 1) {
    befriend(pick(others), pick(others));
  }

  const workout = (owner: Account, at: number, type: ActivityType = pick(ACTIVITY_TYPES)) => {
    const durationMin = between(15, 90);
    const fields = { type, startedAt: new Date(at), durationMin };
    const caloriesKcal = estimateCaloriesKcal(type, durationMin, 75);
    return owned(
      owner,
      'Activity',
      checked(activityRules, { ...fields, startedAt: date(at), caloriesKcal }, fields),
    );
  };
  const workouts: BatchRequest[] = [];
  for (const person of people) {
    for (let day = 0; day < size.recentDays; day += 1) {
      if (random() < WORKOUTS_PER_WEEK / 7)
        workouts.push(workout(person, now - day * DAY_MS - between(1, 600) * 60_000));
    }
  }

  const meals: BatchRequest[] = [];
  const weighIns = new Map<Account, { measuredAt: string; weightKg: number }[]>();
  for (const person of heavy) {
    const entries: { measuredAt: string; weightKg: number }[] = [];
    let weightKg = between(80, 110);
    for (let day = size.heavyDays - 1; day >= 0; day -= 1) {
      const dayStart = now - day * DAY_MS;
      if (random() < 0.7) workouts.push(workout(person, dayStart - between(60, 600) * 60_000));
      weightKg += (random() - 0.55) * 0.3;
      const weighIn = {
        measuredAt: new Date(dayStart - between(600, 720) * 60_000),
        weightKg: Math.round(weightKg * 10) / 10,
      };
      checked(weightEntryRules, weighIn, weighIn);
      entries.push({ measuredAt: weighIn.measuredAt.toISOString(), weightKg: weighIn.weightKg });
      for (const [index, mealType] of MEAL_TYPES.entries()) {
        if (mealType === 'snack' && random() < 0.5) continue;
        const at = dayStart - (12 - index * 4) * 3_600_000;
        const caloriesKcal = between(150, 900);
        const fields = {
          eatenAt: new Date(at),
          mealType,
          name: pick(MEAL_NAMES),
          caloriesKcal,
          proteinG: Math.round(caloriesKcal * 0.05),
          carbsG: Math.round(caloriesKcal * 0.12),
          fatG: Math.round(caloriesKcal * 0.03),
        };
        meals.push(owned(person, 'Meal', checked(mealRules, { ...fields, eatenAt: date(at) }, fields)));
      }
    }
    weighIns.set(person, entries);
  }

  const chunks = <T>(rows: readonly T[], size: number) =>
    Array.from({ length: Math.ceil(rows.length / size) }, (_, index) =>
      rows.slice(index * size, (index + 1) * size),
    );
  await mapConcurrently(chunks([...friendships, ...workouts, ...meals], 50), SEED_CONCURRENCY, (chunk) =>
    batchWithMasterKey(client, chunk),
  );
  for (const [person, entries] of weighIns) {
    for (const rows of chunks(entries, IMPORT_CHUNK)) {
      const { status, text } = await client.request('POST', '/parse/functions/importWeightEntries', {
        sessionToken: person.sessionToken,
        body: { rows },
      });
      if (status !== 200) throw new Error(`importWeightEntries failed (${status}): ${text.slice(0, 300)}`);
    }
  }

  return {
    people,
    hub,
    heavy,
    rows: {
      friendships: friendships.length,
      workouts: workouts.length,
      weighIns: [...weighIns.values()].reduce((sum, entries) => sum + entries.length, 0),
      meals: meals.length,
    },
    seedSeconds: (performance.now() - started) / 1000,
  };
}
