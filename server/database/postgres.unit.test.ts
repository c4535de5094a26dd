import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SqlClient } from '../../cloud/database';
import { CLIENT_KEY_CLASSES, createClientKeyIndexes, scheduleIdempotencyCleanup } from './postgres';

const MINUTE = 60_000;

/** A SQL client that records each statement and answers with what `answer` gives. */
function recordingClient(answer: () => Promise<void> = () => Promise.resolve()) {
  const statements: string[] = [];
  const sql: SqlClient = {
    query: async <Row>(text: string) => {
      statements.push(text);
      await answer();
      return { rows: [] as Row[] };
    },
  };
  return { sql, statements };
}

describe('createClientKeyIndexes', () => {
  it('makes clientKey unique per person in each class that declares it, dropping the index of everyone', async () => {
    const { sql, statements } = recordingClient();

    await createClientKeyIndexes(sql);

    expect(CLIENT_KEY_CLASSES).toEqual([
      'Activity',
      'Meal',
      'SavedMeal',
      'Recipe',
      'WeightEntry',
      'BodyMeasurement',
    ]);
    expect(statements).toEqual([
      'CREATE UNIQUE INDEX IF NOT EXISTS "Activity_unique_clientKey_user" ON "Activity" ("user", "clientKey")',
      'DROP INDEX IF EXISTS "Activity_unique_clientKey"',
      'CREATE UNIQUE INDEX IF NOT EXISTS "Meal_unique_clientKey_user" ON "Meal" ("user", "clientKey")',
      'DROP INDEX IF EXISTS "Meal_unique_clientKey"',
      'CREATE UNIQUE INDEX IF NOT EXISTS "SavedMeal_unique_clientKey_user" ON "SavedMeal" ("user", "clientKey")',
      'DROP INDEX IF EXISTS "SavedMeal_unique_clientKey"',
      'CREATE UNIQUE INDEX IF NOT EXISTS "Recipe_unique_clientKey_user" ON "Recipe" ("user", "clientKey")',
      'DROP INDEX IF EXISTS "Recipe_unique_clientKey"',
      'CREATE UNIQUE INDEX IF NOT EXISTS "WeightEntry_unique_clientKey_user" ON "WeightEntry" ("user", "clientKey")',
      'DROP INDEX IF EXISTS "WeightEntry_unique_clientKey"',
      'CREATE UNIQUE INDEX IF NOT EXISTS "BodyMeasurement_unique_clientKey_user" ON "BodyMeasurement" ("user", "clientKey")',
      'DROP INDEX IF EXISTS "BodyMeasurement_unique_clientKey"',
    ]);
  });
});

describe('scheduleIdempotencyCleanup', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('deletes expired records at once and then once every interval until stopped', async () => {
    const { sql, statements } = recordingClient();

    const cleanup = scheduleIdempotencyCleanup(sql, 5 * MINUTE, () => undefined);
    await vi.advanceTimersByTimeAsync(0);
    expect(statements).toEqual(['SELECT idempotency_delete_expired_records()']);
    await vi.advanceTimersByTimeAsync(10 * MINUTE);
    expect(statements).toHaveLength(3);
    await cleanup.stop();
    await vi.advanceTimersByTimeAsync(10 * MINUTE);

    expect(statements).toHaveLength(3);
  });

  it('logs a failure and tries again at the next interval', async () => {
    let calls = 0;
    const { sql, statements } = recordingClient(() =>
      (calls += 1) === 1 ? Promise.reject(new Error('connection refused')) : Promise.resolve(),
    );
    const log = vi.fn();

    const cleanup = scheduleIdempotencyCleanup(sql, 5 * MINUTE, log);
    await vi.advanceTimersByTimeAsync(5 * MINUTE);
    await cleanup.stop();

    expect(statements).toHaveLength(2);
    expect(log).toHaveBeenCalledOnce();
    expect(log).toHaveBeenCalledWith('Deleting expired idempotency records failed: connection refused');
  });

  it('does not start a second run while one is still busy, and stop waits for it', async () => {
    let finish: () => void = () => undefined;
    const { sql, statements } = recordingClient(() => new Promise<void>((resolve) => (finish = resolve)));

    const cleanup = scheduleIdempotencyCleanup(sql, 5 * MINUTE, () => undefined);
    await vi.advanceTimersByTimeAsync(15 * MINUTE);
    expect(statements).toHaveLength(1);
    let stopped = false;
    const stopping = cleanup.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    finish();
    await stopping;

    expect(stopped).toBe(true);
  });

  it('does nothing without a SQL client', async () => {
    const log = vi.fn();

    const cleanup = scheduleIdempotencyCleanup(undefined, 5 * MINUTE, log);
    await vi.advanceTimersByTimeAsync(10 * MINUTE);
    await cleanup.stop();

    expect(log).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });
});
