import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RoomEvents } from '../api';
import { Outbox } from '../outbox';
import type { ChatMessage, RoomEntry } from '../types';
import { ChatRoom, type ChatRoomProps } from './ChatRoom';
import { deferred } from '@/test/deferred';

const api = vi.hoisted(() => ({
  events: null as RoomEvents | null,
  deleteMessage: vi.fn<(id: string) => Promise<void>>(),
  loadMessagesSince: vi.fn<(room: string, since: string) => Promise<ChatMessage[]>>(),
}));

vi.mock('../api', () => ({
  subscribeToRoom: (_room: string, events: RoomEvents) => {
    api.events = events;
    return Promise.resolve(() => undefined);
  },
  deleteMessage: api.deleteMessage,
  loadMessagesSince: api.loadMessagesSince,
  loadLatestMessages: () => Promise.resolve({ messages: [], hasOlder: false }),
  loadOlderMessages: () => Promise.resolve({ messages: [], hasOlder: false }),
}));

const ROOM: RoomEntry = { kind: 'topic', key: 'topic:run', label: 'Running', activityType: 'run' };

const message = (id: string, authorId: string, text: string, minute = 0, authorName = ''): ChatMessage => ({
  id,
  room: 'topic:run',
  authorId,
  authorName,
  text,
  createdAt: new Date(Date.UTC(2026, 2, 1, 10, minute)).toISOString(),
  hidden: false,
});

let saves: ReturnType<typeof deferred<ChatMessage>>[] = [];
let online = true;

function renderRoom(messages: ChatMessage[] = [], props: Partial<ChatRoomProps> = {}) {
  const outbox = new Outbox({
    post: () => {
      const save = deferred<ChatMessage>();
      saves.push(save);
      return save.promise;
    },
    isOnline: () => online,
    describeError: () => 'Too many requests. Please wait a moment and try again.',
  });
  outbox.start();
  render(
    <ChatRoom
      room={ROOM}
      meId="me"
      names={{ friend1: 'Anna Berg' }}
      initial={{ messages, hasOlder: false }}
      outbox={outbox}
      {...props}
    />,
  );
  return { outbox, log: screen.getByRole('log', { name: 'Messages in Running' }) };
}

beforeEach(() => {
  saves = [];
  online = true;
  localStorage.clear();
  api.loadMessagesSince.mockResolvedValue([]);
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
});

afterEach(() => vi.restoreAllMocks());

