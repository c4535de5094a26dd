import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { parse } from 'csv-parse';
import { Unzip, UnzipInflate } from 'fflate';
import type pg from 'pg';
import { readUsdaFood, USDA_DATA_TYPES, USDA_NUTRIENTS, type UsdaFoodRow } from '../../cloud/catalogue/usda';
import type { Language } from '../../src/domain/languages';
import type { ProductStream } from './productStream';

/**
 * USDA FoodData Central's CSV download (a folder, or the zip as published) as a stream of
 * products. Its foods, nutrients, brands and portions are separate files joined by `fdc_id`, and
 * `food_nutrient.csv` alone holds tens of millions of rows: each file is streamed into an unlogged
 * staging table (only the nutrients the catalogue keeps), PostgreSQL joins them, and the foods are
 * read back a thousand at a time in `fdc_id` order, so memory stays flat whatever the download's size.
 */

const FILES = [
  'food.csv',
  'food_nutrient.csv',
  'branded_food.csv',
  'food_portion.csv',
  'measure_unit.csv',
] as const;
type UsdaFile = (typeof FILES)[number];
const STAGE_ROWS = 10_000;
const READ_ROWS = 1000;
/** Portions read per food: the first ten the contract takes, with room for some it refuses. */
const PORTIONS_READ = 20;

const TABLES = {
  food: 'fitstreak_usda_food',
  nutrient: 'fitstreak_usda_nutrient',
  branded: 'fitstreak_usda_branded',
  portion: 'fitstreak_usda_portion',
} as const;

/** The CSV files of a folder (or of the folder it holds), by name. */
async function filesIn(folder: string): Promise<Partial<Record<UsdaFile, string>>> {
  const found: Partial<Record<UsdaFile, string>> = {};
  const visit = async (directory: string, depth: number) => {
    for (const entry of await readdir(directory, { withFileTypes: true })) {
      const full = path.join(directory, entry.name);
      if (entry.isDirectory() && depth < 2) await visit(full, depth + 1);
      const name = entry.name as UsdaFile;
      if (entry.isFile() && FILES.includes(name) && !found[name]) found[name] = full;
    }
  };
  await visit(folder, 0);
  return found;
}

/** Unpacks the files the import reads from the zip into `target`, streaming, pausing while the disk catches up. */
async function unzipInto(zip: string, target: string): Promise<void> {
  const input = createReadStream(zip, { highWaterMark: 1 << 20 });
  const writes: Promise<unknown>[] = [];
  const unzip = new Unzip();
  unzip.register(UnzipInflate);
  let failure: Error | undefined;
  unzip.onfile = (file) => {
    const name = path.basename(file.name) as UsdaFile;
    if (!FILES.includes(name)) return;
    const output = createWriteStream(path.join(target, name));
    writes.push(once(output, 'close'));
    file.ondata = (error, chunk, final) => {
      if (error) failure = error;
      else if (!output.write(chunk)) {
        input.pause();
        output.once('drain', () => input.resume());
      }
      if (final || error) output.end();
    };
    file.start();
  };
  for await (const chunk of input) {
    unzip.push(chunk as Uint8Array);
    if (failure) throw failure;
  }
  unzip.push(new Uint8Array(0), true);
  await Promise.all(writes);
  if (failure) throw failure;
}

async function* csvRows(file: string): AsyncIterable<Record<string, string>> {
  const rows = createReadStream(file, { highWaterMark: 1 << 20 }).pipe(
    parse({ columns: true, relax_column_count: true, skip_empty_lines: true, bom: true }),
  );
  for await (const row of rows as AsyncIterable<Record<string, string>>) yield row;
}

/** Streams `rows` into `table` in batches of unnest arrays, one array per column. */
async function stage(
  client: pg.PoolClient,
  table: string,
  columns: readonly (readonly [string, string])[],
  rows: AsyncIterable<unknown[] | undefined>,
): Promise<number> {
  let batch: unknown[][] = columns.map(() => []);
  let count = 0;
  const flush = async () => {
    if (batch[0]?.length === 0) return;
    await client.query(
      `INSERT INTO ${table} (${columns.map(([name]) => name).join(', ')})
       SELECT * FROM unnest(${columns.map(([, type], index) => `$${index + 1}::${type}[]`).join(', ')})`,
      batch,
    );
    batch = columns.map(() => []);
  };
  for await (const row of rows) {
    if (!row) continue;
    row.forEach((value, index) => batch[index]?.push(value));
    count += 1;
    if ((batch[0]?.length ?? 0) >= STAGE_ROWS) await flush();
  }
  await flush();
  return count;
}

