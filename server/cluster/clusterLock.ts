import type pg from 'pg';

/** Any fixed number: the first half of the advisory lock keys FITSTREAK takes, the name's hash the second. */
const LOCK_SPACE = 4_184_017;
const LOCK = 'SELECT pg_advisory_lock($1, hashtext($2))';
const TRY_LOCK = 'SELECT pg_try_advisory_lock($1, hashtext($2)) AS taken';
const UNLOCK = 'SELECT pg_advisory_unlock($1, hashtext($2))';

async function holding<T>(
  pool: pg.Pool,
  name: string,
  take: (client: pg.PoolClient) => Promise<boolean>,
  work: () => Promise<T>,
): Promise<{ ran: true; value: T } | { ran: false }> {
  const client = await pool.connect();
  // A connection lost while checked out reports on the client; the query in flight fails instead.
  const ignore = () => undefined;
  client.on('error', ignore);
  let broken = false;
  try {
    if (!(await take(client))) return { ran: false };
    try {
      return { ran: true, value: await work() };
    } finally {
      await client.query(UNLOCK, [LOCK_SPACE, name]).catch(() => {
        broken = true;
      });
    }
  } catch (error) {
    broken = true;
    throw error;
  } finally {
    client.off('error', ignore);
    // A connection whose unlock failed is closed, and PostgreSQL releases its locks with it.
    client.release(broken);
  }
}

/**
 * Runs `work` while this node holds the cluster-wide lock `name`: nodes that start or run at once on
 * one PostgreSQL database take turns, so the second finds the first one's work done. Without SQL
 * (MongoDB) there is one node and no lock.
 */
export async function withClusterLock<T>(
  pool: pg.Pool | undefined,
  name: string,
  work: () => Promise<T>,
): Promise<T> {
  if (!pool) return work();
  const outcome = await holding(
    pool,
    name,
    async (client) => {
      await client.query(LOCK, [LOCK_SPACE, name]);
      return true;
    },
    work,
  );
  if (!outcome.ran) throw new Error(`The cluster lock ${name} was not taken.`);
  return outcome.value;
}

/** Runs `work` unless another node holds the lock `name` now; answers whether it ran. */
export async function unlessClusterLockHeld(
  pool: pg.Pool | undefined,
  name: string,
  work: () => Promise<void>,
): Promise<boolean> {
  if (!pool) {
    await work();
    return true;
  }
  const outcome = await holding(
    pool,
    name,
    async (client) => {
      const { rows } = await client.query<{ taken: boolean }>(TRY_LOCK, [LOCK_SPACE, name]);
      return rows[0]?.taken === true;
    },
    work,
  );
  return outcome.ran;
}
