import { describe, expect, it } from 'vitest';
import { trackToGpx } from '@/domain/track';
import { activityTypeOf, parseWorkoutFile, WorkoutFileError } from './formats';
import { gpx, START, steady } from './testFiles';

describe('activityTypeOf', () => {
  it('maps the sports files name through one table, anything unknown to other', () => {
    expect(activityTypeOf('Running')).toBe('run');
    expect(activityTypeOf('mountain biking')).toBe('cycle');
    expect(activityTypeOf('Biking')).toBe('cycle');
    expect(activityTypeOf('open_water_swimming')).toBe('swim');
    expect(activityTypeOf('Kitesurfing')).toBe('other');
    expect(activityTypeOf(undefined)).toBe('other');
  });
});

describe('parseWorkoutFile', () => {
  it('reads a GPX run with a pause: moving time without it, heart rate from the extension', () => {
    const samples = [
      { second: 0, metres: 0, ele: 500, hr: 100 },
      ...steady(0, 0, 600, 3.5, { hr: 150, ele: 500 }),
      ...steady(600, 2100, 120, 0, { hr: 110, ele: 500 }),
      ...steady(720, 2100, 300, 3.5, { hr: 160, ele: 500 }),
    ];

    const run = parseWorkoutFile(gpx(samples), 'gpx');

    expect(run).toMatchObject({
      type: 'run',
      source: 'gpx',
      startedAt: '2026-10-04T07:30:00.000Z',
      durationMin: 17,
      movingTimeS: 900,
      maxHr: 160,
    });
    expect(run.distanceKm).toBeCloseTo(3.15, 1);
    expect(run.avgHr).toBeGreaterThan(140);
    expect(run.track?.length).toBeLessThanOrEqual(2000);
    expect(run.track?.[0]).toEqual({ t: START, lat: 48, lon: 11, ele: 500, hr: 100 });
  });

  it('reads a ride without heart rate', () => {
    const ride = parseWorkoutFile(
      gpx([{ second: 0, metres: 0 }, ...steady(0, 0, 1800, 8)], 'cycling'),
      'gpx',
    );

    expect(ride).toMatchObject({ type: 'cycle', durationMin: 30, movingTimeS: 1800 });
    expect(ride.distanceKm).toBeCloseTo(14.4, 1);
    expect(ride.avgHr).toBeUndefined();
    expect(ride.maxHr).toBeUndefined();
  });

  it('reads a pool swim from TCX: no positions, so no track, and the laps give distance and energy', () => {
    const trackpoints = Array.from(
      { length: 40 },
      (_, index) => `<Trackpoint><Time>${new Date(START + index * 60_000).toISOString()}</Time></Trackpoint>`,
    ).join('');
    const tcx = `<?xml version="1.0"?>
<TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2">
  <Activities><Activity Sport="Other"><Id>2026-10-04T07:30:00Z</Id>
    <Lap StartTime="2026-10-04T07:30:00Z"><TotalTimeSeconds>1200</TotalTimeSeconds><DistanceMeters>1000</DistanceMeters><Calories>180</Calories><Track>${trackpoints.slice(0, trackpoints.length / 2)}</Track></Lap>
    <Lap StartTime="2026-10-04T07:50:00Z"><TotalTimeSeconds>1140</TotalTimeSeconds><DistanceMeters>950</DistanceMeters><Calories>170</Calories><Track>${trackpoints.slice(trackpoints.length / 2)}</Track></Lap>
  </Activity></Activities>
</TrainingCenterDatabase>`;

    const swim = parseWorkoutFile(tcx, 'tcx');

    expect(swim).toMatchObject({
      type: 'other',
      source: 'tcx',
      durationMin: 39,
      distanceKm: 1.95,
      caloriesKcal: 350,
    });
    expect(swim.track).toBeUndefined();
  });

  it('reads a 24-hour ultra into a track of at most 2 000 points', () => {
    const samples = [{ second: 0, metres: 0 }, ...steady(0, 0, 86_399, 2)];

    const ultra = parseWorkoutFile(gpx(samples), 'gpx');

    expect(ultra.durationMin).toBe(1440);
    expect(ultra.distanceKm).toBeCloseTo(172.8, 0);
    expect(ultra.track?.length).toBeLessThanOrEqual(2000);
  });

  it.each([
    ['an empty file', '', 'gpx', 'it is empty'],
    ['a file of another kind', '{"type":"FeatureCollection"}', 'gpx', 'it is not a GPX file'],
    ['a GPX file given as TCX', gpx([{ second: 0, metres: 0 }]), 'tcx', 'it is not a TCX file'],
    [
      'a truncated file',
      gpx([{ second: 0, metres: 0 }, ...steady(0, 0, 20, 3)]).slice(0, 900),
      'gpx',
      'it is not well-formed XML (cut off, or not a workout file)',
    ],
    ['a file without timed points', gpx([]), 'gpx', 'it holds no timed points'],
    [
      'entity expansion',
      '<?xml version="1.0"?><!DOCTYPE gpx [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]><gpx>&b;</gpx>',
      'gpx',
      'it declares a DOCTYPE, which workout files never do',
    ],
  ] as const)('refuses %s with a sentence', (_case, text, kind, sentence) => {
    expect(() => parseWorkoutFile(text, kind)).toThrow(new WorkoutFileError(sentence));
  });
});

describe('a track written as GPX', () => {
  it('reads back as the same workout', () => {
    const samples = [
      { second: 0, metres: 0, ele: 500, hr: 120 },
      ...steady(0, 0, 600, 3, { ele: 505, hr: 150 }),
    ];
    const original = parseWorkoutFile(gpx(samples), 'gpx');

    const again = parseWorkoutFile(
      trackToGpx(original.track ?? [], { name: 'Morning <run> & more', type: 'running' }),
      'gpx',
    );

    expect(again).toMatchObject({
      type: 'run',
      startedAt: original.startedAt,
      durationMin: original.durationMin,
      distanceKm: original.distanceKm,
      maxHr: 150,
    });
    expect(again.track).toEqual(original.track);
  });
});
