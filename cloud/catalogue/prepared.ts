import { roundGrams, roundKcal, type CatalogueFood } from './catalogueFood';

/** Per 100 g as USDA FoodData Central SR Legacy publishes it (carbohydrate by difference). */
export interface Per100g {
  kcal: number;
  protein: number;
  carbs: number;
  fat: number;
  /** Ethyl alcohol in grams: not a catalogue field, but part of the energy of drinks. */
  alcohol?: number;
}

/** A common prepared food or drink the IFCT table lacks, with the SR Legacy entry it comes from. */
export interface PreparedFood {
  slug: string;
  name: string;
  /** The SR Legacy description, word for word. */
  usdaDescription: string;
  per100g: Per100g;
  servingG: number;
  servingLabel: string;
}

function food(
  slug: string,
  name: string,
  usdaDescription: string,
  per100g: Per100g,
  [servingG, servingLabel]: [number, string],
): PreparedFood {
  return { slug, name, usdaDescription, per100g, servingG, servingLabel };
}

const portion = (grams: number): [number, string] => [grams, `1 portion (${grams} g)`];
const HANDFUL: [number, string] = [30, '1 handful (30 g)'];
const BREWED_CUP: [number, string] = [237, '1 cup (237 g)'];
const GLASS_OF_WINE: [number, string] = [147, '1 glass, 5 fl oz (147 g)'];

