import { useFetcher } from 'react-router';
import type { Theme } from '@/domain/contract';
import { chooseTheme } from '@/lib/theme';
import type { SettingsActionResult } from '../actionResult';
import type { MySettings } from '../types';
import { SettingsSection } from './SettingsSection';

const THEME_CHOICES: readonly { value: Theme; label: string }[] = [
  { value: 'system', label: 'Like this device (light or dark as its settings say)' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];

/**
 * The theme, shown the moment it is chosen and saved with the account, so every device of the
 * person follows it. No save button: choosing is the change.
 */
export function AppearanceForm({ settings }: { settings: MySettings }) {
  const fetcher = useFetcher<SettingsActionResult>();
  const error = fetcher.data?.fieldErrors?.theme;
  return (
    <SettingsSection id="appearance" title="Appearance" result={fetcher.data}>
      <fetcher.Form
        method="post"
        onChange={(event) => {
          const field: EventTarget = event.target;
          if (!(field instanceof HTMLInputElement) || field.name !== 'theme') return;
          chooseTheme(field.value as Theme);
          void fetcher.submit(event.currentTarget);
        }}
      >
        <input type="hidden" name="intent" value="appearance" />
        <fieldset className="choice-list">
          <legend>Theme</legend>
          {THEME_CHOICES.map((choice) => (
            <label key={choice.value}>
              <input
                type="radio"
                name="theme"
                value={choice.value}
                defaultChecked={settings.theme === choice.value}
              />
              {choice.label}
            </label>
          ))}
          {error ? <p className="field-error">{error}</p> : null}
        </fieldset>
      </fetcher.Form>
    </SettingsSection>
  );
}
