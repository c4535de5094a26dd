import { beforeEach, describe, expect, it } from 'vitest';
import { dmRoomKey } from '@/domain/chatRooms';
import { markSeen, readLastSeen, roomEntries, unreadBadgeText } from './rooms';

describe('roomEntries', () => {
  it('lists one room per activity type, then one per friend by the name the server shows', () => {
    const rooms = roomEntries('me1', [
      { userId: 'ann1', username: 'anna', displayName: 'Anna Berg', avatarUrl: null },
      { userId: 'zed9', username: 'zed9x', displayName: 'zed', avatarUrl: null },
    ]);
    expect(rooms.slice(0, 2)).toEqual([
      { kind: 'topic', key: 'topic:run', label: 'Running', activityType: 'run' },
      { kind: 'topic', key: 'topic:walk', label: 'Walking', activityType: 'walk' },
    ]);
    expect(rooms.filter((room) => room.kind === 'topic')).toHaveLength(10);
    const friends = rooms.filter((room) => room.kind === 'dm');
    expect(friends.map((room) => [room.key, room.label])).toEqual([
      [dmRoomKey('me1', 'ann1'), 'Anna Berg'],
      [dmRoomKey('me1', 'zed9'), 'zed'],
    ]);
  });
});

describe('initials and badges', () => {
  it('takes two letters', () => {});

  it('caps the badge at 99+', () => {
    expect(unreadBadgeText(5)).toBe('5');
    expect(unreadBadgeText(100)).toBe('99+');
  });
});

describe('last seen', () => {
  beforeEach(() => localStorage.clear());

  it('remembers the newest time per person and room, never going back', () => {
    markSeen('me1', 'topic:run', '2026-03-01T10:00:00.000Z');
    markSeen('me1', 'topic:run', '2026-02-01T10:00:00.000Z');
    markSeen('me1', 'topic:swim', '2026-03-02T10:00:00.000Z');
    markSeen('other', 'topic:run', '2026-04-01T10:00:00.000Z');
    expect(readLastSeen('me1')).toEqual({
      'topic:run': '2026-03-01T10:00:00.000Z',
      'topic:swim': '2026-03-02T10:00:00.000Z',
    });
  });

  it('reads a damaged entry as nothing seen', () => {
    localStorage.setItem('fitstreak:chat-seen:me1', '[oops');
    expect(readLastSeen('me1')).toEqual({});
  });
});
