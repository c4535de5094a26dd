import { describe, expect, it } from 'vitest';
import { authorLabel, mergeMessages, withoutMessage } from './messages';
import type { ChatMessage } from './types';

const message = (id: string, createdAt: string, text = id): ChatMessage => ({
  id,
  room: 'topic:run',
  authorId: 'u1',
  authorName: 'Una',
  text,
  createdAt,
  hidden: false,
});

describe('mergeMessages', () => {
  it('keeps each id once and sorts oldest first', () => {
    const current = [message('a', '2026-03-01T10:00:00.000Z'), message('c', '2026-03-01T10:02:00.000Z')];
    const merged = mergeMessages(current, [
      message('b', '2026-03-01T10:01:00.000Z'),
      message('c', '2026-03-01T10:02:00.000Z'),
      message('b', '2026-03-01T10:01:00.000Z'),
    ]);
    expect(merged.map((m) => m.id)).toEqual(['a', 'b', 'c']);
  });

  it('answers the same list when nothing is new', () => {
    const current = [message('a', '2026-03-01T10:00:00.000Z')];
    expect(mergeMessages(current, [message('a', '2026-03-01T10:00:00.000Z')])).toBe(current);
  });

  it('orders messages of the same millisecond by id', () => {
    const at = '2026-03-01T10:00:00.000Z';
    expect(mergeMessages([message('z', at)], [message('m', at)]).map((m) => m.id)).toEqual(['m', 'z']);
  });
});

describe('withoutMessage', () => {
  it('removes by id and answers the same list for an unknown id', () => {
    const current = [message('a', '2026-03-01T10:00:00.000Z'), message('b', '2026-03-01T10:01:00.000Z')];
    expect(withoutMessage(current, 'a').map((m) => m.id)).toEqual(['b']);
    expect(withoutMessage(current, 'x')).toBe(current);
  });
});

describe('authorLabel', () => {
  it('says You, a friend’s current name, the name recorded with the message, or a label from the id', () => {
    const names = { friend1: 'Anna Berg' };
    expect(authorLabel({ authorId: 'me', authorName: 'Me' }, 'me', names)).toBe('You');
    expect(authorLabel({ authorId: 'friend1', authorName: 'Old name' }, 'me', names)).toBe('Anna Berg');
    expect(authorLabel({ authorId: 'Xy12ab3f9a', authorName: 'Runner Ray' }, 'me', names)).toBe('Runner Ray');
    expect(authorLabel({ authorId: 'Xy12ab3f9a', authorName: '' }, 'me', names)).toBe('Member 3f9a');
  });
});
