import { useId } from 'react';
import { useT } from '@/i18n';
import type { ActivityRow } from '../types';

const choiceOf = (value: boolean | undefined) => (value === undefined ? '' : value ? 'on' : 'off');

/**
 * Who sees the workout (a new one follows the settings until chosen), and whether its route and
 * heart rate are shown to friends and they may comment, each over the settings' choice.
 */
export function WorkoutSharingFields({ activity }: { activity: ActivityRow | null }) {
  const t = useT();
  const ids = { visibility: useId(), route: useId(), heartRate: useId() };
  const settingsChoice = (
    <>
      <option value="">{t('activity.sharing.asSettings')}</option>
      <option value="on">{t('activity.sharing.show')}</option>
      <option value="off">{t('activity.sharing.hide')}</option>
    </>
  );
  return (
    <fieldset className="workout-sharing">
      <legend>{t('activity.sharing.legend')}</legend>
      <div className="form-field">
        <label htmlFor={ids.visibility}>{t('activity.sharing.visibility')}</label>
        <select
          id={ids.visibility}
          name="visibility"
          defaultValue={activity ? (activity.visibility ?? 'private') : ''}
        >
          {activity ? null : <option value="">{t('activity.sharing.asSettings')}</option>}
          <option value="private">{t('activity.sharing.private')}</option>
          <option value="friends">{t('activity.sharing.friends')}</option>
        </select>
      </div>
      <div className="form-field">
        <label htmlFor={ids.route}>{t('activity.sharing.route')}</label>
        <select id={ids.route} name="showRoute" defaultValue={choiceOf(activity?.showRoute)}>
          {settingsChoice}
        </select>
      </div>
      <div className="form-field">
        <label htmlFor={ids.heartRate}>{t('activity.sharing.heartRate')}</label>
        <select id={ids.heartRate} name="showHeartRate" defaultValue={choiceOf(activity?.showHeartRate)}>
          {settingsChoice}
        </select>
      </div>
      <label className="check-option">
        <input type="checkbox" name="commentsOff" defaultChecked={activity?.commentsOff === true} />
        {t('activity.sharing.commentsOff')}
      </label>
    </fieldset>
  );
}
