import { isFoodSource } from '../../src/domain/foodFacts';
import { LANGUAGES, type Language } from '../../src/domain/languages';
import {
  EXTRA_NUTRIENTS,
  matchesWords,
  per100gKey,
  type ExtrasPer100g,
  type FoodRow,
  type Per100g,
  type Serving,
} from '../../src/domain/nutrition';
import { MASTER_PAGES, Parse, type ParseUser } from '../parse';
import { foodClass } from '../schema/food';
import { mealClass } from '../schema/meal';
import { queryOf, type RowOf } from '../schema/rows';
import { CANDIDATES, foodSearchParams, foodSearchStatement } from './foodSearchSql';
import { storeRead } from './read';

/**
 * Reads of foods and of how a person logs them, each answering the same through SQL and through
 * Parse queries (cloud/store/foods.int.test.ts).
 */

/** What a stored food gives a meal, and its owner's id (null for the catalogue's). */
export interface StoredFood extends Per100g, ExtrasPer100g {
  name: string;
  owner: string | null;
}

/** The extra nutrients' columns, each null where the food does not say. */
const EXTRA_COLUMNS = EXTRA_NUTRIENTS.map((nutrient) => `"${per100gKey(nutrient)}"`).join(', ');

/** A Food object's extra nutrients, null where it does not say. */
function extrasOf(food: RowOf<typeof foodClass>): ExtrasPer100g {
  const extras = {} as ExtrasPer100g;
  for (const nutrient of EXTRA_NUTRIENTS) {
    const key = per100gKey(nutrient);
    const value: unknown = food.get(key);
    extras[key] = typeof value === 'number' ? value : null;
  }
  return extras;
}

/** A stored list of servings as far as it holds servings (rows are checked on save; old rows have none). */
export function servingsOf(value: unknown): Serving[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (serving): serving is Serving =>
      typeof serving === 'object' &&
      serving !== null &&
      typeof (serving as Serving).label === 'string' &&
      typeof (serving as Serving).grams === 'number',
  );
}

/** One food by its id, read on every meal saved with a food. */
export const storedFood = storeRead({
  async bySql(sql, foodId: string): Promise<StoredFood | undefined> {
    // One row by its key, read without a Parse query (a whole internal request).
    const { rows } = await sql.query<StoredFood>(
      `SELECT name, "kcalPer100g", "proteinPer100g", "carbsPer100g", "fatPer100g", ${EXTRA_COLUMNS},
              "user" AS owner
         FROM "Food" WHERE "objectId" = $1`,
      [foodId],
    );
    return rows[0];
  },
  async byQueries(foodId: string): Promise<StoredFood | undefined> {
    const found = await queryOf(foodClass)
      .get(foodId, { useMasterKey: true })
      .catch(() => undefined);
    if (!found) return undefined;
    return {
      name: found.get('name'),
      kcalPer100g: found.get('kcalPer100g'),
      proteinPer100g: found.get('proteinPer100g'),
      carbsPer100g: found.get('carbsPer100g'),
      fatPer100g: found.get('fatPer100g'),
      ...extrasOf(found),
      owner: found.get('user')?.id ?? null,
    };
  },
});

/** A food the person logged since a moment: how often, and when last. */
export interface FoodUse {
  food: string;
  uses: number;
  last: Date;
}

