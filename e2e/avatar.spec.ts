import { expect, test } from '@playwright/test';
import { AvatarEditor, type PictureFile } from './pages/AvatarEditor';
import { apiClient, createAccount } from './support/api';
import { twoColourPng } from './support/pictures';
import { openSignedIn } from './support/session';

const PHOTO: PictureFile = { name: 'me.png', mimeType: 'image/png', buffer: twoColourPng(480, 320) };

/** The stored name of a person's avatar, read with the master key, or undefined. */
async function storedAvatarName(userId: string): Promise<string | undefined> {
  const { body } = await apiClient().request('GET', `/parse/users/${userId}`, { masterKey: true });
  return (body.avatar as { name: string } | undefined)?.name;
}

test.describe('profile photo', () => {
  test('uploads a cropped photo, replaces it, refuses SVG and HTML, and removes it', async ({ page }) => {
    const account = await createAccount();
    await openSignedIn(page, account, '/user-settings?section=profile');
    const avatar = new AvatarEditor(page);
    await expect(avatar.initials()).toBeVisible();

    await avatar.choose(PHOTO);
    await expect(avatar.cropWindow()).toBeVisible();
    await avatar.cropByKeyboard(5, '2');
    await avatar.save();

    // The stored picture is the browser's square re-encoding, named after its owner.
    const firstName = await storedAvatarName(account.objectId);
    expect(firstName).toMatch(new RegExp(`_${account.objectId}-avatar\\.(webp|png)$`));
    await expect(avatar.picture()).toBeVisible();
    // Visible is not yet decoded: its size is known once the picture has decoded.
    const first = await avatar.picture().evaluate(async (image: HTMLImageElement) => {
      await image.decode();
      return { src: image.src, width: image.naturalWidth, height: image.naturalHeight };
    });
    expect(first).toMatchObject({ width: 256, height: 256 });

    await avatar.choose(PHOTO);
    await avatar.save();
    await expect(avatar.picture()).not.toHaveAttribute('src', first.src);
    expect(await storedAvatarName(account.objectId)).not.toBe(firstName);
    expect((await page.request.get(first.src)).status()).toBe(404);

    await avatar.choose({
      name: 'drawing.svg',
      mimeType: 'image/svg+xml',
      buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    });
    await avatar.expectRefusal('The avatar must be a PNG, JPEG or WebP image; this file is an SVG drawing.');
    await avatar.choose({
      name: 'page.png',
      mimeType: 'image/png',
      buffer: Buffer.from('<!doctype html><script>alert(1)</script>'),
    });
    await avatar.expectRefusal('The avatar must be a PNG, JPEG or WebP image; this file is an HTML page.');

    await avatar.remove();
    await expect(avatar.initials()).toBeVisible();
    expect(await storedAvatarName(account.objectId)).toBeUndefined();
  });
});
