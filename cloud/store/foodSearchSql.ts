/**
 * The SQL the food search stands on, shared by the server's start (which creates it), the import
 * (which refuses to run before it exists) and the store's reads (which use it).
 *
 * A food's searchable text is its name, its names in the app's languages and its brand, without
 * accents, in lower case, with ASCII punctuation as spaces (`fitstreak_food_text`: "70–85 %" is the
 * words 70 and 85, as the browser splits a query, not a range the text-search parser would read). Every word of it is a row of
 * `fitstreak_food_word` (the catalogue's foods that are not hidden; a trigger on `Food` keeps the
 * table current, whoever writes), indexed by word and then by the length of the food's name. A
 * search reads the rows of its longest word's prefix in that order, shortest names first, and
 * stops after a few thousand: what it costs depends on how many results it keeps, not on how many
 * foods share a common word, so it stays fast at millions of products. Each candidate must also
 * hold the query's other words (the table's key, food and word, answers that). A B-tree over the
 * folded name gives the names that start with the whole query, in order.
 *
 * Function bodies name their schema: PostgreSQL builds and maintains indexes and runs triggers of
 * other sessions with a search path that may not hold `public`.
 */

export const FOOD_WORD_TABLE = 'fitstreak_food_word';
/**
 * What the words of the table were made by: a change to how a food's text is folded or split makes
 * the server fill the table afresh at its next start.
 */
export const FOOD_WORDS_VERSION = 'words 2: ASCII punctuation splits words';

export const FOOD_TEXT = 'public.fitstreak_food_text(name, names, brand)';
export const FOOD_VECTOR = `to_tsvector('simple'::regconfig, ${FOOD_TEXT})`;
/** The folded name in byte order, as its index holds it. */
export const FOLDED_NAME = 'public.fitstreak_fold(name) COLLATE "C"';

export const FOOD_SEARCH_DDL = [
  'CREATE EXTENSION IF NOT EXISTS unaccent WITH SCHEMA public',
  `CREATE OR REPLACE FUNCTION public.fitstreak_fold(text) RETURNS text
     LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
     AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, $1)) $$`,
  `CREATE OR REPLACE FUNCTION public.fitstreak_food_text(name text, names jsonb, brand text) RETURNS text
     LANGUAGE sql IMMUTABLE PARALLEL SAFE
     AS $$ SELECT regexp_replace(
       public.fitstreak_fold(concat_ws(' ', name, names->>'en', names->>'de', names->>'fr', names->>'es', brand)),
       '[!-/:-@[-\`{-~]+', ' ', 'g') $$`,
  `CREATE OR REPLACE FUNCTION public.fitstreak_food_words_sync() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     IF TG_OP <> 'INSERT' THEN
       DELETE FROM public.${FOOD_WORD_TABLE} WHERE food_id = OLD."objectId";
     END IF;
     IF TG_OP <> 'DELETE' AND NEW."user" IS NULL AND NEW.hidden IS NOT TRUE THEN
       INSERT INTO public.${FOOD_WORD_TABLE} (word, name_length, food_id)
         SELECT DISTINCT lexeme, length(NEW.name), NEW."objectId"
           FROM unnest(to_tsvector('simple'::regconfig, public.fitstreak_food_text(NEW.name, NEW.names, NEW.brand)))
         ON CONFLICT DO NOTHING;
     END IF;
     RETURN NULL;
   END $$`,
  `CREATE OR REPLACE TRIGGER fitstreak_food_words AFTER INSERT OR DELETE OR UPDATE OF name, names, brand, "user", hidden
     ON "Food" FOR EACH ROW EXECUTE FUNCTION public.fitstreak_food_words_sync()`,
  `CREATE INDEX IF NOT EXISTS "Food_search_name" ON "Food" ((${FOLDED_NAME}))`,
  `CREATE INDEX IF NOT EXISTS "Food_barcode" ON "Food" (barcode) WHERE barcode IS NOT NULL`,
] as const;

/**
 * The word table, made once: a word is a lexeme of the `simple` text-search parser, as a query's
 * words are split; in byte order, so a prefix is a range of the index.
 */
