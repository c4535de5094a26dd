import { stat } from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import { newestByKey, newObjectId, upsertCatalogueFoods } from '../../cloud/catalogue/catalogueUpsert';
import { catalogueKeyOf, type ImportedFood, type RefusalReason } from '../../cloud/catalogue/importedFood';
import { FOOD_IMPORT_RECORD_TABLE, type SqlClient } from '../../cloud/database';
import { offCsvProduct, readOffProduct } from '../../cloud/catalogue/openFoodFacts';
import type { Language } from '../../src/domain/languages';
import { unlessClusterLockHeld } from '../cluster/clusterLock';
import { formatOf, openExport, type ExportFormat } from './exportReader';
import type { ProductStream } from './productStream';
import { openUsdaProducts } from './usdaExport';

/**
 * Imports a food database's export into the shared catalogue, straight into the `Food` table in
 * batches (Parse's REST path would take days for millions of products), while the app serves:
 *
 * - an upsert by catalogue key (`off:<code>`): a second run of the same file changes nothing; a
 *   product the source changed later replaces the stored values, an earlier one does not;
 * - meals keep their own numbers, so no import changes what anyone logged;
 * - resumable: each batch commits with the number of products read so far, and a re-run of the
 *   same file (name, size and modification time) starts after them;
 * - `prune`: after a full export, catalogue rows of the source it no longer holds are deleted,
 *   or hidden from search where a meal points to them;
 * - one import at a time per database (an advisory lock).
 */

export type FoodImportSource = 'off' | 'usda';

export interface FoodImportOptions {
  /** An Open Food Facts export file; for USDA, the folder of the CSV download or its zip. */
  file: string;
  source: FoodImportSource;
  /** Open Food Facts: told by the file's name when absent. */
  format?: ExportFormat;
  /** Lines about the import's steps (USDA stages its files first). */
  log?: (line: string) => void;
  /** The app's languages whose names are kept. */
  languages: readonly Language[];
  dryRun?: boolean;
  prune?: boolean;
  /** Products per SQL statement. */
  batchSize?: number;
  progress?: (progress: FoodImportProgress) => void;
}

export interface FoodImportProgress {
  read: number;
  /** How far through the export, 0 to 1. */
  share: number;
  elapsedMs: number;
}

export interface FoodImportSummary {
  /** Products read from the file in this run (after those a resumed run skipped). */
  read: number;
  /** Products an interrupted earlier run had done, skipped by this one. */
  resumedAfter: number;
  imported: number;
  updated: number;
  unchanged: number;
  refused: Partial<Record<RefusalReason, number>>;
  /** With `prune`: rows deleted, and rows hidden because a meal points to them. */
  pruned: number;
  hidden: number;
  durationMs: number;
  dryRun: boolean;
}

export class FoodImportError extends Error {}

/** The bookkeeping of interrupted imports: how far each file got. Plain SQL, not a Parse class. */
const PROGRESS_TABLE = 'fitstreak_food_import';
/** The keys a pruning run has seen, by run. */
const SEEN_TABLE = 'fitstreak_food_import_seen';

/** Whether the database has what the import writes into: the app's tables and the catalogue's unique key. */
async function checkDatabase(client: pg.PoolClient): Promise<void> {
  const { rows } = await client.query<{ food: string | null; key: string | null }>(
    `SELECT to_regclass('"Food"')::text AS food, to_regclass('"Food_unique_catalogueKey"')::text AS key`,
  );
  if (!rows[0]?.food || !rows[0].key) {
    throw new FoodImportError(
      'the database has no food catalogue yet: start the app once on it (npm start), then import.',
    );
  }
  await client.query(
    `CREATE TABLE IF NOT EXISTS ${PROGRESS_TABLE} (
       file_key text PRIMARY KEY, products bigint NOT NULL, run text NOT NULL, updated_at timestamptz NOT NULL DEFAULT now())`,
  );
  await client.query(
    `CREATE UNLOGGED TABLE IF NOT EXISTS ${SEEN_TABLE} (run text NOT NULL, key text NOT NULL)`,
  );
  await client.query(`CREATE INDEX IF NOT EXISTS ${SEEN_TABLE}_run_key ON ${SEEN_TABLE} (run, key)`);
  await client.query(
    `CREATE TABLE IF NOT EXISTS ${FOOD_IMPORT_RECORD_TABLE} (
       finished_at timestamptz NOT NULL DEFAULT now(), source text NOT NULL, file text NOT NULL,
       imported bigint NOT NULL, updated bigint NOT NULL, pruned bigint NOT NULL)`,
  );
}

