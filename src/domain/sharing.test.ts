import { describe, expect, it } from 'vitest';
import { defaultVisibility, sharedPoints, sharesHeartRate, sharesRoute } from './sharing';

describe('defaultVisibility', () => {
  it('takes the person’s default, else friends while they share activity, else private', () => {
    expect(defaultVisibility(undefined)).toBe('friends');
    expect(defaultVisibility({})).toBe('friends');
    expect(defaultVisibility({ shareActivity: false })).toBe('private');
    expect(defaultVisibility({ shareActivity: true, defaultVisibility: 'private' })).toBe('private');
    expect(defaultVisibility({ shareActivity: false, defaultVisibility: 'friends' })).toBe('friends');
    expect(defaultVisibility({ shareActivity: false, defaultVisibility: 'public' })).toBe('private');
  });
});

describe('sharesRoute and sharesHeartRate', () => {
  it('follow the workout’s own choice over the settings, and are off when neither says', () => {
    expect(sharesRoute(undefined, {})).toBe(false);
    expect(sharesRoute({ shareRoutes: true }, {})).toBe(true);
    expect(sharesRoute({ shareRoutes: true }, { showRoute: false })).toBe(false);
    expect(sharesRoute({ shareRoutes: false }, { showRoute: true })).toBe(true);
    expect(sharesHeartRate({ shareHeartRate: 'yes' }, {})).toBe(false);
    expect(sharesHeartRate({ shareHeartRate: false }, { showHeartRate: true })).toBe(true);
  });
});

describe('sharedPoints', () => {
  const points = [
    { t: 1, lat: 1, lon: 2, ele: 3, hr: 140 },
    { t: 2, lat: 1, lon: 2 },
  ];

  it('leaves heart rate out unless it is shared, and keeps time, position and height', () => {
    expect(sharedPoints(points, false)).toEqual([
      { t: 1, lat: 1, lon: 2, ele: 3 },
      { t: 2, lat: 1, lon: 2 },
    ]);
    expect(sharedPoints(points, true)).toEqual(points);
  });
});
