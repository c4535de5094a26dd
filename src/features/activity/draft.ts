/**
 * A new workout being logged, kept on this device as it is typed, so a reload or a tab the browser
 * discarded (a phone locked between sets) brings it back with its sets. Kept until it is saved or
 * its window closed; forgotten at log-out. Writes are synchronous, so nothing typed before the
 * page goes away is lost.
 */
export const WORKOUT_DRAFT_STORAGE_KEY = 'fitstreak:workout-draft';

/** The form's fields as typed (`type`, `date`, `time`, `durationMin`, …, `exercises` as JSON). */
export type DraftFields = Readonly<Record<string, string>>;

interface StoredDraft {
  account: string;
  fields: DraftFields;
}

export type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function deviceStorage(): DraftStorage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The form's own values worth keeping: text fields only, no file or hidden context. */
export function draftFieldsOf(form: HTMLFormElement, keep: readonly string[]): DraftFields {
  const fields: Record<string, string> = {};
  for (const [name, value] of new FormData(form)) {
    if (keep.includes(name) && typeof value === 'string') fields[name] = value;
  }
  return fields;
}

/** The draft's day (`YYYY-MM-DD`) when it is a real one; anything else is not to be trusted. */
export function draftDay(fields: DraftFields | null | undefined): string | undefined {
  const day = fields?.date;
  if (!day || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== day ? undefined : day;
}

export function keepWorkoutDraft(
  account: string,
  fields: DraftFields,
  storage: DraftStorage | null = deviceStorage(),
): void {
  try {
    storage?.setItem(WORKOUT_DRAFT_STORAGE_KEY, JSON.stringify({ account, fields } satisfies StoredDraft));
  } catch {
    // A full or blocked storage only loses the convenience.
  }
}

/** The account's draft; another account's (a shared device) is never returned. */
export function workoutDraft(
  account: string,
  storage: DraftStorage | null = deviceStorage(),
): DraftFields | null {
  try {
    const stored = JSON.parse(storage?.getItem(WORKOUT_DRAFT_STORAGE_KEY) ?? 'null') as unknown;
    if (!isStoredDraft(stored) || stored.account !== account) return null;
    return stored.fields;
  } catch {
    return null;
  }
}

export function dropWorkoutDraft(storage: DraftStorage | null = deviceStorage()): void {
  try {
    storage?.removeItem(WORKOUT_DRAFT_STORAGE_KEY);
  } catch {
    // Nothing to do: the draft goes with the storage.
  }
}

function isStoredDraft(value: unknown): value is StoredDraft {
  if (typeof value !== 'object' || value === null) return false;
  const { account, fields } = value as Partial<StoredDraft>;
  return (
    typeof account === 'string' &&
    typeof fields === 'object' &&
    fields !== null &&
    Object.values(fields).every((field) => typeof field === 'string')
  );
}
