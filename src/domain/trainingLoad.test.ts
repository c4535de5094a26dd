import { describe, expect, it } from 'vitest';
import {
  banisterTrimp,
  dailyLoads,
  dailyShare,
  effortLoad,
  emptyStateBefore,
  loadDaysFrom,
  sessionRpe,
  trimpWeighting,
  weekLoad,
  workoutLoad,
} from './trainingLoad';

/** One reading a second for `seconds` seconds at `hr`. */
function steady(hr: number, seconds: number) {
  return Array.from({ length: seconds + 1 }, (_, index) => ({ t: index * 1000, hr }));
}

const person = { restingHr: 60, maxHr: 180 };

describe('trimpWeighting', () => {
  it('gives 0.64·e^(1.92x) for men and 0.86·e^(1.67x) for women (Banister)', () => {
    // x = 0.75: 0.64 × e^1.44 = 0.64 × 4.22070 = 2.70125; 0.86 × e^1.2525 = 0.86 × 3.49908 = 3.00921.
    expect(trimpWeighting(0.75, 'male')).toBeCloseTo(2.70125, 4);
    expect(trimpWeighting(0.75, 'female')).toBeCloseTo(3.00921, 4);
  });

  it('takes the mean of the two when the sex is unknown or neither', () => {
    expect(trimpWeighting(0.75, undefined)).toBeCloseTo((2.70125 + 3.00921) / 2, 4);
    expect(trimpWeighting(0.75, 'other')).toBeCloseTo(2.85523, 4);
  });
});

describe('banisterTrimp', () => {
  it('gives 30 min × 0.75 × weighting for half an hour at 150 with rest 60 and max 180 (worked by hand)', () => {
    // x = (150 − 60) / (180 − 60) = 0.75; men 30 × 0.75 × 2.70125 = 60.78, women 30 × 0.75 × 3.00921 = 67.71.
    expect(banisterTrimp(steady(150, 1800), { ...person, sex: 'male' })).toBeCloseTo(60.78, 1);
    expect(banisterTrimp(steady(150, 1800), { ...person, sex: 'female' })).toBeCloseTo(67.71, 1);
  });

  it('keeps the share of reserve within 0…1 and answers null without heart rate', () => {
    // Above the maximum counts as x = 1: 10 × 1 × 0.64 × e^1.92 = 10 × 4.36524 = 43.65.
    expect(banisterTrimp(steady(200, 600), { ...person, sex: 'male' })).toBeCloseTo(43.65, 1);
    expect(banisterTrimp(steady(50, 600), person)).toBe(0);
    expect(banisterTrimp([{ t: 0 }, { t: 1000 }], person)).toBeNull();
  });
});

describe('sessionRpe', () => {
  it('multiplies effort by minutes (Foster): effort 7 for 60 minutes is 420', () => {
    expect(sessionRpe(7, 60)).toBe(420);
  });
});

describe('effortLoad', () => {
  it('reads effort 7 as 70 % of reserve: 60 × 0.7 × 0.64 × e^1.344 = 103.07 for a man', () => {
    // e^1.344 = 3.83444; 0.64 × 3.83444 = 2.45404; 60 × 0.7 × 2.45404 = 103.07.
    expect(effortLoad(7, 60, 'male')).toBeCloseTo(103.07, 1);
  });

  it('puts an hour at effort 7 level with an hour at 70 % of reserve from heart rate', () => {
    const fromHeartRate = banisterTrimp(steady(60 + 0.7 * 120, 3600), { ...person, sex: 'female' });
    expect(effortLoad(7, 60, 'female')).toBeCloseTo(fromHeartRate ?? 0, 6);
  });
});

describe('workoutLoad', () => {
  it('prefers heart rate, then effort, else nothing', () => {
    const male = { ...person, sex: 'male' as const };
    expect(workoutLoad({ durationMin: 30, effort: 2, track: steady(150, 1800) }, male)).toBeCloseTo(60.78, 1);
    expect(workoutLoad({ durationMin: 60, effort: 7, track: [{ t: 0 }] }, male)).toBeCloseTo(103.07, 1);
    expect(workoutLoad({ durationMin: 60 }, male)).toBeNull();
  });
});

describe('dailyLoads', () => {
  it('adds the loads of one local day', () => {
    const loads = dailyLoads(
      [
        { startedAt: new Date('2026-11-20T06:00:00Z'), load: 40 },
        { startedAt: new Date('2026-11-19T23:30:00Z'), load: 10 }, // 20 Nov in Berlin
      ],
      'Europe/Berlin',
    );
    expect([...loads]).toEqual([['2026-11-20', 50]]);
  });
});

