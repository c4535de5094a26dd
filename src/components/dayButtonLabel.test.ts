import { describe, expect, it } from 'vitest';
import { dayButtonLabel } from './dayButtonLabel';

const friday = new Date(2026, 10, 20);

describe('dayButtonLabel', () => {
  it('names the day with its number as a word, as the button shows it', () => {
    expect(dayButtonLabel(friday, {})).toBe('Friday 20 November 2026');
  });

  it('adds today, the detail and selected in that order', () => {
    expect(dayButtonLabel(friday, { today: true, selected: true }, '40 min active')).toBe(
      'Friday 20 November 2026, today, 40 min active, selected',
    );
  });
});
