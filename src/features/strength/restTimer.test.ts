import { describe, expect, it } from 'vitest';
import { memoryStorage } from '@/test/memoryStorage';
import { DEFAULT_REST_S } from '@/domain/strength';
import {
  extendRest,
  loadRest,
  REST_TIMER_STORAGE_KEY,
  restChoiceText,
  restSecondsOf,
  saveRest,
  secondsLeft,
  startRest,
} from './restTimer';

const T0 = Date.UTC(2026, 0, 5, 18, 0, 0);

describe('rest timer', () => {
  it('rests as long as the exercise asks, else the default', () => {
    expect(restSecondsOf({ restS: 120 })).toBe(120);
    expect(restSecondsOf({ restS: 0 })).toBe(0);
    expect(restSecondsOf({})).toBe(DEFAULT_REST_S);
  });

  it('counts whole seconds down to 0', () => {
    const rest = startRest(90, T0);
    expect(secondsLeft(rest, T0)).toBe(90);
    expect(secondsLeft(rest, T0 + 250)).toBe(90);
    expect(secondsLeft(rest, T0 + 1000)).toBe(89);
    expect(secondsLeft(rest, T0 + 89_999)).toBe(1);
    expect(secondsLeft(rest, T0 + 95_000)).toBe(0);
  });

  it('extends from the end of the rest, or from now once it is over', () => {
    const rest = startRest(90, T0);
    expect(extendRest(rest, 15, T0 + 30_000)).toEqual({ endsAt: T0 + 105_000, totalS: 105 });
    expect(extendRest(rest, 15, T0 + 100_000)).toEqual({ endsAt: T0 + 115_000, totalS: 105 });
  });

  it('resumes a running rest from storage and drops an ended or unreadable one', () => {
    const storage = memoryStorage();
    saveRest(storage, startRest(90, T0));
    expect(loadRest(storage, T0 + 30_000)).toEqual({ endsAt: T0 + 90_000, totalS: 90 });

    expect(loadRest(storage, T0 + 90_000)).toBeNull();
    expect(storage.items.has(REST_TIMER_STORAGE_KEY)).toBe(false);

    storage.setItem(REST_TIMER_STORAGE_KEY, '{"endsAt":');
    expect(loadRest(storage, T0)).toBeNull();
    // Ending in an hour, after a rest of 90 s: a clock set back meanwhile.
    storage.setItem(REST_TIMER_STORAGE_KEY, JSON.stringify({ endsAt: T0 + 3_600_000, totalS: 90 }));
    expect(loadRest(storage, T0)).toBeNull();
    expect(loadRest(null, T0)).toBeNull();
  });

  it('writes a rest as minutes and seconds, and none as words', () => {
    expect([0, 45, 90, 600].map(restChoiceText)).toEqual(['No rest', '0:45', '1:30', '10:00']);
  });
});
