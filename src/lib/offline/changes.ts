/** The classes whose entries can be logged, edited and deleted without a network. */
export type OfflineClass = 'Activity' | 'Meal' | 'WeightEntry' | 'SavedMeal' | 'Recipe' | 'BodyMeasurement';

/** A field value as Parse's REST API takes it; null unsets the field. */
export type RestValue =
  | string
  | number
  | boolean
  | null
  | { __type: 'Date'; iso: string }
  | { __type: 'Pointer'; className: string; objectId: string }
  /** A list of plain JSON objects: a strength workout's exercises, a recipe's ingredients. */
  | readonly object[];

export type RestFields = Record<string, RestValue>;

/** Why the server refused a change, in the words it used. */
export interface Refusal {
  code: number;
  message: string;
}

/**
 * One write made on this device and not yet confirmed by the server. Changes are sent in `seq`
 * order, one at a time, only with the session of `account`.
 */
export interface PendingChange {
  /** A UUID: the X-Parse-Request-Id of every attempt and, for a create, the entry's clientKey. */
  id: string;
  account: string;
  seq: number;
  className: OfflineClass;
  op: 'create' | 'update' | 'delete';
  /** The objectId, or `local:<id of the create>` while the entry exists only on this device. */
  target: string;
  /** Every field of the entry for a create or an update; empty for a delete. */
  fields: RestFields;
  /** What a list shows for the entry while it waits (e.g. a meal's name and estimated energy). */
  display: Record<string, string | number | null>;
  queuedAt: string;
  refusal: Refusal | null;
}

const LOCAL_PREFIX = 'local:';

export function localTarget(createId: string): string {
  return `${LOCAL_PREFIX}${createId}`;
}

export function isLocalTarget(id: string): boolean {
  return id.startsWith(LOCAL_PREFIX);
}

export function restDate(date: Date): RestValue {
  return { __type: 'Date', iso: date.toISOString() };
}

export function restPointer(className: string, objectId: string): RestValue {
  return { __type: 'Pointer', className, objectId };
}

/** Whether a value is a list (`Array.isArray` does not narrow a readonly array's union). */
export function isRestList(value: RestValue): value is readonly object[] {
  return Array.isArray(value);
}

/** The Date a REST date value holds, or null for anything else. */
export function dateOf(value: RestValue | undefined): Date | null {
  return typeof value === 'object' && value !== null && !isRestList(value) && value.__type === 'Date'
    ? new Date(value.iso)
    : null;
}

export function numberOf(value: RestValue | undefined): number | null {
  return typeof value === 'number' ? value : null;
}

export function stringOf(value: RestValue | undefined): string {
  return typeof value === 'string' ? value : '';
}

/** A version 4 UUID from the platform's random source (randomUUID needs a secure context). */
export function newChangeId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** An entry as it will be once its waiting changes are applied. */
export interface PendingEntry {
  /** The objectId, or the local target of an entry created on this device. */
  id: string;
  /** True when the server has never seen the entry. */
  isNew: boolean;
  fields: RestFields;
  display: Record<string, string | number | null>;
  /** Why the server refused one of its changes, if it did. */
  refusal: Refusal | null;
}

export interface PendingView {
  /** Entries created or changed on this device, latest values first applied. */
  entries: PendingEntry[];
  /** ObjectIds of entries deleted on this device whose deletion waits. */
  deleted: Set<string>;
}

/** Folds one class's waiting changes, in order, into what the lists should show. */
export function pendingView(changes: readonly PendingChange[], className: OfflineClass): PendingView {
  const entries = new Map<string, PendingEntry>();
  const deleted = new Set<string>();
  const ordered = changes.filter((change) => change.className === className).sort((a, b) => a.seq - b.seq);
  for (const change of ordered) {
    const known = entries.get(change.target);
    if (change.op === 'delete') {
      entries.delete(change.target);
      if (!isLocalTarget(change.target)) deleted.add(change.target);
      continue;
    }
    entries.set(change.target, {
      id: change.target,
      isNew: known?.isNew ?? change.op === 'create',
      fields: { ...known?.fields, ...change.fields },
      display: { ...known?.display, ...change.display },
      refusal: change.refusal ?? known?.refusal ?? null,
    });
  }
  return { entries: [...entries.values()], deleted };
}

/**
 * What to do with a new change given those already waiting: a change to an entry whose last
 * waiting change has not started sending is merged into it (so a refused entry that is corrected
 * is tried again), and deleting an entry the server never saw drops it altogether.
 */
export type QueuePlan =
  | { kind: 'append' }
  | { kind: 'merge'; into: PendingChange; superseded: string[] }
  | { kind: 'drop'; ids: string[] };

export function planChange(
  waiting: readonly PendingChange[],
  change: Pick<PendingChange, 'op' | 'target' | 'className'>,
  sendingId: string | null,
): QueuePlan {
  const sameEntry = waiting
    .filter((other) => other.target === change.target && other.className === change.className)
    .sort((a, b) => a.seq - b.seq);
  const last = sameEntry.at(-1);
  if (!last || last.op === 'delete' || sameEntry.some((other) => other.id === sendingId)) {
    return { kind: 'append' };
  }
  if (change.op === 'delete') {
    return isLocalTarget(change.target)
      ? { kind: 'drop', ids: sameEntry.map((other) => other.id) }
      : { kind: 'append' };
  }
  // A correction goes into the refused change, so it is tried again, and replaces what followed it.
  const into = sameEntry.find((other) => other.refusal) ?? last;
  const superseded = sameEntry.filter((other) => other.seq > into.seq).map((other) => other.id);
  return { kind: 'merge', into, superseded };
}

/**
 * Saved rows with one class's waiting changes applied: deleted rows left out, changed rows rebuilt
 * by `toRow` from the entry and the saved row, and (with `addNew`) entries the server has never
 * seen added at the end. `toRow` returns null for an entry that lacks what a row needs. Returns
 * `rows` itself when nothing of the class waits.
 */
export function applyWaiting<Row extends { id: string }>(
  rows: readonly Row[],
  view: PendingView,
  toRow: (entry: PendingEntry, saved: Row | undefined) => Row | null,
  addNew = true,
): readonly Row[] {
  if (view.entries.length === 0 && view.deleted.size === 0) return rows;
  const byId = new Map(view.entries.map((entry) => [entry.id, entry]));
  const shown: Row[] = [];
  for (const row of rows) {
    if (view.deleted.has(row.id)) continue;
    const entry = byId.get(row.id);
    shown.push(entry ? (toRow(entry, row) ?? row) : row);
  }
  if (addNew) {
    for (const entry of view.entries) {
      const row = entry.isNew ? toRow(entry, undefined) : null;
      if (row) shown.push(row);
    }
  }
  return shown;
}
