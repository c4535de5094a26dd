import { useEffect, useId, useState } from 'react';
import type { WorkoutDetail } from '@/domain/activity';
import type { HeartRateZone } from '@/domain/heartRateZones';
import { useT, type MessageId } from '@/i18n';
import { formatNumber } from '@/i18n/numbers';
import { loadHeartRateZones } from '../api';

/** What each zone is for, by its number. */
export const ZONE_NAMES: Readonly<Record<number, MessageId>> = {
  1: 'insight.zones.zone1',
  2: 'insight.zones.zone2',
  3: 'insight.zones.zone3',
  4: 'insight.zones.zone4',
  5: 'insight.zones.zone5',
};

export interface WorkoutZonesProps {
  timeInZones: WorkoutDetail['timeInZones'];
  load: WorkoutDetail['load'];
  /** Where the person's zones come from (the server, unless a test says). */
  loadZones?: typeof loadHeartRateZones;
}

const minutesOf = (seconds: number) => Math.round(seconds / 60);

/**
 * A workout's time in each heart-rate zone, as bars and as a table a screen reader reads, and its
 * training load with where that comes from.
 */
export function WorkoutZones({ timeInZones, load, loadZones = loadHeartRateZones }: WorkoutZonesProps) {
  const t = useT();
  const heading = useId();
  const [zones, setZones] = useState<HeartRateZone[] | null>(null);

  useEffect(() => {
    if (!timeInZones) return undefined;
    let current = true;
    loadZones().then(
      (answer) => {
        if (current) setZones(answer.zones);
      },
      // Without the ranges the minutes still read well.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [timeInZones, loadZones]);

  if (!timeInZones && !load) return null;
  const rows = timeInZones
    ? [
        ...(timeInZones.below > 0
          ? [{ key: 'below', name: t('insight.zones.below'), range: null, seconds: timeInZones.below }]
          : []),
        ...timeInZones.zones.map((seconds, index) => {
          const zone = zones?.[index];
          return {
            key: `zone${index + 1}`,
            name: t('insight.zones.zone', { zone: index + 1, name: t(ZONE_NAMES[index + 1] as MessageId) }),
            range: zone ? t('insight.zones.range', { from: zone.fromBpm, to: zone.toBpm }) : null,
            seconds,
          };
        }),
      ]
    : [];
  const total = rows.reduce((sum, row) => sum + row.seconds, 0);
  return (
    <section className="workout-zones" aria-labelledby={heading}>
      <h3 id={heading}>{t('insight.zones.title')}</h3>
      {load ? (
        <p>
          {t(
            load.source === 'heartRate' ? 'insight.zones.loadFromHeartRate' : 'insight.zones.loadFromEffort',
            {
              load: formatNumber(Math.round(load.value)),
            },
          )}
        </p>
      ) : null}
      {timeInZones ? (
        <table className="zone-table">
          <caption className="visually-hidden">{t('insight.zones.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('insight.zones.zoneColumn')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('insight.zones.shareColumn')}</span>
              </th>
              <th scope="col">{t('insight.zones.minutesColumn')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const share = total > 0 ? row.seconds / total : 0;
              return (
                <tr key={row.key} className={`zone-row zone-row-${row.key}`}>
                  <th scope="row">
                    {row.name}
                    {row.range ? <span className="zone-range">{row.range}</span> : null}
                  </th>
                  <td className="zone-bar-cell">
                    <span className="zone-bar" style={{ width: `${Math.round(share * 100)}%` }} />
                    <span className="visually-hidden">
                      {formatNumber(share, { style: 'percent', maximumFractionDigits: 0 })}
                    </span>
                  </td>
                  <td>{t('insight.zones.minutes', { minutes: minutesOf(row.seconds) })}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}
