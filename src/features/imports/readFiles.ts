import { AppleHealthReader, type ImportedWeighIn } from './appleHealth';
import { gunzip, joinBytes, readZip, type EntrySink } from './archive';
import { parseFitFile } from './fit';
import type { ParsedWorkout } from '@/domain/track';
import { parseWorkoutFile, WorkoutFileError } from './formats';
import { readStravaActivities, type StravaActivity } from './strava';
import { t } from '@/i18n/messages';

/** Larger workout files are refused before they are read: a ten-hour FIT file is a few megabytes. */
export const MAX_FILE_BYTES = 100 * 1024 * 1024;

/** What the files chosen hold, each workout with the name of the file it came from. */
export interface ReadOutcome {
  workouts: { name: string; workout: ParsedWorkout }[];
  weighIns: ImportedWeighIn[];
  /** Files that could not be read, each with the sentence saying why. */
  problems: { name: string; problem: string }[];
}

const WORKOUT_FILE = /\.(gpx|tcx|fit)(\.gz)?$/i;

const baseName = (path: string) => path.split('/').pop() ?? path;
const problemOf = (error: unknown) =>
  error instanceof WorkoutFileError ? error.message : t('imports.problem.unreadable');

/** A workout file's workouts (a FIT file may hold several sessions), gzipped or not. */
export function workoutsOf(
  path: string,
  bytes: Uint8Array,
  source?: ParsedWorkout['source'],
): ParsedWorkout[] {
  const lower = path.toLowerCase();
  const plain = lower.endsWith('.gz') ? gunzip(bytes, MAX_FILE_BYTES) : bytes;
  const kind = lower.replace(/\.gz$/, '').split('.').pop();
  if (kind === 'fit') return parseFitFile(plain, source ?? 'fit');
  if (kind !== 'gpx' && kind !== 'tcx') throw new WorkoutFileError(t('imports.problem.notWorkoutFile'));
  return [parseWorkoutFile(new TextDecoder().decode(plain), kind, source ?? kind)];
}

/** Gathers a set of files (those chosen, or one zip's) and joins what belongs together. */
class Contents {
  /** Read workout files by path. */
  private readonly files = new Map<string, { name: string; workouts: ParsedWorkout[] }>();
  /** The same by file name alone: Strava's index and Apple Health's workouts name their files so. */
  private readonly byName = new Map<string, string>();
  private readonly strava: { name: string; activities: StravaActivity[] }[] = [];
  private readonly health: AppleHealthReader[] = [];
  readonly problems: ReadOutcome['problems'] = [];

  constructor(private readonly label: (path: string) => string) {}

  addFile(path: string, bytes: Uint8Array): void {
    try {
      this.files.set(path, { name: this.label(path), workouts: workoutsOf(path, bytes) });
      this.byName.set(baseName(path), path);
    } catch (error) {
      this.problems.push({ name: this.label(path), problem: problemOf(error) });
    }
  }

  addStrava(path: string, text: string): void {
    try {
      this.strava.push({ name: this.label(path), activities: readStravaActivities(text) });
    } catch (error) {
      this.problems.push({ name: this.label(path), problem: problemOf(error) });
    }
  }

  addHealth(reader: AppleHealthReader): void {
    this.health.push(reader);
  }

  addProblem(path: string, problem: string): void {
    this.problems.push({ name: this.label(path), problem });
  }

  /**
   * Each Strava row takes the workout of the file it names (its track and measured totals, with
   * Strava's own type), each Apple Health workout the route it names; the rest stand alone. A
   * route is never a workout of its own.
   */
  into(outcome: ReadOutcome): void {
    const used = new Set<string>();
    const named = (reference: string | undefined) => {
      const path = reference === undefined ? undefined : this.byName.get(baseName(reference));
      if (path !== undefined) used.add(path);
      return path === undefined ? undefined : this.files.get(path);
    };
    for (const { name, activities } of this.strava) {
      activities.forEach(({ workout, file }, index) => {
        const read = named(file);
        const fromFile = read?.workouts[0];
        outcome.workouts.push({
          name: read?.name ?? t('imports.read.stravaRow', { name, row: index + 2 }),
          workout: fromFile
            ? {
                ...workout,
                ...fromFile,
                type: workout.type,
                source: 'strava',
                caloriesKcal: fromFile.caloriesKcal ?? workout.caloriesKcal,
              }
            : workout,
        });
      });
    }
    for (const reader of this.health) {
      for (const { workout, route } of reader.workouts) {
        const track = named(route)?.workouts[0];
        outcome.workouts.push({
          name: t('imports.read.healthWorkout', {
            type: workout.type,
            date: workout.startedAt.slice(0, 10),
          }),
          workout: track
            ? {
                ...workout,
                movingTimeS: Math.min(workout.movingTimeS, track.movingTimeS),
                distanceKm: workout.distanceKm ?? track.distanceKm,
                ...(track.elevationGainM === undefined ? {} : { elevationGainM: track.elevationGainM }),
                ...(track.track ? { track: track.track } : {}),
              }
            : workout,
        });
      }
      outcome.weighIns.push(...reader.weighIns);
    }
    for (const [path, { name, workouts }] of this.files) {
      if (used.has(path) || /workout-routes\//.test(path)) continue;
      for (const workout of workouts) outcome.workouts.push({ name, workout });
    }
    outcome.problems.push(...this.problems);
  }
}

/** Collects an entry's bytes up to a limit. */
function collector(limit: number, done: (bytes: Uint8Array) => void, tooLarge: () => void): EntrySink {
  const parts: Uint8Array[] = [];
  let size = 0;
  return {
    write(chunk) {
      size += chunk.length;
      if (size <= limit) parts.push(chunk);
    },
    end() {
      if (size > limit) return tooLarge();
      done(joinBytes(parts, size));
    },
  };
}

async function* chunksOf(file: Blob, onRead: (bytes: number) => void): AsyncGenerator<Uint8Array> {
  const reader = file.stream().getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    onRead(value.length);
    yield value;
  }
}

