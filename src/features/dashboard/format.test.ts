import { describe, expect, it } from 'vitest';
import type { DashboardWeight } from '@/domain/dashboard';
import { t } from '@/i18n';
import { forecastSentence, formatKcal, formatMinutes, titleForDay } from './format';

const WEIGHT: DashboardWeight = {
  weightUnit: 'kg',
  trendKg: 82,
  weeklyChangeKg: -0.4,
  weeklyRateKg: -0.5,
  goalWeightKg: 75,
  forecast: { kind: 'reached' },
  lastWeighIn: '2026-03-12',
};

describe('dashboard wording', () => {
  it('writes energy and minutes as people read them', () => {
    expect(formatKcal(1449.6)).toBe('1,450 kcal');
    expect(formatMinutes(45)).toBe('45 min');
    expect(formatMinutes(120)).toBe('2 h');
    expect(formatMinutes(150)).toBe('2 h 30 min');
    expect(t('dashboard.streak.longest', { count: 1 })).toBe('Longest: 1 day.');
    expect(t('dashboard.streak.longest', { count: 0 })).toBe('Longest: 0 days.');
  });

  it('says today for today and names any other day', () => {
    expect(titleForDay('calories', '2026-03-12', '2026-03-12')).toBe('Calories today');
    expect(titleForDay('calories', '2026-03-11', '2026-03-12')).toBe('Calories on 11 March');
  });

  it('words each kind of forecast in the person’s unit, and nothing without a goal', () => {
    expect(forecastSentence(WEIGHT)).toBe('You are at your goal of 75.0 kg.');
    expect(
      forecastSentence({
        ...WEIGHT,
        weightUnit: 'st',
        forecast: { kind: 'date', date: '2026-06-01', weeks: 12 },
      }),
    ).toBe('At this rate you reach 11 st 11.3 lb around 1 June 2026.');
    expect(forecastSentence({ ...WEIGHT, forecast: { kind: 'away' } })).toBe(
      'Your trend is moving away from your goal of 75.0 kg.',
    );
    expect(forecastSentence({ ...WEIGHT, forecast: { kind: 'flat' } })).toBe(
      'Your trend is flat, so there is no date yet for your goal of 75.0 kg.',
    );
    expect(forecastSentence({ ...WEIGHT, goalWeightKg: null, forecast: null })).toBeNull();
  });
});
