import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { zipSync } from 'fflate';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FOOD_IMPORT_RECORD_TABLE } from '../../cloud/database';
import type { Language } from '../../src/domain/languages';
import type { FoodRow } from '../../src/domain/nutrition';
import {
  offProducts,
  usdaFoods,
  withCheckDigit,
  writeOffCsv,
  writeOffJsonl,
  writeUsdaCsv,
  type UsdaFood,
} from '../test/foodExports';
import { callFunction, parseDate, pointer, restClient, type Account, type RestClient } from '../test/rest';
import {
  createDataDir,
  databaseUri,
  readMasterKey,
  removeDataDir,
  runScript,
  startServerProcess,
  stopServerAndDatabase,
  type FinishedProcess,
  type ServerProcess,
} from '../test/serverProcess';
import { startOffStandIn, type OffStandIn } from '../test/openFoodFactsStandIn';
import { importFoods, type FoodImportOptions, type FoodImportSummary } from './importFoods';

/**
 * `npm run foods:import` as an operator runs it, beside a server in production mode on the same
 * data directory: Open Food Facts exports made by server/test/foodExports.ts in the published
 * formats, then what people find by name, in their language and by barcode.
 */

const COMMAND_TIMEOUT_MS = 120_000;
/** Products of the generated part of the export; one in 50 is refused (kJ given as kcal). */
const GENERATED = 500;
const BASE_MODIFIED = 1_767_225_600;

/** Hand-written products, each for one rule. */
const oats = {
  code: '041196910759',
  lang: 'de',
  product_name: 'Haferflocken zart',
  product_name_de: 'Haferflocken zart',
  product_name_fr: "Flocons d'avoine fins",
  brands: 'Kornhaus',
  serving_size: '40 g',
  serving_quantity: 40,
  last_modified_t: BASE_MODIFIED,
  nutriments: {
    'energy-kcal_100g': 372,
    proteins_100g: 13.5,
    carbohydrates_100g: 58.7,
    fat_100g: 7,
    fiber_100g: 10,
    sugars_100g: 0.7,
    'saturated-fat_100g': 1.3,
    salt_100g: 0.02,
  },
};
const cremeFraiche = {
  code: withCheckDigit('376000000001'),
  lang: 'fr',
  product_name: 'Crème fraîche épaisse',
  brands: 'Laiterie du Val',
  last_modified_t: BASE_MODIFIED,
  // Only the newer nutrition shape (schema 1003), energy in kJ, salt in mg.
  nutrition: {
    aggregated_set: {
      per: '100g',
      preparation: 'as_sold',
      nutrients: {
        energy: { value: 1222, unit: 'kJ' },
        proteins: { value: 2.4, unit: 'g' },
        carbohydrates: { value: 2.8, unit: 'g' },
        fat: { value: 30, unit: 'g' },
        salt: { value: 100, unit: 'mg' },
      },
    },
  },
};
const sugarsOverCarbs = {
  code: withCheckDigit('376000000002'),
  product_name: 'Impossible jam',
  last_modified_t: BASE_MODIFIED,
  nutriments: {
    'energy-kcal_100g': 250,
    proteins_100g: 0,
    carbohydrates_100g: 60,
    fat_100g: 0,
    sugars_100g: 70,
  },
};
const noCode = { product_name: 'Nameless tin', nutriments: oats.nutriments };
const noNutrition = { code: withCheckDigit('376000000003'), product_name: 'Mystery box' };
const HAND_WRITTEN = [oats, cremeFraiche, sugarsOverCarbs, noCode, noNutrition];

let dataDir: string;
let server: ServerProcess | undefined;
let client: RestClient;
let sql: pg.Client;
let ann: Account;
let bob: Account;
let firstFile: string;
let openFoodFacts: OffStandIn;

