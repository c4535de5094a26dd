import { useEffect, useState } from 'react';
import { useFetcher } from 'react-router';
import { FormField } from '@/components/FormField';
import { STREAK_REMINDER_TIME } from '@/domain/reminders';
import { errorSentence } from '@/lib/errors';
import type * as Push from '@/lib/push';
import type { DevicePushState } from '@/lib/push';
import type { SettingsActionResult } from '../actionResult';
import type { MySettings } from '../types';
import { SaveButton, SettingsSection } from './SettingsSection';

const STATE_SENTENCES: Record<DevicePushState, string> = {
  unsupported: 'This browser cannot show notifications from FITSTREAK.',
  unavailable: 'This server does not send push notifications.',
  blocked:
    'Notifications are blocked for this site. Allow them in your browser’s site settings, then reload this page.',
  off: 'Notifications are off on this device.',
  on: 'Notifications are on for this device.',
};

/** This browser's web push: on, off, a test, or why it cannot be turned on. */
function DevicePush() {
  const [state, setState] = useState<DevicePushState | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState('');
  const [problem, setProblem] = useState('');

  useEffect(() => {
    let current = true;
    import('@/lib/push')
      .then(({ devicePushState }) => devicePushState())
      .then(
        (found) => current && setState(found),
        () => current && setState('unsupported'),
      );
    return () => {
      current = false;
    };
  }, []);

  const act = async (work: (push: typeof Push) => Promise<string>) => {
    setBusy(true);
    setProblem('');
    setNotice('');
    try {
      setNotice(await work(await import('@/lib/push')));
    } catch (error) {
      setProblem(errorSentence(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="device-push">
      <h3>On this device</h3>
      <p>{state === null ? 'Checking this browser…' : STATE_SENTENCES[state]}</p>
      <div className="form-actions">
        {state === 'off' ? (
          <button
            type="button"
            className="button-primary"
            disabled={busy}
            onClick={() =>
              void act(async ({ turnOnPush }) => {
                const next = await turnOnPush();
                setState(next);
                return next === 'on' ? 'Notifications are on for this device.' : '';
              })
            }
          >
            Turn on notifications on this device
          </button>
        ) : null}
        {state === 'on' ? (
          <>
            <button
              type="button"
              className="button-secondary"
              disabled={busy}
              onClick={() =>
                void act(async ({ sendTestPush }) =>
                  (await sendTestPush())
                    ? 'A test notification is on its way.'
                    : 'No device took the test notification; turn notifications off and on again here.',
                )
              }
            >
              Send a test notification
            </button>
            <button
              type="button"
              className="button-secondary"
              disabled={busy}
              onClick={() =>
                void act(async ({ turnOffPush }) => {
                  setState(await turnOffPush());
                  return 'Notifications are off on this device.';
                })
              }
            >
              Turn off on this device
            </button>
          </>
        ) : null}
      </div>
      <p role="status" className="form-notice">
        {notice}
      </p>
      {problem ? (
        <p role="alert" className="form-error">
          {problem}
        </p>
      ) : null}
    </div>
  );
}

/** What the person is told about without asking, and when: reminders, quiet hours, the weekly summary. */
export function NotificationsForm({ settings }: { settings: MySettings }) {
  const fetcher = useFetcher<SettingsActionResult>();
  const errors = fetcher.data?.fieldErrors ?? {};
  return (
    <SettingsSection id="notifications" title="Notifications" result={fetcher.data}>
      <DevicePush />
      <fetcher.Form method="post" noValidate>
        <input type="hidden" name="intent" value="notifications" />
        <p className="field-hint">
          Friend requests, challenges and new records always appear under the bell; they and the reminders
          below are also sent to every device where notifications are on.
        </p>
        <label className="check-option">
          <input type="checkbox" name="weeklySummary" defaultChecked={settings.weeklySummary} />A summary of
          my week every Monday morning (workouts, active minutes and days with anything logged)
        </label>
        <label className="check-option">
          <input type="checkbox" name="weighInReminder" defaultChecked={settings.weighInReminder} />
          Remind me to weigh in on days I have not
        </label>
        <FormField
          label="Weigh-in reminder time"
          name="weighInReminderTime"
          type="time"
          required
          defaultValue={settings.weighInReminderTime}
          error={errors.weighInReminderTime}
        />
        <label className="check-option">
          <input type="checkbox" name="streakReminder" defaultChecked={settings.streakReminder} />
          Tell me at {STREAK_REMINDER_TIME} when my streak is at risk (nothing logged yet that day)
        </label>
        <label className="check-option">
          <input type="checkbox" name="quietHours" defaultChecked={settings.quietHours} />
          Quiet hours: send nothing to my devices between
        </label>
        <div className="form-row">
          <FormField
            label="Quiet from"
            name="quietHoursStart"
            type="time"
            required
            defaultValue={settings.quietHoursStart}
            error={errors.quietHoursStart}
          />
          <FormField
            label="Quiet until"
            name="quietHoursEnd"
            type="time"
            required
            defaultValue={settings.quietHoursEnd}
            error={errors.quietHoursEnd}
          />
        </div>
        <p className="field-hint">Times are in your time zone, set under Units and calendar.</p>
        <SaveButton busy={fetcher.state !== 'idle'} label="Save notifications" />
      </fetcher.Form>
    </SettingsSection>
  );
}
