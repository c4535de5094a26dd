import { deleteOriginalsOf, keepOriginals, ownOriginal } from '../classes/originalFile';
import { activityRules } from '../../src/domain/contract';
import { checkFields } from '../../src/domain/fieldRules';
import { defaultVisibility } from '../../src/domain/sharing';
import {
  effortsOf,
  MAX_IMPORT_WORKOUTS,
  trackProblem,
  type ImportAnswer,
  type TrackPoint,
} from '../../src/domain/track';
import {
  type CloudObject,
  MASTER,
  MASTER_PAGES,
  ownerAcl,
  Parse,
  type ParseFile,
  type ParseUser,
  readableBy,
  requireUser,
  type TriggerRequest,
  validationError,
} from '../parse';
import { activityClass } from '../schema/activity';
import { asRow, queryOf, rowOf } from '../schema/rows';
import { trackClass } from '../schema/track';
import { t } from '../../src/i18n/messages';
import { deleteSocialOf } from './social';
import { defineFunction, type CloudRequest } from './define';
import { settingsOf } from './requestContext';
import { followDeletedWorkout } from './insight';
import {
  insightPersonOf,
  LOAD_HELD,
  loadOfWorkout,
  recomputeAllLoad,
  trackMaxHr,
  updateLoadFrom,
} from '../store/trainingLoad';

/** Two workouts of one type started this close are the same workout imported twice. */
const SAME_START_MS = 2 * 60_000;

/** The workout fields an import may carry, besides the track. */
const IMPORTED_FIELDS = [
  'type',
  'durationMin',
  'distanceKm',
  'caloriesKcal',
  'notes',
  'clientKey',
  'source',
  'movingTimeS',
  'elevationGainM',
  'avgHr',
  'maxHr',
  'effort',
] as const;

interface ImportedWorkout {
  index: number;
  fields: Record<string, unknown>;
  startedAt: Date;
  track: TrackPoint[] | undefined;
  /** The file it was read from, kept when the person asked to ("Keep the original files"). */
  original: { file: ParseFile; name: string } | undefined;
}

/** The longest file name an original keeps. */
const MAX_ORIGINAL_NAME = 200;

/** One workout as sent: its fields checked as the contract checks a workout, and its track. */
function readWorkout(
  raw: unknown,
  index: number,
  userId: string,
): ImportedWorkout | { row: number; reason: string } {
  const row = index + 1;
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return { row, reason: t('server.imports.notObject') };
  }
  const given = raw as Record<string, unknown>;
  const startedAt = typeof given.startedAt === 'string' ? new Date(given.startedAt) : undefined;
  const fields: Record<string, unknown> = { startedAt };
  for (const name of IMPORTED_FIELDS) if (given[name] !== undefined) fields[name] = given[name];
  fields.source ??= 'manual';
  const [first] = checkFields(activityRules, fields);
  if (first) return { row, reason: first.message };
  const avgHr = fields.avgHr as number | undefined;
  const maxHr = fields.maxHr as number | undefined;
  if (avgHr !== undefined && maxHr !== undefined && avgHr > maxHr) {
    return { row, reason: t('server.imports.heartRate') };
  }
  if (given.track !== undefined) {
    const problem = trackProblem(given.track);
    if (problem) return { row, reason: problem.message };
  }
  let original: ImportedWorkout['original'];
  if (given.originalFile !== undefined) {
    const file = ownOriginal(given.originalFile, userId);
    if (!file) return { row, reason: t('server.imports.originalFile') };
    const name = given.originalName;
    if (typeof name !== 'string' || name.trim() === '' || name.length > MAX_ORIGINAL_NAME) {
      return {
        row,
        reason: t('server.imports.originalName', { max: MAX_ORIGINAL_NAME }),
      };
    }
    original = { file, name: name.trim() };
  }
  return {
    index,
    fields,
    startedAt: startedAt as Date,
    track: given.track as TrackPoint[] | undefined,
    original,
  };
}

