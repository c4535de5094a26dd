import { expect, test, type Page } from '@playwright/test';
import { carriesExif, withExifGps } from './support/photos';
import { createAccount, requestAs, sessionTokenFor, type TestAccount } from './support/api';
import { violationsOn } from './support/accessibility';
import { openSignedIn } from './support/session';

interface StoredPhoto {
  pose: string;
  width: number;
  height: number;
  bytes: number;
  file: { name: string; url: string };
}

/** A real JPEG drawn by the browser: bands of colour and a gradient, `width` × `height`. */
async function drawnJpeg(page: Page, width: number, height: number): Promise<Buffer> {
  const dataUrl = await page.evaluate(
    ({ w, h }) => {
      const canvas = document.createElement('canvas');
      canvas.width = w;
      canvas.height = h;
      const context = canvas.getContext('2d');
      if (!context) throw new Error('No canvas.');
      const gradient = context.createLinearGradient(0, 0, w, h);
      gradient.addColorStop(0, '#0f766e');
      gradient.addColorStop(1, '#ea580c');
      context.fillStyle = gradient;
      context.fillRect(0, 0, w, h);
      for (let band = 0; band < 12; band++) {
        context.fillStyle = `hsl(${band * 30} 60% 50% / 0.5)`;
        context.beginPath();
        context.arc((band * w) / 12, h / 2, h / 6, 0, 2 * Math.PI);
        context.fill();
      }
      return canvas.toDataURL('image/jpeg', 0.92);
    },
    { w: width, h: height },
  );
  return Buffer.from(dataUrl.split(',')[1] ?? '', 'base64');
}

async function storedPhotos(account: TestAccount): Promise<StoredPhoto[]> {
  const { results } = await requestAs<{ results: StoredPhoto[] }>(
    account,
    'GET',
    'classes/ProgressPhoto?order=-takenOn',
  );
  return results;
}

async function storedBytes(account: TestAccount, url: string): Promise<Buffer> {
  const response = await fetch(url, { headers: { 'X-Parse-Session-Token': await sessionTokenFor(account) } });
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

async function addPhoto(page: Page, file: { name: string; buffer: Buffer }, day: string, pose: string) {
  const section = page.getByRole('region', { name: 'Progress photos' });
  await section.getByLabel('Photo', { exact: true }).setInputFiles({ ...file, mimeType: 'image/jpeg' });
  await section.getByLabel('Day taken').fill(day);
  await section.getByLabel('Pose', { exact: true }).selectOption(pose);
  await section.getByRole('button', { name: 'Add photo' }).click();
}

async function expectAxeClean(page: Page) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    expect(await violationsOn(page)).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

test.describe('progress photos', () => {
  test('uploads a photo with GPS tags and a large one, stores both without metadata, compares them with the slider and deletes one', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const account = await createAccount();
    await page.setViewportSize({ width: 375, height: 800 });
    await openSignedIn(page, account, '/weight-tracking');
    const section = page.getByRole('region', { name: 'Progress photos' });
    await expect(section.getByText('No photos yet.')).toBeVisible();

    const located = withExifGps(await drawnJpeg(page, 1200, 900));
    expect(carriesExif(located)).toBe(true);
    await addPhoto(page, { name: 'beach.jpg', buffer: Buffer.from(located) }, '2026-09-01', 'front');
    await expect(section.getByRole('button', { name: 'Front, Sep 1, 2026' })).toBeVisible();
    const large = await drawnJpeg(page, 4000, 3000);
    await addPhoto(page, { name: 'large.jpg', buffer: large }, '2026-11-01', 'front');
    await expect(section.getByRole('button', { name: 'Front, Nov 1, 2026' })).toBeVisible();

    // What the server holds is the browser's re-drawing: a JPEG with no Exif, at most 1600 px.
    const [newer, older] = await storedPhotos(account);
    expect(older).toMatchObject({ pose: 'front', width: 1200, height: 900 });
    expect(newer).toMatchObject({ pose: 'front', width: 1600, height: 1200 });
    const olderBytes = await storedBytes(account, older?.file.url ?? '');
    const newerBytes = await storedBytes(account, newer?.file.url ?? '');
    expect([...olderBytes.subarray(0, 2)]).toEqual([0xff, 0xd8]);
    expect(carriesExif(olderBytes)).toBe(false);
    expect(carriesExif(newerBytes)).toBe(false);
    expect(newer?.bytes).toBe(newerBytes.length);
    console.log(
      `A 4000 × 3000 JPEG of ${large.length} bytes is stored as 1600 × 1200 in ${newerBytes.length} bytes.`,
    );
    // Without a session the file's URL answers nothing.
    expect((await fetch(newer?.file.url ?? '')).status).not.toBe(200);

    // The slider moves the divider by keyboard.
    const divider = section.getByRole('slider', { name: 'Divider between the photos' });
    await expect(divider).toHaveValue('50');
    await divider.focus();
    await page.keyboard.press('Home');
    await expect(divider).toHaveValue('0');
    for (let step = 0; step < 25; step++) await page.keyboard.press('ArrowRight');
    await expect(divider).toHaveValue('25');
    await expect(section.locator('.photo-compare-before')).toHaveCSS('clip-path', 'inset(0px 75% 0px 0px)');
    await expect(section.getByRole('img', { name: 'Progress photo of Sep 1, 2026' })).toBeVisible();
    await expectAxeClean(page);

    await page.setViewportSize({ width: 1400, height: 900 });
    await expectAxeClean(page);

    // Opening one shows it; deleting it takes it away, and focus goes back to the page.
    await section.getByRole('button', { name: 'Front, Sep 1, 2026' }).click();
    const window = page.getByRole('dialog', { name: 'Front, Sep 1, 2026' });
    await expect(window.getByRole('img', { name: 'Progress photo of Sep 1, 2026' })).toBeVisible();
    await expectAxeClean(page);
    await window.getByRole('button', { name: 'Delete photo' }).click();
    await expect(window).toBeHidden();
    await expect(section.getByRole('button', { name: 'Front, Sep 1, 2026' })).toHaveCount(0);
    await expect(section.getByRole('slider')).toHaveCount(0);
    expect(await storedPhotos(account)).toHaveLength(1);
    expect(
      (
        await fetch(older?.file.url ?? '', {
          headers: { 'X-Parse-Session-Token': await sessionTokenFor(account) },
        })
      ).status,
    ).not.toBe(200);
  });
});
