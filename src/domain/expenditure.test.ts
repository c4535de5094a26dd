import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../server/demo/seededRandom';
import { addDays } from './calendarDays';
import { estimateExpenditure, MIN_LOGGED_DAYS } from './expenditure';
import type { DayEnergy } from './nutrition';
import { KCAL_PER_KG, type DailyWeight } from './weight';

const TODAY = '2026-11-26';

interface Person {
  /** What the person really burns a day. */
  trueKcal: number;
  /** What they eat on average a day, and how much it varies (±). */
  eatsKcal: number;
  eatsSpread: number;
  startKg: number;
  days: number;
  /** Whether day `index` (0 = the first) has a food log. */
  logs: (index: number) => boolean;
  /** Whether day `index` has a weigh-in. */
  weighs: (index: number) => boolean;
  /** Scale noise and water: each weigh-in is off by up to this much (±kg). */
  noiseKg: number;
  seed: number;
}

const everyDay = () => true;

/** A person who burns 2 300 kcal and eats 2 000, logging and weighing in every day for eight weeks. */
const STEADY: Omit<Person, 'seed'> = {
  trueKcal: 2300,
  eatsKcal: 2000,
  eatsSpread: 300,
  startKg: 80,
  days: 56,
  logs: everyDay,
  weighs: everyDay,
  noiseKg: 0.5,
};

/**
 * A person whose true expenditure is known: each day's real weight follows the energy balance,
 * the scale adds noise, now and then a water-weight jump of a kilo for two days, and the log holds
 * what was eaten on the days it was kept.
 */
function simulate(differences: Partial<Person> & Pick<Person, 'seed'>): {
  intake: DayEnergy[];
  daily: DailyWeight[];
} {
  const person: Person = { ...STEADY, ...differences };
  const random = mulberry32(person.seed);
  const first = addDays(TODAY, -person.days);
  const intake: DayEnergy[] = [];
  const daily: DailyWeight[] = [];
  let bodyKg = person.startKg;
  let waterDays = 0;
  for (let index = 0; index < person.days; index++) {
    const date = addDays(first, index);
    const eaten = person.eatsKcal + (random() * 2 - 1) * person.eatsSpread;
    bodyKg += (eaten - person.trueKcal) / KCAL_PER_KG;
    if (waterDays === 0 && random() < 0.05) waterDays = 2;
    const water = waterDays > 0 ? 1 : 0;
    waterDays = Math.max(0, waterDays - 1);
    intake.push({ date, caloriesKcal: person.logs(index) ? Math.round(eaten) : 0 });
    if (person.weighs(index)) {
      daily.push({ date, weightKg: bodyKg + water + (random() * 2 - 1) * person.noiseKg });
    }
  }
  return { intake, daily };
}

