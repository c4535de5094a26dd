import { useEffect, useState } from 'react';
import { useFetcher } from 'react-router';
import { FormField } from '@/components/FormField';
import { STREAK_REMINDER_TIME } from '@/domain/reminders';
import { useT, type MessageId } from '@/i18n';
import { errorSentence } from '@/lib/errors';
import type * as Push from '@/lib/push';
import type { DevicePushState } from '@/lib/push';
import type { SettingsActionResult } from '../actionResult';
import type { MySettings } from '../types';
import { SaveButton, SettingsSection } from './SettingsSection';
import { FormError } from '@/components/FormError';
import { refusalIn } from '@/lib/routeActions';

const STATE_SENTENCES: Record<DevicePushState, MessageId> = {
  unsupported: 'settings.push.unsupported',
  unavailable: 'settings.push.unavailable',
  blocked: 'settings.push.blocked',
  off: 'settings.push.off',
  on: 'settings.push.on',
};

/** This browser's web push: on, off, a test, or why it cannot be turned on. */
function DevicePush() {
  const t = useT();
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
      <h3>{t('settings.push.heading')}</h3>
      <p>{state === null ? t('settings.push.checking') : t(STATE_SENTENCES[state])}</p>
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
                return next === 'on' ? t('settings.push.on') : '';
              })
            }
          >
            {t('settings.push.turnOn')}
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
                  (await sendTestPush()) ? t('settings.push.testSent') : t('settings.push.testNotDelivered'),
                )
              }
            >
              {t('settings.push.sendTest')}
            </button>
            <button
              type="button"
              className="button-secondary"
              disabled={busy}
              onClick={() =>
                void act(async ({ turnOffPush }) => {
                  setState(await turnOffPush());
                  return t('settings.push.off');
                })
              }
            >
              {t('settings.push.turnOff')}
            </button>
          </>
        ) : null}
      </div>
      <p role="status" className="form-notice">
        {notice}
      </p>
      <FormError>{problem}</FormError>
    </div>
  );
}

/** What the person is told about without asking, and when: reminders, quiet hours, the weekly summary. */
export function NotificationsForm({ settings }: { settings: MySettings }) {
  const t = useT();
  const fetcher = useFetcher<SettingsActionResult>();
  const errors = refusalIn(fetcher.data)?.fieldErrors ?? {};
  return (
    <SettingsSection id="notifications" title={t('settings.notifications.title')} result={fetcher.data}>
      <DevicePush />
      <fetcher.Form method="post" noValidate>
        <input type="hidden" name="intent" value="notifications" />
        <p className="field-hint">{t('settings.notifications.intro')}</p>
        <label className="check-option">
          <input type="checkbox" name="weeklySummary" defaultChecked={settings.weeklySummary} />
          {t('settings.notifications.weeklySummary')}
        </label>
        <label className="check-option">
          <input type="checkbox" name="weighInReminder" defaultChecked={settings.weighInReminder} />
          {t('settings.notifications.weighInReminder')}
        </label>
        <FormField
          label={t('settings.notifications.weighInReminderTime')}
          name="weighInReminderTime"
          type="time"
          required
          defaultValue={settings.weighInReminderTime}
          error={errors.weighInReminderTime}
        />
        <label className="check-option">
          <input type="checkbox" name="streakReminder" defaultChecked={settings.streakReminder} />
          {t('settings.notifications.streakReminder', { time: STREAK_REMINDER_TIME })}
        </label>
        <label className="check-option">
          <input type="checkbox" name="quietHours" defaultChecked={settings.quietHours} />
          {t('settings.notifications.quietHours')}
        </label>
        <div className="form-row">
          <FormField
            label={t('settings.notifications.quietFrom')}
            name="quietHoursStart"
            type="time"
            required
            defaultValue={settings.quietHoursStart}
            error={errors.quietHoursStart}
          />
          <FormField
            label={t('settings.notifications.quietUntil')}
            name="quietHoursEnd"
            type="time"
            required
            defaultValue={settings.quietHoursEnd}
            error={errors.quietHoursEnd}
          />
        </div>
        <p className="field-hint">{t('settings.notifications.timeZoneHint')}</p>
        <SaveButton busy={fetcher.state !== 'idle'} label={t('settings.notifications.save')} />
      </fetcher.Form>
    </SettingsSection>
  );
}
