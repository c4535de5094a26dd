import { addDays, localDay } from '../../src/domain/calendarDays';
import {
  ONE_REP_MAX_MAX_REPS,
  type ExerciseRow,
  type ExerciseSession,
  type LastWorkout,
  type LoggedSet,
  type Measure,
} from '../../src/domain/strength';
import { MASTER, MASTER_PAGES, Parse, type ParseUser } from '../parse';
import { activityClass } from '../schema/activity';
import { exerciseClass } from '../schema/exercise';
import { queryOf, type RowOf } from '../schema/rows';
import { storeRead } from './read';

/**
 * The strength logger's reads of a person's exercises and of the sets in their strength workouts
 * (`Activity.exercises`, a list kept as jsonb). Each answers the same through SQL and through Parse
 * queries (cloud/store/strength.int.test.ts).
 */

function toExerciseRow(exercise: RowOf<typeof exerciseClass>): ExerciseRow {
  return {
    id: exercise.id ?? '',
    name: exercise.get('name'),
    category: exercise.get('category'),
    primaryMuscles: exercise.get('primaryMuscles'),
    secondaryMuscles: exercise.get('secondaryMuscles') ?? [],
    equipment: exercise.get('equipment') ?? '',
    measure: exercise.get('measure'),
    custom: exercise.get('user') !== undefined,
    names: exercise.get('names') ?? {},
  };
}

/** The catalogue's exercises and the person's own: a few hundred rows, filtered by the caller. */
export const visibleExercises = storeRead({
  async bySql(sql, user: ParseUser): Promise<ExerciseRow[]> {
    const { rows } = await sql.query<ExerciseRow>(
      `SELECT "objectId" AS id, name, category, "primaryMuscles", coalesce("secondaryMuscles", '[]') AS "secondaryMuscles",
              coalesce(equipment, '') AS equipment, measure, "user" IS NOT NULL AS custom,
              coalesce(names, '{}') AS names
         FROM "Exercise" WHERE "user" IS NULL OR "user" = $1`,
      [user.id],
    );
    return rows;
  },
  async byQueries(user: ParseUser): Promise<ExerciseRow[]> {
    const visible = await Parse.Query.or(
      queryOf(exerciseClass).doesNotExist('user'),
      queryOf(exerciseClass).equalTo('user', user),
    ).findAll(MASTER_PAGES);
    return visible.map(toExerciseRow);
  },
});

/** One session per workout from `{ activityId, startedAt, sets }` pieces (an exercise logged twice joins up). */
function joinSessions(pieces: Iterable<{ activityId: string; startedAt: Date; sets: LoggedSet[] }>) {
  const byWorkout = new Map<string, ExerciseSession>();
  for (const { activityId, startedAt, sets } of pieces) {
    const session = byWorkout.get(activityId);
    if (session) session.sets.push(...sets);
    else byWorkout.set(activityId, { activityId, startedAt: startedAt.toISOString(), sets: [...sets] });
  }
  return [...byWorkout.values()];
}

/**
 * Every strength workout's sets of one exercise, one session per workout (in no order), its sets
 * in the order they were logged.
 */
export const exerciseSessions = storeRead({
  async bySql(sql, user: ParseUser, exerciseId: string): Promise<ExerciseSession[]> {
    const { rows } = await sql.query<{ activityId: string; startedAt: Date; sets: LoggedSet[] }>(
      `SELECT a."objectId" AS "activityId", a."startedAt", e.value -> 'sets' AS sets
         FROM "Activity" a, jsonb_array_elements(a.exercises) WITH ORDINALITY AS e(value, position)
        WHERE a."user" = $1 AND a.type = 'strength' AND jsonb_typeof(a.exercises) = 'array'
          AND e.value ->> 'exerciseId' = $2
        ORDER BY a."objectId", e.position`,
      [user.id, exerciseId],
    );
    return joinSessions(rows);
  },
  async byQueries(user: ParseUser, exerciseId: string): Promise<ExerciseSession[]> {
    const workouts = await queryOf(activityClass)
      .equalTo('user', user)
      .equalTo('type', 'strength')
      .exists('exercises')
      .select('startedAt', 'exercises')
      .findAll(MASTER_PAGES);
    return joinSessions(
      workouts.flatMap((workout) =>
        (workout.get('exercises') ?? [])
          .filter((logged) => logged.exerciseId === exerciseId)
          .map((logged) => ({
            activityId: workout.id ?? '',
            startedAt: workout.get('startedAt'),
            sets: logged.sets,
          })),
      ),
    );
  },
});

