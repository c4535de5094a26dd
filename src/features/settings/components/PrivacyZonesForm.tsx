import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useFetcher } from 'react-router';
import { FormField } from '@/components/FormField';
import { MAX_PRIVACY_ZONES, PRIVACY_ZONE_RADIUS_M, type PrivacyZone } from '@/domain/privacyZones';
import { useT } from '@/i18n';
import { formatNumber } from '@/i18n/numbers';
import { refusalIn } from '@/lib/routeActions';
import type { SettingsActionResult } from '../actionResult';
import { SettingsSection } from './SettingsSection';

/** Picks a place on a map of one of the person's routes; composed in by the page. */
export type ZonePicker = (pick: (place: { lat: number; lon: number }) => void) => ReactNode;

const degrees = (value: number) => formatNumber(value, { maximumFractionDigits: 5, useGrouping: false });

/**
 * Places cut from every route friends see: the list with a remove button each, and a new one from
 * a latitude and longitude typed or picked on a map of one's own route, with its radius.
 */
export function PrivacyZonesForm({ zones, picker }: { zones: readonly PrivacyZone[]; picker?: ZonePicker }) {
  const t = useT();
  const fetcher = useFetcher<SettingsActionResult>();
  const [place, setPlace] = useState({ lat: '', lon: '' });
  const listHeading = useRef<HTMLHeadingElement>(null);
  const count = useRef(zones.length);
  const errors = refusalIn(fetcher.data)?.fieldErrors ?? {};
  const busy = fetcher.state !== 'idle';
  useEffect(() => {
    // A zone added or removed: the list changed under the button, so the focus goes to the list.
    if (zones.length !== count.current) {
      if (zones.length > count.current) setPlace({ lat: '', lon: '' });
      count.current = zones.length;
      listHeading.current?.focus();
    }
  }, [zones.length]);
  const zonesJson = JSON.stringify(zones);
  return (
    <SettingsSection id="privacy-zones" title={t('settings.sharing.zonesTitle')} result={fetcher.data}>
      <p>{t('settings.sharing.zonesSentence', { max: MAX_PRIVACY_ZONES })}</p>
      <h3 ref={listHeading} tabIndex={-1}>
        {t('settings.sharing.zonesList', { count: zones.length })}
      </h3>
      {zones.length > 0 ? (
        <ul className="privacy-zones">
          {zones.map((zone, index) => {
            const description = t('settings.sharing.zoneDescription', {
              lat: degrees(zone.lat),
              lon: degrees(zone.lon),
              radius: zone.radiusM,
            });
            return (
              <li key={`${zone.lat},${zone.lon},${zone.radiusM}`}>
                <span>{description}</span>
                <fetcher.Form method="post">
                  <input type="hidden" name="intent" value="privacyZones" />
                  <input
                    type="hidden"
                    name="zones"
                    value={JSON.stringify(zones.filter((_, other) => other !== index))}
                  />
                  <button
                    type="submit"
                    className="button-secondary"
                    disabled={busy}
                    aria-label={t('settings.sharing.zoneRemoveLabel', { zone: description })}
                  >
                    {t('settings.sharing.zoneRemove')}
                  </button>
                </fetcher.Form>
              </li>
            );
          })}
        </ul>
      ) : null}
      {zones.length < MAX_PRIVACY_ZONES ? (
        <fetcher.Form method="post" className="privacy-zone-add">
          <input type="hidden" name="intent" value="privacyZones" />
          <input type="hidden" name="zones" value={zonesJson} />
          <input type="hidden" name="add" value="1" />
          <h3>{t('settings.sharing.zoneAddHeading')}</h3>
          {picker ? picker(({ lat, lon }) => setPlace({ lat: lat.toFixed(5), lon: lon.toFixed(5) })) : null}
          <FormField
            label={t('settings.sharing.zoneLat')}
            name="zoneLat"
            inputMode="decimal"
            value={place.lat}
            onChange={(event) => setPlace({ ...place, lat: event.target.value })}
            error={errors.zoneLat}
          />
          <FormField
            label={t('settings.sharing.zoneLon')}
            name="zoneLon"
            inputMode="decimal"
            value={place.lon}
            onChange={(event) => setPlace({ ...place, lon: event.target.value })}
            error={errors.zoneLon}
          />
          <FormField
            label={t('settings.sharing.zoneRadius')}
            name="zoneRadius"
            type="number"
            min={PRIVACY_ZONE_RADIUS_M.min}
            max={PRIVACY_ZONE_RADIUS_M.max}
            step={1}
            defaultValue={200}
            error={errors.zoneRadius}
          />
          <div className="form-actions">
            <button type="submit" className="button-primary" disabled={busy}>
              {t('settings.sharing.zoneAdd')}
            </button>
          </div>
        </fetcher.Form>
      ) : null}
    </SettingsSection>
  );
}
