import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCluster, type Cluster } from '../test/cluster';

/**
 * Nodes of a cluster started at the same moment on an empty database: Parse's initialisation, the
 * unique indexes and the catalogue are done once, whichever node gets there first.
 */

/** A few rounds in `npm test`; `npm run test:stress` runs many more (CLUSTER_START_ROUNDS). */
const ROUNDS = Number(process.env.CLUSTER_START_ROUNDS ?? 3);

let cluster: Cluster;
let catalogueSize: number;

beforeAll(async () => {
  cluster = await startCluster(0);
  const foods = JSON.parse(
    await readFile(new URL('../../cloud/catalogue/foods.json', import.meta.url), 'utf8'),
  ) as unknown[];
  catalogueSize = foods.length;
});

afterAll(async () => {
  await cluster?.stop();
});

describe('three nodes started at the same moment on an empty database', () => {
  it(`all start, with one catalogue and one set of indexes, ${ROUNDS} times over`, async () => {
    for (let round = 1; round <= ROUNDS; round++) {
      await cluster.database.recreate();

      const nodes = await cluster.startNodes(3);

      const [catalogue] = await cluster.database.query<{ rows: number; keys: number }>(
        `SELECT count(*)::int AS rows, count(DISTINCT "catalogueKey")::int AS keys
           FROM "Food" WHERE "catalogueKey" IS NOT NULL`,
      );
      expect(catalogue, `round ${round}`).toEqual({ rows: catalogueSize, keys: catalogueSize });
      // The same index twice under two names would show as one definition listed twice.
      const twice = await cluster.database.query<{ definition: string }>(
        `SELECT regexp_replace(indexdef, 'INDEX \\S+ ON', 'INDEX ON') AS definition
           FROM pg_indexes WHERE schemaname = 'public'
          GROUP BY 1 HAVING count(*) > 1`,
      );
      expect(twice, `round ${round}`).toEqual([]);
      const unique = await cluster.database.query<{ indexname: string }>(
        `SELECT indexname FROM pg_indexes WHERE indexname LIKE '%\\_unique\\_%' ORDER BY 1`,
      );
      expect(
        unique.map((row) => row.indexname),
        `round ${round}`,
      ).toEqual(
        expect.arrayContaining([
          'Activity_unique_clientKey_user',
          'Meal_unique_clientKey_user',
          'Settings_unique_user',
          'WeightEntry_unique_clientKey_user',
        ]) as unknown,
      );
      const [cleanup] = await cluster.database.query<{ functions: number }>(
        `SELECT count(*)::int AS functions FROM pg_proc WHERE proname = 'idempotency_delete_expired_records'`,
      );
      expect(cleanup?.functions, `round ${round}`).toBe(1);
      for (const node of nodes)
        expect(node.output(), `round ${round}, node ${node.name}`).toContain('ready at');

      await cluster.stopNodes(nodes);
    }
  }, 900_000);
});
