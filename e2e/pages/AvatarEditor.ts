import { expect, type Locator, type Page } from '@playwright/test';

export interface PictureFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** The profile picture part of the settings page: picture, file choice, crop window. */
export class AvatarEditor {
  constructor(private readonly page: Page) {}

  picture(): Locator {
    return this.page.getByRole('img', { name: 'Your photo' });
  }

  initials(): Locator {
    return this.page.getByRole('img', { name: 'No photo yet' });
  }

  cropWindow(): Locator {
    return this.page.getByRole('dialog', { name: 'Crop your photo' });
  }

  async choose(file: PictureFile): Promise<void> {
    await this.page.getByLabel('Choose a photo').setInputFiles(file);
  }

  /** Moves the crop with the arrow keys and zooms with the slider, as a keyboard user would. */
  async cropByKeyboard(arrowPresses: number, zoom: string): Promise<void> {
    const window = this.cropWindow();
    const area = window.getByRole('group', { name: /Part of the photo to keep/ });
    await area.focus();
    for (let press = 0; press < arrowPresses; press++) await this.page.keyboard.press('ArrowLeft');
    await window.getByLabel('Zoom').fill(zoom);
  }

  async save(): Promise<void> {
    await this.cropWindow().getByRole('button', { name: 'Save photo' }).click();
    await expect(this.cropWindow()).toBeHidden();
    await expect(this.page.getByRole('status').filter({ hasText: 'Your photo is saved.' })).toBeVisible();
  }

  async remove(): Promise<void> {
    await this.page.getByRole('button', { name: 'Remove photo' }).click();
    await expect(this.page.getByRole('status').filter({ hasText: 'Your photo is removed.' })).toBeVisible();
  }

  async expectRefusal(sentence: string): Promise<void> {
    await expect(this.page.getByRole('alert')).toHaveText(sentence);
    await expect(this.cropWindow()).toBeHidden();
  }
}
