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

/** The table that remembers what was sent to whom for which period (server/postgres.ts makes it). */
export const SCHEDULED_SEND_TABLE = 'fitstreak_scheduled_send';
