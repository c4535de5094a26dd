/**
 * Privacy zones: places (a home, a workplace) cut from every route a person's friends see, with
 * the route's first and last stretch, so a shared route never shows where its owner lives.
 */
import { fieldError, type FieldError } from './fieldRules';

export interface PrivacyZone {
  lat: number;
  lon: number;
  /** Whole metres, `PRIVACY_ZONE_RADIUS_M.min`–`max`. */
  radiusM: number;
}

/** The most zones a person keeps (Settings.privacyZones). */
export const MAX_PRIVACY_ZONES = 5;

export const PRIVACY_ZONE_RADIUS_M = { min: 100, max: 1000 } as const;

/** Every point this close to a route's first or last point is cut from what others see. */
export const TRIMMED_ENDS_M = 200;

const ZONE_KEYS = new Set(['lat', 'lon', 'radiusM']);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isNumberIn = (value: unknown, min: number, max: number): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max;

/** What is wrong with a list of zones, naming the field (`privacyZones[2].radiusM`); null when fine. */
export function checkPrivacyZones(value: unknown, field = 'privacyZones'): FieldError | null {
  if (value === undefined || value === null) return null;
  if (!Array.isArray(value)) return fieldError(field, 'domain.privacyZones.notList');
  if (value.length > MAX_PRIVACY_ZONES) {
    return fieldError(field, 'domain.privacyZones.tooMany', { max: MAX_PRIVACY_ZONES });
  }
  for (const [index, zone] of value.entries()) {
    const path = `${field}[${index}]`;
    if (!isRecord(zone)) return fieldError(path, 'domain.privacyZones.notZone');
    const unknownKey = Object.keys(zone).find((key) => !ZONE_KEYS.has(key));
    if (unknownKey) return fieldError(`${path}.${unknownKey}`, 'domain.privacyZones.notZoneField');
    if (!isNumberIn(zone.lat, -90, 90)) {
      return fieldError(`${path}.lat`, 'domain.field.numberRange', { min: -90, max: 90 });
    }
    if (!isNumberIn(zone.lon, -180, 180)) {
      return fieldError(`${path}.lon`, 'domain.field.numberRange', { min: -180, max: 180 });
    }
    const { min, max } = PRIVACY_ZONE_RADIUS_M;
    if (!isNumberIn(zone.radiusM, min, max) || !Number.isInteger(zone.radiusM)) {
      return fieldError(`${path}.radiusM`, 'domain.privacyZones.radius', { min, max });
    }
  }
  return null;
}

/** The zones a stored value holds, or none when it holds anything else (an older or broken row). */
export function privacyZonesOf(value: unknown): PrivacyZone[] {
  return checkPrivacyZones(value) === null && Array.isArray(value) ? (value as PrivacyZone[]) : [];
}

const EARTH_RADIUS_M = 6_371_008.8;
const RADIANS = Math.PI / 180;

/** A circle to test points against, with what the haversine needs of its centre computed once. */
interface Circle {
  lat: number;
  lon: number;
  cosLat: number;
  /** `sin²(d / 2R)` for the radius d: a point is inside when its haversine term is at most this. */
  limit: number;
}

function circle(lat: number, lon: number, radiusM: number): Circle {
  const half = Math.min(Math.PI / 2, radiusM / (2 * EARTH_RADIUS_M));
  return {
    lat: lat * RADIANS,
    lon: lon * RADIANS,
    cosLat: Math.cos(lat * RADIANS),
    limit: Math.sin(half) ** 2,
  };
}

/** Whether a point (in radians, with its latitude's cosine) lies in the circle: haversine, no square root. */
function inside(
  lat: number,
  lon: number,
  cosLat: number,
  { lat: cLat, lon: cLon, cosLat: cCos, limit }: Circle,
) {
  const h = Math.sin((lat - cLat) / 2) ** 2 + cosLat * cCos * Math.sin((lon - cLon) / 2) ** 2;
  return h <= limit;
}

/**
 * The points of a route as anyone but its owner sees them: every point within `TRIMMED_ENDS_M` of
 * the route's first or last point is cut, and every point inside a zone (edges included). A route
 * wholly inside a zone leaves nothing. One pass, each point tested against each circle once.
 */
export function trimTrack<Point extends { lat: number; lon: number }>(
  points: readonly Point[],
  zones: readonly PrivacyZone[],
): Point[] {
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) return [];
  const circles = [
    circle(first.lat, first.lon, TRIMMED_ENDS_M),
    circle(last.lat, last.lon, TRIMMED_ENDS_M),
    ...zones.map((zone) => circle(zone.lat, zone.lon, zone.radiusM)),
  ];
  return points.filter((point) => {
    const lat = point.lat * RADIANS;
    const lon = point.lon * RADIANS;
    const cosLat = Math.cos(lat);
    return !circles.some((zone) => inside(lat, lon, cosLat, zone));
  });
}
