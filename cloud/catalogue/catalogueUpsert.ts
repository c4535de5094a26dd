import { randomBytes } from 'node:crypto';
import type { SqlClient } from '../database';
import { catalogueKeyOf, type ImportedFood } from './importedFood';

/**
 * Imported products into the shared catalogue in one statement, as the import of an export and the
 * lookup of one barcode both store them: new keys are inserted readable by everyone signed in and
 * written by nobody (the catalogue's ACL); a stored key is replaced only by a later version of its
 * product (or one an earlier prune hid), never a person's own food.
 */

const COLUMNS = [
  ['catalogueKey', 'text'],
  ['source', 'text'],
  ['sourceId', 'text'],
  ['sourceModifiedAt', 'timestamptz'],
  ['name', 'text'],
  ['names', 'jsonb'],
  ['brand', 'text'],
  ['barcode', 'text'],
  ['kcalPer100g', 'float8'],
  ['proteinPer100g', 'float8'],
  ['carbsPer100g', 'float8'],
  ['fatPer100g', 'float8'],
  ['fibrePer100g', 'float8'],
  ['sugarsPer100g', 'float8'],
  ['saturatedFatPer100g', 'float8'],
  ['saltPer100g', 'float8'],
  ['servingG', 'float8'],
  ['servingLabel', 'text'],
  ['servings', 'jsonb'],
] as const;

type Column = (typeof COLUMNS)[number][0];

/** What a catalogue row of `food` holds, field by field (null: the field is empty). */
export function catalogueFieldsOf(food: ImportedFood): Record<Column, unknown> {
  return {
    catalogueKey: catalogueKeyOf(food),
    source: food.source,
    sourceId: food.sourceId,
    sourceModifiedAt: food.modifiedAt,
    name: food.name,
    names: food.names,
    brand: food.brand,
    barcode: food.barcode,
    kcalPer100g: food.kcalPer100g,
    proteinPer100g: food.proteinPer100g,
    carbsPer100g: food.carbsPer100g,
    fatPer100g: food.fatPer100g,
    fibrePer100g: food.fibrePer100g ?? null,
    sugarsPer100g: food.sugarsPer100g ?? null,
    saturatedFatPer100g: food.saturatedFatPer100g ?? null,
    saltPer100g: food.saltPer100g ?? null,
    servingG: food.servingG,
    servingLabel: food.servingLabel,
    servings: food.servings.length > 0 ? food.servings : null,
  };
}

/** The fields as the statement's arrays take them: the names as JSON text. */
function columnValues(food: ImportedFood): Record<Column, unknown> {
  const fields = catalogueFieldsOf(food);
  return {
    ...fields,
    names: JSON.stringify(fields.names),
    servings: fields.servings === null ? null : JSON.stringify(fields.servings),
  };
}

const quoted = (column: string) => `"${column}"`;
const OBJECT_ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A new row's id as Parse makes them: 10 letters and digits. */
export function newObjectId(): string {
  const bytes = randomBytes(10);
  return [...bytes].map((byte) => OBJECT_ID_ALPHABET[byte % OBJECT_ID_ALPHABET.length]).join('');
}

const UPSERT = `
  INSERT INTO "Food" ("objectId", "createdAt", "updatedAt", "_rperm", "_wperm", ${COLUMNS.map(([column]) => quoted(column)).join(', ')})
  SELECT id, now(), now(), '{*}', '{}', ${COLUMNS.map(([column]) => quoted(column)).join(', ')}
    FROM unnest($1::text[], ${COLUMNS.map(([, type], index) => `$${index + 2}::${type}[]`).join(', ')})
      AS batch(id, ${COLUMNS.map(([column]) => quoted(column)).join(', ')})
  ON CONFLICT ("catalogueKey") DO UPDATE
     SET ${COLUMNS.filter(([column]) => column !== 'catalogueKey')
       .map(([column]) => `${quoted(column)} = EXCLUDED.${quoted(column)}`)
       .join(', ')}, "updatedAt" = now(), "hidden" = NULL
   WHERE "Food"."user" IS NULL
     AND ("Food"."hidden" IS TRUE OR "Food"."sourceModifiedAt" IS NULL
          OR EXCLUDED."sourceModifiedAt" > "Food"."sourceModifiedAt")
  RETURNING (xmax = 0) AS inserted`;

/** The newest of each key: one statement may not write a row twice. */
export function newestByKey(foods: readonly ImportedFood[]): ImportedFood[] {
  const byKey = new Map<string, ImportedFood>();
  for (const food of foods) {
    const key = catalogueKeyOf(food);
    const held = byKey.get(key);
    if (!held || (food.modifiedAt?.getTime() ?? 0) >= (held.modifiedAt?.getTime() ?? 0)) byKey.set(key, food);
  }
  return [...byKey.values()];
}

/** Writes `foods` (one per key); answers how many were new and how many replaced a stored version. */
export async function upsertCatalogueFoods(
  sql: SqlClient,
  foods: readonly ImportedFood[],
): Promise<{ inserted: number; updated: number }> {
  if (foods.length === 0) return { inserted: 0, updated: 0 };
  const values = COLUMNS.map(([column]) => foods.map((food) => columnValues(food)[column]));
  const { rows } = await sql.query<{ inserted: boolean }>(UPSERT, [foods.map(newObjectId), ...values]);
  const inserted = rows.filter((row) => row.inserted).length;
  return { inserted, updated: rows.length - inserted };
}
