import { format } from 'date-fns';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Popup } from '@/components/Popup';
import { ACTIVITY_TYPE_INFO, type WorkoutDetail } from '@/domain/activity';
import { bestEfforts, splitsOf, trackToGpx, type TrackPoint } from '@/domain/track';
import { distanceUnitLabel, kmToDisplay, type Units } from '@/domain/units';
import { errorSentence } from '@/lib/errors';
import { loadRuntimeConfig } from '@/lib/runtimeConfig';
import { saveFile } from '@/lib/saveFile';
import { loadOriginalFile } from '../api';
import { formatMinutes } from '../days';
import { routeMap } from '../routeMap';
import { clock } from './clock';

const MILE_M = 1609.344;

/** chart.js comes with the charts, when a workout with a route is opened. */
const WorkoutCharts = lazy(() => import('./WorkoutCharts'));

/** Pace for a split: time per km or mile. */
const paceOf = (seconds: number, metres: number, unitM: number) => clock((seconds / metres) * unitM);

/** The operator's map tile server, if any, from the runtime configuration. */
function useMapTiles(): { url: string; attribution: string } | null {
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
function RouteLine({ points, label }: { points: readonly TrackPoint[]; label: string }) {
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
      {tiles?.attribution ? <figcaption className="field-hint">Map: {tiles.attribution}</figcaption> : null}
    </figure>
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
        Download the original file
      </button>
      {error ? (
        <p role="alert" className="form-error">
          {error}
        </p>
      ) : null}
    </>
  );
}

/**
 * One recorded workout: its numbers, its route, splits per kilometre or mile by the person's
 * units, and for a run its best efforts.
 */
export function WorkoutDetailWindow({
  detail,
  units,
  onClose,
}: {
  detail: WorkoutDetail | null;
  units: Units;
  onClose: () => void;
}) {
  const activity = detail?.activity;
  const info = activity ? ACTIVITY_TYPE_INFO[activity.type] : null;
  const title =
    activity && info ? `${info.label} on ${format(new Date(activity.startedAt), 'd MMMM yyyy')}` : 'Workout';
  const unitM = units === 'imperial' ? MILE_M : 1000;
  const unitLabel = distanceUnitLabel(units);
  const track = detail?.track ?? null;
  const splits = useMemo(() => (track ? splitsOf(track, unitM) : []), [track, unitM]);
  const efforts = useMemo(
    () => (track && activity?.type === 'run' ? bestEfforts(track) : []),
    [track, activity],
  );
  const bests = new Map(detail?.personalBests.map((best) => [best.distanceM, best.seconds]));
  return (
    <Popup open={detail !== null} title={title} onClose={onClose}>
      {detail && activity ? (
        <div className="workout-detail">
          <dl className="stat-list">
            {activity.distanceKm !== null ? (
              <div>
                <dt>Distance</dt>
                <dd>
                  {kmToDisplay(activity.distanceKm, units).toFixed(2)} {unitLabel}
                </dd>
              </div>
            ) : null}
            {detail.movingTimeS !== null ? (
              <div>
                <dt>Moving time</dt>
                <dd>{clock(detail.movingTimeS)}</dd>
              </div>
            ) : null}
            <div>
              <dt>Elapsed</dt>
              <dd>{formatMinutes(activity.durationMin)}</dd>
            </div>
            {detail.elevationGainM !== null ? (
              <div>
                <dt>Climb</dt>
                <dd>
                  {units === 'imperial'
                    ? `${Math.round(detail.elevationGainM * 3.28084)} ft`
                    : `${detail.elevationGainM} m`}
                </dd>
              </div>
            ) : null}
            {detail.avgHr !== null ? (
              <div>
                <dt>Heart rate</dt>
                <dd>
                  {detail.avgHr} bpm average{detail.maxHr !== null ? `, ${detail.maxHr} max` : ''}
                </dd>
              </div>
            ) : null}
          </dl>
          {track || detail.original ? (
            <div className="form-actions">
              {track ? (
                <button type="button" className="button-secondary" onClick={() => downloadGpx(detail, title)}>
                  Download GPX
                </button>
              ) : null}
              {detail.original ? <OriginalDownload original={detail.original} /> : null}
            </div>
          ) : null}
          {track ? (
            <RouteLine
              points={track}
              label={`The route, ${kmToDisplay(activity.distanceKm ?? 0, units).toFixed(1)} ${unitLabel}, from the start (filled dot) to the end (ringed dot).`}
            />
          ) : (
            <p className="empty-note">This workout has no route.</p>
          )}
          {track ? (
            <Suspense fallback={<p className="empty-note">Loading the charts…</p>}>
              <WorkoutCharts points={track} type={activity.type} units={units} />
            </Suspense>
          ) : null}
          {splits.length > 0 ? (
            <table className="splits">
              <caption>Splits per {units === 'imperial' ? 'mile' : 'kilometre'}</caption>
              <thead>
                <tr>
                  <th scope="col">{units === 'imperial' ? 'Mile' : 'Km'}</th>
                  <th scope="col">Time</th>
                  <th scope="col">Pace (per {unitLabel})</th>
                </tr>
              </thead>
              <tbody>
                {splits.map((split) => (
                  <tr key={split.index}>
                    <th scope="row">
                      {split.distanceM < unitM - 1
                        ? `${split.index} (${kmToDisplay(split.distanceM / 1000, units).toFixed(2)})`
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
              <h3>Best efforts</h3>
              <dl className="stat-list best-efforts">
                {efforts.map((effort) => {
                  const best = bests.get(effort.distanceM);
                  return (
                    <div key={effort.label}>
                      <dt>{effort.label}</dt>
                      <dd>
                        {clock(effort.seconds)}
                        {best === undefined || effort.seconds <= best ? (
                          <span className="record-badge"> Personal best</span>
                        ) : (
                          <span className="field-hint"> (best {clock(best)})</span>
                        )}
                      </dd>
                    </div>
                  );
                })}
              </dl>
            </>
          ) : null}
        </div>
      ) : null}
    </Popup>
  );
}