/** The same file as far as a resumed run can tell: its name, size and modification time. */
async function fileKeyOf(file: string, source: FoodImportSource, prune: boolean): Promise<string> {
  const { size, mtimeMs } = await stat(file);
  return `${source}|${path.basename(file)}|${size}|${Math.trunc(mtimeMs)}|${prune ? 'prune' : 'keep'}`;
}

export async function importFoods(pool: pg.Pool, options: FoodImportOptions): Promise<FoodImportSummary> {
  let summary: FoodImportSummary | undefined;
  const ran = await unlessClusterLockHeld(pool, 'food-import', async () => {
    summary = await importHoldingLock(pool, options);
  });
  if (!ran || !summary) {
    throw new FoodImportError('another food import is running on this database: wait for it to finish.');
  }
  return summary;
}

async function importHoldingLock(pool: pg.Pool, options: FoodImportOptions): Promise<FoodImportSummary> {
  const { file, source, languages, dryRun = false, prune = false, batchSize = 1000, progress } = options;
  const startedAt = performance.now();
  const client = await pool.connect();
  try {
    await checkDatabase(client);
    const fileKey = await fileKeyOf(file, source, prune);
    const { rows: saved } = await client.query<{ products: string; run: string }>(
      `SELECT products, run FROM ${PROGRESS_TABLE} WHERE file_key = $1`,
      [fileKey],
    );
    const resumedAfter = dryRun ? 0 : Number(saved[0]?.products ?? 0);
    const run = saved[0]?.run ?? newObjectId();
    const summary: FoodImportSummary = {
      read: 0,
      resumedAfter,
      imported: 0,
      updated: 0,
      unchanged: 0,
      refused: {},
      pruned: 0,
      hidden: 0,
      durationMs: 0,
      dryRun,
    };
    const refuse = (reason: RefusalReason) => {
      summary.refused[reason] = (summary.refused[reason] ?? 0) + 1;
    };
    const inTransaction: SqlClient = {
      query: async <Row>(text: string, values: readonly unknown[]) => {
        const { rows } = await client.query(text, [...values]);
        return { rows: rows as Row[] };
      },
    };
    const input =
      source === 'usda'
        ? await openUsdaProducts(client, file, languages, options.log ?? (() => undefined))
        : await openOffProducts(file, options.format ?? formatOf(file), languages);
    let position = 0;
    let batch: ImportedFood[] = [];

    const flush = async () => {
      const foods = newestByKey(batch);
      batch = [];
      if (dryRun) {
        summary.imported += await countNew(client, foods);
        return;
      }
      await client.query('BEGIN');
      try {
        const written = await upsertCatalogueFoods(inTransaction, foods);
        if (prune) {
          await client.query(`INSERT INTO ${SEEN_TABLE} (run, key) SELECT $1, unnest($2::text[])`, [
            run,
            foods.map(catalogueKeyOf),
          ]);
        }
        await client.query(
          `INSERT INTO ${PROGRESS_TABLE} (file_key, products, run) VALUES ($1, $2, $3)
           ON CONFLICT (file_key) DO UPDATE SET products = EXCLUDED.products, updated_at = now()`,
          [fileKey, position, run],
        );
        await client.query('COMMIT');
        summary.imported += written.inserted;
        summary.updated += written.updated;
        summary.unchanged += foods.length - written.inserted - written.updated;
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      }
    };

    try {
      for await (const item of input.products(resumedAfter)) {
        position = item.position;
        summary.read += 1;
        if ('refused' in item.read) refuse(item.read.refused);
        else batch.push(item.read.food);
        if (batch.length >= batchSize) await flush();
        if (progress && summary.read % 1000 === 0) {
          progress({ read: summary.read, share: input.share(), elapsedMs: performance.now() - startedAt });
        }
      }
      if (batch.length > 0) await flush();
    } finally {
      await input.close();
    }

    if (prune && !dryRun) Object.assign(summary, await pruneMissing(client, source, run));
    if (!dryRun) {
      await client.query(`DELETE FROM ${PROGRESS_TABLE} WHERE file_key = $1`, [fileKey]);
      await client.query(`DELETE FROM ${SEEN_TABLE} WHERE run = $1`, [run]);
      // What the admins' page shows as the catalogue's last import.
      await client.query(
        `INSERT INTO ${FOOD_IMPORT_RECORD_TABLE} (source, file, imported, updated, pruned) VALUES ($1, $2, $3, $4, $5)`,
        [source, path.basename(file), summary.imported, summary.updated, summary.pruned],
      );
    }
    summary.durationMs = performance.now() - startedAt;
    return summary;
  } finally {
    client.release();
  }
}

