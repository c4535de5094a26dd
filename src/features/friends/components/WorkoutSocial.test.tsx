import { describe, expect, it } from 'vitest';
import { t } from '@/i18n';
import { kudosLine } from './WorkoutSocial';

describe('kudosLine', () => {
  it('names the givers the server named, then how many others', () => {
    expect(kudosLine(t, { count: 0, given: false, names: [] })).toBe('No kudos yet.');
    expect(kudosLine(t, { count: 1, given: false, names: ['Sam'] })).toBe('Kudos from Sam.');
    expect(kudosLine(t, { count: 2, given: false, names: ['Sam', 'Ada'] })).toBe('Kudos from Sam and Ada.');
    expect(kudosLine(t, { count: 4, given: true, names: ['Sam'] })).toBe('Kudos from Sam and 3 others.');
    expect(kudosLine(t, { count: 6, given: true, names: ['Sam', 'Ada', 'Bo'] })).toBe(
      'Kudos from Sam, Ada, Bo and 3 others.',
    );
  });

  it('counts kudos whose givers it may not name', () => {
    expect(kudosLine(t, { count: 2, given: false, names: [] })).toBe('2 kudos.');
  });
});