/** The person's strength workouts with sets started before `before`, latest first (without SQL). */
async function strengthWorkoutsBefore(user: ParseUser, before: Date) {
  // findAll pages by objectId and takes no order of its own.
  const workouts = await queryOf(activityClass)
    .equalTo('user', user)
    .equalTo('type', 'strength')
    .lessThan('startedAt', before)
    .exists('exercises')
    .select('startedAt', 'exercises')
    .findAll(MASTER_PAGES);
  const time = (workout: RowOf<typeof activityClass>) => workout.get('startedAt').getTime();
  return workouts.sort((a, b) => time(b) - time(a));
}

/**
 * What the records of a set are measured against: the earlier workouts' sets of the given
 * exercises, by exercise (those started before `before`). In PostgreSQL they are boiled down
 * first: for each exercise and weight, the most reps done with it, and the most in a set of at
 * most 12 reps (the estimated one-rep max's range). The bests of all sets (heaviest, one-rep max,
 * set volume, reps at a weight) are the bests of those few, so three years of sets become a few
 * dozen rows, passed on as one session per exercise. Both ways give the same records.
 */
export const earlierSets = storeRead({
  async bySql(
    sql,
    user: ParseUser,
    exerciseIds: readonly string[],
    before: Date,
  ): Promise<Map<string, ExerciseSession[]>> {
    const { rows } = await sql.query<{
      exerciseId: string;
      weightKg: number;
      reps: number;
      repsInRange: number | null;
    }>(
      `SELECT e.value ->> 'exerciseId' AS "exerciseId", (s ->> 'weightKg')::float8 AS "weightKg",
              max((s ->> 'reps')::float8) AS reps,
              max((s ->> 'reps')::float8) FILTER (WHERE (s ->> 'reps')::float8 <= ${ONE_REP_MAX_MAX_REPS}) AS "repsInRange"
         FROM "Activity" a, jsonb_array_elements(a.exercises) AS e, jsonb_array_elements(e.value -> 'sets') AS s
        WHERE a."user" = $1 AND a.type = 'strength' AND jsonb_typeof(a.exercises) = 'array'
          AND a."startedAt" < $3 AND e.value ->> 'exerciseId' = ANY($2::text[])
          AND jsonb_typeof(s -> 'weightKg') = 'number' AND jsonb_typeof(s -> 'reps') = 'number'
          AND NOT coalesce((s ->> 'warmup')::boolean, false)
        GROUP BY 1, 2`,
      [user.id, exerciseIds, before],
    );
    const sets = new Map<string, LoggedSet[]>();
    for (const { exerciseId, weightKg, reps, repsInRange } of rows) {
      const kept = sets.get(exerciseId) ?? [];
      kept.push({ weightKg, reps });
      if (repsInRange !== null && repsInRange !== reps) kept.push({ weightKg, reps: repsInRange });
      sets.set(exerciseId, kept);
    }
    return new Map(
      [...sets].map(([exerciseId, kept]) => [
        exerciseId,
        [{ activityId: '', startedAt: before.toISOString(), sets: kept }],
      ]),
    );
  },
  async byQueries(
    user: ParseUser,
    exerciseIds: readonly string[],
    before: Date,
  ): Promise<Map<string, ExerciseSession[]>> {
    const byExercise = new Map<string, ExerciseSession[]>();
    for (const workout of await strengthWorkoutsBefore(user, before)) {
      const startedAt = workout.get('startedAt').toISOString();
      for (const logged of workout.get('exercises') ?? []) {
        if (!exerciseIds.includes(logged.exerciseId)) continue;
        const session = { activityId: workout.id ?? '', startedAt, sets: logged.sets };
        byExercise.set(logged.exerciseId, [...(byExercise.get(logged.exerciseId) ?? []), session]);
      }
    }
    return byExercise;
  },
});

export interface LatestSession {
  exerciseId: string;
  startedAt: Date;
  sets: LoggedSet[];
}

/**
 * Each exercise's latest sets in the person's strength workouts started before `before`, latest
 * first, and a workout's exercises in the order they were logged.
 */
export const latestSessions = storeRead({
  async bySql(sql, user: ParseUser, before: Date): Promise<LatestSession[]> {
    const { rows } = await sql.query<LatestSession>(
      `SELECT "exerciseId", "startedAt", sets FROM (
         SELECT DISTINCT ON (e.value ->> 'exerciseId') e.value ->> 'exerciseId' AS "exerciseId", a."startedAt",
                e.value -> 'sets' AS sets, e.position
           FROM "Activity" a, jsonb_array_elements(a.exercises) WITH ORDINALITY AS e(value, position)
          WHERE a."user" = $1 AND a.type = 'strength' AND jsonb_typeof(a.exercises) = 'array'
            AND a."startedAt" < $2
          ORDER BY e.value ->> 'exerciseId', a."startedAt" DESC, e.position) AS latest
        ORDER BY "startedAt" DESC, position`,
      [user.id, before],
    );
    return rows;
  },
  async byQueries(user: ParseUser, before: Date): Promise<LatestSession[]> {
    const latest = new Map<string, LatestSession>();
    for (const workout of await strengthWorkoutsBefore(user, before)) {
      for (const logged of workout.get('exercises') ?? []) {
        if (!latest.has(logged.exerciseId)) {
          latest.set(logged.exerciseId, {
            exerciseId: logged.exerciseId,
            startedAt: workout.get('startedAt'),
            sets: logged.sets,
          });
        }
      }
    }
    return [...latest.values()];
  },
});

