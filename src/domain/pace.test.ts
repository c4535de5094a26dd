import { describe, expect, it } from 'vitest';
import { clockText, paceOrSpeed, showsPace } from './pace';

describe('paceOrSpeed', () => {
  it('gives a run’s pace per kilometre', () => {
    expect(paceOrSpeed('run', 10, 50 * 60, 'metric')).toEqual({ kind: 'pace', secondsPerUnit: 300 });
  });

  it('gives a walk’s pace per mile in imperial units', () => {
    const pace = paceOrSpeed('walk', 1.609344, 15 * 60, 'imperial');
    expect(pace?.kind).toBe('pace');
    expect(pace?.kind === 'pace' ? pace.secondsPerUnit : 0).toBeCloseTo(900, 6);
  });

  it('gives a ride’s speed per hour, in mph in imperial units', () => {
    expect(paceOrSpeed('cycle', 30, 3600, 'metric')).toEqual({ kind: 'speed', perHour: 30 });
    const speed = paceOrSpeed('cycle', 32.18688, 3600, 'imperial');
    expect(speed?.kind === 'speed' ? speed.perHour : 0).toBeCloseTo(20, 6);
  });

  it('gives nothing without a distance or a time', () => {
    expect(paceOrSpeed('run', null, 600, 'metric')).toBeNull();
    expect(paceOrSpeed('run', 0, 600, 'metric')).toBeNull();
    expect(paceOrSpeed('cycle', 5, 0, 'metric')).toBeNull();
  });
});

describe('showsPace', () => {
  it('is true for workouts on foot only', () => {
    expect((['run', 'walk', 'hike'] as const).every(showsPace)).toBe(true);
    expect((['cycle', 'swim', 'row', 'strength'] as const).some(showsPace)).toBe(false);
  });
});

describe('clockText', () => {
  it('reads m:ss under an hour and h:mm:ss from an hour on', () => {
    expect(clockText(307)).toBe('5:07');
    expect(clockText(3723)).toBe('1:02:03');
    expect(clockText(59.6)).toBe('1:00');
  });
});
