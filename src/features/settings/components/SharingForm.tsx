import { useFetcher } from 'react-router';
import { useT } from '@/i18n';
import type { SettingsActionResult } from '../actionResult';
import type { MySettings } from '../types';
import { SaveButton, SettingsSection } from './SettingsSection';

/** Who sees a new workout, and whether friends see its route and heart rate. */
export function SharingForm({ settings }: { settings: MySettings }) {
  const t = useT();
  const fetcher = useFetcher<SettingsActionResult>();
  return (
    <SettingsSection id="sharing" title={t('settings.sharing.title')} result={fetcher.data}>
      <fetcher.Form method="post">
        <input type="hidden" name="intent" value="sharing" />
        <div className="form-field">
          <label htmlFor="default-visibility">{t('settings.sharing.defaultVisibility')}</label>
          <select id="default-visibility" name="defaultVisibility" defaultValue={settings.defaultVisibility}>
            <option value="private">{t('settings.sharing.visibilityPrivate')}</option>
            <option value="friends">{t('settings.sharing.visibilityFriends')}</option>
          </select>
        </div>
        <label className="check-option">
          <input type="checkbox" name="shareRoutes" defaultChecked={settings.shareRoutes} />
          {t('settings.sharing.shareRoutes')}
        </label>
        <label className="check-option">
          <input type="checkbox" name="shareHeartRate" defaultChecked={settings.shareHeartRate} />
          {t('settings.sharing.shareHeartRate')}
        </label>
        <p className="privacy-sentence">{t('settings.sharing.sentence')}</p>
        <SaveButton busy={fetcher.state !== 'idle'} label={t('settings.sharing.save')} />
      </fetcher.Form>
    </SettingsSection>
  );
}
