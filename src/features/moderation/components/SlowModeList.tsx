import { useId } from 'react';
import { useFetcher } from 'react-router';
import { FormError } from '@/components/FormError';
import './moderation.css';
import { SLOW_MODE_MAX_SECONDS, SLOW_MODE_MIN_SECONDS } from '@/domain/moderation';
import { useT } from '@/i18n';
import { refusalIn } from '@/lib/routeActions';
import type { ModerationActionResult } from '../actionResult';

export interface SlowModeRoom {
  room: string;
  label: string;
  seconds: number;
}

/** Each topic room's slow mode: seconds between two messages of one person (moderators exempt). */
export function SlowModeList({ rooms }: { rooms: readonly SlowModeRoom[] }) {
  const t = useT();
  return (
    <section className="card" aria-labelledby="admin-rooms-heading">
      <h2 id="admin-rooms-heading">{t('moderation.slowMode.title')}</h2>
      <p>{t('moderation.slowMode.intro', { max: SLOW_MODE_MAX_SECONDS })}</p>
      <ul className="slow-mode-list">
        {rooms.map((room) => (
          <SlowModeRow key={room.room} room={room} />
        ))}
      </ul>
    </section>
  );
}

export function SlowModeRow({ room }: { room: SlowModeRoom }) {
  const t = useT();
  const fetcher = useFetcher<ModerationActionResult>();
  const id = useId();
  const refusal = fetcher.state === 'idle' ? refusalIn(fetcher.data) : undefined;
  const done = fetcher.state === 'idle' && fetcher.data?.kind === 'done' ? fetcher.data.notice : null;
  const error = refusal?.fieldErrors?.seconds;
  return (
    <li>
      <fetcher.Form method="post" className="slow-mode-row">
        <input type="hidden" name="intent" value="slowMode" />
        <input type="hidden" name="room" value={room.room} />
        <div className="form-field">
          <label htmlFor={id}>{t('moderation.slowMode.seconds', { room: room.label })}</label>
          <input
            id={id}
            name="seconds"
            type="number"
            inputMode="numeric"
            min={SLOW_MODE_MIN_SECONDS}
            max={SLOW_MODE_MAX_SECONDS}
            step={1}
            defaultValue={room.seconds}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
          />
          {error ? (
            <p id={`${id}-error`} className="field-error">
              {error}
            </p>
          ) : null}
        </div>
        <button type="submit" className="button-secondary" disabled={fetcher.state !== 'idle'}>
          {t('moderation.slowMode.save')}
        </button>
        <FormError>{refusal?.formError}</FormError>
        {done ? (
          <p role="status" className="form-notice">
            {done}
          </p>
        ) : null}
      </fetcher.Form>
    </li>
  );
}
