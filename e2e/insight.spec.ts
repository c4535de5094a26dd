import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { distanceM, type KeyedWorkout, type TrackPoint } from '../src/domain/track';
import { violationsOn } from './support/accessibility';
import { createAccount, runAs } from './support/api';
import { openSignedIn } from './support/session';
import { ActivityPage } from './pages/ActivityPage';

const METRES_PER_DEGREE = distanceM({ lat: 0, lon: 0 }, { lat: 1, lon: 0 });
const HOME = { lat: 48.1372, lon: 11.5756 };
const DAY_MS = 86_400_000;

/**
 * A run north from home at a steady pace, a point every 10 s, the heart rate rising from 125 with
 * the minutes to `peakHr` near the end.
 */
function run(startedAt: number, km: number, secondsPerKm: number, peakHr: number): KeyedWorkout {
  const seconds = Math.round(km * secondsPerKm);
  const points = Math.floor(seconds / 10) + 1;
  const track: TrackPoint[] = Array.from({ length: points }, (_, index) => {
    const metres = (index * 10 * 1000) / secondsPerKm;
    return {
      t: startedAt + index * 10_000,
      lat: HOME.lat + metres / METRES_PER_DEGREE,
      lon: HOME.lon,
      hr: Math.round(125 + ((peakHr - 125) * index) / (points - 1)),
    };
  });
  return {
    clientKey: randomUUID(),
    type: 'run',
    source: 'gpx',
    startedAt: new Date(startedAt).toISOString(),
    durationMin: Math.round(seconds / 60),
    movingTimeS: seconds,
    distanceKm: km,
    avgHr: Math.round((125 + peakHr) / 2),
    maxHr: peakHr,
    track,
  };
}

/** Three months of runs, every third day at 07:00: 6 km easy, every fourth a 10.5 km long run, a harder week last. */
function threeMonthsOfRuns(): KeyedWorkout[] {
  const today = new Date();
  today.setUTCHours(7, 0, 0, 0);
  const runs: KeyedWorkout[] = [];
  for (let back = 90, index = 0; back >= 3; back -= 3, index += 1) {
    const startedAt = today.getTime() - back * DAY_MS;
    runs.push(
      index % 4 === 3 ? run(startedAt, 10.5, 330, 172) : run(startedAt, 6, 315 - (index % 3) * 5, 178),
    );
  }
  return runs;
}

async function axeInBothThemes(page: Page): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
    expect(await violationsOn(page), `${colorScheme} theme`).toEqual([]);
  }
}

test.describe('insight', () => {
  test.use({ viewport: { width: 375, height: 812 }, locale: 'en-GB' });

  test('a runner with three months of heart rate sees load, form, predictions and zones, moves the zones with the resting heart rate, and logs a workout by effort', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const runner = await createAccount();
    const runs = threeMonthsOfRuns();
    for (let start = 0; start < runs.length; start += 10) {
      await runAs(runner, 'importWorkouts', { workouts: runs.slice(start, start + 10) });
    }

    await openSignedIn(page, runner);
    const activity = new ActivityPage(page);
    const load = page.getByRole('region', { name: 'Training load' });
    await expect(load.getByText('Fitness', { exact: true })).toBeVisible();
    await expect(load.getByText(/fitness minus fatigue/)).toBeVisible();
    await expect(load.getByText(/Your form is (positive|negative)/)).toBeVisible();
    await expect(load.getByRole('img')).toBeVisible();
    await load.getByText('How is load measured?').click();
    await expect(load.getByText(/counted by heart rate/)).toContainText(
      /\d+ workouts counted by heart rate, 0 by effort/,
    );
    await load.getByRole('button', { name: '12 months' }).click();
    await expect(load.getByText(/In the last 12 months/)).toBeVisible();

    const races = page.getByRole('region', { name: 'Race predictions' });
    for (const race of ['5 km', '10 km', 'Half marathon', 'Marathon']) {
      await expect(races.getByRole('rowheader', { name: new RegExp(`^${race}`) })).toBeVisible();
    }
    await expect(races.getByText(/Estimated VO₂max: \d+(\.\d)? ml\/kg\/min/)).toBeVisible();
    await axeInBothThemes(page);
    await page.setViewportSize({ width: 1400, height: 900 });
    await axeInBothThemes(page);
    await page.setViewportSize({ width: 375, height: 812 });
    await page.emulateMedia({ colorScheme: 'light' });

    // The run the 5 km comes from, with its time in each zone.
    await races.getByRole('rowheader', { name: /^5 km/ }).getByRole('link').click();
    const zones = activity.summary().getByRole('table', { name: 'Time in each heart-rate zone' });
    await expect(
      activity.summary().getByText(/Training load: \d+, from its heart rate \(TRIMP\)\./),
    ).toBeVisible();
    const zoneOne = zones.getByRole('rowheader', { name: /^Zone 1: recovery/ });
    await expect(zoneOne).toContainText(/\d+–\d+ bpm/);
    const rangeBefore = await zoneOne.textContent();
    await axeInBothThemes(page);
    await page.emulateMedia({ colorScheme: 'light' });
    const workoutAddress = page.url();

    // A lower resting heart rate moves every zone down.
    await page.goto('/user-settings?section=heartRate');
    const heartRate = page.getByRole('region', { name: 'Heart rate' });
    await expect(
      heartRate.getByText(/Your maximum heart rate is \d+ bpm: the highest 30-second average/),
    ).toBeVisible();
    await heartRate.getByLabel('Resting heart rate (bpm)').fill('42');
    await heartRate.getByRole('button', { name: 'Save heart rate' }).click();
    await expect(heartRate.getByRole('status')).toHaveText('Heart rate saved.');
    await heartRate.getByLabel('Zone 2 starts at').fill('55');
    await heartRate.getByLabel('Zone 3 starts at').fill('50');
    await heartRate.getByRole('button', { name: 'Save heart rate' }).click();
    await expect(
      heartRate.getByText('Enter six whole numbers from 0 to 100, each higher than the one before.'),
    ).toBeVisible();
    await axeInBothThemes(page);
    await page.emulateMedia({ colorScheme: 'light' });

    await page.goto(workoutAddress);
    const zoneOneNow = activity
      .summary()
      .getByRole('table', { name: 'Time in each heart-rate zone' })
      .getByRole('rowheader', { name: /^Zone 1: recovery/ });
    await expect(zoneOneNow).toContainText(/\d+–\d+ bpm/);
    await expect(zoneOneNow).not.toHaveText(rangeBefore ?? '');
    await activity.summary().getByRole('button', { name: 'Close' }).click();

    // A workout without heart rate gets its load from the effort given.
    await activity.goto();
    await activity.openNew();
    await activity.fill({ type: 'Yoga', duration: '40' });
    await activity.window().getByLabel('Effort (optional)').selectOption({ label: '6 – harder' });
    await activity.save();
    await expect(activity.window()).toBeHidden();
    const yoga = activity.workouts().filter({ hasText: 'Yoga' });
    await activity.openSummary(yoga);
    await expect(
      activity.summary().getByText(/Training load: \d+, from the effort you gave it and its minutes\./),
    ).toBeVisible();
    await expect(
      activity.summary().getByRole('table', { name: 'Time in each heart-rate zone' }),
    ).toBeHidden();
  });
});