/** The person's latest strength workout with exercises started before `before`: one indexed row. */
export async function latestStrengthWorkout(user: ParseUser, before: Date): Promise<LastWorkout | undefined> {
  const workout = await queryOf(activityClass)
    .equalTo('user', user)
    .equalTo('type', 'strength')
    .lessThan('startedAt', before)
    .exists('exercises')
    .descending('startedAt')
    .select('durationMin', 'exercises')
    .first(MASTER);
  const exercises = workout?.get('exercises');
  if (!workout || !exercises || exercises.length === 0) return undefined;
  return { durationMin: workout.get('durationMin'), exercises };
}

/**
 * The working sets (warm-ups left out) of each exercise in the person's strength workouts on the
 * local days `firstDay` to `firstDay` + 6 of `timeZone`.
 */
export const weekWorkingSets = storeRead({
  async bySql(sql, user: ParseUser, firstDay: string, timeZone: string): Promise<Map<string, number>> {
    const { rows } = await sql.query<{ exerciseId: string; sets: number }>(
      `SELECT e.value ->> 'exerciseId' AS "exerciseId", count(*)::int AS sets
         FROM "Activity" a, jsonb_array_elements(a.exercises) AS e, jsonb_array_elements(e.value -> 'sets') AS s
        WHERE a."user" = $1 AND a.type = 'strength' AND jsonb_typeof(a.exercises) = 'array'
          AND (a."startedAt" AT TIME ZONE $2)::date BETWEEN $3::date AND $3::date + 6
          AND NOT coalesce((s ->> 'warmup')::boolean, false)
        GROUP BY 1`,
      [user.id, timeZone, firstDay],
    );
    return new Map(rows.map((row) => [row.exerciseId, row.sets]));
  },
  async byQueries(user: ParseUser, firstDay: string, timeZone: string): Promise<Map<string, number>> {
    // The local week lies within the UTC days from the one before it to the one after it.
    const from = new Date(`${firstDay}T00:00:00Z`);
    const workouts = await queryOf(activityClass)
      .equalTo('user', user)
      .equalTo('type', 'strength')
      .greaterThanOrEqualTo('startedAt', new Date(from.getTime() - 86_400_000))
      .lessThan('startedAt', new Date(from.getTime() + 8 * 86_400_000))
      .exists('exercises')
      .select('startedAt', 'exercises')
      .findAll(MASTER_PAGES);
    const last = addDays(firstDay, 6);
    const sets = new Map<string, number>();
    for (const workout of workouts) {
      const day = localDay(workout.get('startedAt'), timeZone);
      if (day < firstDay || day > last) continue;
      for (const logged of workout.get('exercises') ?? []) {
        const working = logged.sets.filter((set) => !set.warmup).length;
        if (working > 0) sets.set(logged.exerciseId, (sets.get(logged.exerciseId) ?? 0) + working);
      }
    }
    return sets;
  },
});

/** What a workout's set needs to know of its exercise. */
export interface UsableExercise {
  measure: Measure;
  met: number;
}

/** The exercises among `ids` the person may log (the catalogue's and their own), by id. */
export const usableExercises = storeRead({
  async bySql(
    sql,
    ids: readonly string[],
    owner: ParseUser | undefined,
  ): Promise<Map<string, UsableExercise>> {
    if (ids.length === 0) return new Map();
    const { rows } = await sql.query<UsableExercise & { id: string }>(
      `SELECT "objectId" AS id, measure, met FROM "Exercise"
        WHERE "objectId" = ANY($1::text[]) AND ("user" IS NULL OR "user" = $2)`,
      [ids, owner?.id ?? ''],
    );
    return new Map(rows.map(({ id, measure, met }) => [id, { measure, met }]));
  },
  async byQueries(
    ids: readonly string[],
    owner: ParseUser | undefined,
  ): Promise<Map<string, UsableExercise>> {
    if (ids.length === 0) return new Map();
    const catalogue = queryOf(exerciseClass).doesNotExist('user');
    const visible = owner
      ? Parse.Query.or(catalogue, queryOf(exerciseClass).equalTo('user', owner))
      : catalogue;
    const found = await visible.containedIn('objectId', [...ids]).findAll(MASTER_PAGES);
    return new Map(
      found.map((exercise) => [
        exercise.id ?? '',
        { measure: exercise.get('measure'), met: exercise.get('met') },
      ]),
    );
  },
});
