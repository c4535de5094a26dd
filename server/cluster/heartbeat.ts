import { SERVER_NODE_TABLE, type SqlClient } from '../../cloud/database';
import type { ServerFacts } from '../../cloud/serverFacts';
import { HEARTBEAT_SECONDS } from '../../src/domain/serverAdmin';
import { scheduleRecurring, type RecurringTask } from '../database/postgres';

/** One row per node (plain bookkeeping, not a Parse class), for the admins' page to list the nodes. */
export async function createServerNodeTable(sql: SqlClient): Promise<void> {
  await sql.query(
    `CREATE TABLE IF NOT EXISTS ${SERVER_NODE_TABLE} (
       node_id text PRIMARY KEY,
       host text NOT NULL,
       started_at timestamptz NOT NULL,
       last_seen timestamptz NOT NULL,
       version text NOT NULL
     )`,
    [],
  );
}

async function beat(sql: SqlClient, node: ServerFacts): Promise<void> {
  await sql.query(
    `INSERT INTO ${SERVER_NODE_TABLE} (node_id, host, started_at, last_seen, version)
     VALUES ($1, $2, $3, now(), $4)
     ON CONFLICT (node_id) DO UPDATE SET last_seen = now()`,
    [node.nodeId, node.host, node.startedAt, node.appVersion],
  );
  // Nodes gone for a day leave the table; the page lists only the last minutes' anyway.
  await sql.query(`DELETE FROM ${SERVER_NODE_TABLE} WHERE last_seen < now() - interval '1 day'`, []);
}

/**
 * Writes this node's heartbeat now and every half minute; stopping removes its row, so a node shut
 * down cleanly leaves the list at once, and one that died leaves it after a few minutes (NODE_SEEN_MINUTES).
 */
export function beatHeart(sql: SqlClient, node: ServerFacts, log: (line: string) => void): RecurringTask {
  const task = scheduleRecurring(
    () => beat(sql, node),
    HEARTBEAT_SECONDS * 1000,
    (message) => log(`Writing this node's heartbeat failed: ${message}`),
  );
  return {
    stop: async () => {
      await task.stop();
      await sql
        .query(`DELETE FROM ${SERVER_NODE_TABLE} WHERE node_id = $1`, [node.nodeId])
        .catch(() => undefined);
    },
  };
}
