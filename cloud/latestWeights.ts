/**
 * Each node remembers people's latest weights for the calorie estimates of their workouts, so
 * logging a workout reads no weigh-in. When a weigh-in is saved or deleted, every node forgets that
 * person's weight (the server provides how the others are told), and a read that was under way
 * then is not remembered. An entry is kept at most ENTRY_LIFETIME_MS: a node that missed a message
 * while Redis was away answers with an old weight no longer than that. This module imports nothing
 * of Parse, so the server can load it before Parse starts.
 */
export const ENTRY_LIFETIME_MS = 10 * 60_000;
const MAX_ENTRIES = 50_000;

interface Entry {
  /** Undefined: the person has logged no weight. */
  weightKg: number | undefined;
  expiresAt: number;
}

const entries = new Map<string, Entry>();
/** The read of each person's weight in progress; a change makes it a stranger. */
const readsUnderWay = new Map<string, symbol>();
let remembering = true;
let tellOtherNodes: ((userId: string) => Promise<void>) | undefined;

/** How the other nodes hear of a change; none with one node. */
export function provideWeightChangeBroadcast(
  broadcast: ((userId: string) => Promise<void>) | undefined,
): void {
  tellOtherNodes = broadcast;
}

/**
 * While the node might miss the others' messages (Redis unreachable, or not yet subscribed), it
 * remembers nothing and reads every time.
 */
export function rememberLatestWeights(on: boolean): void {
  remembering = on;
  entries.clear();
  readsUnderWay.clear();
}

/** The person's latest weight in kg, or undefined when they have logged none; `read` asks the database. */
export async function latestWeightKg(
  userId: string,
  read: () => Promise<number | undefined>,
): Promise<number | undefined> {
  const known = entries.get(userId);
  if (known && known.expiresAt > Date.now()) return known.weightKg;
  const reading = Symbol(userId);
  readsUnderWay.set(userId, reading);
  try {
    const weightKg = await read();
    if (remembering && readsUnderWay.get(userId) === reading) {
      entries.delete(userId);
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
      entries.set(userId, { weightKg, expiresAt: Date.now() + ENTRY_LIFETIME_MS });
    }
    return weightKg;
  } finally {
    if (readsUnderWay.get(userId) === reading) readsUnderWay.delete(userId);
  }
}

/** Forgets the person's weight on this node (a change heard from another node). */
export function forgetLatestWeight(userId: string): void {
  entries.delete(userId);
  readsUnderWay.delete(userId);
}

/** A weigh-in of the person was saved or deleted: this node and every other forget their weight. */
export async function latestWeightChanged(userId: string): Promise<void> {
  forgetLatestWeight(userId);
  await tellOtherNodes?.(userId);
}
