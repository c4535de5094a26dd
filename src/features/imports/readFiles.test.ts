// @vitest-environment node
import { gzipSync, strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { readImportFiles } from './readFiles';
import { fitFile, gpx, START, steady } from './testFiles';

const run = (from: number, seconds = 600) =>
  gpx([{ second: from, metres: 0 }, ...steady(from, 0, seconds, 3)], 'running');
const file = (name: string, content: string | Uint8Array<ArrayBuffer>) => new File([content], name);
const zip = (name: string, entries: Record<string, string | Uint8Array<ArrayBuffer>>) =>
  file(
    name,
    zipSync(
      Object.fromEntries(
        Object.entries(entries).map(([path, content]) => [
          path,
          typeof content === 'string' ? strToU8(content) : content,
        ]),
      ),
    ),
  );

describe('readImportFiles', () => {
  it('reads workout files alone, gzipped and zipped, with folders, naming each', async () => {
    const outcome = await readImportFiles([
      file('a.gpx', run(0)),
      file(
        'b.fit.gz',
        gzipSync(fitFile([{ sport: 'cycling', from: 3600, samples: steady(3600, 0, 600, 8) }])),
      ),
      zip('history.zip', { '2025/run.gpx': run(7200), '2026/run.gpx': run(10_800), 'notes.txt': 'skipped' }),
    ]);

    expect(outcome.problems).toEqual([]);
    expect(outcome.workouts.map(({ name, workout }) => [name, workout.type, workout.startedAt])).toEqual([
      ['a.gpx', 'run', new Date(START).toISOString()],
      ['b.fit.gz', 'cycle', new Date(START + 3_600_000).toISOString()],
      ['history.zip/2025/run.gpx', 'run', new Date(START + 7_200_000).toISOString()],
      ['history.zip/2026/run.gpx', 'run', new Date(START + 10_800_000).toISOString()],
    ]);
  });

  it('names each file it cannot read and goes on with the rest', async () => {
    const outcome = await readImportFiles([
      file('broken.gpx', run(0).slice(0, 300)),
      file('photo.jpg', 'not a workout'),
      file('empty.fit', new Uint8Array(0)),
      file('good.gpx', run(0)),
    ]);

    expect(outcome.workouts.map(({ name }) => name)).toEqual(['good.gpx']);
    expect(outcome.problems).toEqual([
      { name: 'broken.gpx', problem: 'it is not well-formed XML (cut off, or not a workout file)' },
      {
        name: 'photo.jpg',
        problem:
          'only workout files (GPX, TCX, FIT), a zip of them, a Strava archive or an Apple Health export are read here',
      },
      { name: 'empty.fit', problem: 'it is empty' },
    ]);
  });

  it('refuses a 300 MB workout file unread', async () => {
    const megabyte = new Uint8Array(1024 ** 2);
    const huge = new File(
      Array.from({ length: 300 }, () => megabyte),
      'huge.fit',
    );

    const outcome = await readImportFiles([huge]);

    expect(outcome.problems).toEqual([{ name: 'huge.fit', problem: 'it is larger than 100 MB' }]);
  });

  it('refuses a zip bomb whole, keeping nothing of it', async () => {
    const bomb = zip('bomb.zip', { 'a.gpx': run(0), 'zeros.gpx': new Uint8Array(100 * 1024 ** 2) });

    const outcome = await readImportFiles([bomb]);

    expect(bomb.size).toBeLessThan(1024 ** 2);
    expect(outcome.workouts).toEqual([]);
    expect(outcome.problems).toEqual([
      {
        name: 'bomb.zip',
        problem: 'it unpacks to more than 100 times its size, which no export does (a zip bomb?)',
      },
    ]);
    // Packing and reading 100 MB takes 12–15 s on two busy cores: past the default 20 s under load.
  }, 60_000);

  it('refuses a gzipped file that unpacks past the size limit', async () => {
    const outcome = await readImportFiles([file('big.gpx.gz', gzipSync(new Uint8Array(101 * 1024 ** 2)))]);

    expect(outcome.problems).toEqual([
      {
        name: 'big.gpx.gz',
        problem: 'it unpacks to more than 100 times its size, which no export does (a zip bomb?)',
      },
    ]);
  });

  it('refuses a file that is not a zip though named so', async () => {
    const outcome = await readImportFiles([file('fake.zip', 'PK but not really a zip archive at all')]);

    expect(outcome.workouts).toEqual([]);
    expect(outcome.problems[0]?.name).toBe('fake.zip');
  });

  it('reports progress in bytes up to the whole size', async () => {
    const files = [file('a.gpx', run(0)), zip('b.zip', { 'b.gpx': run(3600) })];
    const reports: number[][] = [];

    await readImportFiles(files, (done, total) => reports.push([done, total]));

    const size = files.reduce((sum, chosen) => sum + chosen.size, 0);
    const done = reports.map(([bytes]) => bytes ?? 0);
    expect(reports.at(-1)).toEqual([size, size]);
    expect(done).toEqual([...done].sort((a, b) => a - b));
  });
});

const STRAVA_CSV = [
  'Activity ID,Activity Date,Activity Name,Activity Type,Activity Description,Elapsed Time,Distance,Max Heart Rate,Relative Effort,Commute,Activity Private Note,Activity Gear,Filename,Athlete Weight,Bike Weight,Elapsed Time,Moving Time,Distance,Max Speed,Average Speed,Elevation Gain,Elevation Loss,Average Heart Rate,Calories',
  '1,"Oct 4, 2026, 7:30:00 AM","Morning, easy",Run,"Legs, tired",600,1.80,,,false,,,activities/1.gpx,,,600,590,1800.5,,,12,,150,140',
  '2,"Oct 4, 2026, 8:30:01 AM",Commute,Ride,,600,4.8,170,,true,,,activities/2.fit.gz,,,600,600,4800.0,,,30,,,',
  '3,"Oct 5, 2026, 6:00:00 PM",Gym,Weight Training,,2700,0,,,false,,,,,,2700,2700,0,,,,,,210',
].join('\n');

describe('a Strava archive', () => {
  it('joins each row of activities.csv to its file, with Strava’s type; a row without a file stands alone', async () => {
    const outcome = await readImportFiles([
      zip('export_1.zip', {
        'activities.csv': STRAVA_CSV,
        'activities/1.gpx': run(0),
        'activities/2.fit.gz': gzipSync(
          fitFile([{ sport: 'generic', from: 3601, samples: steady(3601, 0, 600, 8) }]),
        ),
        'media/photo.jpg': 'skipped',
      }),
    ]);

    expect(outcome.problems).toEqual([]);
    expect(
      outcome.workouts.map(({ name, workout }) => ({
        name,
        type: workout.type,
        source: workout.source,
        startedAt: workout.startedAt,
        durationMin: workout.durationMin,
        caloriesKcal: workout.caloriesKcal,
        points: workout.track?.length ?? 0,
      })),
    ).toEqual([
      {
        name: 'export_1.zip/activities/1.gpx',
        type: 'run',
        source: 'strava',
        startedAt: '2026-10-04T07:30:00.000Z',
        durationMin: 10,
        caloriesKcal: 140,
        points: 2,
      },
      {
        name: 'export_1.zip/activities/2.fit.gz',
        type: 'cycle',
        source: 'strava',
        startedAt: '2026-10-04T08:30:01.000Z',
        durationMin: 10,
        caloriesKcal: undefined,
        points: 2,
      },
      {
        name: 'export_1.zip/activities.csv, row 4',
        type: 'strength',
        source: 'strava',
        startedAt: '2026-10-05T18:00:00.000Z',
        durationMin: 45,
        caloriesKcal: 210,
        points: 0,
      },
    ]);
  });

  it('reads the archive’s folder the same way', async () => {
    const outcome = await readImportFiles([file('activities.csv', STRAVA_CSV), file('1.gpx', run(0))]);

    expect(outcome.workouts.map(({ workout }) => [workout.type, workout.source, workout.distanceKm])).toEqual(
      [
        ['run', 'strava', 1.8],
        ['cycle', 'strava', 4.8],
        ['strength', 'strava', undefined],
      ],
    );
  });

  it('refuses a CSV that is not Strava’s', async () => {
    const outcome = await readImportFiles([file('activities.csv', 'date,weight\n2026-01-01,80')]);

    expect(outcome.problems).toEqual([
      { name: 'activities.csv', problem: 'it is not the activities.csv of a Strava archive' },
    ]);
  });
});

const HEALTH_XML = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE HealthData [
<!ELEMENT HealthData (ExportDate,Me,(Record|Workout)*)>
<!ATTLIST HealthData locale CDATA #REQUIRED>
]>
<HealthData locale="en_GB">
 <ExportDate value="2026-10-06 09:00:00 +0100"/>
 <Me HKCharacteristicTypeIdentifierBiologicalSex="HKBiologicalSexFemale"/>
 <Record type="HKQuantityTypeIdentifierStepCount" unit="count" value="120" startDate="2026-10-04 08:00:00 +0100" endDate="2026-10-04 08:05:00 +0100"/>
 <Record type="HKQuantityTypeIdentifierBodyMass" unit="kg" value="72.4" startDate="2026-10-04 07:00:00 +0100" endDate="2026-10-04 07:00:00 +0100"/>
 <Record type="HKQuantityTypeIdentifierBodyMass" unit="lb" value="160" startDate="2026-10-05 07:00:00 +0100" endDate="2026-10-05 07:00:00 +0100"/>
 <Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="10" durationUnit="min" startDate="2026-10-04 08:30:00 +0100" endDate="2026-10-04 08:40:00 +0100">
  <WorkoutStatistics type="HKQuantityTypeIdentifierDistanceWalkingRunning" sum="1.9" unit="km"/>
  <WorkoutStatistics type="HKQuantityTypeIdentifierActiveEnergyBurned" sum="150" unit="kcal"/>
  <WorkoutStatistics type="HKQuantityTypeIdentifierHeartRate" average="148" minimum="90" maximum="171" unit="count/min"/>
  <WorkoutRoute sourceName="Watch"><FileReference path="/workout-routes/route_2026-10-04_8.30am.gpx"/></WorkoutRoute>
 </Workout>
 <Workout workoutActivityType="HKWorkoutActivityTypeTraditionalStrengthTraining" duration="0.75" durationUnit="hr" totalEnergyBurned="836.8" totalEnergyBurnedUnit="kJ" startDate="2026-10-05 18:00:00 +0100" endDate="2026-10-05 18:45:00 +0100"/>
</HealthData>`;

describe('an Apple Health export', () => {
  it('streams export.xml: workouts with their routes, body mass in kg or lb as weigh-ins, nothing else', async () => {
    const outcome = await readImportFiles([
      zip('export.zip', {
        'apple_health_export/export.xml': HEALTH_XML,
        'apple_health_export/export_cda.xml': '<ClinicalDocument/>',
        'apple_health_export/workout-routes/route_2026-10-04_8.30am.gpx': run(0),
        'apple_health_export/workout-routes/route_unused.gpx': run(99_000),
      }),
    ]);

    expect(outcome.problems).toEqual([]);
    expect(outcome.weighIns).toEqual([
      { measuredAt: '2026-10-04T06:00:00.000Z', weightKg: 72.4 },
      { measuredAt: '2026-10-05T06:00:00.000Z', weightKg: 72.57 },
    ]);
    const summaries = outcome.workouts.map(({ workout: { track, ...rest } }) =>
      track ? { ...rest, track: track.length } : rest,
    );
    expect(summaries).toEqual([
      {
        type: 'run',
        source: 'apple-health',
        startedAt: '2026-10-04T07:30:00.000Z',
        durationMin: 10,
        movingTimeS: 600,
        distanceKm: 1.9,
        caloriesKcal: 150,
        avgHr: 148,
        maxHr: 171,
        track: 2,
      },
      {
        type: 'strength',
        source: 'apple-health',
        startedAt: '2026-10-05T17:00:00.000Z',
        durationMin: 45,
        movingTimeS: 2700,
        caloriesKcal: 200,
      },
    ]);
  });

  it('names the export inside a zip that cannot be read, keeping nothing of the archive', async () => {
    const outcome = await readImportFiles([
      zip('export.zip', {
        'apple_health_export/export.xml': HEALTH_XML.slice(0, HEALTH_XML.length - 200),
        'apple_health_export/workout-routes/route_2026-10-04_8.30am.gpx': run(0),
      }),
    ]);

    expect(outcome.workouts).toEqual([]);
    expect(outcome.weighIns).toEqual([]);
    expect(outcome.problems).toEqual([
      {
        name: 'export.zip',
        problem:
          'apple_health_export/export.xml: it is not well-formed XML (cut off, or not an Apple Health export)',
      },
    ]);
  });

  it('never expands an entity the export declares', async () => {
    const laughs = HEALTH_XML.replace(
      ']>',
      '<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>',
    ).replace('<Me ', '<Me note="&b;" ');

    const outcome = await readImportFiles([file('export.xml', laughs)]);

    expect(outcome.workouts).toEqual([]);
    expect(outcome.weighIns).toEqual([]);
    expect(outcome.problems).toEqual([
      { name: 'export.xml', problem: 'it is not well-formed XML (cut off, or not an Apple Health export)' },
    ]);
  });

  it('refuses an export cut off half way, keeping nothing of it', async () => {
    const outcome = await readImportFiles([file('export.xml', HEALTH_XML.slice(0, HEALTH_XML.length - 200))]);

    expect(outcome.workouts).toEqual([]);
    expect(outcome.weighIns).toEqual([]);
    expect(outcome.problems).toEqual([
      { name: 'export.xml', problem: 'it is not well-formed XML (cut off, or not an Apple Health export)' },
    ]);
  });
});
