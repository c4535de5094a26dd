// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { catalogueName, convertIfctCsv, englishNames } from './ifct';

const HEADER =
  '"Food Code; code","Food Name; name","Local Name; lang","Food Group; grup","Energy; enerc",' +
  '"Total Fat; fatce","Dietary Fiber; fibtg","Carbohydrate; choavldf","Protein; protcnt"';

function csv(...rows: string[]): string {
  return [HEADER, ...rows].join('\n');
}

describe('convertIfctCsv', () => {
  it('converts kJ to whole kcal and grams to 0.1 g when a row is complete', () => {
    const { foods, skipped } = convertIfctCsv(
      csv(
        '"A003","Bajra","A. Bajra; E. Pearl millet; H. Bajra.","Cereals and Millets","1456","5.43","11.49","54.62","10.96"',
      ),
    );

    expect(skipped).toEqual([]);
    expect(foods).toEqual([
      {
        key: 'ifct:A003',
        name: 'Bajra (Pearl millet)',
        kcalPer100g: 348,
        proteinPer100g: 11,
        carbsPer100g: 54.6,
        fatPer100g: 5.4,
        servingG: 50,
        servingLabel: '1 portion, raw (50 g)',
        names: {},
        source: 'ifct',
        sourceId: 'A003',
        reference: 'Indian Food Composition Tables 2017 (NIN), A003',
      },
    ]);
  });

  it('serves a typical portion by group, and eggs by the egg', () => {
    const { foods } = convertIfctCsv(
      csv(
        '"E001","Apple, big","","Fruits","261","0.53","2.62","13.14","0.29"',
        '"H001","Almond","","Nuts and Oil Seeds","2549","58.49","10.5","3","18.41"',
        '"M014","Egg, quial, whole, raw","","Egg and Egg Products","720","11.11","0","0.44","13.34"',
        '"N003","Chicken, poultry, breast, skinless","","Poultry","517","2.98","0","0","21.8"',
      ),
    );

    expect(foods.map((food) => [food.servingG, food.servingLabel])).toEqual([
      [80, '1 portion (80 g)'],
      [30, '1 handful (30 g)'],
      [9, '1 quail egg (9 g)'],
      [100, '1 portion (100 g)'],
    ]);
  });

  it('skips a row whose stated energy contradicts its nutrients, with the reason', () => {
    const { foods, skipped } = convertIfctCsv(
      csv(
        '"T005","Groundnut oil","","Edible Oils and Fats","0","100","0","0","0"',
        '"N001","Chicken, poultry, leg, skinless","","Poultry","1605","12.64","0","0","19.44"',
      ),
    );

    expect(foods).toEqual([]);
    expect(skipped).toEqual([
      { key: 'ifct:T005', name: 'Groundnut oil', reason: 'no energy value (0 kJ) although it has nutrients' },
      {
        key: 'ifct:N001',
        name: 'Chicken, poultry, leg, skinless',
        reason: 'energy 1605 kJ disagrees with its nutrients (798 kJ at 17/17/37/8 kJ per g)',
      },
    ]);
  });

  it('skips a row the contract refuses, naming the field', () => {
    const { foods, skipped } = convertIfctCsv(
      csv('"X001","Test fat","","Edible Oils and Fats","3719","100.5","0","0","0"'),
    );

    expect(foods).toEqual([]);
    expect(skipped).toEqual([
      { key: 'ifct:X001', name: 'Test fat', reason: 'fatPer100g must be between 0 and 100.' },
    ]);
  });

  it('skips a row with a missing value', () => {
    const { skipped } = convertIfctCsv(csv('"X002","Unknown","","Fruits","","0.1","0","1","0.2"'));

    expect(skipped).toEqual([
      { key: 'ifct:X002', name: 'Unknown', reason: 'energy, protein, carbohydrate or fat is missing' },
    ]);
  });

  it('refuses a table without the expected columns', () => {
    expect(() => convertIfctCsv('"Food Code; code","Food Name; name"\n"A001","Amaranth"')).toThrow(/lang/);
  });
});

describe('englishNames', () => {
  it('reads the E. entry, wherever it stands and however it ends', () => {
    expect(englishNames('A. Bengena; E. Eggplant, Aubergine; G. Ringna.')).toEqual(['Eggplant', 'Aubergine']);
    expect(englishNames('H. Chaulai; E. Amaranth.')).toEqual(['Amaranth']);
    expect(englishNames('E. Bishop`s weed; [Place of collection: Mandapam]')).toEqual(["Bishop's weed"]);
    expect(englishNames('H. Ramdana; Tam. Keerai vidai.')).toEqual([]);
  });
});

describe('catalogueName', () => {
  it('adds only the English names the IFCT name lacks', () => {
    expect(catalogueName('Ricebean', 'E. Ricebean')).toBe('Ricebean');
    expect(catalogueName('Beet root', 'E. Beetroot, Beet, Red beet')).toBe('Beet root (Beetroot, Red beet)');
    expect(catalogueName('Ladies finger', 'E. Okra, okra, Okro.')).toBe('Ladies finger (Okra, Okro)');
  });

  it('drops English names from the end to stay within 120 characters', () => {
    const names = Array.from({ length: 20 }, (_, index) => `Alternative name ${index}`).join(', ');
    const name = catalogueName('Fish', `E. ${names}`);

    expect(name.length).toBeLessThanOrEqual(120);
    expect(name).toMatch(/^Fish \(Alternative name 0, .*Alternative name \d+\)$/);
  });
});
