import { useState } from 'react';
import { useFetcher } from 'react-router';
import type { ActivityVisibility } from '@/domain/contract';
import { useT } from '@/i18n';
import type { SettingsActionResult } from '../actionResult';
import { SettingsSection } from './SettingsSection';

/** All past workouts private, or all visible to friends, at once: asked once, then says how many changed. */
export function WorkoutsVisibilityPanel() {
  const t = useT();
  const fetcher = useFetcher<SettingsActionResult>();
  const [asking, setAsking] = useState<ActivityVisibility | null>(null);
  const busy = fetcher.state !== 'idle';
  return (
    <SettingsSection id="workouts-visibility" title={t('settings.sharing.allTitle')} result={fetcher.data}>
      <p>{t('settings.sharing.allSentence')}</p>
      {asking ? (
        <fetcher.Form
          method="post"
          className="confirm-delete"
          role="group"
          aria-label={t('settings.sharing.allConfirmLabel')}
          onSubmit={() => setAsking(null)}
        >
          <input type="hidden" name="intent" value="workoutsVisibility" />
          <input type="hidden" name="visibility" value={asking} />
          <p>
            {asking === 'private'
              ? t('settings.sharing.allPrivateConfirm')
              : t('settings.sharing.allFriendsConfirm')}
          </p>
          <button type="submit" className="button-primary" autoFocus>
            {t('settings.sharing.allYes')}
          </button>
          <button type="button" className="button-secondary" onClick={() => setAsking(null)}>
            {t('settings.sharing.allCancel')}
          </button>
        </fetcher.Form>
      ) : (
        <div className="form-actions">
          <button
            type="button"
            className="button-secondary"
            disabled={busy}
            onClick={() => setAsking('private')}
          >
            {t('settings.sharing.allPrivate')}
          </button>
          <button
            type="button"
            className="button-secondary"
            disabled={busy}
            onClick={() => setAsking('friends')}
          >
            {t('settings.sharing.allFriends')}
          </button>
        </div>
      )}
    </SettingsSection>
  );
}