/** Each food the person logged since `since`, the most recently logged first, at most `limit`. */
export const foodUses = storeRead({
  async bySql(sql, user: ParseUser, since: Date, limit: number): Promise<FoodUse[]> {
    const { rows } = await sql.query<FoodUse>(
      `SELECT food, count(*)::int AS uses, max("eatenAt") AS last
         FROM "Meal" WHERE "user" = $1 AND food IS NOT NULL AND "eatenAt" >= $2
        GROUP BY food ORDER BY last DESC, food COLLATE "C" LIMIT $3`,
      [user.id, since, limit],
    );
    return rows;
  },
  async byQueries(user: ParseUser, since: Date, limit: number): Promise<FoodUse[]> {
    const meals = await queryOf(mealClass)
      .equalTo('user', user)
      .exists('food')
      .greaterThanOrEqualTo('eatenAt', since)
      .select('food', 'eatenAt')
      .findAll(MASTER_PAGES);
    const uses = new Map<string, FoodUse>();
    for (const meal of meals) {
      const food = meal.get('food')?.id ?? '';
      const eatenAt = meal.get('eatenAt');
      const use = uses.get(food) ?? { food, uses: 0, last: eatenAt };
      use.uses += 1;
      if (eatenAt > use.last) use.last = eatenAt;
      uses.set(food, use);
    }
    return [...uses.values()]
      .sort((a, b) => b.last.getTime() - a.last.getTime() || (a.food < b.food ? -1 : a.food > b.food ? 1 : 0))
      .slice(0, limit);
  },
});

/** A search row's columns, the name in the language of the parameter `language` ($n). */
const foodRowColumns = (
  language: string,
) => `"objectId" AS id, coalesce(names ->> ${language}, name) AS name, coalesce(brand, '') AS brand,
  "kcalPer100g", "proteinPer100g", "carbsPer100g", "fatPer100g", ${EXTRA_COLUMNS}, "servingG",
  coalesce("servingLabel", '') AS "servingLabel", servings, "user" IS NOT NULL AS custom, barcode,
  CASE WHEN "user" IS NOT NULL THEN 'user' ELSE source END AS source, "sourceId"`;

interface FoodRowRecord extends Omit<FoodRow, 'source' | 'servings'> {
  source: string | null;
  servings: unknown;
}

const asFoodRow = (row: FoodRowRecord): FoodRow => ({
  ...row,
  servings: servingsOf(row.servings),
  barcode: row.barcode ?? null,
  sourceId: row.sourceId ?? null,
  source: isFoodSource(row.source) ? row.source : row.custom ? 'user' : 'ifct',
});

/** A Food object as a search row, named in `language` where it has a name in it. */
export function foodRowOf(food: RowOf<typeof foodClass>, language: Language | undefined): FoodRow {
  const custom = food.get('user') !== undefined;
  return asFoodRow({
    id: food.id ?? '',
    name: (language && food.get('names')?.[language]) || food.get('name'),
    brand: food.get('brand') ?? '',
    kcalPer100g: food.get('kcalPer100g'),
    proteinPer100g: food.get('proteinPer100g'),
    carbsPer100g: food.get('carbsPer100g'),
    fatPer100g: food.get('fatPer100g'),
    ...extrasOf(food),
    servingG: food.get('servingG') ?? null,
    servingLabel: food.get('servingLabel') ?? '',
    servings: food.get('servings') ?? [],
    custom,
    barcode: food.get('barcode') ?? null,
    source: custom ? 'user' : (food.get('source') ?? null),
    sourceId: food.get('sourceId') ?? null,
  });
}

/** Foods by id that the person `userId` may use (the catalogue's and their own); others are left out. */
export async function usableFoodRows(
  userId: string | undefined,
  ids: readonly string[],
  language?: Language,
): Promise<Map<string, FoodRow>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const found = await queryOf(foodClass)
    .containedIn('objectId', wanted)
    .limit(wanted.length)
    .find({ useMasterKey: true });
  const usable = found.filter((food) => {
    const owner = food.get('user');
    return !owner || owner.id === userId;
  });
  return new Map(usable.map((food) => [food.id ?? '', foodRowOf(food, language)]));
}

/**
 * Foods whose words begin with every word of a search (`words`, lower case without accents): all
 * of the person's own, the catalogue's whose name starts with the whole search, and a few hundred
 * more of the catalogue's, for the ranking (rankFoods) to order. Never another person's food, nor
 * a catalogue row an import hid.
 */