/** Products only the stand-in Open Food Facts knows. */
const lookedUp = {
  code: withCheckDigit('590000000001'),
  lang: 'es',
  product_name: 'Turrón blando',
  product_name_es: 'Turrón blando',
  brands: 'Casa Dulce',
  last_modified_t: BASE_MODIFIED,
  nutriments: { 'energy-kcal_100g': 530, proteins_100g: 11, carbohydrates_100g: 45, fat_100g: 34 },
};
const lookedUpImplausible = {
  code: withCheckDigit('590000000002'),
  product_name: 'Typo bar',
  nutriments: { 'energy-kcal_100g': 2100, proteins_100g: 5, carbohydrates_100g: 60, fat_100g: 20 },
};
const SLOW_CODE = withCheckDigit('590000000003');

/** The import in this process, on the server's database: for the cases the command's own runs do not need. */
async function importHere(
  file: string,
  options: Partial<FoodImportOptions> = {},
): Promise<FoodImportSummary> {
  const pool = new pg.Pool({ connectionString: await databaseUri(dataDir), max: 2 });
  try {
    return await importFoods(pool, { file, source: 'off', languages: ['en', 'de', 'fr', 'es'], ...options });
  } finally {
    await pool.end();
  }
}

function importCommand(file: string, ...flags: string[]): Promise<FinishedProcess> {
  return runScript('scripts/foods-import.ts', [file, ...flags], { DATA_DIR: dataDir }, COMMAND_TIMEOUT_MS);
}

/** The numbers of the summary's lines. */
function summaryOf(output: string) {
  const number = (pattern: RegExp) => Number(pattern.exec(output)?.[1]?.replace(/,/g, '') ?? Number.NaN);
  return {
    read: number(/([\d,]+) products read/),
    imported: number(/imported ([\d,]+)/),
    updated: number(/updated ([\d,]+)/),
    unchanged: number(/unchanged ([\d,]+)/),
    refused: number(/refused ([\d,]+)/),
  };
}

async function catalogueRow(key: string) {
  const { rows } = await sql.query<Record<string, unknown>>(
    `SELECT * FROM "Food" WHERE "catalogueKey" = $1`,
    [key],
  );
  return rows;
}

const search = (account: Account, query: string, language?: Language): Promise<FoodRow[]> =>
  callFunction(client, account, 'searchFoods', { query, ...(language ? { language } : {}) });

beforeAll(async () => {
  dataDir = await createDataDir('foods');
  openFoodFacts = await startOffStandIn(
    { [lookedUp.code]: lookedUp, [lookedUpImplausible.code]: lookedUpImplausible },
    { slow: [SLOW_CODE] },
  );
  server = await startServerProcess({
    dataDir,
    env: {
      FOOD_LOOKUP: 'openfoodfacts',
      FOOD_LOOKUP_URL: openFoodFacts.url,
      FOOD_LOOKUP_CONTACT: 'ops@example.org',
    },
  });
  client = restClient({
    baseUrl: server.baseUrl,
    appId: 'fitstreak',
    masterKey: await readMasterKey(dataDir),
  });
  sql = new pg.Client({ connectionString: await databaseUri(dataDir) });
  await sql.connect();
  [ann, bob] = await Promise.all([client.signUp(), client.signUp()]);
  firstFile = path.join(dataDir, 'openfoodfacts-products.jsonl.gz');
  await writeOffJsonl(firstFile, [
    ...offProducts({ count: GENERATED, implausibleEvery: 50 }),
    ...HAND_WRITTEN,
  ]);
  // Not JSON: a line cut short, as a download interrupted and resumed may leave one.
  await writeFile(firstFile.replace('.jsonl.gz', '-broken.jsonl'), '{"code": "123\n');
}, 180_000);

afterAll(async () => {
  await sql?.end();
  await stopServerAndDatabase(server);
  await openFoodFacts?.close();
  if (dataDir) await removeDataDir(dataDir);
});