const numberOrNull = (text: string | undefined) => {
  if (text === undefined || text.trim() === '') return null;
  const number = Number(text);
  return Number.isFinite(number) ? number : null;
};
const textOrNull = (text: string | undefined) => (text && text.trim() !== '' ? text.trim() : null);

const NUTRIENT_IDS = new Set<number>(Object.values(USDA_NUTRIENTS));
const DATA_TYPES = new Set<string>(USDA_DATA_TYPES);

async function stageAll(
  client: pg.PoolClient,
  files: Partial<Record<UsdaFile, string>>,
  log: (line: string) => void,
) {
  for (const table of Object.values(TABLES)) await client.query(`DROP TABLE IF EXISTS ${table}`);
  await client.query(
    `CREATE UNLOGGED TABLE ${TABLES.food} (fdc_id integer PRIMARY KEY, data_type text, description text, modified text)`,
  );
  await client.query(
    `CREATE UNLOGGED TABLE ${TABLES.nutrient} (fdc_id integer, nutrient_id integer, amount float8)`,
  );
  await client.query(
    `CREATE UNLOGGED TABLE ${TABLES.branded} (fdc_id integer PRIMARY KEY, brand_name text, brand_owner text,
       gtin_upc text, serving_size float8, serving_size_unit text, household text, modified text)`,
  );
  await client.query(
    `CREATE UNLOGGED TABLE ${TABLES.portion} (fdc_id integer, seq integer, grams float8, label text, ord serial)`,
  );

  const units = new Map<string, string>();
  if (files['measure_unit.csv']) {
    for await (const row of csvRows(files['measure_unit.csv']))
      if (row.id && row.name) units.set(row.id, row.name);
  }
  const foods = await stage(
    client,
    TABLES.food,
    [
      ['fdc_id', 'integer'],
      ['data_type', 'text'],
      ['description', 'text'],
      ['modified', 'text'],
    ],
    (async function* () {
      for await (const row of csvRows(files['food.csv'] ?? '')) {
        yield DATA_TYPES.has(row.data_type ?? '') && numberOrNull(row.fdc_id) !== null
          ? [Number(row.fdc_id), row.data_type, row.description ?? '', textOrNull(row.publication_date)]
          : undefined;
      }
    })(),
  );
  log(`Staged ${foods.toLocaleString('en-US')} foods of food.csv.`);
  const nutrients = await stage(
    client,
    TABLES.nutrient,
    [
      ['fdc_id', 'integer'],
      ['nutrient_id', 'integer'],
      ['amount', 'float8'],
    ],
    (async function* () {
      for await (const row of csvRows(files['food_nutrient.csv'] ?? '')) {
        const id = numberOrNull(row.nutrient_id);
        yield id !== null && NUTRIENT_IDS.has(id) && numberOrNull(row.fdc_id) !== null
          ? [Number(row.fdc_id), id, numberOrNull(row.amount)]
          : undefined;
      }
    })(),
  );
  log(`Staged ${nutrients.toLocaleString('en-US')} nutrient values of food_nutrient.csv.`);
  if (files['branded_food.csv']) {
    await stage(
      client,
      TABLES.branded,
      [
        ['fdc_id', 'integer'],
        ['brand_name', 'text'],
        ['brand_owner', 'text'],
        ['gtin_upc', 'text'],
        ['serving_size', 'float8'],
        ['serving_size_unit', 'text'],
        ['household', 'text'],
        ['modified', 'text'],
      ],
      (async function* () {
        for await (const row of csvRows(files['branded_food.csv'] ?? '')) {
          yield numberOrNull(row.fdc_id) === null
            ? undefined
            : [
                Number(row.fdc_id),
                textOrNull(row.brand_name),
                textOrNull(row.brand_owner),
                textOrNull(row.gtin_upc),
                numberOrNull(row.serving_size),
                textOrNull(row.serving_size_unit),
                textOrNull(row.household_serving_fulltext),
                textOrNull(row.modified_date) ?? textOrNull(row.available_date),
              ];
        }
      })(),
    );
  }
  if (files['food_portion.csv']) {
    await stage(
      client,
      TABLES.portion,
      [
        ['fdc_id', 'integer'],
        ['seq', 'integer'],
        ['grams', 'float8'],
        ['label', 'text'],
      ],
      (async function* () {
        for await (const row of csvRows(files['food_portion.csv'] ?? '')) {
          const grams = numberOrNull(row.gram_weight);
          if (numberOrNull(row.fdc_id) === null || grams === null) {
            yield undefined;
            continue;
          }
          const unit = units.get(row.measure_unit_id ?? '');
          // "1.0" cup as people write it: "1 cup".
          const amount = numberOrNull(row.amount);
          const measure =
            textOrNull(row.portion_description) ??
            [
              amount === null ? null : String(amount),
              unit && unit !== 'undetermined' ? unit : null,
              textOrNull(row.modifier),
            ]
              .filter(Boolean)
              .join(' ');
          yield [Number(row.fdc_id), numberOrNull(row.seq_num) ?? 0, grams, measure || null];
        }
      })(),
    );
  }
  await client.query(`CREATE INDEX ON ${TABLES.nutrient} (fdc_id)`);
  await client.query(`CREATE INDEX ON ${TABLES.portion} (fdc_id, seq, ord)`);
  await client.query(`ANALYZE ${Object.values(TABLES).join(', ')}`);
  return foods;
}

