import { readFileSync } from 'node:fs';
import { LANGUAGES } from '../src/domain/languages';
import { catalogueFieldsOf, newestByKey, upsertCatalogueFoods } from './catalogue/catalogueUpsert';
import { catalogueKeyOf, type ImportedFood } from './catalogue/importedFood';
import { readOffProduct } from './catalogue/openFoodFacts';
import { sqlClient, type SqlClient } from './database';
import {
  foodLookupOptions,
  LOOKUP_WINDOW_TABLE,
  LOOKUPS_PER_MINUTE,
  type FoodLookupOptions,
} from './foodLookupConfig';
import { Parse } from './parse';

/**
 * Barcodes the catalogue lacks, looked up at Open Food Facts when the operator allows it
 * (FOOD_LOOKUP=openfoodfacts): their product API, at most 15 lookups a minute for the whole
 * cluster (their limit for product reads), 3 seconds at most each, a User-Agent naming the app and
 * the operator's contact (as they ask), the same checks as an import, and the product stored in the
 * catalogue with its credit, so the next person finds it without asking again.
 */
/** How long a lookup may take before the person is told the code is unknown. */
const TIMEOUT_MS = 3000;

const VERSION = (() => {
  const json: unknown = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  return typeof json === 'object' && json !== null && 'version' in json ? String(json.version) : '0';
})();

/** Without SQL (one node): the window in this process. */
let localWindow = { startedAt: 0, used: 0 };

/**
 * Takes one lookup of the minute's budget; false when it is spent. The window starts at the first
 * lookup after the last one ended, one row updated in place, so nodes asking at once count once each.
 */
async function takeLookup(sql: SqlClient | undefined): Promise<boolean> {
  if (!sql) {
    const now = Date.now();
    if (now - localWindow.startedAt >= 60_000) localWindow = { startedAt: now, used: 0 };
    localWindow.used += 1;
    return localWindow.used <= LOOKUPS_PER_MINUTE;
  }
  const { rows } = await sql.query<{ used: number }>(
    `INSERT INTO ${LOOKUP_WINDOW_TABLE} AS w (id, started_at, used) VALUES (1, now(), 1)
     ON CONFLICT (id) DO UPDATE SET
       started_at = CASE WHEN w.started_at <= now() - interval '60 seconds' THEN now() ELSE w.started_at END,
       used = CASE WHEN w.started_at <= now() - interval '60 seconds' THEN 1 ELSE w.used + 1 END
     RETURNING used`,
    [],
  );
  return (rows[0]?.used ?? Infinity) <= LOOKUPS_PER_MINUTE;
}

export type LookupOutcome = 'stored' | 'unknown' | 'busy' | 'off';

/** The product with the code at Open Food Facts, checked, or why there is none. */
async function fetchProduct(code: string, lookup: FoodLookupOptions): Promise<ImportedFood | undefined> {
  const fields = [
    'code',
    'lang',
    'product_name',
    ...LANGUAGES.map((language) => `product_name_${language}`),
    'brands',
    'serving_size',
    'serving_quantity',
    'serving_quantity_unit',
    'nutriments',
    'nutrition',
    'last_modified_t',
  ].join(',');
  const response = await fetch(
    `${lookup.url}/api/v2/product/${encodeURIComponent(code)}.json?fields=${fields}`,
    {
      headers: { 'User-Agent': `FITSTREAK/${VERSION} (${lookup.contact})`, Accept: 'application/json' },
      signal: AbortSignal.timeout(TIMEOUT_MS),
      redirect: 'error',
    },
  );
  if (!response.ok) return undefined;
  const body: unknown = await response.json();
  if (typeof body !== 'object' || body === null || !('product' in body)) return undefined;
  const read = readOffProduct(body.product, LANGUAGES);
  return 'food' in read ? read.food : undefined;
}

async function store(food: ImportedFood, sql: SqlClient | undefined): Promise<void> {
  if (sql) {
    await upsertCatalogueFoods(sql, newestByKey([food]));
    return;
  }
  const row =
    (await new Parse.Query('Food')
      .equalTo('catalogueKey', catalogueKeyOf(food))
      .first({ useMasterKey: true })) ?? new Parse.Object('Food');
  const values = { ...catalogueFieldsOf(food), hidden: null };
  for (const [field, value] of Object.entries(values)) {
    if (value === null || value === undefined) row.unset(field);
    else row.set(field, value);
  }
  const acl = new Parse.ACL();
  acl.setPublicReadAccess(true);
  row.setACL(acl);
  await row.save(null, { useMasterKey: true });
}

/**
 * Looks `code` (normal form) up at Open Food Facts and stores what it finds. `off` when the
 * operator has not turned lookups on, `busy` when the minute's lookups are spent, `unknown` when
 * Open Food Facts has no usable product (or did not answer in time).
 */
export async function lookUpBarcode(
  code: string,
  log: (line: string) => void = console.warn,
): Promise<LookupOutcome> {
  const lookup = foodLookupOptions();
  if (!lookup) return 'off';
  const sql = sqlClient();
  if (!(await takeLookup(sql))) return 'busy';
  let food: ImportedFood | undefined;
  try {
    food = await fetchProduct(code, lookup);
  } catch (error) {
    log(
      `Looking up ${code} at ${lookup.url} failed: ${error instanceof Error ? error.message : String(error)}`,
    );
    return 'unknown';
  }
  if (!food) return 'unknown';
  await store(food, sql);
  return 'stored';
}
