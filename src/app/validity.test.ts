import { describe, expect, it } from 'vitest';
import { isIsoDate } from '@/domain/dates';
import { requireValidSearch } from './validity';

const request = (query: string) => new Request(`http://localhost/nutrition-log${query}`);
const checks = { date: isIsoDate, days: (value: string) => value === '7' || value === '30' };

describe('requireValidSearch', () => {
  it('answers the parameters when every checked one present is well formed', () => {
    expect(requireValidSearch(request('?date=2026-11-22&days=30'), checks).get('days')).toBe('30');
    expect(requireValidSearch(request(''), checks).get('date')).toBeNull();
  });

  it('throws the 404 answer for a malformed parameter', () => {
    for (const query of ['?date=2026-02-30', '?date=yesterday', '?days=365']) {
      let thrown: unknown;
      try {
        requireValidSearch(request(query), checks);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toMatchObject({ init: { status: 404 }, data: 'This page could not be found' });
    }
  });
});
