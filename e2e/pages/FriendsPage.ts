import { expect, type Locator, type Page } from '@playwright/test';

/** The friends page: search, requests, friends, blocked people and the ranking. */
export class FriendsPage {
  constructor(private readonly page: Page) {}

  async goto(query = ''): Promise<void> {
    await this.page.goto(`/friends-ranking${query}`);
    await expect(this.page.getByRole('heading', { level: 1, name: 'Friends' })).toBeVisible();
  }

  searchField(): Locator {
    return this.page.getByLabel('Find people');
  }

  searchHint(): Locator {
    return this.page.getByText('Type at least 3 characters');
  }

  results(): Locator {
    return this.page.getByRole('list', { name: 'People found' });
  }

  /** The search result, request or friend entry of one person, by username. */
  personIn(list: Locator, username: string): Locator {
    return list.getByRole('listitem').filter({ hasText: `@${username}` });
  }

  incoming(): Locator {
    return this.page.getByRole('list', { name: 'Requests to you' });
  }

  outgoing(): Locator {
    return this.page.getByRole('list', { name: 'Requests you sent' });
  }

  friends(): Locator {
    return this.page.getByRole('list', { name: 'Your friends' });
  }

  rankBy(): Locator {
    return this.page.getByLabel('Rank by');
  }

  rankingTable(): Locator {
    return this.page.getByRole('table', { name: /^Ranking by/ });
  }

  rankingRows(): Locator {
    return this.rankingTable().locator('tbody tr');
  }

  ownRow(): Locator {
    return this.rankingTable().locator('tbody tr[aria-current="true"]');
  }

  async search(text: string): Promise<void> {
    await this.searchField().fill(text);
  }
}
