import { describe, expect, it } from 'vitest';
import { parseAppearanceForm, parseLanguageForm, parseNotificationsForm } from './form';

function formWith(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
}

describe('parseAppearanceForm', () => {
  it('takes system, light or dark', () => {
    for (const theme of ['system', 'light', 'dark']) {
      expect(parseAppearanceForm(formWith({ theme }))).toEqual({ value: { theme } });
    }
  });

  it('refuses anything else with a sentence', () => {
    for (const fields of [{ theme: 'purple' }, { theme: '' }, {}] as Record<string, string>[]) {
      expect(parseAppearanceForm(formWith(fields))).toEqual({
        fieldErrors: { theme: 'Choose system, light or dark.' },
      });
    }
  });
});

describe('parseLanguageForm', () => {
  it('takes each language the app speaks', () => {
    for (const language of ['en', 'de', 'fr', 'es']) {
      expect(parseLanguageForm(formWith({ language }))).toEqual({ value: { language } });
    }
  });

  it('reads an empty choice as following the browser, which unsets the stored language', () => {
    expect(parseLanguageForm(formWith({ language: '' }))).toEqual({ value: { language: null } });
  });

  it('refuses a language it does not speak with a sentence naming the field', () => {
    for (const language of ['it', 'EN', 'de-AT']) {
      expect(parseLanguageForm(formWith({ language }))).toEqual({
        fieldErrors: { language: 'Choose a language from the list.' },
      });
    }
  });
});

describe('parseNotificationsForm', () => {
  it('reads the switches and the times of day', () => {
    expect(
      parseNotificationsForm(
        formWith({
          weighInReminder: 'on',
          weighInReminderTime: '06:45',
          quietHours: 'on',
          quietHoursStart: '23:00',
          quietHoursEnd: '06:30',
        }),
      ),
    ).toEqual({
      value: {
        weeklySummary: false,
        weighInReminder: true,
        weighInReminderTime: '06:45',
        streakReminder: false,
        quietHours: true,
        quietHoursStart: '23:00',
        quietHoursEnd: '06:30',
      },
    });
  });

  it('names each time that is not hours and minutes', () => {
    expect(
      parseNotificationsForm(
        formWith({ weighInReminderTime: '7am', quietHoursStart: '25:00', quietHoursEnd: '' }),
      ),
    ).toEqual({
      fieldErrors: {
        weighInReminderTime: 'Enter the time of the weigh-in reminder as hours and minutes, such as 07:30.',
        quietHoursStart: 'Enter when quiet hours begin as hours and minutes, such as 07:30.',
        quietHoursEnd: 'Enter when quiet hours end as hours and minutes, such as 07:30.',
      },
    });
  });
});
