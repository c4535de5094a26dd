import './moderation.css';
import { useId, useState } from 'react';
import { useFetcher } from 'react-router';
import { FormError } from '@/components/FormError';
import {
  ACTION_REASON_MAX,
  SANCTION_DURATIONS,
  type ModerationActionKind,
  type ReportKind,
} from '@/domain/moderation';
import { ACTION_TEXT } from '@/domain/moderationLabels';
import { useT, type MessageId } from '@/i18n';
import { refusalIn } from '@/lib/routeActions';
import type { ModerationActionResult } from '../actionResult';

const DURATION_TEXT: Readonly<Record<(typeof SANCTION_DURATIONS)[number]['key'] | 'lifted', MessageId>> = {
  hour: 'moderation.durations.hour',
  day: 'moderation.durations.day',
  week: 'moderation.durations.week',
  month: 'moderation.durations.month',
  lifted: 'moderation.durations.lifted',
};

/** Actions that last a while: a chat mute for a time, a suspension for a time or until lifted. */
const TIMED: readonly ModerationActionKind[] = ['chatMute', 'suspend'];

export interface ModerateFormProps {
  targetKind: ReportKind;
  targetId: string;
  reportId?: string;
  /** The actions offered, the first chosen to start with. */
  actions: readonly ModerationActionKind[];
  /** Names the target for the buttons' accessible descriptions. */
  describedBy?: string;
}

/** One moderator's action on a report, a message or a person, with its reason (and length). */
export function ModerateForm({ targetKind, targetId, reportId, actions, describedBy }: ModerateFormProps) {
  const t = useT();
  const fetcher = useFetcher<ModerationActionResult>();
  const id = useId();
  const [action, setAction] = useState<ModerationActionKind | undefined>(actions[0]);
  const refusal = fetcher.state === 'idle' ? refusalIn(fetcher.data) : undefined;
  const done = fetcher.state === 'idle' && fetcher.data?.kind === 'done' ? fetcher.data.notice : null;
  const reasonError = refusal?.fieldErrors?.reason;
  return (
    <fetcher.Form method="post" className="moderate-form" aria-describedby={describedBy}>
      <input type="hidden" name="intent" value="moderate" />
      <input type="hidden" name="targetKind" value={targetKind} />
      <input type="hidden" name="targetId" value={targetId} />
      {reportId ? <input type="hidden" name="reportId" value={reportId} /> : null}
      <div className="form-field">
        <label htmlFor={`${id}-action`}>{t('moderation.act.action')}</label>
        <select
          id={`${id}-action`}
          name="action"
          value={action}
          onChange={(event) => setAction(event.currentTarget.value as ModerationActionKind)}
        >
          {actions.map((choice) => (
            <option key={choice} value={choice}>
              {t(ACTION_TEXT[choice])}
            </option>
          ))}
        </select>
      </div>
      {action && TIMED.includes(action) ? (
        <div className="form-field">
          <label htmlFor={`${id}-duration`}>{t('moderation.act.duration')}</label>
          <select id={`${id}-duration`} name="duration" defaultValue="day">
            {SANCTION_DURATIONS.map(({ key }) => (
              <option key={key} value={key}>
                {t(DURATION_TEXT[key])}
              </option>
            ))}
            {action === 'suspend' ? <option value="lifted">{t(DURATION_TEXT.lifted)}</option> : null}
          </select>
          {refusal?.fieldErrors?.until ? <p className="field-error">{refusal.fieldErrors.until}</p> : null}
        </div>
      ) : null}
      <div className="form-field">
        <label htmlFor={`${id}-reason`}>{t('moderation.act.reason')}</label>
        <textarea
          id={`${id}-reason`}
          name="reason"
          rows={2}
          required
          maxLength={ACTION_REASON_MAX}
          aria-invalid={reasonError ? true : undefined}
          aria-describedby={reasonError ? `${id}-reason-error` : undefined}
        />
        {reasonError ? (
          <p id={`${id}-reason-error`} className="field-error">
            {reasonError}
          </p>
        ) : null}
      </div>
      <FormError>{refusal?.formError}</FormError>
      {done ? (
        <p role="status" className="form-notice">
          {done}
        </p>
      ) : null}
      <div className="form-actions">
        <button type="submit" className="button-primary" disabled={fetcher.state !== 'idle'}>
          {t('moderation.act.submit')}
        </button>
      </div>
    </fetcher.Form>
  );
}