/** A dry run's count of the products that would be new. */
async function countNew(client: pg.PoolClient, foods: readonly ImportedFood[]): Promise<number> {
  const { rows } = await client.query<{ stored: number }>(
    `SELECT count(*)::int AS stored FROM "Food" WHERE "catalogueKey" = ANY($1::text[])`,
    [foods.map(catalogueKeyOf)],
  );
  return foods.length - (rows[0]?.stored ?? 0);
}

/**
 * After a full export: the source's catalogue rows the run did not see are gone from the source.
 * Those a meal points to stay, hidden from search (a meal shows its food); the others are deleted.
 */
async function pruneMissing(
  client: pg.PoolClient,
  source: FoodImportSource,
  run: string,
): Promise<{ pruned: number; hidden: number }> {
  // Only rows an import wrote: `off:<code>`, `usda:<fdc_id>`. The shipped catalogue's USDA rows
  // (`usda:<slug>`, `usda:sr28-…`) share the source but never a key of digits alone.
  const missing = `f."user" IS NULL AND f.source = $1 AND f."catalogueKey" ~ ('^' || $1 || ':[0-9]+$')
    AND NOT EXISTS (SELECT 1 FROM ${SEEN_TABLE} s WHERE s.run = $2 AND s.key = f."catalogueKey")`;
  const used = `EXISTS (SELECT 1 FROM "Meal" m WHERE m.food = f."objectId")`;
  await client.query('BEGIN');
  try {
    const hidden = await client.query(
      `UPDATE "Food" f SET hidden = true, "updatedAt" = now() WHERE ${missing} AND ${used} AND f.hidden IS NOT TRUE`,
      [source, run],
    );
    const pruned = await client.query(`DELETE FROM "Food" f WHERE ${missing} AND NOT ${used}`, [source, run]);
    await client.query('COMMIT');
    return { pruned: pruned.rowCount ?? 0, hidden: hidden.rowCount ?? 0 };
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  }
}

/** An Open Food Facts export as products, each at its line's (or row's) number. */
async function openOffProducts(
  file: string,
  format: ExportFormat,
  languages: readonly Language[],
): Promise<ProductStream> {
  const input = await openExport(file, format);
  return {
    async *products(resumeAfter: number) {
      let position = 0;
      for await (const item of input.records) {
        position += 1;
        if (position <= resumeAfter) continue;
        yield {
          position,
          read:
            'unreadable' in item
              ? { refused: 'unreadable' as const }
              : readOffProduct(
                  format === 'csv' ? offCsvProduct(item.record as Record<string, string>) : item.record,
                  languages,
                ),
        };
      }
    },
    share: () => (input.size > 0 ? Math.min(1, input.bytesRead() / input.size) : 1),
    close: () => input.close(),
  };
}
