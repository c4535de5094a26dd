import { useFetcher } from 'react-router';
import { useT } from '@/i18n';
import type { SettingsActionResult } from '../actionResult';
import type { MySettings } from '../types';
import { SaveButton, SettingsSection } from './SettingsSection';

/** What friends see in the ranking, and a plain sentence saying so. */
export function PrivacyForm({ settings }: { settings: MySettings }) {
  const t = useT();
  const fetcher = useFetcher<SettingsActionResult>();
  return (
    <SettingsSection id="privacy" title={t('settings.privacy.title')} result={fetcher.data}>
      <fetcher.Form method="post">
        <input type="hidden" name="intent" value="privacy" />
        <label className="check-option">
          <input type="checkbox" name="shareActivity" defaultChecked={settings.shareActivity} />
          {t('settings.privacy.shareActivity')}
        </label>
        <label className="check-option">
          <input type="checkbox" name="shareWeightProgress" defaultChecked={settings.shareWeightProgress} />
          {t('settings.privacy.shareWeightProgress')}
        </label>
        <p className="privacy-sentence">{t('settings.privacy.sentence')}</p>
        <SaveButton busy={fetcher.state !== 'idle'} label={t('settings.privacy.save')} />
      </fetcher.Form>
    </SettingsSection>
  );
}
