import type { SqlClient } from '../../cloud/database';
import { SCHEDULED_SEND_TABLE } from '../../cloud/database';
import { LOOKUP_WINDOW_TABLE } from '../../cloud/foodLookupConfig';
import { classDefinitions } from '../../cloud/schema';
import {
  FOOD_SEARCH_DDL,
  FOOD_WORD_BACKFILL,
  FOOD_WORD_TABLE,
  FOOD_WORD_TABLE_DDL,
  FOOD_WORDS_VERSION,
} from '../../cloud/store/foodSearchSql';

/**
 * SQL the server runs itself on PostgreSQL, for what Parse Server leaves undone there: client
 * keys unique per person, one Settings row per person, and the removal of expired idempotency records.
 */

/** Classes whose rows may carry the key their creating client gave them (see clientKeyRule). */
export const CLIENT_KEY_CLASSES: readonly string[] = classDefinitions
  .filter((definition) => 'clientKey' in definition.fields)
  .map((definition) => definition.className);

/**
 * One row per person, client key and class even when two retries of one create race, which no
 * lookup in beforeSave can promise: Parse answers the second insert with 137 DUPLICATE_VALUE. Per
 * person, not across everyone: an imported workout's key comes from its file, so two people may send
 * the same one, and neither may block or detect the other. Rows without a key hold NULL, which
 * PostgreSQL counts as distinct. Parse's schema definitions declare plain indexes only, hence SQL;
 * the name follows Parse's own `<class>_unique_<fields, sorted>`. The columns must exist: Parse
 * adds them from `schema.definitions` within `ParseServer.start()`.
 *
 * Earlier releases made the key unique across everyone (`<class>_unique_clientKey`). Such rows are
 * unique per person as well, so the new index is built over them as they are, and the old one is
 * dropped only after it, so no moment goes without one.
 */
export async function createClientKeyIndexes(sql: SqlClient): Promise<void> {
  for (const className of CLIENT_KEY_CLASSES) {
    await sql.query(
      `CREATE UNIQUE INDEX IF NOT EXISTS "${className}_unique_clientKey_user" ON "${className}" ("user", "clientKey")`,
      [],
    );
    await sql.query(`DROP INDEX IF EXISTS "${className}_unique_clientKey"`, []);
  }
}

/**
 * One Settings row per person, held by a unique index on its owner as the client keys are: the
 * lookup in the Settings beforeSave cannot stop two first saves that race. A database from before
 * the index may hold a person's row twice, which would stop the index from being created, so the
 * most recently saved row is kept and the others are deleted first. Returns how many went.
 */
export async function createSettingsOwnerIndex(sql: SqlClient): Promise<number> {
  const { rows } = await sql.query<{ objectId: string }>(
    `DELETE FROM "Settings" AS older USING "Settings" AS newer
      WHERE older."user" = newer."user"
        AND (older."updatedAt", older."objectId") < (newer."updatedAt", newer."objectId")
      RETURNING older."objectId"`,
    [],
  );
  await sql.query('CREATE UNIQUE INDEX IF NOT EXISTS "Settings_unique_user" ON "Settings" ("user")', []);
  return rows.length;
}

/**
 * The food catalogue's keys and search (cloud/store/foodSearchSql.ts). A catalogue key is unique,
 * so an import upserts by it; a database from before the unique index may hold a key twice (two
 * seedings that raced), so the meals of a later copy are pointed at the first and the copy goes.
 * Returns how many copies went.
 */
export async function createFoodCatalogueSql(sql: SqlClient): Promise<number> {
  const removed = await dropCatalogueCopies(sql);
  const { rows } = await sql.query<{ table: string | null }>(
    `SELECT to_regclass('${FOOD_WORD_TABLE}')::text AS table`,
    [],
  );
  if (!rows[0]?.table) for (const statement of FOOD_WORD_TABLE_DDL) await sql.query(statement, []);
  for (const statement of FOOD_SEARCH_DDL) await sql.query(statement, []);
  await sql.query(
    `CREATE TABLE IF NOT EXISTS ${LOOKUP_WINDOW_TABLE} (id integer PRIMARY KEY, started_at timestamptz NOT NULL, used integer NOT NULL)`,
    [],
  );
  // The trigger fills the table from now on; the rows stored before it, or before the words were
  // made as they are now, are filled here once.
  const { rows: made } = await sql.query<{ version: string | null }>(
    `SELECT obj_description('${FOOD_WORD_TABLE}'::regclass, 'pg_class') AS version`,
    [],
  );
  if (made[0]?.version !== FOOD_WORDS_VERSION) {
    await sql.query(`TRUNCATE ${FOOD_WORD_TABLE}`, []);
    await sql.query(FOOD_WORD_BACKFILL, []);
    await sql.query(`COMMENT ON TABLE ${FOOD_WORD_TABLE} IS '${FOOD_WORDS_VERSION}'`, []);
  }
  return removed;
}

