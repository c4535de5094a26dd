import { expect, type Locator, type Page } from '@playwright/test';

/**
 * The start page: activity calendar, this week, the chosen day's workouts, a workout's summary and
 * the edit window.
 */
export class ActivityPage {
  constructor(private readonly page: Page) {}

  async goto(query = ''): Promise<void> {
    await this.page.goto(`/${query}`);
    await expect(this.page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
  }

  calendar(): Locator {
    return this.page.locator('.activity-calendar');
  }

  /** The calendar's button for today (its label says "today"). */
  today(): Locator {
    return this.calendar().getByRole('button', { name: /, today,/ });
  }

  window(): Locator {
    return this.page.getByRole('dialog', { name: /workout/ });
  }

  /** A workout's read-only summary, the window with its "⋯" menu. */
  summary(): Locator {
    return this.page
      .getByRole('dialog')
      .filter({ has: this.page.getByRole('button', { name: 'More actions for this workout' }) });
  }

  /** Opens a workout of the day's list in its summary. */
  async openSummary(workout: Locator): Promise<void> {
    await workout.getByRole('button').first().click();
    await expect(this.summary()).toBeVisible();
  }

  /** Chooses an action in the open summary's "⋯" menu. */
  async chooseInSummary(action: 'Edit' | 'Delete'): Promise<void> {
    await this.summary().getByRole('button', { name: 'More actions for this workout' }).click();
    await this.summary().getByRole('menuitem', { name: action }).click();
  }

  /** Opens a workout of the day's list in the edit window, through its summary's Edit. */
  async openToEdit(workout: Locator): Promise<void> {
    await this.openSummary(workout);
    await this.chooseInSummary('Edit');
    await expect(this.summary()).toBeHidden();
    await expect(this.window()).toBeVisible();
  }

  /** Deletes a workout of the day's list from its summary's menu, answering its question. */
  async deleteWorkout(workout: Locator): Promise<void> {
    await this.openSummary(workout);
    await this.chooseInSummary('Delete');
    await this.summary().getByRole('button', { name: 'Delete workout' }).click();
    await expect(this.summary()).toBeHidden();
  }

  workouts(): Locator {
    return this.page.locator('.activity-list > li');
  }

  weekTotal(): Locator {
    return this.page.locator('label[for="week-progress"]');
  }

  async openNew(): Promise<void> {
    await this.page.getByRole('button', { name: 'Log a workout' }).click();
    await expect(this.window()).toBeVisible();
  }

  async fill(fields: {
    type?: string;
    time?: string;
    duration?: string;
    distance?: string;
    calories?: string;
    notes?: string;
  }) {
    const window = this.window();
    if (fields.type) await window.getByLabel('Type').selectOption({ label: fields.type });
    if (fields.time) await window.getByLabel('Start time').fill(fields.time);
    if (fields.duration !== undefined) await window.getByLabel('Duration (min)').fill(fields.duration);
    if (fields.distance !== undefined) await window.getByLabel(/^Distance/).fill(fields.distance);
    if (fields.calories !== undefined) await window.getByLabel('Calories (kcal)').fill(fields.calories);
    if (fields.notes !== undefined) await window.getByLabel('Notes').fill(fields.notes);
  }

  /**
   * Searches the strength workout's exercise picker and picks the exercise whose name starts so;
   * on a phone the picker is a sheet that "Add exercise" opens.
   */
  async pickExercise(search: string, name: string): Promise<void> {
    const field = this.window().getByLabel('Search exercises');
    const add = this.window().getByRole('button', { name: 'Add exercise', exact: true });
    await expect(field.or(add).first()).toBeVisible();
    if (!(await field.isVisible())) await add.click();
    await field.fill(search);
    await this.window()
      .getByRole('button', { name: new RegExp(`^${name}`) })
      .click();
  }

  async save(): Promise<void> {
    await this.window().getByRole('button', { name: 'Save workout' }).click();
  }
}
