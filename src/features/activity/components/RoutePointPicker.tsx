import { useId, useMemo, useState, type MouseEvent } from 'react';
import type { TrackPoint } from '@/domain/track';
import { useT } from '@/i18n';
import { routeMap } from '../routeMap';
import { useMapTiles } from './WorkoutRecording';

/** The slider walks the route's points by their index. */
const FIRST_POINT = 0;

/**
 * One of the person's routes to pick a place on (a privacy zone's centre): a click on the map picks
 * the route's point nearest to it, and a slider walks along the route from the keyboard.
 */
export function RoutePointPicker({
  points,
  onPick,
}: {
  points: readonly TrackPoint[];
  onPick: (place: { lat: number; lon: number }) => void;
}) {
  const t = useT();
  const sliderId = useId();
  const tiles = useMapTiles();
  const map = useMemo(() => routeMap(points, tiles?.url), [points, tiles]);
  const [chosen, setChosen] = useState<number | null>(null);
  const marker = chosen === null ? null : map.positions[chosen];
  const choose = (index: number) => {
    const point = points[index];
    if (!point) return;
    setChosen(index);
    onPick({ lat: point.lat, lon: point.lon });
  };
  const pickNearest = (event: MouseEvent<SVGSVGElement>) => {
    const matrix = event.currentTarget.getScreenCTM()?.inverse();
    if (!matrix) return;
    const at = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix);
    let nearest = 0;
    let best = Infinity;
    map.positions.forEach((position, index) => {
      const distance = (position.x - at.x) ** 2 + (position.y - at.y) ** 2;
      if (distance < best) {
        best = distance;
        nearest = index;
      }
    });
    choose(nearest);
  };
  return (
    <figure className="route-map route-picker">
      {/* The slider below does the same from the keyboard. */}
      <svg
        className="route-line"
        role="img"
        aria-label={t('activity.picker.mapLabel')}
        viewBox={map.viewBox}
        preserveAspectRatio="xMidYMid meet"
        onClick={pickNearest}
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
        <path d={map.d} fill="none" stroke="currentColor" strokeWidth="3" strokeLinejoin="round" />
        {marker ? <circle cx={marker.x} cy={marker.y} r="7" className="route-picked" /> : null}
      </svg>
      <figcaption className="form-field">
        <label htmlFor={sliderId}>{t('activity.picker.slider')}</label>
        <input
          id={sliderId}
          type="range"
          min={FIRST_POINT}
          max={Math.max(FIRST_POINT, points.length - 1)}
          step={1}
          value={chosen ?? FIRST_POINT}
          aria-valuetext={t('activity.picker.sliderValue', {
            position: (chosen ?? FIRST_POINT) + 1,
            count: points.length,
          })}
          onChange={(event) => choose(Number(event.target.value))}
        />
      </figcaption>
    </figure>
  );
}
