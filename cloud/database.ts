/**
 * Direct SQL for the few reads that aggregate a person's whole history (day totals, daily
 * means), which Parse queries would otherwise ship row by row into this process. The server
 * provides a client when the database is PostgreSQL; without one, callers use Parse queries.
 * Statements name Parse's tables and columns: a pointer column holds the target's objectId.
 */
export interface SqlClient {
  query<Row>(text: string, values: readonly unknown[]): Promise<{ rows: Row[] }>;
}

let client: SqlClient | undefined;

export function provideSqlClient(sql: SqlClient | undefined): void {
  client = sql;
}

export function sqlClient(): SqlClient | undefined {
  return client;
}

/** The table that remembers what was sent to whom for which period (server/database/postgres.ts makes it). */
export const SCHEDULED_SEND_TABLE = 'fitstreak_scheduled_send';

/**
 * Claims each send once: the rows the insert adds (person, `kind`, period) are the promise nobody
 * else sends them, whichever node runs the schedule. Answers the people claimed by this call.
 */
export async function claimScheduledSends(
  sql: SqlClient,
  kind: string,
  sends: readonly { user: string; period: string }[],
): Promise<Set<string>> {
  if (sends.length === 0) return new Set();
  const { rows } = await sql.query<{ user: string }>(
    `INSERT INTO ${SCHEDULED_SEND_TABLE} (user_id, kind, period)
     SELECT id, $3, period FROM unnest($1::text[], $2::text[]) AS d(id, period)
     ON CONFLICT DO NOTHING
     RETURNING user_id AS "user"`,
    [sends.map((send) => send.user), sends.map((send) => send.period), kind],
  );
  return new Set(rows.map((row) => row.user));
}

/** Each node's heartbeat: one row per node, written every half minute (server/cluster/heartbeat.ts). */
export const SERVER_NODE_TABLE = 'fitstreak_server_node';

/** One row per finished food import (server/foods/importFoods.ts), for the admins' page. */
export const FOOD_IMPORT_RECORD_TABLE = 'fitstreak_food_import_record';
