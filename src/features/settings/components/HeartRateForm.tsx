import { useId, useState } from 'react';
import { Link, useFetcher } from 'react-router';
import { FormField } from '@/components/FormField';
import { settingsRules } from '@/domain/contract';
import {
  DEFAULT_RESTING_HR,
  DEFAULT_ZONE_BOUNDS,
  karvonenBpm,
  type PersonHeartRateZones,
} from '@/domain/heartRateZones';
import { useT, type MessageId } from '@/i18n';
import { inputLimits } from '@/domain/fieldRules';
import { refusalIn } from '@/lib/routeActions';
import type { SettingsActionResult } from '../actionResult';
import { ZONE_BOUND_FIELDS } from '../form';
import { SaveButton, SettingsSection } from './SettingsSection';

/** A zone bound as `zoneBoundsProblem` takes it: a whole percent of reserve. */
const ZONE_BOUND_RULE = { kind: 'number', min: 0, max: 100, integer: true } as const;

/** What each of the six bounds is: the start of zone 1, the end of each zone (and start of the next). */
const BOUND_LABELS: readonly MessageId[] = [
  'insight.heartRate.bound0',
  'insight.heartRate.bound1',
  'insight.heartRate.bound2',
  'insight.heartRate.bound3',
  'insight.heartRate.bound4',
  'insight.heartRate.bound5',
];

const ZONE_WORDS: readonly MessageId[] = [
  'insight.zones.zone1',
  'insight.zones.zone2',
  'insight.zones.zone3',
  'insight.zones.zone4',
  'insight.zones.zone5',
];

/** A typed number, or null while the field is empty or holds no number. */
const typed = (text: string) => {
  const value = Number(text.replace(',', '.'));
  return text.trim() === '' || !Number.isFinite(value) ? null : value;
};

/**
 * Resting heart rate, the maximum and where it comes from, and the five zones by heart-rate
 * reserve: their bounds in % (editable) with the beats a minute they come to as they are typed.
 */
export function HeartRateForm({ zones }: { zones: PersonHeartRateZones }) {
  const t = useT();
  // Keyed, so the notice stays when the section shows the saved values again.
  const fetcher = useFetcher<SettingsActionResult>({ key: 'heart-rate' });
  const defaults = useFetcher<SettingsActionResult>({ key: 'heart-rate-defaults' });
  const errors = refusalIn(fetcher.data)?.fieldErrors ?? {};
  const ids = { bounds: useId(), boundsError: useId() };
  const [resting, setResting] = useState(zones.restingHrSet ? String(zones.restingHr) : '');
  const [bounds, setBounds] = useState(() => zones.bounds.map(String));
  const restingHr = typed(resting) ?? DEFAULT_RESTING_HR;
  const bpmAt = (percent: number | null) =>
    zones.maxHr === null || percent === null
      ? null
      : Math.round(karvonenBpm(percent, restingHr, zones.maxHr));
  const shownBpm = bounds.map((bound) => bpmAt(typed(bound)));

  return (
    <SettingsSection
      id="heart-rate"
      title={t('insight.heartRate.title')}
      result={fetcher.data ?? defaults.data}
    >
      <p>
        {zones.maxHr === null
          ? t('insight.heartRate.maxUnknown')
          : t(
              zones.maxHrSource === 'tracks'
                ? 'insight.heartRate.maxFromTracks'
                : 'insight.heartRate.maxFromAge',
              {
                max: zones.maxHr,
              },
            )}{' '}
        {zones.maxHrSource === 'tracks' && zones.maxHrActivityId ? (
          <Link to={{ pathname: '/', search: `?activity=${zones.maxHrActivityId}` }}>
            {t('insight.heartRate.maxWorkout')}
          </Link>
        ) : null}
      </p>
      <fetcher.Form method="post" noValidate>
        <input type="hidden" name="intent" value="heartRate" />
        <FormField
          label={t('insight.heartRate.resting')}
          name="restingHr"
          type="number"
          inputMode="numeric"
          {...inputLimits(settingsRules.restingHr)}
          value={resting}
          onChange={(event) => setResting(event.target.value)}
          placeholder={String(DEFAULT_RESTING_HR)}
          hint={t('insight.heartRate.restingHint', { default: DEFAULT_RESTING_HR })}
          error={errors.restingHr}
        />
        <fieldset className="zone-bounds" aria-describedby={errors.zoneBounds ? ids.boundsError : undefined}>
          <legend id={ids.bounds}>{t('insight.heartRate.bounds')}</legend>
          <p className="field-hint">{t('insight.heartRate.boundsHint')}</p>
          {ZONE_BOUND_FIELDS.map((name, index) => (
            <div key={name} className="zone-bound">
              <FormField
                label={t(BOUND_LABELS[index] as MessageId)}
                name={name}
                type="number"
                inputMode="numeric"
                {...inputLimits(ZONE_BOUND_RULE)}
                value={bounds[index] ?? ''}
                onChange={(event) =>
                  setBounds((current) =>
                    current.map((bound, at) => (at === index ? event.target.value : bound)),
                  )
                }
                aria-invalid={errors.zoneBounds ? true : undefined}
              />
              <span className="zone-bound-bpm">
                {shownBpm[index] === null ? '' : t('insight.heartRate.bpm', { bpm: shownBpm[index] ?? 0 })}
              </span>
            </div>
          ))}
          {errors.zoneBounds ? (
            <p id={ids.boundsError} className="field-error">
              {errors.zoneBounds}
            </p>
          ) : null}
        </fieldset>
        {zones.maxHr !== null ? (
          <ul className="zone-list" aria-label={t('insight.heartRate.zonesNow')}>
            {ZONE_WORDS.map((words, index) => {
              const from = shownBpm[index];
              const to = shownBpm[index + 1];
              return (
                <li key={words}>
                  {t('insight.zones.zone', { zone: index + 1, name: t(words) })}
                  {from !== null && to !== null && from !== undefined && to !== undefined
                    ? `: ${t('insight.zones.range', { from, to })}`
                    : ''}
                </li>
              );
            })}
          </ul>
        ) : null}
        <SaveButton busy={fetcher.state !== 'idle'} label={t('insight.heartRate.save')} />
      </fetcher.Form>
      {/* Always there, so the focus has a place to stay after the reset. */}
      <defaults.Form method="post">
        <input type="hidden" name="intent" value="heartRateDefaults" />
        <button
          type="submit"
          className="button-secondary"
          disabled={defaults.state !== 'idle'}
          onClick={() => setBounds(DEFAULT_ZONE_BOUNDS.map(String))}
        >
          {t('insight.heartRate.defaults')}
        </button>
      </defaults.Form>
    </SettingsSection>
  );
}
