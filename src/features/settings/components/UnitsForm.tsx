import { FieldError } from '@/components/FieldError';
import { invalidProps } from '@/components/invalidProps';
import { useId, useMemo } from 'react';
import { useFetcher } from 'react-router';
import { useT, type MessageId } from '@/i18n';
import { browserTimeZone } from '@/lib/timeZone';
import type { SettingsActionResult } from '../actionResult';
import type { MySettings } from '../types';
import { SaveButton, SettingsSection } from './SettingsSection';
import { refusalIn } from '@/lib/routeActions';

const WEIGHT_UNIT_CHOICES: readonly { value: string; label: MessageId }[] = [
  { value: 'kg', label: 'settings.units.metric' },
  { value: 'lb', label: 'settings.units.imperial' },
  { value: 'st', label: 'settings.units.stones' },
];

/** The days of the week from Sunday, as `weekStartsOn` counts them. */
const WEEK_DAYS: readonly MessageId[] = [
  'settings.units.sunday',
  'settings.units.monday',
  'settings.units.tuesday',
  'settings.units.wednesday',
  'settings.units.thursday',
  'settings.units.friday',
  'settings.units.saturday',
];

function timeZones(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return known.includes(current) ? known : [current, ...known];
}

/** Units every screen follows, the first day of the week, and the time zone days are counted in. */
export function UnitsForm({ settings }: { settings: MySettings }) {
  const t = useT();
  const fetcher = useFetcher<SettingsActionResult>();
  const errors = refusalIn(fetcher.data)?.fieldErrors ?? {};
  const zone = settings.timezone ?? browserTimeZone() ?? 'UTC';
  const zones = useMemo(() => timeZones(zone), [zone]);
  const weekId = useId();
  const zoneId = useId();
  return (
    <SettingsSection id="units" title={t('settings.units.title')} result={fetcher.data}>
      <fetcher.Form method="post" noValidate>
        <input type="hidden" name="intent" value="units" />
        <fieldset className="choice-list">
          <legend>{t('settings.units.legend')}</legend>
          {WEIGHT_UNIT_CHOICES.map((choice) => (
            <label key={choice.value}>
              <input
                type="radio"
                name="weightUnit"
                value={choice.value}
                defaultChecked={settings.weightUnit === choice.value}
              />
              {t(choice.label)}
            </label>
          ))}
          {errors.units ? <p className="field-error">{errors.units}</p> : null}
        </fieldset>
        <div className="form-row">
          <div className="form-field">
            <label htmlFor={weekId}>{t('settings.units.weekStartsOn')}</label>
            <select
              id={weekId}
              name="weekStartsOn"
              defaultValue={String(settings.weekStartsOn)}
              {...invalidProps(`${weekId}-error`, errors.weekStartsOn)}
            >
              {WEEK_DAYS.map((day, index) => (
                <option key={day} value={index}>
                  {t(day)}
                </option>
              ))}
            </select>
            <FieldError id={`${weekId}-error`}>{errors.weekStartsOn}</FieldError>
          </div>
          <div className="form-field">
            <label htmlFor={zoneId}>{t('settings.units.timeZone')}</label>
            <select
              id={zoneId}
              name="timezone"
              defaultValue={zone}
              {...invalidProps(`${zoneId}-error`, errors.timezone)}
            >
              {zones.map((name) => (
                <option key={name} value={name}>
                  {name.replaceAll('_', ' ')}
                </option>
              ))}
            </select>
            <FieldError id={`${zoneId}-error`}>{errors.timezone}</FieldError>
          </div>
        </div>
        <SaveButton busy={fetcher.state !== 'idle'} label={t('settings.units.save')} />
      </fetcher.Form>
    </SettingsSection>
  );
}
