import { describe, expect, it } from 'vitest';
import { accountChoiceToShow } from './deviceChoice';

describe('accountChoiceToShow', () => {
  it('shows the account’s choice, made on another device, over this device’s copy', () => {
    expect(accountChoiceToShow('system', 'system', 'dark')).toBe('dark');
  });

  it('changes nothing when the account and this device agree', () => {
    expect(accountChoiceToShow('light', 'light', 'light')).toBeNull();
  });

  it('keeps a choice made here while the account’s was being read', () => {
    expect(accountChoiceToShow('system', 'light', 'system')).toBeNull();
    expect(accountChoiceToShow('system', 'light', 'dark')).toBeNull();
  });
});
