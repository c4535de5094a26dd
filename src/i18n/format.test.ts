import { afterAll, describe, expect, it } from 'vitest';
import { currentLanguage, loadNamespaces, showLanguage, t } from '@/i18n';
import { formatDate } from './dates';
import { formatNumber } from './numbers';

// The unit tests run in English; these switch and come back.
afterAll(() => showLanguage('en'));

describe('formatting in the language shown', () => {
  it('writes numbers, dates and plurals the way each language does', async () => {
    const day = new Date(2026, 2, 3, 8, 30);
    const expected = {
      en: {
        number: '1,520.5',
        date: 'Tuesday 3 March 2026',
        one: '1 workout this week.',
        many: '1,200 workouts this week.',
      },
      de: {
        number: '1.520,5',
        date: 'Dienstag 3 März 2026',
        one: '1 Training diese Woche.',
        many: '1.200 Trainings diese Woche.',
      },
      fr: { number: '1 520,5', date: 'mardi 3 mars 2026' },
      es: { number: '1520,5', date: 'martes 3 marzo 2026' },
    } as const;
    for (const [language, want] of Object.entries(expected)) {
      await showLanguage(language as keyof typeof expected);
      await loadNamespaces(['dashboard']);
      expect(currentLanguage()).toBe(language);
      expect(document.documentElement.lang).toBe(language);
      // Intl writes French groups with a narrow no-break space.
      expect(formatNumber(1520.5).replace(/\u202f|\u00a0/g, ' ')).toBe(want.number);
      expect(formatDate(day, 'EEEE d MMMM yyyy')).toBe(want.date);
      if ('one' in want) {
        expect(t('dashboard.week.sessionsThisWeek', { count: 1 })).toBe(want.one);
        expect(t('dashboard.week.sessionsThisWeek', { count: 1200 })).toBe(want.many);
      }
    }
  });
});