describe('ChatRoom', () => {
  it('shows messages as text in a polite log, with names, and only web addresses as links', () => {
    const { log } = renderRoom([
      message('m1', 'friend1', '<b>bold</b> <img src=x onerror=alert(1)>', 1),
      message('m2', 'stranger3f9a', 'Route: https://example.com/r javascript:alert(1)', 2),
      message('m3', 'me', 'Mine', 3),
    ]);
    expect(log).toHaveAttribute('aria-live', 'polite');
    const items = within(log).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Anna Berg');
    expect(items[0]).toHaveTextContent('<b>bold</b> <img src=x onerror=alert(1)>');
    expect(log.querySelector('b, img')).toBeNull();
    expect(items[1]).toHaveTextContent('Member 3f9a');
    const links = within(log).getAllByRole('link');
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAttribute('href', 'https://example.com/r');
    expect(links[0]).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    expect(links[0]).toHaveAttribute('target', '_blank');
    expect(items[2]).toHaveTextContent('You');
    expect(within(items[2] as HTMLElement).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });

  it('shows a message at once as Sending…, keeps focus in the composer, then shows it saved once', async () => {
    const { log } = renderRoom();
    const field = screen.getByLabelText('Message');
    await userEvent.type(field, 'Hello runners{Enter}');
    expect(field).toHaveValue('');
    expect(field).toHaveFocus();
    expect(within(log).getByRole('listitem')).toHaveTextContent('Sending…');

    // The live event can come before the save's answer: still one message.
    act(() => api.events?.onCreate(message('srv1', 'me', 'Hello runners', 5)));
    expect(within(log).getAllByRole('listitem')).toHaveLength(1);
    expect(log).not.toHaveTextContent('Sending…');
    await act(async () => {
      saves[0]?.resolve(message('srv1', 'me', 'Hello runners', 5));
      await Promise.resolve();
    });
    expect(within(log).getAllByRole('listitem')).toHaveLength(1);
    expect(log).not.toHaveTextContent('Sending…');
  });

  it('starts a new line with Shift+Enter and counts characters', async () => {
    renderRoom();
    const field = screen.getByLabelText('Message');
    await userEvent.type(field, 'a{Shift>}{Enter}{/Shift}b');
    expect(field).toHaveValue('a\nb');
    expect(screen.getByText(/3 \/ 1000/)).toBeInTheDocument();
    expect(saves).toHaveLength(0);
  });

  it('counts characters as the server does and refuses more than 1000', async () => {
    renderRoom();
    const field = screen.getByLabelText('Message');
    await userEvent.click(field);
    await userEvent.paste('🏃'.repeat(1000));
    expect(screen.getByText(/^1000 \/ 1000/)).toBeInTheDocument();
    expect(field).not.toHaveAttribute('aria-invalid');
    await userEvent.paste('!');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    await userEvent.keyboard('{Enter}');
    expect(screen.getByText('Messages can be at most 1000 characters long.')).toBeInTheDocument();
    expect(saves).toHaveLength(0);
  });

  it('sends nothing for an empty message and says why', async () => {
    renderRoom();
    await userEvent.type(screen.getByLabelText('Message'), '   {Enter}');
    expect(screen.getByText('Write a message first.')).toBeInTheDocument();
    expect(saves).toHaveLength(0);
  });

  it('marks a message that could not be saved as Not sent, with the reason and Retry', async () => {
    const { log } = renderRoom();
    await userEvent.type(screen.getByLabelText('Message'), 'Too fast{Enter}');
    await act(async () => {
      saves[0]?.reject(new Error('429'));
      await Promise.resolve();
    });
    const item = within(log).getByRole('listitem');
    expect(item).toHaveTextContent('Not sent');
    expect(item).toHaveTextContent('Too many requests. Please wait a moment and try again.');
    await userEvent.click(within(item).getByRole('button', { name: 'Retry' }));
    expect(saves).toHaveLength(2);
    expect(item).toHaveTextContent('Sending…');
  });

  it('says so when offline, keeps messages waiting, and fetches what was missed on return', async () => {
    const { log } = renderRoom([message('m1', 'friend1', 'Before', 1)]);
    online = false;
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(
      screen.getByText('You are offline. Messages will be sent when you are back online.'),
    ).toBeVisible();
    await userEvent.type(screen.getByLabelText('Message'), 'Later{Enter}');
    expect(within(log).getByText('Waiting to send')).toBeInTheDocument();
    expect(saves).toHaveLength(0);

    api.loadMessagesSince.mockResolvedValue([
      message('m1', 'friend1', 'Before', 1),
      message('m2', 'friend1', 'While you were away', 2),
    ]);
    online = true;
    await act(async () => {
      window.dispatchEvent(new Event('online'));
      await Promise.resolve();
    });
    expect(api.loadMessagesSince).toHaveBeenCalledWith('topic:run', message('m1', '', '', 1).createdAt);
    expect(await within(log).findByText('While you were away')).toBeInTheDocument();
    expect(within(log).getAllByText('Before')).toHaveLength(1);
  });

  it('adds live messages once and removes deleted ones', () => {
    const { log } = renderRoom([message('m1', 'friend1', 'First', 1)]);
    act(() => {
      api.events?.onCreate(message('m2', 'friend1', 'Second', 2));
      api.events?.onCreate(message('m2', 'friend1', 'Second', 2));
    });
    expect(within(log).getAllByRole('listitem')).toHaveLength(2);
    act(() => api.events?.onDelete('m1'));
    expect(within(log).getAllByRole('listitem')).toHaveLength(1);
    expect(log).not.toHaveTextContent('First');
  });

  it('removes a message a moderator hid, and shows its author that it is hidden', () => {
    const { log } = renderRoom([message('m1', 'friend1', 'Buy now', 1), message('m2', 'me', 'Mine', 2)]);
    act(() => {
      api.events?.onUpdate({ ...message('m1', 'friend1', 'Buy now', 1), hidden: true });
      api.events?.onUpdate({ ...message('m2', 'me', 'Mine', 2), hidden: true });
    });
    expect(log).not.toHaveTextContent('Buy now');
    expect(within(log).getByText('Hidden by a moderator: only you see it.')).toBeInTheDocument();
  });

  it('leaves out the messages of people this person muted, and offers the menu on the others', () => {
    const { log } = renderRoom(
      [message('m1', 'friend1', 'From Anna', 1), message('m2', 'stranger', 'From a stranger', 2)],
      {
        mutedAuthors: new Set(['stranger']),
        messageMenu: (shown, author) => <button type="button">{`Report ${author} ${shown.id}`}</button>,
      },
    );
    expect(log).not.toHaveTextContent('From a stranger');
    expect(within(log).getByRole('button', { name: 'Report Anna Berg m1' })).toBeInTheDocument();
  });

  it('shows a muted person the notice it is given instead of the composer', () => {
    renderRoom([message('m1', 'friend1', 'Hello', 1)], {
      composerNotice: <p>You cannot write in chat until tomorrow.</p>,
    });
    expect(screen.getByText('You cannot write in chat until tomorrow.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Message')).not.toBeInTheDocument();
  });

  it('deletes one’s own message after asking once, and returns focus to the composer', async () => {
    api.deleteMessage.mockResolvedValue(undefined);
    const { log } = renderRoom([message('m1', 'me', 'Oops', 1)]);
    await userEvent.click(within(log).getByRole('button', { name: 'Delete' }));
    const confirm = within(log).getByRole('group', { name: 'Confirm delete' });
    expect(confirm).toHaveTextContent('Delete this message?');
    expect(within(confirm).getByRole('button', { name: 'Delete message' })).toHaveFocus();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete message' }));
    expect(api.deleteMessage).toHaveBeenCalledWith('m1');
    expect(within(log).queryByText('Oops')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Message')).toHaveFocus();
  });
});