async function dropCatalogueCopies(sql: SqlClient): Promise<number> {
  const { rows: present } = await sql.query<{ index: string | null }>(
    `SELECT to_regclass('"Food_unique_catalogueKey"')::text AS index`,
    [],
  );
  if (present[0]?.index) return 0;
  await sql.query(
    `WITH copies AS (
       SELECT "objectId", first_value("objectId") OVER (PARTITION BY "catalogueKey" ORDER BY "createdAt", "objectId") AS kept
         FROM "Food" WHERE "catalogueKey" IS NOT NULL)
     UPDATE "Meal" SET food = copies.kept FROM copies
      WHERE "Meal".food = copies."objectId" AND copies."objectId" <> copies.kept`,
    [],
  );
  const { rows } = await sql.query<{ objectId: string }>(
    `DELETE FROM "Food" AS later USING "Food" AS earlier
      WHERE later."catalogueKey" = earlier."catalogueKey"
        AND (later."createdAt", later."objectId") > (earlier."createdAt", earlier."objectId")
      RETURNING later."objectId"`,
    [],
  );
  await sql.query(
    'CREATE UNIQUE INDEX IF NOT EXISTS "Food_unique_catalogueKey" ON "Food" ("catalogueKey")',
    [],
  );
  return rows.length;
}

/**
 * What the server sent to whom for which period (a weekly summary, for one): the key makes each
 * one sendable once, however many nodes run the schedule at the same moment
 * (cloud/functions/summaries.ts). Plain bookkeeping, not a Parse class.
 */
export async function createScheduledSendTable(sql: SqlClient): Promise<void> {
  await sql.query(
    `CREATE TABLE IF NOT EXISTS ${SCHEDULED_SEND_TABLE} (
       user_id text NOT NULL,
       kind text NOT NULL,
       period text NOT NULL,
       sent_at timestamptz NOT NULL DEFAULT now(),
       PRIMARY KEY (user_id, kind, period)
     )`,
    [],
  );
}

/**
 * Parse records every `X-Parse-Request-Id` in `_Idempotency` with an expiry date. MongoDB drops
 * expired records through a TTL index; on PostgreSQL Parse only creates this function and never
 * calls it, so the table grows for ever and a request id stays refused (159) for ever. The
 * function deletes records that expired more than one ttl ago. Several nodes may run it at the
 * same moment: each DELETE removes whatever is left, so that is harmless.
 */
export async function deleteExpiredIdempotencyRecords(sql: SqlClient): Promise<void> {
  await sql.query('SELECT idempotency_delete_expired_records()', []);
}

export interface RecurringTask {
  /** Stops the schedule and waits for a run in flight, so the pool can be closed after it. */
  stop(): Promise<void>;
}

/**
 * Runs the cleanup now and then every `intervalMs` without keeping the process alive. A failure
 * is logged and the next run tries again; a run still busy is not started twice. `exclusive` lets
 * one node of a cluster run it at a time. Without a pool (a database other than PostgreSQL) there is
 * nothing to do.
 */
export function scheduleIdempotencyCleanup(
  sql: SqlClient | undefined,
  intervalMs: number,
  log: (line: string) => void,
  exclusive: (work: () => Promise<void>) => Promise<unknown> = (work) => work(),
): RecurringTask {
  if (!sql) return { stop: () => Promise.resolve() };
  return scheduleRecurring(
    () => exclusive(() => deleteExpiredIdempotencyRecords(sql)),
    intervalMs,
    (message) => log(`Deleting expired idempotency records failed: ${message}`),
  );
}

/**
 * Runs `work` now and then every `intervalMs` without keeping the process alive. A failure is
 * reported and the next run tries again; a run still busy is not started twice.
 */
export function scheduleRecurring(
  work: () => Promise<unknown>,
  intervalMs: number,
  onFailure: (message: string) => void,
): RecurringTask {
  let running: Promise<void> | undefined;
  const run = () => {
    running ??= work()
      .then(() => undefined)
      .catch((error: unknown) => {
        onFailure(error instanceof Error ? error.message : String(error));
      })
      .finally(() => {
        running = undefined;
      });
  };
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}

/**
 * The objectId of the person a session token belongs to while the session is valid, for the rate
 * limits counted per person.
 */
export async function sessionOwner(sql: SqlClient, sessionToken: string): Promise<string | undefined> {
  const { rows } = await sql.query<{ owner: string | null }>(
    `SELECT "user" AS owner FROM "_Session"
      WHERE "sessionToken" = $1 AND ("expiresAt" IS NULL OR "expiresAt" > now())`,
    [sessionToken],
  );
  return rows[0]?.owner ?? undefined;
}
