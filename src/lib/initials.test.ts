import { describe, expect, it } from 'vitest';
import { initials } from './initials';

describe('initials', () => {
  it('takes the first letters of two words, or the first two letters of one', () => {
    expect(initials('Anna Berg')).toBe('AB');
    expect(initials('anders')).toBe('AN');
    expect(initials('e2e_ab12cd34')).toBe('EA');
    expect(initials('zoë')).toBe('ZO');
    expect(initials('  ')).toBe('?');
  });
});