describe('dailyShare', () => {
  it('is 1 − e^(−1/τ): 0.133122 for 7 days and 0.023528 for 42', () => {
    expect(dailyShare(7)).toBeCloseTo(0.133122, 6);
    expect(dailyShare(42)).toBeCloseTo(0.023528, 6);
  });
});

describe('loadDaysFrom', () => {
  /*
   * Worked by hand, k7 = 1 − e^(−1/7) = 0.133122, k42 = 1 − e^(−1/42) = 0.023528, loads 100, 0, 50:
   * day 1: fatigue 0.133122 × 100 = 13.3122; fitness 0.023528 × 100 = 2.3528; form −10.9594
   * day 2: fatigue 13.3122 × (1 − 0.133122) = 11.5401; fitness 2.3528 × 0.976472 = 2.2975; form −9.2426
   * day 3: fatigue 11.5401 + 0.133122 × (50 − 11.5401) = 16.6599;
   *        fitness 2.2975 + 0.023528 × (50 − 2.2975) = 3.4198; form −13.2401
   */
  const loads = new Map([
    ['2026-01-01', 100],
    ['2026-01-03', 50],
  ]);

  it('follows the worked example', () => {
    const days = loadDaysFrom(emptyStateBefore('2026-01-01'), loads, '2026-01-03');
    expect(days.map(({ date }) => date)).toEqual(['2026-01-01', '2026-01-02', '2026-01-03']);
    const expected = [
      [2.3528, 13.3122, -10.9594],
      [2.2975, 11.5401, -9.2426],
      [3.4198, 16.6599, -13.2401],
    ];
    days.forEach((day, index) => {
      const [fitness, fatigue, form] = expected[index] ?? [];
      expect(day.fitness).toBeCloseTo(fitness ?? NaN, 3);
      expect(day.fatigue).toBeCloseTo(fatigue ?? NaN, 3);
      expect(day.form).toBeCloseTo(form ?? NaN, 3);
    });
  });

  it('recomputed from a stored day gives what the whole history gives', () => {
    const history = new Map<string, number>();
    for (let day = 1; day <= 28; day += 1)
      history.set(`2026-02-${String(day).padStart(2, '0')}`, (day * 37) % 90);
    const whole = loadDaysFrom(emptyStateBefore('2026-02-01'), history, '2026-03-10');
    const stored = whole.find(({ date }) => date === '2026-02-14');
    history.set('2026-02-15', 120);
    const updated = loadDaysFrom(stored ?? emptyStateBefore('2026-02-15'), history, '2026-03-10');
    const recomputed = loadDaysFrom(emptyStateBefore('2026-02-01'), history, '2026-03-10');
    expect(updated[0]?.date).toBe('2026-02-15');
    expect(updated).toEqual(recomputed.slice(recomputed.length - updated.length));
  });

  it('answers nothing when the stored day is the last one', () => {
    expect(loadDaysFrom({ date: '2026-01-03', fitness: 1, fatigue: 1 }, loads, '2026-01-03')).toEqual([]);
  });
});

describe('weekLoad', () => {
  function loadsOf(entries: [back: number, load: number][]) {
    const day = new Date('2026-03-31T00:00:00Z');
    return new Map(
      entries.map(([back, load]) => [
        new Date(day.getTime() - back * 86_400_000).toISOString().slice(0, 10),
        load,
      ]),
    );
  }

  it('warns when the week is more than 1.5 × the four weeks before', () => {
    // Four weeks before: 100 a week (one workout each); this week 151 > 1.5 × 100.
    const loads = loadsOf([
      [0, 151],
      [7, 100],
      [14, 100],
      [21, 100],
      [34, 100],
    ]);
    expect(weekLoad(loads, '2026-03-31')).toEqual({ week: 151, fourWeekAverage: 100, warning: true });
  });

  it('does not warn at exactly 1.5 ×, nor without load in the four weeks before', () => {
    expect(
      weekLoad(
        loadsOf([
          [6, 150],
          [7, 400],
        ]),
        '2026-03-31',
      ).warning,
    ).toBe(false);
    expect(
      weekLoad(
        loadsOf([
          [0, 500],
          [35, 100],
        ]),
        '2026-03-31',
      ),
    ).toEqual({ week: 500, fourWeekAverage: 0, warning: false });
  });
});