export const foodsMatching = storeRead({
  async bySql(sql, user: ParseUser, words: readonly string[], language: Language): Promise<FoodRow[]> {
    const { rows } = await sql.query<FoodRowRecord>(
      foodSearchStatement(foodRowColumns('$6')),
      foodSearchParams(user.id ?? '', words, language),
    );
    return rows.map(asFoodRow);
  },
  async byQueries(user: ParseUser, words: readonly string[], language: Language): Promise<FoodRow[]> {
    // Without SQL: the longest word anywhere in the name, a language's name or the brand, in any
    // case and with any accents (a scan of the class, for the shipped catalogue and own foods),
    // then every word at a word's start.
    const longest = words.reduce((best, word) => (word.length > best.length ? word : best), '');
    const pattern = accentInsensitive(longest);
    const containing = (field: string) => queryOf(foodClass).matches(field as 'name', pattern, 'i');
    const fields = ['name', 'brand', ...LANGUAGES.map((code) => `names.${code}`)];
    const found = await Parse.Query.or(...fields.map(containing))
      .notEqualTo('hidden', true)
      .limit(CANDIDATES.own + CANDIDATES.prefix + CANDIDATES.words)
      .find({ useMasterKey: true });
    return found
      .filter((food) => {
        const owner = food.get('user');
        return !owner || owner.id === user.id;
      })
      .filter((food) =>
        matchesWords(
          [food.get('name'), food.get('brand') ?? '', ...Object.values(food.get('names') ?? {})].join(' '),
          words,
        ),
      )
      .map((food) => foodRowOf(food, language));
  },
});

/** Letters with the accented forms the catalogue's languages write them with. */
const ACCENTED: Readonly<Record<string, string>> = {
  a: 'aàáâãäåæ',
  c: 'cç',
  e: 'eèéêë',
  i: 'iìíîï',
  n: 'nñ',
  o: 'oòóôõöøœ',
  u: 'uùúûü',
  y: 'yýÿ',
  s: 'sß',
};

/** A pattern for `word` (lower case, no accents) that also matches it written with accents. */
function accentInsensitive(word: string): string {
  return [...word]
    .map((letter) => (ACCENTED[letter] ? `[${ACCENTED[letter]}]` : escapeRegExp(letter)))
    .join('');
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The catalogue's or the person's own food with one of the barcode's stored forms, own first. */
export const foodWithBarcode = storeRead({
  async bySql(
    sql,
    user: ParseUser,
    forms: readonly string[],
    language: Language,
  ): Promise<FoodRow | undefined> {
    const { rows } = await sql.query<FoodRowRecord>(
      `SELECT ${foodRowColumns('$3')} FROM "Food"
        WHERE barcode = ANY($2::text[]) AND hidden IS NOT TRUE AND ("user" IS NULL OR "user" = $1)
        ORDER BY "user" IS NULL, array_position($2::text[], barcode), "objectId" COLLATE "C" LIMIT 1`,
      [user.id, forms, language],
    );
    return rows[0] && asFoodRow(rows[0]);
  },
  async byQueries(
    user: ParseUser,
    forms: readonly string[],
    language: Language,
  ): Promise<FoodRow | undefined> {
    // An empty list would not narrow the query at all.
    if (forms.length === 0) return undefined;
    const found = await queryOf(foodClass)
      .containedIn('barcode', [...forms])
      .notEqualTo('hidden', true)
      .limit(100)
      .find({ useMasterKey: true });
    const usable = found.filter((food) => {
      const owner = food.get('user');
      return !owner || owner.id === user.id;
    });
    const order = (food: (typeof usable)[number]) =>
      [food.get('user') ? 0 : 1, forms.indexOf(food.get('barcode') ?? '')] as const;
    usable.sort((a, b) => {
      const [ownA, formA] = order(a);
      const [ownB, formB] = order(b);
      return ownA - ownB || formA - formB || ((a.id ?? '') < (b.id ?? '') ? -1 : 1);
    });
    return usable[0] && foodRowOf(usable[0], language);
  },
});
