import { useId } from 'react';
import { useFetcher } from 'react-router';
import type { Theme } from '@/domain/contract';
import { isLanguage, LANGUAGE_NAMES, LANGUAGES } from '@/domain/languages';
import { chooseLanguage, useT, type MessageId } from '@/i18n';
import { chooseTheme } from '@/lib/theme';
import type { SettingsActionResult } from '../actionResult';
import type { MySettings } from '../types';
import { SettingsSection } from './SettingsSection';
import { refusalIn } from '@/lib/routeActions';

const THEME_CHOICES: readonly { value: Theme; label: MessageId }[] = [
  { value: 'system', label: 'settings.appearance.themeSystem' },
  { value: 'light', label: 'settings.appearance.themeLight' },
  { value: 'dark', label: 'settings.appearance.themeDark' },
];

/**
 * The theme and the language, each shown the moment it is chosen and saved with the account, so
 * every device of the person follows it. No save button: choosing is the change.
 */
export function AppearanceForm({ settings }: { settings: MySettings }) {
  const t = useT();
  const fetcher = useFetcher<SettingsActionResult>();
  const languageId = useId();
  const errors = refusalIn(fetcher.data)?.fieldErrors ?? {};
  return (
    <SettingsSection id="appearance" title={t('settings.appearance.title')} result={fetcher.data}>
      <fetcher.Form
        method="post"
        onChange={(event) => {
          const field: EventTarget = event.target;
          if (field instanceof HTMLInputElement && field.name === 'theme') {
            chooseTheme(field.value as Theme);
            void fetcher.submit(event.currentTarget);
          } else if (field instanceof HTMLSelectElement && field.name === 'language') {
            const language = field.value;
            void chooseLanguage(isLanguage(language) ? language : undefined).catch(() => undefined);
            // Its own intent: the theme in the same form stays as it is.
            void fetcher.submit({ intent: 'language', language }, { method: 'post' });
          }
        }}
      >
        <input type="hidden" name="intent" value="appearance" />
        <fieldset className="choice-list">
          <legend>{t('settings.appearance.theme')}</legend>
          {THEME_CHOICES.map((choice) => (
            <label key={choice.value}>
              <input
                type="radio"
                name="theme"
                value={choice.value}
                defaultChecked={settings.theme === choice.value}
              />
              {t(choice.label)}
            </label>
          ))}
          {errors.theme ? <p className="field-error">{errors.theme}</p> : null}
        </fieldset>
        <div className="form-field">
          <label htmlFor={languageId}>{t('settings.appearance.language')}</label>
          <select id={languageId} name="language" defaultValue={settings.language ?? ''}>
            <option value="">{t('settings.appearance.languageBrowser')}</option>
            {LANGUAGES.map((language) => (
              // Each language in its own words, whatever language the page is in.
              <option key={language} value={language} lang={language}>
                {LANGUAGE_NAMES[language]}
              </option>
            ))}
          </select>
          {errors.language ? <p className="field-error">{errors.language}</p> : null}
        </div>
      </fetcher.Form>
    </SettingsSection>
  );
}