describe('estimateExpenditure', () => {
  it('finds the true expenditure within ±100 kcal after four weeks of complete logging, for at least nine people in ten', () => {
    // 400 simulated people: four ways of eating against what they burn, a hundred scales and
    // water-weight histories each. The scale's noise (±0.8 kg a day, and 1 kg of water now and
    // then) is what limits the measure; what the log says was eaten is exact.
    const errors: number[] = [];
    const people = [
      { trueKcal: 2400, eatsKcal: 1900 },
      { trueKcal: 2100, eatsKcal: 2100 },
      { trueKcal: 2800, eatsKcal: 3100 },
      { trueKcal: 1900, eatsKcal: 1500 },
    ];
    for (const { trueKcal, eatsKcal } of people) {
      for (let seed = 1; seed <= 100; seed++) {
        const { intake, daily } = simulate({
          trueKcal,
          eatsKcal,
          eatsSpread: 400,
          startKg: 85,
          noiseKg: 0.8,
          seed,
        });
        const result = estimateExpenditure({ intake, daily, today: TODAY, formulaKcalPerDay: trueKcal });
        expect(result.loggedDays).toBe(28);
        errors.push((result.kcalPerDay ?? Number.NaN) - trueKcal);
      }
    }

    const within = errors.filter((error) => Math.abs(error) <= 100).length;
    const meanError = errors.reduce((sum, error) => sum + error, 0) / errors.length;
    expect(within / errors.length).toBeGreaterThanOrEqual(0.9);
    expect(Math.max(...errors.map(Math.abs))).toBeLessThanOrEqual(200);
    expect(Math.abs(meanError)).toBeLessThanOrEqual(20);
  });

  it('explains a measured expenditure in a sentence, with high confidence after a complete month', () => {
    const { intake, daily } = simulate({
      trueKcal: 2400,
      eatsKcal: 1900,
      startKg: 85,
      noiseKg: 0.3,
      seed: 11,
    });

    const result = estimateExpenditure({ intake, daily, today: TODAY, formulaKcalPerDay: 2450 });

    expect(result.confidence).toBe('high');
    expect(result.explanation).toMatch(
      /^On the 28 days you logged in the last 28, you ate 1,[89]\d0 kcal a day and your trend weight fell 0\.\d\d kg a week \(\d{3} kcal a day drawn from your body\): you burn about 2,[34]\d0 kcal a day\.$/,
    );
  });

  it('leaves days without a log out instead of counting them as zero', () => {
    const { intake, daily } = simulate({
      logs: (index) => index % 3 !== 0,
      seed: 5,
    });

    const result = estimateExpenditure({ intake, daily, today: TODAY, formulaKcalPerDay: null });

    expect(result.loggedDays).toBeGreaterThanOrEqual(18);
    expect(result.loggedDays).toBeLessThan(28);
    expect(Math.abs((result.kcalPerDay ?? 0) - 2300)).toBeLessThanOrEqual(150);
  });

  it('never gives a value from fewer logged days than the minimum, and says what is missing', () => {
    const { intake, daily } = simulate({
      // The last 28 days: 13 logged.
      logs: (index) => index >= 28 && index < 28 + MIN_LOGGED_DAYS - 1,
      seed: 6,
    });

    const result = estimateExpenditure({ intake, daily, today: TODAY, formulaKcalPerDay: 2250 });

    expect(result).toMatchObject({ kcalPerDay: null, confidence: null, loggedDays: 13 });
    expect(result.explanation).toBe(
      'To measure what you burn, log your food on 14 of the last 28 days (so far 13). Until then, your body data and activity level say about 2,250 kcal a day.',
    );
  });

  it('asks for weigh-ins over two weeks when they span less', () => {
    const { intake, daily } = simulate({
      eatsKcal: 2300,
      eatsSpread: 200,
      days: 28,
      weighs: (index) => index >= 18,
      noiseKg: 0.3,
      seed: 7,
    });

    const result = estimateExpenditure({ intake, daily, today: TODAY, formulaKcalPerDay: null });

    expect(result.kcalPerDay).toBeNull();
    expect(result.explanation).toBe('To measure what you burn, weigh in over at least two weeks of them.');
  });

  it('has low confidence when logging is sparse and weigh-ins are far apart', () => {
    const { intake, daily } = simulate({
      logs: (index) => index % 2 === 0,
      weighs: (index) => index % 9 === 0,
      seed: 8,
    });

    const result = estimateExpenditure({ intake, daily, today: TODAY, formulaKcalPerDay: 2300 });

    expect(result.loggedDays).toBe(14);
    expect(result.kcalPerDay).not.toBeNull();
    expect(result.confidence).toBe('low');
  });

  it('lowers its confidence when the result is far from what the body data predicts', () => {
    const person = {
      trueKcal: 2400,
      eatsKcal: 2000,
      eatsSpread: 300,
      startKg: 85,
      days: 56,
      logs: everyDay,
      weighs: everyDay,
      noiseKg: 0.5,
      seed: 9,
    };
    const { intake, daily } = simulate(person);

    const near = estimateExpenditure({ intake, daily, today: TODAY, formulaKcalPerDay: 2350 });
    const far = estimateExpenditure({ intake, daily, today: TODAY, formulaKcalPerDay: 1600 });

    expect(near.confidence).toBe('high');
    expect(far.confidence).toBe('medium');
    expect(far.kcalPerDay).toBe(near.kcalPerDay);
  });

  it('does not count today, whose log is not finished', () => {
    const { intake, daily } = simulate({
      trueKcal: 2200,
      eatsKcal: 2200,
      eatsSpread: 100,
      startKg: 70,
      noiseKg: 0.2,
      seed: 10,
    });
    const withToday = [...intake, { date: TODAY, caloriesKcal: 300 }];

    expect(estimateExpenditure({ intake: withToday, daily, today: TODAY, formulaKcalPerDay: null })).toEqual(
      estimateExpenditure({ intake, daily, today: TODAY, formulaKcalPerDay: null }),
    );
  });
});
