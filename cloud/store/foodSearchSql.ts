/**
 * The SQL the food search stands on, shared by the server's start (which creates it), the import
 * (which refuses to run before it exists) and the store's reads (which use it).
 *
 * A food's searchable text is its name, its names in the app's languages and its brand, without
 * accents and in lower case (`fitstreak_fold`), as a `simple` text-search vector: one lexeme per
 * word, so a query's words match word starts (`hafer:*` finds "Haferflocken") through a GIN index
 * at any catalogue size. A B-tree over the folded name serves exact names and name prefixes in
 * the index's order, so the best matches of a common word are found before an arbitrary few thousand.
 */

/**
 * Without accents, in lower case; immutable (unaccent's dictionary named), so an index may use it.
 * Function bodies name their schema: PostgreSQL builds and maintains indexes with a search path of
 * pg_catalog alone.
 */
export const FOLD_FUNCTION = 'fitstreak_fold';

export const FOOD_TEXT = `fitstreak_food_text(name, names, brand)`;
export const FOOD_VECTOR = `to_tsvector('simple'::regconfig, ${FOOD_TEXT})`;
export const FOLDED_NAME = `${FOLD_FUNCTION}(name)`;

export const FOOD_SEARCH_DDL = [
  'CREATE EXTENSION IF NOT EXISTS unaccent WITH SCHEMA public',
  `CREATE OR REPLACE FUNCTION ${FOLD_FUNCTION}(text) RETURNS text
     LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
     AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, $1)) $$`,
  `CREATE OR REPLACE FUNCTION fitstreak_food_text(name text, names jsonb, brand text) RETURNS text
     LANGUAGE sql IMMUTABLE PARALLEL SAFE
     AS $$ SELECT public.${FOLD_FUNCTION}(concat_ws(' ', name, names->>'en', names->>'de', names->>'fr', names->>'es', brand)) $$`,
  `CREATE INDEX IF NOT EXISTS "Food_search_words" ON "Food" USING gin (${FOOD_VECTOR})`,
  `CREATE INDEX IF NOT EXISTS "Food_search_name" ON "Food" (${FOLDED_NAME} text_pattern_ops)`,
  `CREATE INDEX IF NOT EXISTS "Food_barcode" ON "Food" (barcode) WHERE barcode IS NOT NULL`,
] as const;

/** A text-search query: every word a word start (`creme:* & fraiche:*`); the words hold letters and digits only. */
export const prefixQuery = (words: readonly string[]): string => words.map((word) => `${word}:*`).join(' & ');
