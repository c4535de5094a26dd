import { readFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { TRIMMED_ENDS_M } from '../src/domain/privacyZones';
import { distanceM, type TrackPoint } from '../src/domain/track';
import { violationsOn } from './support/accessibility';
import { befriend, createAccount, requestAs, runAs } from './support/api';
import { openSignedIn } from './support/session';

const METRES_PER_DEGREE = distanceM({ lat: 0, lon: 0 }, { lat: 1, lon: 0 });
const HOME = { lat: 48.1372, lon: 11.5756 };
const START = Date.now() - 2 * 86_400_000;

/** A 2.4 km run north from home, a point every 8 m, with heart rate. */
const TRACK: TrackPoint[] = Array.from({ length: 300 }, (_, index) => ({
  t: START + index * 3000,
  lat: HOME.lat + (index * 8) / METRES_PER_DEGREE,
  lon: HOME.lon,
  hr: 140 + (index % 15),
}));
/** A café half way along, typed into the settings as a privacy zone. */
const CAFE = { lat: 48.148, lon: 11.5756, radiusM: 300 };

async function axeInBothThemes(page: Page): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
    expect(await violationsOn(page), `${colorScheme} theme`).toEqual([]);
  }
}

test.describe('sharing a workout', () => {
  test.use({ viewport: { width: 375, height: 812 }, locale: 'en-GB' });

  test('a friend sees the run without its ends, the privacy zone or heart rate, and downloads it as GPX', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const [owner, friend] = await Promise.all([createAccount(), createAccount()]);
    await befriend(owner, friend);
    await runAs(owner, 'importWorkouts', {
      workouts: [
        {
          clientKey: randomUUID(),
          type: 'run',
          source: 'gpx',
          startedAt: new Date(START).toISOString(),
          durationMin: 15,
          movingTimeS: 840,
          distanceKm: 2.39,
          avgHr: 147,
          maxHr: 154,
          track: TRACK,
        },
      ],
    });
    const { results } = await requestAs<{ results: { objectId: string }[] }>(
      owner,
      'GET',
      'classes/Activity',
    );
    const activityId = results[0]?.objectId ?? '';

    // The owner shares routes and adds a privacy zone around the café.
    await openSignedIn(page, owner, '/user-settings?section=sharing');
    const sharing = page.getByRole('region', { name: 'Who sees your workouts' });
    await sharing.getByLabel('Show my friends the routes of my workouts').check();
    await sharing.getByRole('button', { name: 'Save sharing' }).click();
    await expect(sharing.getByRole('status')).toHaveText('Sharing saved.');
    const zones = page.getByRole('region', { name: 'Privacy zones' });
    await expect(zones.getByRole('img', { name: /Your latest route/ })).toBeVisible();
    await zones.getByLabel('Place along your latest route').press('End');
    await expect(zones.getByLabel('Latitude (−90 to 90)')).not.toHaveValue('');
    await zones.getByLabel('Latitude (−90 to 90)').fill(String(CAFE.lat));
    await zones.getByLabel('Longitude (−180 to 180)').fill(String(CAFE.lon));
    await zones.getByLabel('Radius in metres').fill(String(CAFE.radiusM));
    await zones.getByRole('button', { name: 'Add zone' }).click();
    await expect(zones.getByRole('status')).toHaveText('Privacy zones saved.');
    await expect(zones.getByRole('heading', { name: '1 privacy zone' })).toBeFocused();
    await expect(zones.getByText('300 m around 48.148, 11.5756')).toBeVisible();
    await axeInBothThemes(page);

    // The friend opens it from the friends page's address.
    await openSignedIn(page, friend, `/friends-ranking?workout=${activityId}`);
    const window = page.getByRole('dialog');
    await expect(window.getByRole('heading', { name: /Running on/ })).toBeVisible();
    await expect(window.getByRole('img', { name: /The route as shared/ })).toBeVisible();
    await expect(window.getByText('Heart rate', { exact: true })).toHaveCount(0);
    await expect(window.getByText('2.39 km')).toBeVisible();
    await axeInBothThemes(page);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      window.getByRole('button', { name: 'Download GPX' }).click(),
    ]);
    const gpx = await readFile(await download.path(), 'utf8');
    const points = [...gpx.matchAll(/<trkpt lat="([-\d.e]+)" lon="([-\d.e]+)">/g)].map((match) => ({
      lat: Number(match[1]),
      lon: Number(match[2]),
    }));
    expect(gpx).not.toContain('gpxtpx:hr');
    expect(points.length).toBeGreaterThan(100);
    for (const point of points) {
      expect(distanceM(point, TRACK[0] as TrackPoint)).toBeGreaterThan(TRIMMED_ENDS_M);
      expect(distanceM(point, TRACK.at(-1) as TrackPoint)).toBeGreaterThan(TRIMMED_ENDS_M);
      expect(distanceM(point, CAFE)).toBeGreaterThan(CAFE.radiusM);
    }

    await window.getByRole('button', { name: 'Close' }).click();
    await expect(window).toBeHidden();
    await expect(page).toHaveURL(/\/friends-ranking\??$/);
  });
});