/** What the person already has near the batch's starts: type, start and key of each workout. */
async function savedNear(user: ParseUser, workouts: readonly ImportedWorkout[]) {
  const times = workouts.map((workout) => workout.startedAt.getTime());
  const [keyed, timed] = await Promise.all([
    queryOf(activityClass)
      .equalTo('user', user)
      .containedIn(
        'clientKey',
        workouts.flatMap((workout) =>
          typeof workout.fields.clientKey === 'string' ? [workout.fields.clientKey] : [],
        ),
      )
      .select('clientKey')
      .limit(MAX_IMPORT_WORKOUTS)
      .find(MASTER),
    queryOf(activityClass)
      .equalTo('user', user)
      .greaterThanOrEqualTo('startedAt', new Date(Math.min(...times) - SAME_START_MS))
      .lessThanOrEqualTo('startedAt', new Date(Math.max(...times) + SAME_START_MS))
      .select('type', 'startedAt')
      .findAll(MASTER_PAGES),
  ]);
  return {
    keys: new Set(keyed.map((row) => String(row.get('clientKey')))),
    starts: timed.map((row): { type: string; at: number } => ({
      type: row.get('type'),
      at: row.get('startedAt').getTime(),
    })),
  };
}

/**
 * Each workout's highest sustained heart rate and training load (TRIMP from its track, with the
 * person's maximum raised by the batch where it does), and whether the batch raises the maximum.
 */
async function withLoads(
  workouts: readonly ImportedWorkout[],
  user: ParseUser,
  settings: Awaited<ReturnType<typeof settingsOf>>,
): Promise<{ loaded: ImportedWorkout[]; raisesMax: boolean }> {
  const person = await insightPersonOf(user, { settings });
  const maxima = workouts.map((workout) => trackMaxHr(workout.track));
  const batchMax = Math.max(...maxima.map((value) => value ?? -Infinity));
  const raisesMax =
    Number.isFinite(batchMax) && (person.max?.source !== 'tracks' || batchMax > person.max.bpm);
  const counted = raisesMax
    ? { ...person, max: { bpm: batchMax, source: 'tracks' as const, activityId: null } }
    : person;
  const loaded = workouts.map((workout, index) => {
    const load = loadOfWorkout(
      { durationMin: workout.fields.durationMin, effort: workout.fields.effort },
      workout.track,
      counted,
    );
    const sustained = maxima[index];
    return {
      ...workout,
      fields: {
        ...workout.fields,
        ...(sustained !== null && sustained !== undefined ? { sustainedMaxHr: sustained } : {}),
        ...(load ? { trainingLoad: load.value, loadSource: load.source } : {}),
      },
    };
  });
  return { loaded, raisesMax };
}

/** How many workouts of a batch are being saved at one moment. */
const SAVING_AT_ONCE = 20;

/**
 * Saves one workout with its track and kept original, or none of them. False when the person's
 * key for it was taken meanwhile (another import of the same file saving at the same moment): a
 * duplicate. A track or original that cannot be saved takes the workout back with it (the workout's
 * afterDelete removes whichever of the two was saved).
 */
async function saveWhole(workout: ImportedWorkout, user: ParseUser, userId: string): Promise<boolean> {
  const activity = new Parse.Object('Activity');
  activity.set({ ...workout.fields, user });
  activity.setACL(ownerAcl(userId));
  try {
    // The batch's training load is updated once, after it (`importWorkouts`).
    await activity.save(null, { ...MASTER, context: { [LOAD_HELD]: true } });
  } catch (error) {
    if ((error as { code?: unknown }).code === Parse.Error.DUPLICATE_VALUE) return false;
    throw error;
  }
  try {
    await Promise.all([
      saveTrack(workout, activity, user, userId),
      workout.original
        ? keepOriginals(user, userId, [{ activityId: String(activity.id), ...workout.original }])
        : undefined,
    ]);
  } catch (error) {
    await activity.destroy(MASTER);
    throw error;
  }
  return true;
}

/** The workout's simplified route, readable by its owner only. */
async function saveTrack(
  workout: ImportedWorkout,
  activity: CloudObject,
  user: ParseUser,
  userId: string,
): Promise<void> {
  if (!workout.track || workout.track.length === 0) return;
  const track = rowOf(trackClass);
  track.set({
    user,
    activity: rowOf(activityClass, String(activity.id)),
    points: workout.track,
    bestEfforts: effortsOf(workout.fields.type, workout.track),
  });
  track.setACL(readableBy(userId));
  await track.save(null, MASTER);
}

/**
 * Saves each workout whole (`saveWhole`), a few at a time, and answers the 0-based indexes of those
 * a concurrent save of the person's took first. Every save has ended when it answers or throws, so
 * a failed batch leaves whole workouts only, and running it again adds only what is missing.
 */
