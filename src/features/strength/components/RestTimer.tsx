import { REST_EXTENSION_S } from '../restTimer';
import { formatDuration } from '../sets';
import type { RestTimerState } from '../useRestTimer';

export interface RestTimerProps {
  /** The workout's rest timer (`useRestTimer`), started by the parent when a set is ticked done. */
  timer: RestTimerState;
}

/** The countdown of the rest between sets, with a little more time or none; its end is announced. */
export function RestTimer({ timer }: RestTimerProps) {
  const { secondsLeft, totalS, over, extend, skip } = timer;
  return (
    <section className="rest-timer" aria-label="Rest timer">
      {secondsLeft !== null ? (
        <div className="rest-running">
          <p className="rest-time">
            Rest{' '}
            <span role="timer" aria-label="Rest left">
              {formatDuration(secondsLeft)}
            </span>
          </p>
          <progress className="rest-progress" max={totalS} value={secondsLeft} aria-hidden="true" />
          <div className="rest-actions">
            <button type="button" className="button-secondary" onClick={extend}>
              +{REST_EXTENSION_S} s
            </button>
            <button type="button" className="button-secondary" onClick={skip}>
              Skip
            </button>
          </div>
        </div>
      ) : null}
      <p role="status" className="rest-status">
        {over ? 'Rest over. Time for the next set.' : ''}
      </p>
    </section>
  );
}
