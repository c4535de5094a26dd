import { describe, expect, it } from 'vitest';
import { initialRoomState, roomReducer } from './roomState';
import type { ChatMessage } from './types';

const message = (id: string, minute: number): ChatMessage => ({
  id,
  room: 'topic:run',
  authorId: 'u1',
  authorName: 'Una',
  text: id,
  createdAt: new Date(Date.UTC(2026, 2, 1, 10, minute)).toISOString(),
  hidden: false,
});

describe('roomReducer', () => {
  it('puts older pages before the messages shown, each message once', () => {
    const start = initialRoomState({ messages: [message('c', 3), message('d', 4)], hasOlder: true });
    const state = roomReducer(start, {
      type: 'older',
      page: { messages: [message('a', 1), message('b', 2), message('c', 3)], hasOlder: false },
    });
    expect(state.messages.map((m) => m.id)).toEqual(['a', 'b', 'c', 'd']);
    expect(state.hasOlder).toBe(false);
  });

  it('never brings back a message deleted while a fetch was under way', () => {
    const start = initialRoomState({ messages: [message('a', 1), message('b', 2)], hasOlder: false });
    const afterDelete = roomReducer(start, { type: 'remove', id: 'b' });
    const afterFetch = roomReducer(afterDelete, {
      type: 'merge',
      messages: [message('b', 2), message('c', 3)],
    });
    expect(afterFetch.messages.map((m) => m.id)).toEqual(['a', 'c']);
  });

  it('replaces a message that changed, and ignores one it does not hold', () => {
    const start = initialRoomState({ messages: [message('a', 1)], hasOlder: false });
    const hidden = roomReducer(start, { type: 'update', message: { ...message('a', 1), hidden: true } });
    expect(hidden.messages[0]?.hidden).toBe(true);
    expect(roomReducer(start, { type: 'update', message: message('z', 9) })).toBe(start);
  });

  it('answers the same state when a merge adds nothing', () => {
    const start = initialRoomState({ messages: [message('a', 1)], hasOlder: false });
    expect(roomReducer(start, { type: 'merge', messages: [message('a', 1)] })).toBe(start);
  });
});
