import type { TrackPoint } from '@/domain/track';

/** Map tiles are squares of 256 pixels in the Web Mercator projection, as every tile server draws them. */
const TILE_PX = 256;
const MAX_ZOOM = 18;
const PADDING = 10;

export interface RouteMap {
  /** The route as an SVG path. */
  d: string;
  start: { x: number; y: number } | null;
  end: { x: number; y: number } | null;
  viewBox: string;
  /** The tiles under the route, where they go in the view box; empty without a tile server. */
  tiles: { href: string; x: number; y: number; size: number }[];
  /** Where each point of the route is drawn in the view box, in the route's order. */
  positions: { x: number; y: number }[];
}

/** Pixels from the map's top left corner at `zoom` (Web Mercator). */
function mercator(point: Pick<TrackPoint, 'lat' | 'lon'>, zoom: number): { x: number; y: number } {
  const scale = TILE_PX * 2 ** zoom;
  const sin = Math.sin((Math.max(-85.05, Math.min(85.05, point.lat)) * Math.PI) / 180);
  return {
    x: ((point.lon + 180) / 360) * scale,
    y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * scale,
  };
}

function pathOf(positions: readonly { x: number; y: number }[]): string {
  return positions
    .map((position, index) => `${index === 0 ? 'M' : 'L'}${position.x.toFixed(1)} ${position.y.toFixed(1)}`)
    .join('');
}

/**
 * The route fitted to a box of about `size` pixels, north up. Without a tile server a degree of
 * longitude shrinks by the cosine of the latitude; with one (`tileUrl` holding {z}, {x} and {y}) the
 * route is drawn in Web Mercator at the largest zoom that fits, over the tiles it crosses.
 */
export function routeMap(points: readonly TrackPoint[], tileUrl?: string, size = 280): RouteMap {
  if (points.length === 0)
    return { d: '', start: null, end: null, viewBox: '0 0 1 1', tiles: [], positions: [] };
  const lats = points.map((point) => point.lat);
  const lons = points.map((point) => point.lon);
  const [minLat, maxLat, minLon, maxLon] = [
    Math.min(...lats),
    Math.max(...lats),
    Math.min(...lons),
    Math.max(...lons),
  ];
  if (!tileUrl) {
    const shrink = Math.cos((((minLat + maxLat) / 2) * Math.PI) / 180);
    const width = Math.max((maxLon - minLon) * shrink, 1e-9);
    const height = Math.max(maxLat - minLat, 1e-9);
    const scale = size / Math.max(width, height);
    const positions = points.map((point) => ({
      x: PADDING + (point.lon - minLon) * shrink * scale,
      y: PADDING + (maxLat - point.lat) * scale,
    }));
    return {
      d: pathOf(positions),
      start: positions[0] ?? null,
      end: positions.at(-1) ?? null,
      viewBox: `0 0 ${2 * PADDING + width * scale} ${2 * PADDING + height * scale}`,
      tiles: [],
      positions,
    };
  }
  const corner = mercator({ lat: maxLat, lon: minLon }, 0);
  const far = mercator({ lat: minLat, lon: maxLon }, 0);
  const span = Math.max(far.x - corner.x, far.y - corner.y, 1e-9);
  const zoom = Math.max(0, Math.min(MAX_ZOOM, Math.floor(Math.log2(size / span))));
  const topLeft = mercator({ lat: maxLat, lon: minLon }, zoom);
  const bottomRight = mercator({ lat: minLat, lon: maxLon }, zoom);
  const origin = { x: topLeft.x - PADDING, y: topLeft.y - PADDING };
  const positions = points.map((point) => {
    const pixel = mercator(point, zoom);
    return { x: pixel.x - origin.x, y: pixel.y - origin.y };
  });
  const count = 2 ** zoom;
  const tiles: RouteMap['tiles'] = [];
  for (let ty = Math.floor(origin.y / TILE_PX); ty * TILE_PX < bottomRight.y + PADDING; ty += 1) {
    for (let tx = Math.floor(origin.x / TILE_PX); tx * TILE_PX < bottomRight.x + PADDING; tx += 1) {
      if (ty < 0 || ty >= count) continue;
      const wrapped = ((tx % count) + count) % count;
      tiles.push({
        href: tileUrl.replace('{z}', String(zoom)).replace('{x}', String(wrapped)).replace('{y}', String(ty)),
        x: tx * TILE_PX - origin.x,
        y: ty * TILE_PX - origin.y,
        size: TILE_PX,
      });
    }
  }
  return {
    d: pathOf(positions),
    start: positions[0] ?? null,
    end: positions.at(-1) ?? null,
    viewBox: `0 0 ${bottomRight.x - topLeft.x + 2 * PADDING} ${bottomRight.y - topLeft.y + 2 * PADDING}`,
    tiles,
    positions,
  };
}