export const PREPARED_FOODS: readonly PreparedFood[] = [
  // Dairy and eggs
  food(
    'greek-yogurt-plain-nonfat',
    'Greek yogurt, plain, nonfat',
    'Yogurt, Greek, plain, nonfat',
    { kcal: 59, protein: 10.19, carbs: 3.6, fat: 0.39 },
    [170, '1 container (170 g)'],
  ),
  food(
    'greek-yogurt-plain-whole-milk',
    'Greek yogurt, plain, whole milk',
    'Yogurt, Greek, plain, whole milk',
    { kcal: 97, protein: 9, carbs: 3.98, fat: 5 },
    [170, '1 container (170 g)'],
  ),
  food(
    'yogurt-plain-whole-milk',
    'Yogurt, plain, whole milk',
    'Yogurt, plain, whole milk',
    { kcal: 61, protein: 3.47, carbs: 4.66, fat: 3.25 },
    [245, '1 cup (245 g)'],
  ),
  food(
    'yogurt-plain-low-fat',
    'Yogurt, plain, low fat',
    'Yogurt, plain, low fat',
    { kcal: 63, protein: 5.25, carbs: 7.04, fat: 1.55 },
    [245, '1 cup (245 g)'],
  ),
  food(
    'milk-whole',
    'Milk, whole (3.25% fat)',
    'Milk, whole, 3.25% milkfat, with added vitamin D',
    { kcal: 61, protein: 3.15, carbs: 4.8, fat: 3.25 },
    [244, '1 cup (244 g)'],
  ),
  food(
    'milk-skim',
    'Milk, skim (nonfat)',
    'Milk, nonfat, fluid, with added vitamin A and vitamin D (fat free or skim)',
    { kcal: 34, protein: 3.37, carbs: 4.96, fat: 0.08 },
    [245, '1 cup (245 g)'],
  ),
  food(
    'cheddar-cheese',
    'Cheddar cheese',
    'Cheese, cheddar',
    { kcal: 403, protein: 22.87, carbs: 3.37, fat: 33.31 },
    [28, '1 slice (28 g)'],
  ),
  food(
    'mozzarella-whole-milk',
    'Mozzarella cheese, whole milk',
    'Cheese, mozzarella, whole milk',
    { kcal: 300, protein: 22.17, carbs: 2.19, fat: 22.35 },
    [28, '1 oz (28 g)'],
  ),
  food(
    'parmesan-grated',
    'Parmesan cheese, grated',
    'Cheese, parmesan, grated',
    { kcal: 420, protein: 28.42, carbs: 13.91, fat: 27.84 },
    [5, '1 tbsp (5 g)'],
  ),
  food(
    'butter-salted',
    'Butter, salted',
    'Butter, salted',
    { kcal: 717, protein: 0.85, carbs: 0.06, fat: 81.11 },
    [14, '1 tbsp (14 g)'],
  ),
  food(
    'egg-hard-boiled',
    'Egg, hard-boiled',
    'Egg, whole, cooked, hard-boiled',
    { kcal: 155, protein: 12.58, carbs: 1.12, fat: 10.61 },
    [50, '1 large egg (50 g)'],
  ),
  food(
    'egg-scrambled',
    'Egg, scrambled',
    'Egg, whole, cooked, scrambled',
    { kcal: 149, protein: 9.99, carbs: 1.61, fat: 10.98 },
    [61, '1 large egg (61 g)'],
  ),
  food(
    'egg-fried',
    'Egg, fried',
    'Egg, whole, cooked, fried',
    { kcal: 196, protein: 13.61, carbs: 0.83, fat: 14.84 },
    [46, '1 large egg (46 g)'],
  ),
  food(
    'ice-cream-vanilla',
    'Ice cream, vanilla',
    'Ice creams, vanilla',
    { kcal: 207, protein: 3.5, carbs: 23.6, fat: 11 },
    [66, '1/2 cup (66 g)'],
  ),

  // Fruit and juice
  food(
    'apple',
    'Apple, raw, with skin',
    'Apples, raw, with skin',
    { kcal: 52, protein: 0.26, carbs: 13.81, fat: 0.17 },
    [182, '1 medium apple (182 g)'],
  ),
  food('banana', 'Banana, raw', 'Bananas, raw', { kcal: 89, protein: 1.09, carbs: 22.84, fat: 0.33 }, [
    118,
    '1 medium (118 g)',
  ]),
  food(
    'orange',
    'Orange, raw',
    'Oranges, raw, all commercial varieties',
    { kcal: 47, protein: 0.94, carbs: 11.75, fat: 0.12 },
    [131, '1 medium orange (131 g)'],
  ),
  food('pear', 'Pear, raw', 'Pears, raw', { kcal: 57, protein: 0.36, carbs: 15.23, fat: 0.14 }, [
    178,
    '1 medium pear (178 g)',
  ]),
  food(
    'strawberries',
    'Strawberries, raw',
    'Strawberries, raw',
    { kcal: 32, protein: 0.67, carbs: 7.68, fat: 0.3 },
    portion(80),
  ),
  food(
    'blueberries',
    'Blueberries, raw',
    'Blueberries, raw',
    { kcal: 57, protein: 0.74, carbs: 14.49, fat: 0.33 },
    portion(80),
  ),
  food(
    'grapes',
    'Grapes, red or green, raw',
    'Grapes, red or green (European type, such as Thompson seedless), raw',
    { kcal: 69, protein: 0.72, carbs: 18.1, fat: 0.16 },
    portion(80),
  ),
  food(
    'avocado',
    'Avocado, raw',
    'Avocados, raw, all commercial varieties',
    { kcal: 160, protein: 2, carbs: 8.53, fat: 14.66 },
    portion(80),
  ),
  food(
    'orange-juice',
    'Orange juice',
    'Orange juice, raw',
    { kcal: 45, protein: 0.7, carbs: 10.4, fat: 0.2 },
    [248, '1 cup (248 g)'],
  ),

  // Vegetables and potatoes
  food(
    'broccoli',
    'Broccoli, raw',
    'Broccoli, raw',
    { kcal: 34, protein: 2.82, carbs: 6.64, fat: 0.37 },
    portion(80),
  ),
  food(
    'carrots',
    'Carrots, raw',
    'Carrots, raw',
    { kcal: 41, protein: 0.93, carbs: 9.58, fat: 0.24 },
    portion(80),
  ),
  food('spinach', 'Spinach, raw', 'Spinach, raw', { kcal: 23, protein: 2.86, carbs: 3.63, fat: 0.39 }, [
    30,
    '1 cup (30 g)',
  ]),
  food(
    'tomato',
    'Tomato, raw',
    'Tomatoes, red, ripe, raw, year round average',
    { kcal: 18, protein: 0.88, carbs: 3.89, fat: 0.2 },
    [123, '1 medium (123 g)'],
  ),
  food(
    'lettuce-romaine',
    'Lettuce, romaine, raw',
    'Lettuce, cos or romaine, raw',
    { kcal: 17, protein: 1.23, carbs: 3.29, fat: 0.3 },
    [47, '1 cup, shredded (47 g)'],
  ),
  food(
    'potato-baked',
    'Potato, baked, with skin',
    'Potatoes, baked, flesh and skin, without salt',
    { kcal: 93, protein: 2.5, carbs: 21.15, fat: 0.13 },
    [173, '1 medium (173 g)'],
  ),
  food(
    'potato-boiled',
    'Potato, boiled, without skin',
    'Potatoes, boiled, cooked without skin, flesh, without salt',
    { kcal: 86, protein: 1.71, carbs: 20.01, fat: 0.1 },
    portion(80),
  ),
  food(
    'sweet-potato-baked',
    'Sweet potato, baked',
    'Sweet potato, cooked, baked in skin, flesh, without salt',
    { kcal: 90, protein: 2.01, carbs: 20.71, fat: 0.15 },
    [114, '1 medium (114 g)'],
  ),
  food(
    'french-fries',
    'French fries',
    'Fast foods, potato, french fried in vegetable oil',
    { kcal: 312, protein: 3.43, carbs: 41.44, fat: 14.73 },
    [71, '1 small order (71 g)'],
  ),

  // Bread, grains and cereals
  food(
    'bread-white',
    'Bread, white',
    'Bread, white, commercially prepared (includes soft bread crumbs)',
    { kcal: 266, protein: 8.85, carbs: 49.42, fat: 3.33 },
    [25, '1 slice (25 g)'],
  ),
  food(
    'bread-whole-wheat',
    'Bread, whole-wheat',
    'Bread, whole-wheat, commercially prepared',
    { kcal: 252, protein: 12.45, carbs: 42.71, fat: 3.5 },
    [30, '1 slice (30 g)'],
  ),
  food(
    'pasta-cooked',
    'Pasta, cooked',
    'Pasta, cooked, enriched, without added salt',
    { kcal: 158, protein: 5.8, carbs: 30.86, fat: 0.93 },
    [140, '1 cup (140 g)'],
  ),
  food(
    'rice-white-cooked',
    'Rice, white, cooked',
    'Rice, white, long-grain, regular, enriched, cooked',
    { kcal: 130, protein: 2.69, carbs: 28.17, fat: 0.28 },
    [158, '1 cup (158 g)'],
  ),
  food(
    'rice-brown-cooked',
    'Rice, brown, cooked',
    'Rice, brown, long-grain, cooked',
    { kcal: 123, protein: 2.74, carbs: 25.58, fat: 0.97 },
    portion(150),
  ),
  food(
    'oats-dry',
    'Oats, rolled, dry (breakfast cereal)',
    'Cereals, oats, regular and quick, not fortified, dry',
    { kcal: 379, protein: 13.15, carbs: 67.7, fat: 6.52 },
    [40, '1 portion, dry (40 g)'],
  ),
  food(
    'oatmeal-cooked',
    'Oatmeal (porridge), cooked with water',
    'Cereals, oats, regular and quick and instant, unenriched, cooked with water (includes boiling and microwaving), without salt',
    { kcal: 71, protein: 2.54, carbs: 12, fat: 1.52 },
    [234, '1 cup (234 g)'],
  ),
  food(
    'quinoa-cooked',
    'Quinoa, cooked',
    'Quinoa, cooked',
    { kcal: 120, protein: 4.4, carbs: 21.3, fat: 1.92 },
    [185, '1 cup (185 g)'],
  ),

  // Meat, fish, pulses, nuts and oil
  food(
    'chicken-breast-roasted',
    'Chicken breast, roasted, meat only',
    'Chicken, broilers or fryers, breast, meat only, cooked, roasted',
    { kcal: 165, protein: 31.02, carbs: 0, fat: 3.57 },
    [86, '1/2 breast (86 g)'],
  ),
  food(
    'salmon-cooked',
    'Salmon, Atlantic, farmed, cooked',
    'Fish, salmon, Atlantic, farmed, cooked, dry heat',
    { kcal: 206, protein: 22.1, carbs: 0, fat: 12.35 },
    portion(100),
  ),
  food(
    'cod-cooked',
    'Cod, Atlantic, cooked',
    'Fish, cod, Atlantic, cooked, dry heat',
    { kcal: 105, protein: 22.83, carbs: 0, fat: 0.86 },
    portion(100),
  ),
  food(
    'shrimp-cooked',
    'Shrimp, cooked',
    'Crustaceans, shrimp, cooked',
    { kcal: 99, protein: 23.98, carbs: 0.2, fat: 0.28 },
    [85, '3 oz (85 g)'],
  ),
  food(
    'tofu-firm',
    'Tofu, firm',
    'Tofu, raw, firm, prepared with calcium sulfate',
    { kcal: 144, protein: 17.27, carbs: 2.78, fat: 8.72 },
    portion(100),
  ),
  food('hummus', 'Hummus', 'Hummus, commercial', { kcal: 166, protein: 7.9, carbs: 14.29, fat: 9.6 }, [
    30,
    '2 tbsp (30 g)',
  ]),
  food(
    'chickpeas-cooked',
    'Chickpeas, cooked',
    'Chickpeas (garbanzo beans, bengal gram), mature seeds, cooked, boiled, without salt',
    { kcal: 164, protein: 8.86, carbs: 27.42, fat: 2.59 },
    [164, '1 cup (164 g)'],
  ),
  food(
    'lentils-cooked',
    'Lentils, cooked',
    'Lentils, mature seeds, cooked, boiled, without salt',
    { kcal: 116, protein: 9.02, carbs: 20.13, fat: 0.38 },
    [198, '1 cup (198 g)'],
  ),
  food(
    'black-beans-cooked',
    'Black beans, cooked',
    'Beans, black, mature seeds, cooked, boiled, without salt',
    { kcal: 132, protein: 8.86, carbs: 23.71, fat: 0.54 },
    [172, '1 cup (172 g)'],
  ),
  food(
    'peanut-butter-smooth',
    'Peanut butter, smooth',
    'Peanut butter, smooth style, with salt',
    { kcal: 598, protein: 22.21, carbs: 22.31, fat: 51.36 },
    [32, '2 tbsp (32 g)'],
  ),
  food(
    'almonds',
    'Almonds',
    'Nuts, almonds',
    { kcal: 579, protein: 21.15, carbs: 21.55, fat: 49.93 },
    HANDFUL,
  ),
  food(
    'olive-oil',
    'Olive oil',
    'Oil, olive, salad or cooking',
    { kcal: 884, protein: 0, carbs: 0, fat: 100 },
    [14, '1 tbsp (14 g)'],
  ),

  // Sweets and drinks
  food(
    'milk-chocolate',
    'Milk chocolate',
    'Candies, milk chocolate',
    { kcal: 535, protein: 7.65, carbs: 59.4, fat: 29.66 },
    [44, '1 bar (44 g)'],
  ),
  food(
    'dark-chocolate',
    'Dark chocolate, 70–85% cacao',
    'Chocolate, dark, 70-85% cacao solids',
    { kcal: 598, protein: 7.79, carbs: 45.9, fat: 42.63 },
    [28, '1 oz (28 g)'],
  ),
  food('honey', 'Honey', 'Honey', { kcal: 304, protein: 0.3, carbs: 82.4, fat: 0 }, [21, '1 tbsp (21 g)']),
  food('sugar', 'Sugar, granulated', 'Sugars, granulated', { kcal: 387, protein: 0, carbs: 99.98, fat: 0 }, [
    4,
    '1 tsp (4 g)',
  ]),
  food(
    'coffee-brewed',
    'Coffee, brewed',
    'Beverages, coffee, brewed, prepared with tap water',
    { kcal: 1, protein: 0.12, carbs: 0, fat: 0.02 },
    BREWED_CUP,
  ),
  food(
    'tea-black-brewed',
    'Tea, black, brewed',
    'Beverages, tea, black, brewed, prepared with tap water',
    { kcal: 1, protein: 0, carbs: 0.3, fat: 0 },
    BREWED_CUP,
  ),
  food(
    'beer-regular',
    'Beer, regular',
    'Alcoholic beverage, beer, regular, all',
    { kcal: 43, protein: 0.46, carbs: 3.55, fat: 0, alcohol: 3.9 },
    [356, '1 can, 12 fl oz (356 g)'],
  ),
  food(
    'wine-red',
    'Wine, red',
    'Alcoholic beverage, wine, table, red',
    { kcal: 85, protein: 0.07, carbs: 2.61, fat: 0, alcohol: 10.6 },
    GLASS_OF_WINE,
  ),
  food(
    'wine-white',
    'Wine, white',
    'Alcoholic beverage, wine, table, white',
    { kcal: 82, protein: 0.07, carbs: 2.6, fat: 0, alcohol: 10.3 },
    GLASS_OF_WINE,
  ),
];

export function preparedSource(food: PreparedFood): string {
  return `USDA FoodData Central, SR Legacy: ${food.usdaDescription}`;
}

/** The prepared foods as catalogue rows, rounded like the IFCT rows. */
export function preparedCatalogue(foods: readonly PreparedFood[] = PREPARED_FOODS): CatalogueFood[] {
  return foods.map((food) => ({
    key: `usda:${food.slug}`,
    name: food.name,
    kcalPer100g: roundKcal(food.per100g.kcal),
    proteinPer100g: roundGrams(food.per100g.protein),
    carbsPer100g: roundGrams(food.per100g.carbs),
    fatPer100g: roundGrams(food.per100g.fat),
    servingG: food.servingG,
    servingLabel: food.servingLabel,
    names: {},
    source: 'usda',
    sourceId: food.slug,
    reference: preparedSource(food),
  }));
}
