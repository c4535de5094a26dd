import { parseWorkoutFile, WorkoutFileError, type ParsedWorkout } from './formats';

/** Larger files are refused before they are read: a workout file is a few megabytes. */
export const MAX_FILE_BYTES = 100 * 1024 * 1024;

export type FileOutcome = { name: string; workout: ParsedWorkout } | { name: string; problem: string };

/** The kind of a file by its name; null for one this importer does not read. */
export function kindOf(name: string): 'gpx' | 'tcx' | null {
  const extension = name.toLowerCase().split('.').pop();
  return extension === 'gpx' || extension === 'tcx' ? extension : null;
}

/** One file's workout, or the sentence saying why it cannot be imported. */
export async function readWorkoutFile(file: File): Promise<FileOutcome> {
  const kind = kindOf(file.name);
  if (!kind) return { name: file.name, problem: 'only GPX and TCX files are read here' };
  if (file.size > MAX_FILE_BYTES) {
    return { name: file.name, problem: `it is larger than ${MAX_FILE_BYTES / 1024 / 1024} MB` };
  }
  try {
    return { name: file.name, workout: parseWorkoutFile(await file.text(), kind) };
  } catch (error) {
    return {
      name: file.name,
      problem: error instanceof WorkoutFileError ? error.message : 'it could not be read',
    };
  }
}
