import { useFetcher } from 'react-router';
import type { SettingsActionResult } from '../actionResult';
import type { MySettings } from '../types';
import { SaveButton, SettingsSection } from './SettingsSection';

/** What friends see in the ranking, and a plain sentence saying so. */
export function PrivacyForm({ settings }: { settings: MySettings }) {
  const fetcher = useFetcher<SettingsActionResult>();
  return (
    <SettingsSection id="privacy" title="Privacy" result={fetcher.data}>
      <fetcher.Form method="post">
        <input type="hidden" name="intent" value="privacy" />
        <label className="check-option">
          <input type="checkbox" name="shareActivity" defaultChecked={settings.shareActivity} />
          Share my activity in the friends ranking (active minutes, calories burned, active days, logging
          streak)
        </label>
        <label className="check-option">
          <input type="checkbox" name="shareWeightProgress" defaultChecked={settings.shareWeightProgress} />
          Share my weight progress as a percentage of the way to my goal
        </label>
        <p className="privacy-sentence">
          Friends only ever see what you share here, ranked beside theirs. They never see your weight, your
          weigh-ins, your meals, your workouts one by one, your body data or your e-mail address; people who
          are not your friends see none of it.
        </p>
        <SaveButton busy={fetcher.state !== 'idle'} label="Save privacy" />
      </fetcher.Form>
    </SettingsSection>
  );
}