interface JoinedRow {
  fdc_id: number;
  data_type: string;
  description: string;
  modified: string | null;
  nutrients: Record<string, number | null> | null;
  brand_name: string | null;
  brand_owner: string | null;
  gtin_upc: string | null;
  serving_size: number | null;
  serving_size_unit: string | null;
  household: string | null;
  portions: { grams: number | null; label: string | null }[] | null;
}

const JOIN = `
  SELECT f.fdc_id, f.data_type, f.description, coalesce(b.modified, f.modified) AS modified,
         (SELECT jsonb_object_agg(n.nutrient_id::text, n.amount) FROM ${TABLES.nutrient} n WHERE n.fdc_id = f.fdc_id) AS nutrients,
         b.brand_name, b.brand_owner, b.gtin_upc, b.serving_size, b.serving_size_unit, b.household,
         (SELECT jsonb_agg(jsonb_build_object('grams', p.grams, 'label', p.label) ORDER BY p.seq, p.ord)
            FROM (SELECT grams, label, seq, ord FROM ${TABLES.portion} p WHERE p.fdc_id = f.fdc_id
                   ORDER BY seq, ord LIMIT ${PORTIONS_READ}) p) AS portions
    FROM ${TABLES.food} f
    LEFT JOIN ${TABLES.branded} b ON b.fdc_id = f.fdc_id
   WHERE f.fdc_id > $1
   ORDER BY f.fdc_id
   LIMIT ${READ_ROWS}`;

function usdaRowOf(row: JoinedRow): UsdaFoodRow {
  const byId = row.nutrients ?? {};
  const nutrients = Object.fromEntries(
    Object.entries(USDA_NUTRIENTS).map(([key, id]) => [key, byId[String(id)] ?? null]),
  ) as UsdaFoodRow['nutrients'];
  return {
    fdcId: row.fdc_id,
    dataType: row.data_type,
    description: row.description,
    modified: row.modified,
    nutrients,
    brandName: row.brand_name,
    brandOwner: row.brand_owner,
    gtinUpc: row.gtin_upc,
    servingSize: row.serving_size,
    servingSizeUnit: row.serving_size_unit,
    householdServing: row.household,
    portions: row.portions ?? [],
  };
}

/** The foods of a FoodData Central download, a folder or its zip, in `fdc_id` order (the position). */
export async function openUsdaProducts(
  client: pg.PoolClient,
  source: string,
  languages: readonly Language[],
  log: (line: string) => void,
): Promise<ProductStream> {
  let unpacked: string | undefined;
  let folder = source;
  if (!(await stat(source)).isDirectory()) {
    unpacked = await mkdtemp(path.join(os.tmpdir(), 'fitstreak-usda-'));
    log(`Unpacking ${path.basename(source)} into ${unpacked}…`);
    await unzipInto(source, unpacked);
    folder = unpacked;
  }
  const files = await filesIn(folder);
  if (!files['food.csv'] || !files['food_nutrient.csv']) {
    if (unpacked) await rm(unpacked, { recursive: true, force: true });
    throw new Error(`${source} holds no food.csv and food_nutrient.csv of FoodData Central.`);
  }
  const total = await stageAll(client, files, log);
  let done = 0;
  return {
    async *products(resumeAfter: number) {
      let last = resumeAfter;
      for (;;) {
        const { rows } = await client.query<JoinedRow>(JOIN, [last]);
        if (rows.length === 0) return;
        for (const row of rows) {
          last = row.fdc_id;
          done += 1;
          yield { position: row.fdc_id, read: readUsdaFood(usdaRowOf(row), languages) };
        }
      }
    },
    share: () => (total > 0 ? Math.min(1, done / total) : 1),
    close: async () => {
      for (const table of Object.values(TABLES))
        await client.query(`DROP TABLE IF EXISTS ${table}`).catch(() => undefined);
      if (unpacked) await rm(unpacked, { recursive: true, force: true });
    },
  };
}
