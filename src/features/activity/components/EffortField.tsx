import { useId } from 'react';
import { useT, type MessageId } from '@/i18n';

/** Borg's CR-10 as Foster uses it: the words of each effort. */
export const EFFORT_WORDS: Readonly<Record<number, MessageId>> = {
  1: 'insight.effort.1',
  2: 'insight.effort.2',
  3: 'insight.effort.3',
  4: 'insight.effort.4',
  5: 'insight.effort.5',
  6: 'insight.effort.6',
  7: 'insight.effort.7',
  8: 'insight.effort.8',
  9: 'insight.effort.9',
  10: 'insight.effort.10',
};

export interface EffortFieldProps {
  defaultValue: number | string;
  error?: string | undefined;
}

/** How hard a workout felt, 1–10 with words, or not said; it gives a workout without heart rate a load. */
export function EffortField({ defaultValue, error }: EffortFieldProps) {
  const t = useT();
  const ids = { field: useId(), hint: useId(), error: useId() };
  return (
    <div className="form-field">
      <label htmlFor={ids.field}>{t('insight.effort.label')}</label>
      <select
        id={ids.field}
        name="effort"
        defaultValue={String(defaultValue)}
        aria-describedby={error ? `${ids.hint} ${ids.error}` : ids.hint}
        aria-invalid={error ? true : undefined}
      >
        <option value="">{t('insight.effort.none')}</option>
        {Object.entries(EFFORT_WORDS).map(([effort, words]) => (
          <option key={effort} value={effort}>
            {t('insight.effort.choice', { effort: Number(effort), words: t(words) })}
          </option>
        ))}
      </select>
      <p id={ids.hint} className="field-hint">
        {t('insight.effort.hint')}
      </p>
      {error ? (
        <p id={ids.error} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
