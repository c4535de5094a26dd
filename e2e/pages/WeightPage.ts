import { expect, type Locator, type Page } from '@playwright/test';
import { format, subDays } from 'date-fns';

/** The weight page: chart, trend numbers, weigh-ins table and its windows. */
export class WeightPage {
  constructor(private readonly page: Page) {}

  async goto(query = ''): Promise<void> {
    await this.page.goto(`/weight-tracking${query}`);
    await expect(this.page.getByRole('heading', { level: 1, name: 'Weight' })).toBeVisible();
  }

  window(name: string | RegExp): Locator {
    return this.page.getByRole('dialog', { name });
  }

  rows(): Locator {
    return this.page.locator('section[aria-labelledby="entries-heading"] tbody tr');
  }

  /** Adds a weigh-in `daysBack` days before today, choosing the day in the date picker by keyboard. */
  async addWeighIn(weight: string, daysBack: number, time = '07:00'): Promise<void> {
    await this.page.getByRole('button', { name: 'Add a weigh-in' }).click();
    const window = this.window('Add a weigh-in');
    await window.getByLabel(/^Weight \((kg|lb)\)$/).fill(weight);
    await window.getByRole('button', { name: /^Date/ }).click();
    const picker = this.page.getByRole('dialog', { name: 'Date' });
    const focusedDay = picker.locator('td button:focus');
    // Keys pressed before the calendar has taken the focus would be lost: wait for it on today.
    await expect(focusedDay).toHaveAccessibleName(/, today/);
    for (let day = 0; day < daysBack; day++) await this.page.keyboard.press('ArrowLeft');
    const chosen = format(subDays(new Date(), daysBack), 'EEEE d MMMM yyyy');
    await expect(focusedDay).toHaveAccessibleName(new RegExp(`^${chosen}`));
    await this.page.keyboard.press('Enter');
    await expect(picker).toBeHidden();
    await window.getByLabel('Time').fill(time);
    await window.getByRole('button', { name: 'Save weigh-in' }).click();
    await expect(window).toBeHidden();
  }

  /** How many canvas pixels are close to an RGB colour. */
  async chartPixels(rgb: readonly [number, number, number]): Promise<number> {
    return this.page.locator('.weight-chart canvas').evaluate((canvas, [r, g, b]) => {
      const element = canvas as HTMLCanvasElement;
      const context = element.getContext('2d');
      if (!context) return 0;
      const { data } = context.getImageData(0, 0, element.width, element.height);
      let count = 0;
      for (let index = 0; index < data.length; index += 4) {
        const close =
          Math.abs((data[index] ?? 0) - r) < 12 &&
          Math.abs((data[index + 1] ?? 0) - g) < 12 &&
          Math.abs((data[index + 2] ?? 0) - b) < 12 &&
          (data[index + 3] ?? 0) > 200;
        if (close) count += 1;
      }
      return count;
    }, rgb);
  }
}