const isHealthExport = (path: string) => /(^|\/)export\.xml$/i.test(path);
const isStravaIndex = (path: string) => /(^|\/)activities\.csv$/i.test(path);
const tooLargeSentence = () => t('imports.problem.tooLarge', { size: MAX_FILE_BYTES / 1024 ** 2 });

/** A zip's entries, streamed: workout files, a Strava index and an Apple Health export. */
async function readArchive(file: File, onRead: (bytes: number) => void, outcome: ReadOutcome) {
  const contents = new Contents((path) => `${file.name}/${path}`);
  const health = new AppleHealthReader();
  let sawHealth = false;
  try {
    await readZip(
      chunksOf(file, () => undefined),
      (path) => {
        if (isHealthExport(path)) {
          sawHealth = true;
          return { write: (chunk) => health.write(chunk), end: () => health.close() };
        }
        if (isStravaIndex(path)) {
          return collector(
            MAX_FILE_BYTES,
            (bytes) => contents.addStrava(path, new TextDecoder().decode(bytes)),
            () => contents.addProblem(path, tooLargeSentence()),
          );
        }
        if (WORKOUT_FILE.test(path)) {
          return collector(
            MAX_FILE_BYTES,
            (bytes) => contents.addFile(path, bytes),
            () => contents.addProblem(path, tooLargeSentence()),
          );
        }
        return undefined;
      },
      onRead,
    );
  } catch (error) {
    // Nothing of an archive refused half way is kept: it is named, with the reason, instead.
    outcome.problems.push({ name: file.name, problem: problemOf(error) });
    return;
  }
  if (sawHealth) contents.addHealth(health);
  contents.into(outcome);
}

/**
 * Reads what the person chose, file by file and as a stream where a file can be large: workout
 * files alone or gzipped, zips of them, a Strava archive (zipped, or its folder) and an Apple Health
 * export (zipped, or its `export.xml`). Progress is reported in bytes read.
 */
export async function readImportFiles(
  files: readonly File[],
  onProgress: (done: number, total: number) => void = () => undefined,
): Promise<ReadOutcome> {
  const outcome: ReadOutcome = { workouts: [], weighIns: [], problems: [] };
  const total = files.reduce((sum, file) => sum + file.size, 0);
  let done = 0;
  const onRead = (bytes: number) => {
    done += bytes;
    onProgress(done, total);
  };
  const pathOf = (file: File) => file.webkitRelativePath || file.name;
  const chosen = new Contents((path) => path);
  for (const file of files) {
    const path = pathOf(file);
    const lower = path.toLowerCase();
    if (lower.endsWith('.zip')) {
      await readArchive(file, onRead, outcome);
    } else if (lower.endsWith('.xml')) {
      const reader = new AppleHealthReader();
      try {
        for await (const chunk of chunksOf(file, onRead)) reader.write(chunk);
        reader.close();
        chosen.addHealth(reader);
      } catch (error) {
        chosen.addProblem(path, problemOf(error));
      }
    } else if (isStravaIndex(lower) || WORKOUT_FILE.test(lower)) {
      if (file.size > MAX_FILE_BYTES) {
        chosen.addProblem(path, tooLargeSentence());
        onRead(file.size);
        continue;
      }
      const bytes = new Uint8Array(await file.arrayBuffer());
      onRead(file.size);
      if (isStravaIndex(lower)) chosen.addStrava(path, new TextDecoder().decode(bytes));
      else chosen.addFile(path, bytes);
    } else {
      chosen.addProblem(path, t('imports.problem.unsupported'));
      onRead(file.size);
    }
  }
  chosen.into(outcome);
  // Oldest first, as the history happened.
  outcome.workouts.sort((a, b) => a.workout.startedAt.localeCompare(b.workout.startedAt));
  return outcome;
}
