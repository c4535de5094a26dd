import { describe, expect, it } from 'vitest';
import { routeMap } from './routeMap';

const START = Date.parse('2026-10-04T07:30:00Z');
/** A 2 km square loop around Munich's Englischer Garten. */
const LOOP = [
  { lat: 48.15, lon: 11.59 },
  { lat: 48.168, lon: 11.59 },
  { lat: 48.168, lon: 11.617 },
  { lat: 48.15, lon: 11.617 },
  { lat: 48.15, lon: 11.59 },
].map((point, index) => ({ ...point, t: START + index * 120_000 }));

describe('routeMap', () => {
  it('draws the route alone without a tile server, north up', () => {
    const map = routeMap(LOOP);

    expect(map.tiles).toEqual([]);
    expect(map.start).toEqual(map.end);
    expect(map.d).toMatch(/^M10\.0 2\d\d\.\dL10\.0 10\.0L/);
  });

  it('draws the route over the tiles it crosses at the largest zoom that fits', () => {
    const map = routeMap(LOOP, 'https://tiles.example.org/{z}/{x}/{y}.png');

    // About 2 km across at 48°N: some 160 px at zoom 13 (12.8 m a pixel); zoom 14 would need 320.
    expect(map.tiles.length).toBeGreaterThan(0);
    expect(map.tiles.every((tile) => tile.href.startsWith('https://tiles.example.org/13/'))).toBe(true);
    const [x, y] = (map.tiles[0]?.href.match(/\/13\/(\d+)\/(\d+)\.png$/) ?? []).slice(1).map(Number);
    // The first tile holds the route's north-west corner (or the one above it, for the padding).
    expect(x).toBe(Math.floor(((11.59 + 180) / 360) * 2 ** 13));
    expect(y).toBeLessThanOrEqual(
      Math.floor(((1 - Math.asinh(Math.tan((48.168 * Math.PI) / 180)) / Math.PI) / 2) * 2 ** 13),
    );
    // Every tile overlaps the view box, and the box is the route's size plus the padding.
    const [, , width, height] = map.viewBox.split(' ').map(Number);
    for (const tile of map.tiles) {
      expect(tile.x).toBeLessThan(width ?? 0);
      expect(tile.y).toBeLessThan(height ?? 0);
      expect(tile.x + tile.size).toBeGreaterThan(0);
      expect(tile.y + tile.size).toBeGreaterThan(0);
    }
    expect(Math.max(width ?? 0, height ?? 0)).toBeLessThanOrEqual(300);
    expect(map.start?.x).toBe(10);
    expect(map.start?.y).toBeCloseTo((height ?? 0) - 10, 5);
  });
});
