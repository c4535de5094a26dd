import { expect, type Locator, type Page } from '@playwright/test';

type Section = 'Breakfast' | 'Lunch' | 'Dinner' | 'Snacks';

/** The nutrition log: a day's sections, the totals, the charts and the edit window. */
export class NutritionPage {
  constructor(private readonly page: Page) {}

  async goto(query = ''): Promise<void> {
    await this.page.goto(`/nutrition-log${query}`);
    await expect(this.heading()).toBeVisible();
  }

  heading(): Locator {
    return this.page.getByRole('heading', { level: 1, name: 'Nutrition' });
  }

  window(name: string | RegExp): Locator {
    return this.page.getByRole('dialog', { name });
  }

  section(name: Section): Locator {
    return this.page.getByRole('region', { name, exact: true });
  }

  entries(name: Section): Locator {
    return this.section(name).getByRole('listitem');
  }

  totals(): Locator {
    return this.page.getByRole('region', { name: 'Day totals' });
  }

  /** Opens the edit window that adds to a section. */
  async openAddWindow(section: Section): Promise<Locator> {
    await this.section(section)
      .getByRole('button', { name: `Add to ${section.toLowerCase()}` })
      .click();
    const window = this.window(`Add to ${section.toLowerCase()}`);
    await expect(window).toBeVisible();
    return window;
  }

  /** Opens the edit window for a section, searches, picks the first match named `pick`. */
  async addFromCatalogue(
    section: Section,
    search: string,
    pick: string | RegExp,
    amount?: string,
  ): Promise<Locator> {
    await this.section(section)
      .getByRole('button', { name: `Add to ${section.toLowerCase()}` })
      .click();
    const window = this.window(`Add to ${section.toLowerCase()}`);
    await window.getByLabel('Search foods').fill(search);
    await window.getByRole('button', { name: pick }).first().click();
    if (amount !== undefined) await window.getByLabel('Amount').fill(amount);
    return window;
  }

  async quickAdd(
    section: Section,
    kcal: string,
    macros: { protein?: string; carbs?: string; fat?: string } = {},
  ) {
    await this.section(section)
      .getByRole('button', { name: `Add to ${section.toLowerCase()}` })
      .click();
    const window = this.window(`Add to ${section.toLowerCase()}`);
    await window.getByRole('radio', { name: 'Quick add' }).check();
    await window.getByLabel('Calories (kcal)').fill(kcal);
    if (macros.protein) await window.getByLabel('Protein (g)').fill(macros.protein);
    if (macros.carbs) await window.getByLabel('Carbs (g)').fill(macros.carbs);
    if (macros.fat) await window.getByLabel('Fat (g)').fill(macros.fat);
    await window.getByRole('button', { name: 'Save entry' }).click();
    await expect(window).toBeHidden();
  }

  async setCalorieGoal(kcal: string): Promise<void> {
    await this.totals()
      .getByRole('button', { name: /calorie goal|Change goal/ })
      .click();
    const window = this.window('Daily calorie goal');
    await window.getByLabel('Calories per day (kcal)').fill(kcal);
    await window.getByRole('button', { name: 'Save goal' }).click();
    await expect(window).toBeHidden();
  }

  async page30Days(): Promise<void> {
    await this.page.getByRole('link', { name: '30 days' }).click();
    await expect(this.page.getByRole('link', { name: '30 days' })).toHaveAttribute('aria-current', 'true');
  }

  /** The text alternative of a chart drawn on the page (its aria-label). */
  chart(description: RegExp): Locator {
    return this.page.getByRole('img', { name: description });
  }
}
