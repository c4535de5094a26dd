import { useT } from '@/i18n';
import { T } from '@/i18n/T';
import { REST_EXTENSION_S } from '../restTimer';
import { formatDuration } from '../sets';
import type { RestTimerState } from '../useRestTimer';

export interface RestTimerProps {
  /** The workout's rest timer (`useRestTimer`), started by the parent when a set is ticked done. */
  timer: RestTimerState;
}

/** The countdown of the rest between sets, with a little more time or none; its end is announced. */
export function RestTimer({ timer }: RestTimerProps) {
  const t = useT();
  const { secondsLeft, totalS, over, extend, skip } = timer;
  return (
    <section className="rest-timer" aria-label={t('strength.rest.timer')}>
      {secondsLeft !== null ? (
        <div className="rest-running">
          <p className="rest-time">
            <T
              id="strength.rest.running"
              values={{ time: formatDuration(secondsLeft) }}
              components={{ 0: <span role="timer" aria-label={t('strength.rest.left')} /> }}
            />
          </p>
          <progress className="rest-progress" max={totalS} value={secondsLeft} aria-hidden="true" />
          <div className="rest-actions">
            <button type="button" className="button-secondary" onClick={extend}>
              {t('strength.rest.extend', { seconds: REST_EXTENSION_S })}
            </button>
            <button type="button" className="button-secondary" onClick={skip}>
              {t('strength.rest.skip')}
            </button>
          </div>
        </div>
      ) : null}
      <p role="status" className="rest-status">
        {over ? t('strength.rest.over') : ''}
      </p>
    </section>
  );
}
