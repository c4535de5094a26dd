import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { parseWorkoutFile } from '../src/features/imports/formats';
import { fitFile, steady } from '../src/features/imports/testFiles';
import { LoginPage } from './pages/LoginPage';
import { violationsOn } from './support/accessibility';
import { createAccount, requestAs, runAs } from './support/api';
import { openSignedIn } from './support/session';

const DAY_MS = 86_400_000;
/** A 1×1 grey PNG. */
const GREY_TILE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNoAAAAggCBd81ytgAAAABJRU5ErkJggg==',
  'base64',
);

/** A GPX file of a steady workout north from 48°N: `minutes` long at `speed` m/s. */
function gpx(start: number, minutes: number, speed: number, type: string): string {
  const points = Array.from({ length: minutes * 6 + 1 }, (_, index) => {
    const lat = 48 + (index * 10 * speed) / 111_195;
    return `<trkpt lat="${lat.toFixed(7)}" lon="11"><ele>500</ele><time>${new Date(start + index * 10_000).toISOString()}</time></trkpt>`;
  }).join('');
  return `<?xml version="1.0"?><gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><trk><type>${type}</type><trkseg>${points}</trkseg></trk></gpx>`;
}

test.describe('importing workouts', () => {
  test('reads a folder of files, previews the new ones, skips a duplicate and names a broken file, then imports', async ({
    page,
  }) => {
    const account = await createAccount();
    const runStart = Date.now() - 3 * DAY_MS;
    const rideStart = Date.now() - 2 * DAY_MS;
    // The run is saved already, typed in by hand a minute after the watch started.
    await requestAs(account, 'POST', 'classes/Activity', {
      type: 'run',
      startedAt: { __type: 'Date', iso: new Date(runStart + 60_000).toISOString() },
      durationMin: 30,
    });
    await openSignedIn(page, account, '/user-settings?section=data');
    const section = page.getByRole('region', { name: 'Import workouts' });

    await section.getByLabel('Workout files').setInputFiles([
      {
        name: 'morning-run.gpx',
        mimeType: 'application/gpx+xml',
        buffer: Buffer.from(gpx(runStart, 30, 3, 'running')),
      },
      {
        name: 'ride.gpx',
        mimeType: 'application/gpx+xml',
        buffer: Buffer.from(gpx(rideStart, 60, 7, 'cycling')),
      },
      {
        name: 'broken.gpx',
        mimeType: 'application/gpx+xml',
        buffer: Buffer.from(gpx(rideStart, 5, 3, 'running').slice(0, 300)),
      },
    ]);

    const preview = section.locator('.import-preview');
    await expect(preview.getByRole('status')).toContainText('1 new workout from');
    await expect(preview.getByRole('status')).toContainText('1 already saved, skipped');
    await expect(preview.getByRole('listitem')).toHaveText([
      'morning-run.gpx: already saved.',
      'broken.gpx: it is not well-formed XML (cut off, or not a workout file).',
    ]);
    expect(await violationsOn(page)).toEqual([]);

    await section.getByLabel('Keep the original files').check();
    await preview.getByRole('button', { name: 'Import 1 workout' }).click();
    await expect(section.getByRole('status')).toContainText('Imported 1 workout. Kept 1 original file.');

    const { results } = await requestAs<{ results: Record<string, unknown>[] }>(
      account,
      'GET',
      `classes/Activity?where=${encodeURIComponent(JSON.stringify({ source: 'gpx' }))}`,
    );
    expect(results).toEqual([expect.objectContaining({ type: 'cycle', durationMin: 60, movingTimeS: 3600 })]);
    expect(results[0]?.distanceKm).toBeCloseTo(25.2, 0);

    // The kept original downloads from the workout's window as it was chosen.
    await page.goto(`/?activity=${String(results[0]?.objectId)}`);
    const window = page.getByRole('dialog', { name: /^Cycling on / });
    const [original] = await Promise.all([
      page.waitForEvent('download'),
      window.getByRole('button', { name: 'Download the original file' }).click(),
    ]);
    expect(original.suggestedFilename()).toBe('ride.gpx');
    expect(await readFile(await original.path(), 'utf8')).toBe(gpx(rideStart, 60, 7, 'cycling'));
    await window.getByRole('button', { name: 'Close' }).click();
    await page.goto('/user-settings?section=data');

    // The same files again add nothing.
    await section.getByLabel('Workout files').setInputFiles([
      {
        name: 'ride.gpx',
        mimeType: 'application/gpx+xml',
        buffer: Buffer.from(gpx(rideStart, 60, 7, 'cycling')),
      },
    ]);
    await expect(preview.getByRole('status')).toContainText('0 new workouts; 1 already saved, skipped');
    await expect(preview.getByRole('button', { name: 'Import 0 workouts' })).toBeDisabled();
  });

  test('takes files dropped on it on a 375 px phone screen, without scrolling sideways', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    const account = await createAccount();
    const start = Date.now() - 5 * DAY_MS;
    await openSignedIn(page, account, '/user-settings?section=data');
    const section = page.getByRole('region', { name: 'Import workouts' });
    await section.scrollIntoViewIfNeeded();

    const dropped = await page.evaluateHandle(
      ({ good, broken }) => {
        const transfer = new DataTransfer();
        transfer.items.add(new File([good], 'walk.gpx', { type: 'application/gpx+xml' }));
        transfer.items.add(new File([broken], 'cut.gpx', { type: 'application/gpx+xml' }));
        return transfer;
      },
      { good: gpx(start, 40, 1.4, 'walking'), broken: gpx(start, 5, 1.4, 'walking').slice(0, 200) },
    );
    await section.locator('.import-drop').dispatchEvent('drop', { dataTransfer: dropped });

    const preview = section.locator('.import-preview');
    await expect(preview.getByRole('status')).toContainText('1 new workout from');
    await expect(preview.getByRole('listitem')).toHaveText([
      'cut.gpx: it is not well-formed XML (cut off, or not a workout file).',
    ]);
    expect(await violationsOn(page)).toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await preview.getByRole('button', { name: 'Import 1 workout' }).click();
    await expect(section.getByRole('status')).toContainText('Imported 1 workout.');
  });

  test('reads a chosen folder: a FIT file and an Apple Health export become workouts and weigh-ins', async ({
    page,
  }) => {
    const account = await createAccount();
    const folder = await mkdtemp(join(tmpdir(), 'fitstreak-import-'));
    await mkdir(join(folder, 'watch'));
    // fitFile starts its sessions at a fixed morning; the folder's export is a week before it.
    await writeFile(
      join(folder, 'watch', 'long-ride.fit'),
      fitFile([
        {
          sport: 'cycling',
          from: 0,
          samples: [{ second: 0, metres: 0, hr: 120 }, ...steady(0, 0, 3600, 7, { hr: 140 })],
        },
      ]),
    );
    await writeFile(
      join(folder, 'export.xml'),
      `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE HealthData [<!ELEMENT HealthData (Record)*>]>
<HealthData locale="en_GB">
 <Record type="HKQuantityTypeIdentifierBodyMass" unit="kg" value="81.3" startDate="2026-09-27 07:00:00 +0000" endDate="2026-09-27 07:00:00 +0000"/>
 <Record type="HKQuantityTypeIdentifierBodyMass" unit="kg" value="80.9" startDate="2026-09-28 07:00:00 +0000" endDate="2026-09-28 07:00:00 +0000"/>
 <Workout workoutActivityType="HKWorkoutActivityTypeYoga" duration="40" durationUnit="min" startDate="2026-09-28 18:00:00 +0000" endDate="2026-09-28 18:40:00 +0000"/>
</HealthData>`,
    );
    await openSignedIn(page, account, '/user-settings?section=data');
    const section = page.getByRole('region', { name: 'Import workouts' });

    await section.getByLabel('A folder of them').setInputFiles(folder);

    const preview = section.locator('.import-preview');
    await expect(preview.getByRole('status')).toHaveText(
      '2 new workouts and 2 new weigh-ins from 27 Sep 2026 to 4 Oct 2026.',
    );
    await preview.getByRole('button', { name: 'Import 2 workouts and 2 weigh-ins' }).click();
    await expect(section.getByRole('status')).toContainText('Imported 2 workouts and 2 weigh-ins.');

    const { results: workouts } = await requestAs<{ results: Record<string, unknown>[] }>(
      account,
      'GET',
      'classes/Activity?order=startedAt',
    );
    expect(workouts).toEqual([
      expect.objectContaining({ type: 'yoga', source: 'apple-health', durationMin: 40 }),
      expect.objectContaining({
        type: 'cycle',
        source: 'fit',
        durationMin: 60,
        distanceKm: 25.2,
        maxHr: 140,
      }),
    ]);
    const { results: weighIns } = await requestAs<{ results: Record<string, unknown>[] }>(
      account,
      'GET',
      'classes/WeightEntry?order=measuredAt',
    );
    expect(weighIns.map((entry) => entry.weightKg)).toEqual([81.3, 80.9]);
  });

  test('opens an imported run from the day’s list: its numbers, route, splits and best efforts; another person’s is not found', async ({
    page,
  }) => {
    const [account, stranger] = await Promise.all([createAccount(), createAccount()]);
    const start = Date.now() - DAY_MS;
    const points = Array.from({ length: 181 }, (_, index) => ({
      t: start + index * 10_000,
      lat: 48 + (index * 10 * 3.5) / 111_195,
      lon: 11 + Math.sin(index / 20) * 0.001,
      ele: 500 + index / 10,
      hr: 140 + (index % 20),
    }));
    const answer = await runAs(account, 'importWorkouts', {
      workouts: [
        {
          clientKey: randomUUID(),
          type: 'run',
          source: 'gpx',
          startedAt: new Date(start).toISOString(),
          durationMin: 30,
          movingTimeS: 1800,
          distanceKm: 6.3,
          elevationGainM: 18,
          avgHr: 149,
          maxHr: 159,
          track: points,
        },
      ],
    });
    expect(answer).toMatchObject({ imported: 1, refused: [] });
    // The operator's tile server (e2e/support/tiles.ts) answers every tile with one grey square.
    const tileRequests: string[] = [];
    await page.route('https://tiles.fitstreak.test/**', (route) => {
      tileRequests.push(route.request().url());
      return route.fulfill({ contentType: 'image/png', body: GREY_TILE });
    });
    const login = new LoginPage(page);
    const day = new Date(start).toLocaleDateString('sv');
    await login.goto(`?from=${encodeURIComponent(`/?date=${day}`)}`);
    await login.logIn(account.username, account.password);

    await page
      .locator('.activity-list > li')
      .getByRole('button', { name: /^Running/ })
      .click();
    const window = page.getByRole('dialog', { name: /^Running on / });
    // Its summary: the average pace from the moving time, then the route and the rest of the recording.
    await expect(window.getByText('Average pace')).toBeVisible();
    await expect(window.getByRole('img', { name: /^The route, 6\.3 km/ })).toBeVisible();
    await expect(window.getByText('Map: © Test tiles')).toBeVisible();
    await expect.poll(() => tileRequests.length).toBeGreaterThan(0);
    expect(
      tileRequests.every((url) => /^https:\/\/tiles\.fitstreak\.test\/1[0-8]\/\d+\/\d+\.png$/.test(url)),
    ).toBe(true);
    await expect(window).toContainText('149 bpm average, 159 max');
    const splits = window.getByRole('table', { name: 'Splits per kilometre' });
    await expect(splits.getByRole('row')).toHaveCount(8);
    await expect(window.getByText('1 km', { exact: true })).toBeVisible();
    // Its only run, so every effort is a personal best.
    await expect(window.locator('.best-efforts dd')).toHaveText([
      /Personal best$/,
      /Personal best$/,
      /Personal best$/,
      /Personal best$/,
    ]);
    for (const chart of ['Pace', 'Heart rate', 'Elevation']) {
      await expect(
        window.getByRole('img', { name: new RegExp(`^${chart} against distance over 6\\.3 km`) }),
      ).toBeVisible();
    }
    await page.screenshot({ path: 'test-results/workout-detail.png', fullPage: true });
    expect(await violationsOn(page)).toEqual([]);
    const url = new URL(page.url());
    expect(url.searchParams.get('activity')).toMatch(/^[A-Za-z0-9]+$/);

    // Exported back as GPX, the file reads as the same run.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      window.getByRole('button', { name: 'Download GPX' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(
      `fitstreak-run-${new Date(start).toISOString().slice(0, 10)}.gpx`,
    );
    const exported = parseWorkoutFile(await readFile(await download.path(), 'utf8'), 'gpx');
    expect(exported).toMatchObject({ type: 'run', startedAt: new Date(start).toISOString(), maxHr: 159 });
    expect(exported.distanceKm).toBeCloseTo(6.32, 1);
    expect(exported.track?.[0]).toEqual(points[0]);
    expect(exported.track?.at(-1)).toEqual(points.at(-1));

    await window.getByRole('button', { name: 'Close' }).click();
    await expect(window).toBeHidden();
    await expect(page).not.toHaveURL(/[?&]activity=/);

    // The same address is the 404 page for someone else.
    const strangerPage = await page.context().browser()?.newPage();
    if (!strangerPage) throw new Error('No browser');
    const strangerLogin = new LoginPage(strangerPage);
    await strangerPage.goto(
      `${new URL(page.url()).origin}/login?from=${encodeURIComponent(url.pathname + url.search)}`,
    );
    await strangerLogin.logIn(stranger.username, stranger.password);
    await expect(strangerPage.getByText('This page could not be found')).toBeVisible();
    await strangerPage.close();
  });
});