async function saveWorkouts(
  workouts: readonly ImportedWorkout[],
  user: ParseUser,
  userId: string,
): Promise<number[]> {
  const taken: number[] = [];
  for (let start = 0; start < workouts.length; start += SAVING_AT_ONCE) {
    const chunk = workouts.slice(start, start + SAVING_AT_ONCE);
    const outcomes = await Promise.allSettled(chunk.map((workout) => saveWhole(workout, user, userId)));
    const failed = outcomes.find((outcome) => outcome.status === 'rejected');
    if (failed) throw failed.reason;
    outcomes.forEach((outcome, position) => {
      const workout = chunk[position];
      if (outcome.status === 'fulfilled' && !outcome.value && workout) taken.push(workout.index);
    });
  }
  return taken;
}

/**
 * `importWorkouts({ workouts, dryRun })`: up to 500 workouts from files or another app's archive,
 * each with an optional simplified track. A workout the person already has (same type started
 * within two minutes, or the same `clientKey` from an import stopped half way) is skipped and
 * named; a workout the contract refuses is named with the reason; the rest are saved, owner-only,
 * each with its track and original. Only the caller's own workouts count: the key is unique per
 * person, so another person's workout of the same file is neither a duplicate nor an obstacle. A
 * dry run answers the same without saving.
 */
async function importWorkouts(request: CloudRequest<'importWorkouts'>): Promise<ImportAnswer> {
  const { user, userId } = requireUser(request.user);
  const { workouts, dryRun } = request.params;
  if (!Array.isArray(workouts) || workouts.length === 0) {
    throw validationError('server.imports.noWorkouts');
  }
  if (workouts.length > MAX_IMPORT_WORKOUTS) {
    throw validationError('server.imports.tooMany', { field: 'workouts', max: MAX_IMPORT_WORKOUTS });
  }
  if (dryRun !== undefined && typeof dryRun !== 'boolean')
    throw validationError('server.params.trueOrFalse', { field: 'dryRun' });

  const refused: ImportAnswer['refused'] = [];
  const valid: ImportedWorkout[] = [];
  workouts.forEach((raw: unknown, index) => {
    const read = readWorkout(raw, index, userId);
    if ('reason' in read) refused.push(read);
    else valid.push(read);
  });
  const duplicates: number[] = [];
  const fresh: ImportedWorkout[] = [];
  if (valid.length > 0) {
    const { keys, starts } = await savedNear(user, valid);
    for (const workout of valid) {
      const key = workout.fields.clientKey;
      const at = workout.startedAt.getTime();
      const type = workout.fields.type as string;
      if (
        (typeof key === 'string' && keys.has(key)) ||
        starts.some((start) => start.type === type && Math.abs(start.at - at) <= SAME_START_MS)
      ) {
        duplicates.push(workout.index + 1);
        continue;
      }
      // Within the batch too: a folder may hold one workout twice.
      starts.push({ type, at });
      if (typeof key === 'string') keys.add(key);
      fresh.push(workout);
    }
  }

  if (dryRun === true || fresh.length === 0) {
    return { imported: 0, wouldImport: fresh.length, duplicates, refused };
  }
  // The person's default visibility read once for the batch, not by each workout's beforeSave.
  const settings = await settingsOf(user);
  const visibility = defaultVisibility(settings?.attributes);
  const { loaded, raisesMax } = await withLoads(fresh, user, settings);
  const shared = loaded.map((workout) => ({ ...workout, fields: { ...workout.fields, visibility } }));
  const taken = await saveWorkouts(shared, user, userId);
  // The stored days once for the batch: from its earliest workout on, or all when it raised the maximum.
  if (raisesMax) await recomputeAllLoad(user);
  else await updateLoadFrom(user, new Date(Math.min(...fresh.map((workout) => workout.startedAt.getTime()))));
  duplicates.push(...taken.map((index) => index + 1));
  duplicates.sort((a, b) => a - b);
  const imported = fresh.length - taken.length;
  return { imported, wouldImport: imported, duplicates, refused };
}

/** A deleted workout takes its track, its kept original, its kudos and its comments with it. */
async function deleteTrack(request: TriggerRequest): Promise<void> {
  const activity = asRow(activityClass, request.object);
  await deleteSocialOf(request);
  await followDeletedWorkout(request);
  const tracks = await queryOf(trackClass).equalTo('activity', activity).find(MASTER);
  if (tracks.length > 0) await Parse.Object.destroyAll(tracks, MASTER);
  await deleteOriginalsOf(String(activity.id));
}

export function registerImportFunctions(): void {
  defineFunction('importWorkouts', importWorkouts);
  Parse.Cloud.afterDelete('Activity', deleteTrack);
}