describe('npm run foods:import of an Open Food Facts export', () => {
  let first: FinishedProcess;
  let second: FoodImportSummary;

  beforeAll(async () => {
    first = await importCommand(firstFile);
    second = await importHere(firstFile);
  }, 2 * COMMAND_TIMEOUT_MS);

  it('imports the plausible products and counts the refused by reason, while the app serves', () => {
    expect(first.code, first.output).toBe(0);
    const refusedGenerated = GENERATED / 50;
    expect(summaryOf(first.output)).toEqual({
      read: GENERATED + HAND_WRITTEN.length,
      imported: GENERATED - refusedGenerated + 2,
      updated: 0,
      unchanged: 0,
      refused: refusedGenerated + 3,
    });
    expect(first.output).toMatch(/sugars-over-carbohydrates 1\b/);
    expect(first.output).toMatch(/no-code 1\b/);
    expect(first.output).toMatch(/no-nutrition 1\b/);
  });

  it('changes nothing when the same file is imported again', () => {
    expect(second).toMatchObject({
      imported: 0,
      updated: 0,
      unchanged: GENERATED - GENERATED / 50 + 2,
    });
  });

  it('records each finished import for the admin page: when, which source, how many', async () => {
    const { rows } = await sql.query<{
      source: string;
      imported: string;
      updated: string;
      finished_at: Date;
    }>(
      `SELECT source, imported, updated, finished_at FROM ${FOOD_IMPORT_RECORD_TABLE}
       WHERE file = $1 ORDER BY finished_at DESC LIMIT 2`,
      [path.basename(firstFile)],
    );
    expect(rows.map(({ source, imported, updated }) => ({ source, imported, updated }))).toEqual([
      { source: 'off', imported: '0', updated: '0' },
      { source: 'off', imported: String(GENERATED - GENERATED / 50 + 2), updated: '0' },
    ]);
    expect(rows[0]?.finished_at).toBeInstanceOf(Date);
  });

  it('stores a UPC-A as its EAN-13, names per language, brand, values per 100 g and the source', async () => {
    const [row, ...others] = await catalogueRow('off:0041196910759');
    expect(others).toEqual([]);
    expect(row).toMatchObject({
      name: 'Haferflocken zart',
      names: { de: 'Haferflocken zart', fr: "Flocons d'avoine fins" },
      brand: 'Kornhaus',
      barcode: '0041196910759',
      source: 'off',
      sourceId: '0041196910759',
      kcalPer100g: 372,
      fibrePer100g: 10,
      saltPer100g: 0.02,
      servingG: 40,
      servingLabel: '40 g',
      _rperm: ['*'],
      _wperm: [],
    });
    expect(row?.user).toBeNull();
    const [creme] = await catalogueRow(`off:${cremeFraiche.code}`);
    expect(creme).toMatchObject({
      kcalPer100g: 292,
      fatPer100g: 30,
      saltPer100g: 0.1,
      names: { fr: 'Crème fraîche épaisse' },
    });
  });

  it('refuses a file that is not an export with a sentence, and counts lines that are not JSON', async () => {
    // Only the broken file reaches the database; the others are refused before, so all run at once.
    const [missing, broken, wrongSource, wrongLanguage] = await Promise.all([
      importCommand(path.join(dataDir, 'nothing-here.jsonl')),
      importCommand(firstFile.replace('.jsonl.gz', '-broken.jsonl')),
      importCommand(firstFile, '--source', 'nowhere'),
      importCommand(firstFile, '--languages', 'en,xx'),
    ]);

    expect(missing.code).toBe(1);
    expect(missing.output).toContain('nothing-here.jsonl does not exist.');
    expect(broken.code, broken.output).toBe(0);
    expect(broken.output).toMatch(/refused 1: unreadable 1/);
    expect(wrongSource.output).toContain('--source must be off or usda, not nowhere.');
    expect(wrongLanguage.output).toContain('--languages takes app languages (en,de,fr,es), not xx.');
  });
});

