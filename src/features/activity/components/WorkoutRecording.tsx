import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import type { WorkoutDetail } from '@/domain/activity';
import type { ActivityType } from '@/domain/contract';
import { bestEfforts, splitsOf, trackToGpx, type TrackPoint } from '@/domain/track';
import { distanceUnitLabel, kmToDisplay, type Units } from '@/domain/units';
import { useT } from '@/i18n';
import { formatNumber } from '@/i18n/numbers';
import { errorSentence } from '@/lib/errors';
import { loadRuntimeConfig } from '@/lib/runtimeConfig';
import { saveFile } from '@/lib/saveFile';
import { loadOriginalFile } from '../api';
import { routeMap } from '../routeMap';
import { clock } from './clock';
import { FormError } from '@/components/FormError';

const MILE_M = 1609.344;

/** chart.js comes with the charts, when a workout with a route is opened. */
const WorkoutCharts = lazy(() => import('./WorkoutCharts'));

/** A number with `digits` decimals in the language shown ("12.50", "12,50"). */
const fixed = (value: number, digits: number) =>
  formatNumber(value, { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: false });

/** Pace for a split: time per km or mile. */
const paceOf = (seconds: number, metres: number, unitM: number) => clock((seconds / metres) * unitM);

/** The operator's map tile server, if any, from the runtime configuration. */
export function useMapTiles(): { url: string; attribution: string } | null {
  const [tiles, setTiles] = useState<{ url: string; attribution: string } | null>(null);
  useEffect(() => {
    let current = true;
    loadRuntimeConfig().then(
      (config) => {
        if (current && config.mapTileUrl) {
          setTiles({ url: config.mapTileUrl, attribution: config.mapTileAttribution ?? '' });
        }
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);
  return tiles;
}

/** The route as a line scaled to its box, north up, over the operator's map tiles where there are some. */
export function RouteLine({ points, label }: { points: readonly TrackPoint[]; label: string }) {
  const t = useT();
  const tiles = useMapTiles();
  const map = useMemo(() => routeMap(points, tiles?.url), [points, tiles]);
  return (
    <figure className="route-map">
      <svg
        className="route-line"
        role="img"
        aria-label={label}
        viewBox={map.viewBox}
        preserveAspectRatio="xMidYMid meet"
      >
        {map.tiles.map((tile) => (
          <image
            key={tile.href}
            href={tile.href}
            x={tile.x}
            y={tile.y}
            width={tile.size}
            height={tile.size}
          />
        ))}
        <path
          d={map.d}
          fill="none"
          stroke="currentColor"
          strokeWidth="3"
          strokeLinejoin="round"
          strokeLinecap="round"
        />
        {map.start ? <circle cx={map.start.x} cy={map.start.y} r="5" className="route-start" /> : null}
        {map.end ? <circle cx={map.end.x} cy={map.end.y} r="5" className="route-end" /> : null}
      </svg>
      {tiles?.attribution ? (
        <figcaption className="field-hint">
          {t('activity.detail.mapAttribution', { attribution: tiles.attribution })}
        </figcaption>
      ) : null}
    </figure>
  );
}

/** The charts of a route (pace or speed, heights, heart rate), loaded with chart.js when shown. */
export function RouteCharts({
  points,
  type,
  units,
}: {
  points: readonly TrackPoint[];
  type: ActivityType;
  units: Units;
}) {
  const t = useT();
  return (
    <Suspense fallback={<p className="empty-note">{t('activity.detail.loadingCharts')}</p>}>
      <WorkoutCharts points={points} type={type} units={units} />
    </Suspense>
  );
}

/** Saves the workout's track as a GPX file, for another app. */
function downloadGpx(detail: WorkoutDetail, title: string): void {
  const { activity, track } = detail;
  if (!track) return;
  const gpx = trackToGpx(track, { name: title, type: activity.type });
  saveFile(
    new Blob([gpx], { type: 'application/gpx+xml' }),
    `fitstreak-${activity.type}-${activity.startedAt.slice(0, 10)}.gpx`,
  );
}

/** The file the workout was imported from, kept as it was. */
function OriginalDownload({ original }: { original: { name: string; url: string } }) {
  const t = useT();
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    setError('');
    try {
      saveFile(await loadOriginalFile(original), original.name);
    } catch (failure) {
      setError(errorSentence(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button type="button" className="button-secondary" disabled={busy} onClick={() => void download()}>
        {t('activity.detail.downloadOriginal')}
      </button>
      <FormError>{error}</FormError>
    </>
  );
}

/**
 * What a recording adds to a workout's summary: its route, the charts, splits per kilometre or
 * mile by the person's units, for a run its best efforts, and the files to download.
 */
export function WorkoutRecording({
  detail,
  units,
  title,
}: {
  detail: WorkoutDetail;
  units: Units;
  /** The workout's name, for the GPX file. */
  title: string;
}) {
  const t = useT();
  const { activity, track } = detail;
  const unitM = units === 'imperial' ? MILE_M : 1000;
  const unitLabel = distanceUnitLabel(units);
  const splits = useMemo(() => (track ? splitsOf(track, unitM) : []), [track, unitM]);
  const efforts = useMemo(
    () => (track && activity.type === 'run' ? bestEfforts(track) : []),
    [track, activity.type],
  );
  const bests = new Map(detail.personalBests.map((best) => [best.distanceM, best.seconds]));
  return (
    <div className="workout-detail">
      {track ? (
        <RouteLine
          points={track}
          label={t('activity.detail.routeLabel', {
            distance: fixed(kmToDisplay(activity.distanceKm ?? 0, units), 1),
            unit: unitLabel,
          })}
        />
      ) : (
        <p className="empty-note">{t('activity.detail.noRoute')}</p>
      )}
      {track ? (
        <Suspense fallback={<p className="empty-note">{t('activity.detail.loadingCharts')}</p>}>
          <WorkoutCharts points={track} type={activity.type} units={units} />
        </Suspense>
      ) : null}
      {splits.length > 0 ? (
        <table className="splits">
          <caption>
            {units === 'imperial' ? t('activity.detail.splitsPerMile') : t('activity.detail.splitsPerKm')}
          </caption>
          <thead>
            <tr>
              <th scope="col">
                {units === 'imperial' ? t('activity.detail.splitMile') : t('activity.detail.splitKm')}
              </th>
              <th scope="col">{t('activity.detail.splitTime')}</th>
              <th scope="col">{t('activity.detail.splitPace', { unit: unitLabel })}</th>
            </tr>
          </thead>
          <tbody>
            {splits.map((split) => (
              <tr key={split.index}>
                <th scope="row">
                  {split.distanceM < unitM - 1
                    ? `${split.index} (${fixed(kmToDisplay(split.distanceM / 1000, units), 2)})`
                    : split.index}
                </th>
                <td>{clock(split.seconds)}</td>
                <td>{paceOf(split.seconds, split.distanceM, unitM)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {efforts.length > 0 ? (
        <>
          <h3>{t('activity.detail.bestEfforts')}</h3>
          <dl className="stat-list best-efforts">
            {efforts.map((effort) => {
              const best = bests.get(effort.distanceM);
              return (
                <div key={effort.label}>
                  <dt>{effort.label}</dt>
                  <dd>
                    {clock(effort.seconds)}
                    {best === undefined || effort.seconds <= best ? (
                      <span className="record-badge"> {t('activity.detail.personalBest')}</span>
                    ) : (
                      <span className="field-hint">
                        {' '}
                        {t('activity.detail.previousBest', { time: clock(best) })}
                      </span>
                    )}
                  </dd>
                </div>
              );
            })}
          </dl>
        </>
      ) : null}
      {track || detail.original ? (
        <div className="form-actions">
          {track ? (
            <button type="button" className="button-secondary" onClick={() => downloadGpx(detail, title)}>
              {t('activity.detail.downloadGpx')}
            </button>
          ) : null}
          {detail.original ? <OriginalDownload original={detail.original} /> : null}
        </div>
      ) : null}
    </div>
  );
}
