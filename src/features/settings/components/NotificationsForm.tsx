import { useFetcher } from 'react-router';
import type { SettingsActionResult } from '../actionResult';
import type { MySettings } from '../types';
import { SaveButton, SettingsSection } from './SettingsSection';

/** What the person is told about without asking: for now, the summary of their week. */
export function NotificationsForm({ settings }: { settings: MySettings }) {
  const fetcher = useFetcher<SettingsActionResult>();
  return (
    <SettingsSection id="notifications" title="Notifications" result={fetcher.data}>
      <fetcher.Form method="post">
        <input type="hidden" name="intent" value="notifications" />
        <label className="check-option">
          <input type="checkbox" name="weeklySummary" defaultChecked={settings.weeklySummary} />A summary of
          my week every Monday morning (workouts, active minutes and days with anything logged)
        </label>
        <SaveButton busy={fetcher.state !== 'idle'} label="Save notifications" />
      </fetcher.Form>
    </SettingsSection>
  );
}
