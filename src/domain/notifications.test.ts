import { describe, expect, it } from 'vitest';
import { notificationLink, notificationSentence, type NotificationRow } from './notifications';

const row = (fields: Partial<NotificationRow>): NotificationRow => ({
  id: 'n1',
  kind: 'friend-request',
  actor: 'sam',
  subject: null,
  challengeId: null,
  createdAt: '2026-11-26T08:00:00.000Z',
  read: false,
  ...fields,
});

describe('notifications', () => {
  it('reads as a sentence naming the person or the exercise', () => {
    expect(notificationSentence(row({}))).toBe('sam sent you a friend request.');
    expect(notificationSentence(row({ kind: 'friend-accepted' }))).toBe('sam accepted your friend request.');
    expect(notificationSentence(row({ kind: 'personal-record', actor: null, subject: 'Squat' }))).toBe(
      'New personal record in Squat.',
    );
  });

  it('names the winner of a challenge, or says it ended when nobody won', () => {
    const result = row({ kind: 'challenge-result', actor: 'Sam Rivers', subject: 'May miles' });
    expect(notificationSentence(result)).toBe('The challenge “May miles” has ended: Sam Rivers won.');
    expect(notificationSentence({ ...result, actor: null })).toBe('The challenge “May miles” has ended.');
  });

  it('leads to the page it is about', () => {
    expect(notificationLink(row({}))).toBe('/friends-ranking');
    expect(notificationLink(row({ kind: 'personal-record' }))).toBe('/');
    expect(notificationLink(row({ kind: 'challenge-invite', challengeId: 'abc123DEF0' }))).toBe(
      '/friends-ranking',
    );
  });

  it('opens the workout that kudos or a comment are about, on the friends page', () => {
    expect(notificationLink(row({ kind: 'kudos', activityId: 'abc123DEF0' }))).toBe(
      '/friends-ranking?workout=abc123DEF0',
    );
    expect(notificationLink(row({ kind: 'comment', activityId: 'abc123DEF0' }))).toBe(
      '/friends-ranking?workout=abc123DEF0',
    );
    expect(notificationLink(row({ kind: 'comment' }))).toBe('/');
  });

  it('opens the leaderboard of the challenge whose result it is', () => {
    expect(notificationLink(row({ kind: 'challenge-result', challengeId: 'abc123DEF0' }))).toBe(
      '/friends-ranking?challenge=abc123DEF0',
    );
  });
});
