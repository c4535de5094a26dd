import { describe, expect, it } from 'vitest';
import { untilOf } from './intents';

const NOW = new Date('2026-11-28T12:00:00.000Z');

describe('untilOf', () => {
  it('ends a chat mute or a suspension after the length chosen', () => {
    expect(untilOf('chatMute', 'hour', NOW)).toBe('2026-11-28T13:00:00.000Z');
    expect(untilOf('suspend', 'week', NOW)).toBe('2026-12-05T12:00:00.000Z');
  });

  it('leaves a suspension until lifted without an end, and refuses that for a chat mute', () => {
    expect(untilOf('suspend', 'lifted', NOW)).toBeUndefined();
    expect(untilOf('chatMute', 'lifted', NOW)).toBeNull();
    expect(untilOf('chatMute', 'forever', NOW)).toBeNull();
  });

  it('gives no end to actions that do not last', () => {
    expect(untilOf('hide', 'day', NOW)).toBeUndefined();
    expect(untilOf('warn', '', NOW)).toBeUndefined();
  });
});
