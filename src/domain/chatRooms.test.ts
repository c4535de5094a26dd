import { describe, expect, it } from 'vitest';
import { dmRoomKey, parseRoomKey, topicRoomKey } from './chatRooms';

describe('chat room keys', () => {
  it('parses a topic room of a known activity type', () => {
    expect(parseRoomKey(topicRoomKey('run'))).toEqual({
      kind: 'topic',
      key: 'topic:run',
      activityType: 'run',
    });
  });

  it('sorts the two ids of a friend room so both friends name the same room', () => {
    expect(dmRoomKey('zed123', 'abc456')).toBe('dm:abc456:zed123');
    expect(parseRoomKey(dmRoomKey('zed123', 'abc456'))).toEqual({
      kind: 'dm',
      key: 'dm:abc456:zed123',
      userIds: ['abc456', 'zed123'],
    });
  });

  it('refuses unknown topics, unsorted or equal ids and other shapes', () => {
    for (const key of ['topic:chess', 'dm:b:a', 'dm:a:a', 'dm:a', 'topic:run:x', 'room', 'dm:a b:c', '']) {
      expect(parseRoomKey(key), key).toBeNull();
    }
  });
});
