import { expect, type Locator, type Page } from '@playwright/test';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The chat page: the room list (or its select on narrow screens), one room's log and the composer. */
export class ChatPage {
  constructor(private readonly page: Page) {}

  async goto(room?: string): Promise<void> {
    await this.page.goto(room ? `/exercises-chat?room=${room}` : '/exercises-chat');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Chat' })).toBeVisible();
  }

  rooms(): Locator {
    return this.page.getByRole('navigation', { name: 'Chat rooms' });
  }

  /** A room's link; its name may go on with an unread count. */
  roomLink(name: string): Locator {
    return this.rooms().getByRole('link', {
      name: new RegExp(`^${escapeRegExp(name)}( \\d+\\+? unread messages)?$`),
    });
  }

  roomSelect(): Locator {
    return this.page.getByRole('combobox', { name: 'Room' });
  }

  async openRoom(name: string): Promise<void> {
    await this.roomLink(name).click();
    await expect(this.log(name)).toBeVisible();
  }

  log(roomName?: string): Locator {
    return this.page.getByRole('log', { name: roomName ? `Messages in ${roomName}` : /^Messages in / });
  }

  messages(): Locator {
    return this.log().getByRole('listitem');
  }

  /** Messages whose text is exactly `text`. */
  message(text: string): Locator {
    return this.messages().filter({ has: this.page.getByText(text, { exact: true }) });
  }

  composer(): Locator {
    return this.page.getByLabel('Message', { exact: true });
  }

  async send(text: string): Promise<void> {
    await this.composer().fill(text);
    await this.composer().press('Enter');
  }

  /** Waits until the room receives messages live. */
  async expectLive(): Promise<void> {
    await expect(this.page.getByText('Live', { exact: true })).toBeVisible();
  }

  offlineNotice(): Locator {
    return this.page.getByText('You are offline. Messages will be sent when you are back online.');
  }
}
