import type { Locator, Page } from '@playwright/test';

/** The start page's summary cards: calories, active minutes, weight and streak. */
export class DailySummaryCards {
  constructor(private readonly page: Page) {}

  region(): Locator {
    return this.page.getByRole('region', { name: 'At a glance' });
  }

  card(name: string): Locator {
    return this.region().getByRole('region', { name, exact: true });
  }

  calories(): Locator {
    return this.card('Calories today');
  }

  week(): Locator {
    return this.card('Active minutes this week');
  }

  weight(): Locator {
    return this.card('Weight');
  }

  streak(): Locator {
    return this.card('Streak');
  }
}