describe('finding imported foods', () => {
  it('finds a product by a word start in its own language and in another, without accents', async () => {
    const [german, french, plain] = await Promise.all([
      search(ann, 'hafer zart', 'de'),
      search(ann, 'flocons avoine fins', 'fr'),
      search(ann, 'creme fraiche epaisse', 'fr'),
    ]);
    expect(german[0]).toMatchObject({
      name: 'Haferflocken zart',
      brand: 'Kornhaus',
      barcode: '0041196910759',
      source: 'off',
    });
    expect(french[0]).toMatchObject({ name: "Flocons d'avoine fins", sourceId: '0041196910759' });
    expect(plain[0]).toMatchObject({ name: 'Crème fraîche épaisse', kcalPer100g: 292 });
  });

  it('takes a search of digits for a barcode, in the UPC-A and the EAN-13 form', async () => {
    const [upc, ean] = await Promise.all([search(ann, '041196910759'), search(ann, '0041196910759')]);
    expect(upc.map((food) => food.name)).toEqual(['Haferflocken zart']);
    expect(ean).toEqual(upc);
  });

  it('answers foodByBarcode with the food, 101 for an unknown code and 142 for what is not a code', async () => {
    const found = await callFunction(client, bob, 'foodByBarcode', { code: '041196910759', language: 'fr' });
    const unknown = await client.request('POST', '/parse/functions/foodByBarcode', {
      sessionToken: bob.sessionToken,
      body: { code: withCheckDigit('999999999999') },
    });
    const notACode = await client.request('POST', '/parse/functions/foodByBarcode', {
      sessionToken: bob.sessionToken,
      body: { code: 'abc' },
    });
    expect(found).toMatchObject({ name: "Flocons d'avoine fins", barcode: '0041196910759' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe(101);
    expect(unknown.body).not.toHaveProperty('field');
    expect(unknown.body.error).toContain(withCheckDigit('999999999999'));
    expect(notACode.body).toMatchObject({ code: 142, field: 'code' });
  });

  it('keeps a person’s own food with a barcode theirs: first for them, unknown to another', async () => {
    const created = await client.request('POST', '/parse/classes/Food', {
      sessionToken: ann.sessionToken,
      body: {
        name: 'Oat porridge, my recipe',
        kcalPer100g: 120,
        proteinPer100g: 4,
        carbsPer100g: 20,
        fatPer100g: 2.5,
        barcode: '041196910759',
        catalogueKey: 'off:0041196910759',
        source: 'off',
      },
    });
    expect(created.status, created.text).toBe(201);
    const stored = await client.request('GET', `/parse/classes/Food/${String(created.body.objectId)}`, {
      masterKey: true,
    });
    const [annFinds, bobFinds] = await Promise.all([
      callFunction(client, ann, 'foodByBarcode', { code: '0041196910759' }),
      callFunction(client, bob, 'foodByBarcode', { code: '0041196910759' }),
    ]);
    const badCode = await client.request('POST', '/parse/classes/Food', {
      sessionToken: ann.sessionToken,
      body: {
        name: 'Bad code',
        kcalPer100g: 0,
        proteinPer100g: 0,
        carbsPer100g: 0,
        fatPer100g: 0,
        barcode: '12ab',
      },
    });

    expect(stored.body).toMatchObject({ barcode: '0041196910759', source: 'user' });
    expect(stored.body).not.toHaveProperty('catalogueKey');
    expect(annFinds).toMatchObject({ name: 'Oat porridge, my recipe', custom: true, source: 'user' });
    expect(bobFinds).toMatchObject({ name: 'Haferflocken zart', custom: false });
    expect(badCode.body).toMatchObject({ code: 142, field: 'barcode' });
  });

  it('lets no stranger or anonymous caller change an imported product, nor an anonymous caller find one', async () => {
    const [row] = await catalogueRow('off:0041196910759');
    const rowPath = `/parse/classes/Food/${String(row?.objectId)}`;
    for (const session of [{ sessionToken: bob.sessionToken }, {}]) {
      const answers = await Promise.all([
        client.request('PUT', rowPath, { ...session, body: { kcalPer100g: 1 } }),
        client.request('DELETE', rowPath, session),
      ]);
      for (const answer of answers) expect(answer.status).toBeGreaterThanOrEqual(400);
    }
    const anonymous = await Promise.all([
      client.request('POST', '/parse/functions/searchFoods', { body: { query: 'hafer' } }),
      client.request('POST', '/parse/functions/foodByBarcode', { body: { code: '041196910759' } }),
      client.request('GET', rowPath),
    ]);
    for (const answer of anonymous) {
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.text).not.toContain('Haferflocken');
    }
    expect(await catalogueRow('off:0041196910759')).toEqual([row]);
  });
});

describe('a later export', () => {
  let mealPath: string;
  let later: FoodImportSummary;
  let older: FoodImportSummary;

  beforeAll(async () => {
    const [row] = await catalogueRow('off:0041196910759');
    const meal = await client.request('POST', '/parse/classes/Meal', {
      sessionToken: ann.sessionToken,
      body: {
        eatenAt: parseDate(new Date()),
        mealType: 'breakfast',
        name: 'Haferflocken zart',
        food: pointer('Food', String(row?.objectId)),
        grams: 50,
        caloriesKcal: 186,
        proteinG: 6.8,
        carbsG: 29.4,
        fatG: 3.5,
      },
    });
    mealPath = `/parse/classes/Meal/${String(meal.body.objectId)}`;
    const changed = {
      ...oats,
      last_modified_t: BASE_MODIFIED + 86_400,
      nutriments: { ...oats.nutriments, 'energy-kcal_100g': 360, fat_100g: 6 },
    };
    const laterFile = path.join(dataDir, 'delta-later.jsonl');
    await writeOffJsonl(laterFile, [changed]);
    later = await importHere(laterFile);
    const olderFile = path.join(dataDir, 'delta-older.jsonl');
    await writeOffJsonl(olderFile, [
      { ...oats, last_modified_t: BASE_MODIFIED - 86_400, product_name: 'Stale name' },
    ]);
    older = await importHere(olderFile);
  }, 3 * COMMAND_TIMEOUT_MS);

  it('updates a product the source changed later, and leaves the meals logged from it as they were', async () => {
    expect(later).toMatchObject({ imported: 0, updated: 1, unchanged: 0 });
    const [row] = await catalogueRow('off:0041196910759');
    expect(row).toMatchObject({ kcalPer100g: 360, fatPer100g: 6, name: 'Haferflocken zart' });
    const meal = await client.request('GET', mealPath, { sessionToken: ann.sessionToken });
    expect(meal.body).toMatchObject({ caloriesKcal: 186, fatG: 3.5, grams: 50 });
  });

  it('keeps the stored values when an export holds an older version of a product', async () => {
    expect(older).toMatchObject({ imported: 0, updated: 0, unchanged: 1 });
    const [row] = await catalogueRow('off:0041196910759');
    expect(row).toMatchObject({ name: 'Haferflocken zart', kcalPer100g: 360 });
  });

  describe('with --prune', () => {
    let pruning: FoodImportSummary;

    beforeAll(async () => {
      const smaller = path.join(dataDir, 'smaller.csv');
      // The CSV export of only the first 100 generated products.
      await writeOffCsv(smaller, offProducts({ count: 100, implausibleEvery: 50 }));
      pruning = await importHere(smaller, { prune: true });
    }, COMMAND_TIMEOUT_MS);

    it('deletes the products the export no longer holds and hides the one a meal points to', async () => {
      expect(pruning).toMatchObject({
        unchanged: 98,
        hidden: 1,
        pruned: GENERATED - GENERATED / 50 + 1 - 98,
      });
      const { rows } = await sql.query<{ count: number; hidden: number }>(
        `SELECT count(*)::int AS count, count(*) FILTER (WHERE hidden)::int AS hidden FROM "Food" WHERE source = 'off' AND "user" IS NULL`,
      );
      expect(rows[0]).toEqual({ count: 99, hidden: 1 });
      const [hafer] = await catalogueRow('off:0041196910759');
      expect(hafer).toMatchObject({ hidden: true });
      expect((await search(ann, 'hafer', 'de')).map((food) => food.name)).not.toContain('Haferflocken zart');
      expect(await search(bob, '041196910759')).toEqual([]);
      const day = await callFunction(client, ann, 'nutritionDay', {});
      expect(day.meals.map((meal) => meal.food?.name)).toEqual(['Haferflocken zart']);
    });
  });
});

describe('an interrupted import', () => {
  it('continues after the products the interrupted run committed, and one import runs at a time', async () => {
    const file = path.join(dataDir, 'interrupted.jsonl');
    await writeOffJsonl(file, offProducts({ count: 3000, first: 10_000 }));
    const pool = new pg.Pool({ connectionString: await databaseUri(dataDir), max: 2 });
    try {
      const interrupted = importFoods(pool, {
        file,
        source: 'off',
        languages: ['en', 'de'],
        batchSize: 500,
        progress: ({ read }) => {
          if (read >= 1000) throw new Error('Interrupted.');
        },
      });
      await expect(interrupted).rejects.toThrow('Interrupted.');
      const locked = new pg.Client({ connectionString: await databaseUri(dataDir) });
      await locked.connect();
      await locked.query(`SELECT pg_advisory_lock(4184017, hashtext('food-import'))`);
      const blocked = await importCommand(file);
      await locked.end();
      const resumed = await importFoods(pool, {
        file,
        source: 'off',
        languages: ['en', 'de'],
        batchSize: 500,
      });

      expect(blocked.code).toBe(1);
      expect(blocked.output).toContain('another food import is running on this database');
      expect(resumed.resumedAfter).toBe(1000);
      expect(resumed.read).toBe(2000);
      expect(resumed.imported).toBe(2000);
      const { rows } = await sql.query<{ count: number }>(
        `SELECT count(*)::int AS count FROM "Food" WHERE "catalogueKey" = ANY($1::text[])`,
        [[...offProducts({ count: 3000, first: 10_000 })].map((product) => `off:${String(product.code)}`)],
      );
      expect(rows[0]?.count).toBe(3000);
    } finally {
      await pool.end();
    }
  });
});

describe('a barcode the catalogue lacks, with FOOD_LOOKUP=openfoodfacts', () => {
  const call = (account: Account, code: string) =>
    client.request('POST', '/parse/functions/foodByBarcode', {
      sessionToken: account.sessionToken,
      body: { code },
    });

  it('asks Open Food Facts once, as FITSTREAK with the operator’s contact, and keeps the product for everyone', async () => {
    const first = await call(ann, lookedUp.code);
    const again = await call(bob, lookedUp.code);

    expect(first.body.result).toMatchObject({
      name: 'Turrón blando',
      brand: 'Casa Dulce',
      source: 'off',
      kcalPer100g: 530,
    });
    expect(again.body.result).toEqual(first.body.result);
    const asked = openFoodFacts.requests.filter((request) => request.code === lookedUp.code);
    expect(asked).toEqual([{ code: lookedUp.code, userAgent: 'FITSTREAK/0.1.0 (ops@example.org)' }]);
    const [row] = await catalogueRow(`off:${lookedUp.code}`);
    expect(row).toMatchObject({ source: 'off', barcode: lookedUp.code, _rperm: ['*'], _wperm: [] });
  });

  it('answers 101 for a product Open Food Facts lacks, one that fails the checks, or one that takes over 3 s', async () => {
    const unknown = withCheckDigit('590000000009');
    const answers = await Promise.all([
      call(ann, unknown),
      call(ann, lookedUpImplausible.code),
      call(ann, SLOW_CODE),
    ]);

    expect(answers.map((answer) => answer.body.code)).toEqual([101, 101, 101]);
    expect(await catalogueRow(`off:${lookedUpImplausible.code}`)).toEqual([]);
  });

  it('asks at most 15 times a minute for the whole cluster, then says to try again shortly (155)', async () => {
    // A fresh window, so the count starts here.
    await sql.query('DELETE FROM fitstreak_food_lookup_window');
    const before = openFoodFacts.requests.length;
    const codes = Array.from({ length: 16 }, (_, index) => withCheckDigit(String(591_000_000_000 + index)));
    const answers = [];
    for (const code of codes) answers.push(await call(bob, code));

    expect(answers.slice(0, 15).map((answer) => answer.body.code)).toEqual(Array(15).fill(101));
    expect(answers[15]?.body).toMatchObject({ code: 155 });
    expect(answers[15]?.body.error).toContain(codes[15]);
    expect(openFoodFacts.requests.slice(before).map((request) => request.code)).toEqual(codes.slice(0, 15));
  });

  it('lets no anonymous caller start a lookup', async () => {
    const before = openFoodFacts.requests.length;
    const answer = await client.request('POST', '/parse/functions/foodByBarcode', {
      body: { code: withCheckDigit('592000000000') },
    });
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(openFoodFacts.requests.length).toBe(before);
  });
});

describe('npm run foods:import of a USDA FoodData Central download', () => {
  const GENERATED_USDA = 50;
  const beer: UsdaFood = {
    fdcId: 900_001,
    dataType: 'survey_fndds_food',
    description: 'Beer',
    publicationDate: '2024-10-31',
    nutrients: { 1008: 43, 1003: 0.46, 1004: 0, 1005: 3.55, 1018: 3.9, 1093: 4 },
    portions: [
      { amount: 1, measureUnitId: 9999, portionDescription: '1 can', modifier: '64', grams: 356 },
      { amount: 1, measureUnitId: 9999, portionDescription: '1 fl oz', modifier: '51', grams: 29.7 },
      { amount: 1, measureUnitId: 9999, portionDescription: '1 can', modifier: '65', grams: 355 },
    ],
  };
  const sugaryBar: UsdaFood = {
    fdcId: 900_002,
    dataType: 'branded_food',
    description: 'PROTEIN BAR',
    publicationDate: '2024-10-31',
    nutrients: { 1008: 350, 1003: 30, 1004: 10, 1005: 35, 2000: 40 },
  };
  const empty: UsdaFood = {
    fdcId: 900_003,
    dataType: 'sr_legacy_food',
    description: 'Water, tap',
    publicationDate: '2019-04-01',
    nutrients: {},
  };
  const foods = () => [...usdaFoods({ count: GENERATED_USDA }), beer, sugaryBar, empty];
  let folder: string;
  let first: FinishedProcess;
  let zipped: FoodImportSummary;

  beforeAll(async () => {
    folder = path.join(dataDir, 'FoodData_Central_csv_2024-10-31');
    await mkdir(folder);
    await writeUsdaCsv(folder, foods);
    first = await importCommand(folder, '--source', 'usda');
    const zip = path.join(dataDir, 'FoodData_Central_csv_2024-10-31.zip');
    const entries: Record<string, Uint8Array> = {};
    for (const name of await readdir(folder)) {
      entries[`FoodData_Central_csv_2024-10-31/${name}`] = await readFile(path.join(folder, name));
    }
    await writeFile(zip, zipSync(entries));
    zipped = await importHere(zip, { source: 'usda' });
  }, 2 * COMMAND_TIMEOUT_MS);

  it('joins foods, nutrients, brands and portions by fdc_id, refusing by reason', () => {
    expect(first.code, first.output).toBe(0);
    expect(summaryOf(first.output)).toEqual({
      read: GENERATED_USDA + 3,
      imported: GENERATED_USDA + 1,
      updated: 0,
      unchanged: 0,
      refused: 2,
    });
    expect(first.output).toMatch(/sugars-over-carbohydrates 1\b/);
    expect(first.output).toMatch(/no-nutrition 1\b/);
  });

  it('reads the zip as published, and a second import of the same foods changes nothing', () => {
    expect(zipped).toMatchObject({
      imported: 0,
      updated: 0,
      unchanged: GENERATED_USDA + 1,
    });
  });

  it('keeps a branded food’s UPC as its EAN-13, its brand and household serving, salt from sodium', async () => {
    const [branded] = [...usdaFoods({ count: 2 })].filter((food) => food.dataType === 'branded_food');
    const [row] = await catalogueRow(`usda:${String(branded?.fdcId)}`);
    expect(row).toMatchObject({
      name: 'Rolled oats 1',
      barcode: `0${String(branded?.branded?.gtinUpc)}`,
      brand: 'PRAIRIE',
      servingG: 40,
      servingLabel: '1 cup (40 g)',
      kcalPer100g: 379,
      saltPer100g: 0.02,
      source: 'usda',
      sourceId: String(branded?.fdcId),
    });
    const found = await search(bob, String(branded?.branded?.gtinUpc));
    expect(found.map((food) => food.sourceId)).toEqual([String(branded?.fdcId)]);
  });

  it('takes energy from the Atwater factors where 1008 is missing, and alcohol into a drink’s energy', async () => {
    const [foundation] = [...usdaFoods({ count: 5 })].filter((food) => food.dataType === 'foundation_food');
    const [atwater] = await catalogueRow(`usda:${String(foundation?.fdcId)}`);
    const [beerRow] = await catalogueRow('usda:900001');
    expect(atwater).toMatchObject({ kcalPer100g: 252, servingG: 32, servingLabel: '1 slice (32 g)' });
    expect(beerRow).toMatchObject({
      name: 'Beer',
      kcalPer100g: 43,
      servingG: 356,
      servingLabel: '1 can (356 g)',
    });
  });

  it('keeps every portion as a serving in the source’s words, the first also as the serving', async () => {
    const [legacy, , , foundation, survey] = [...usdaFoods({ count: 5 })];
    const [cheese] = await catalogueRow(`usda:${String(legacy?.fdcId)}`);
    const [bread] = await catalogueRow(`usda:${String(foundation?.fdcId)}`);
    const [apple] = await catalogueRow(`usda:${String(survey?.fdcId)}`);
    const [beerRow] = await catalogueRow('usda:900001');
    const [branded] = await catalogueRow('usda:1000001');

    expect(cheese).toMatchObject({
      servingG: 132,
      servingLabel: '1 cup, diced (132 g)',
      servings: [
        { label: '1 cup, diced', grams: 132 },
        { label: '1 cup, shredded', grams: 113 },
        { label: '1 oz', grams: 28.4 },
        { label: '1 slice (1 oz)', grams: 28 },
      ],
    });
    expect(bread?.servings).toEqual([
      { label: '1 slice', grams: 32 },
      { label: '1 oz', grams: 28.4 },
    ]);
    expect(apple?.servings).toEqual([
      { label: '1 medium (3" dia)', grams: 182 },
      { label: '1 cup, sliced', grams: 109 },
      { label: '1 large (3-1/4" dia)', grams: 223 },
    ]);
    // A label the source repeats is kept once, as it first comes.
    expect(beerRow?.servings).toEqual([
      { label: '1 can', grams: 356 },
      { label: '1 fl oz', grams: 29.7 },
    ]);
    expect(branded?.servings).toBeNull();
    const [found] = await search(bob, `cheese cheddar 0`);
    expect(found?.servings).toHaveLength(4);
  });
  it('prunes only the foods an import brought, never the shipped catalogue’s USDA rows', async () => {
    const smaller = path.join(dataDir, 'FoodData_Central_smaller');
    await mkdir(smaller);
    await writeUsdaCsv(smaller, () => [beer]);
    const pruning = await importHere(smaller, { source: 'usda', prune: true });

    expect(pruning).toMatchObject({ pruned: GENERATED_USDA, hidden: 0 });
    const { rows } = await sql.query<{ imported: number; shipped: number }>(
      `SELECT count(*) FILTER (WHERE "catalogueKey" ~ '^usda:[0-9]+$')::int AS imported,
              count(*) FILTER (WHERE "catalogueKey" !~ '^usda:[0-9]+$')::int AS shipped
         FROM "Food" WHERE source = 'usda' AND "user" IS NULL`,
    );
    expect(rows[0]).toEqual({ imported: 1, shipped: expect.any(Number) as number });
    expect(rows[0]?.shipped).toBeGreaterThan(60);
    expect(await catalogueRow('usda:greek-yogurt-plain-nonfat')).toHaveLength(1);
  });
});
