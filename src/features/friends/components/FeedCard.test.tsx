import { describe, expect, it } from 'vitest';
import type { FeedItem } from '@/domain/social';
import { t } from '@/i18n';
import { feedFacts } from './FeedCard';

const RUN: FeedItem = {
  activityId: 'a1',
  owner: { userId: 'u1', username: 'sam', displayName: 'Sam', avatarUrl: null },
  type: 'run',
  startedAt: '2026-03-14T07:00:00.000Z',
  durationMin: 45,
  distanceKm: 8.4,
  movingTimeS: null,
  elevationGainM: null,
  kudosCount: 0,
  commentCount: 0,
  kudosGiven: false,
  commentsOff: false,
};

describe('feedFacts', () => {
  it("reads a friend's distance in the reader's units", () => {
    expect(feedFacts(t, RUN, 'metric')).toEqual(['Running', '8.4 km', '45 min']);
    expect(feedFacts(t, RUN, 'imperial')).toEqual(['Running', '5.2 mi', '45 min']);
  });

  it('leaves the distance out of a workout without one', () => {
    expect(feedFacts(t, { ...RUN, type: 'strength', distanceKm: null }, 'imperial')).toEqual([
      'Strength',
      '45 min',
    ]);
  });
});