export const FOOD_WORD_TABLE_DDL = [
  `CREATE TABLE ${FOOD_WORD_TABLE} (
     word text COLLATE "C" NOT NULL,
     name_length integer NOT NULL,
     food_id text NOT NULL,
     PRIMARY KEY (food_id, word))`,
  `CREATE INDEX ${FOOD_WORD_TABLE}_prefix ON ${FOOD_WORD_TABLE} (word, name_length)`,
] as const;

/** Fills a new word table from the catalogue rows already stored. */
export const FOOD_WORD_BACKFILL = `
  INSERT INTO ${FOOD_WORD_TABLE} (word, name_length, food_id)
  SELECT DISTINCT lexeme, length(f.name), f."objectId"
    FROM "Food" f, unnest(to_tsvector('simple'::regconfig, public.fitstreak_food_text(f.name, f.names, f.brand)))
   WHERE f."user" IS NULL AND f.hidden IS NOT TRUE
  ON CONFLICT DO NOTHING`;

/** A text-search query: every word a word start (`creme:* & fraiche:*`); the words hold letters and digits only. */
export const prefixQuery = (words: readonly string[]): string => words.map((word) => `${word}:*`).join(' & ');

/** How many rows each part of a search reads. */
export const CANDIDATES = {
  /** Catalogue rows of the longest word's prefix, shortest names first. */
  scan: 1000,
  /** Of those, the ones holding every word of the search, kept for the ranking (which shows 25). */
  words: 150,
  /** Catalogue rows whose name starts with the whole search, in the name's order. */
  prefix: 50,
  /** The most of a person's own foods, read whole. */
  own: 500,
} as const;

/**
 * The search in one statement: the ids of the foods a search finds (own foods with every word,
 * catalogue rows of the word table, names starting with the whole query), answered as `columns`
 * (which may name the request's language as $6). Its parameters: `foodSearchParams`.
 */
export function foodSearchStatement(columns: string): string {
  return `WITH q AS MATERIALIZED (SELECT public.fitstreak_fold(w) AS w FROM unnest($2::text[]) AS w),
       lead AS (
         SELECT food_id FROM ${FOOD_WORD_TABLE}
          WHERE word >= public.fitstreak_fold($3::text) AND word < public.fitstreak_fold($3::text) || U&'\\FFFF'
          ORDER BY word, name_length LIMIT ${CANDIDATES.scan}),
       matched AS (
         SELECT food_id FROM lead WHERE NOT EXISTS (
           SELECT 1 FROM q WHERE NOT EXISTS (
             SELECT 1 FROM ${FOOD_WORD_TABLE} other
              WHERE other.food_id = lead.food_id AND other.word >= q.w AND other.word < q.w || U&'\\FFFF'))
         LIMIT ${CANDIDATES.words})
       SELECT ${columns} FROM "Food" WHERE "objectId" IN (
         (SELECT food_id FROM matched)
         UNION ALL
         (SELECT "objectId" FROM "Food"
           WHERE "user" = $1 AND ${FOOD_VECTOR} @@ to_tsquery('simple'::regconfig, public.fitstreak_fold($4))
           LIMIT ${CANDIDATES.own})
         UNION ALL
         (SELECT "objectId" FROM "Food"
           WHERE "user" IS NULL AND hidden IS NOT TRUE
             AND ${FOLDED_NAME} >= public.fitstreak_fold($5::text)
             AND ${FOLDED_NAME} < public.fitstreak_fold($5::text) || U&'\\FFFF'
           ORDER BY ${FOLDED_NAME} LIMIT ${CANDIDATES.prefix}))`;
}

/** The statement's parameters for a person, a query's words (searchWords) and a language. */
export function foodSearchParams(userId: string, words: readonly string[], language: string): unknown[] {
  // The longest word has the fewest foods, so its rows are read first.
  const longest = words.reduce((best, word) => (word.length > best.length ? word : best), '');
  return [userId, words, longest, prefixQuery(words), words.join(' '), language];
}
