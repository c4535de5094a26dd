import { act, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { roomEntries } from '../rooms';
import type { UnreadCounts } from '../types';
import { RoomList } from './RoomList';

/** Rendered inside an awaited act, so the counts the list waits for with use() arrive. */
async function renderList(unread: Promise<UnreadCounts>, currentKey = 'topic:run') {
  const rooms = roomEntries('me1', [
    { userId: 'ann1', username: 'anna', displayName: 'Anna Berg', avatarUrl: null },
  ]);
  const router = createMemoryRouter(
    [
      {
        path: '/exercises-chat',
        element: <RoomList rooms={rooms} currentKey={currentKey} unread={unread} />,
      },
    ],
    { initialEntries: ['/exercises-chat'] },
  );
  await act(async () => {
    render(<RouterProvider router={router} />);
    await unread;
  });
  return screen.getByRole('navigation', { name: 'Chat rooms' });
}

describe('RoomList', () => {
  it('links every activity room and each friend, marking the current one', async () => {
    const nav = await renderList(Promise.resolve({}));
    const running = await within(nav).findByRole('link', { name: 'Running' });
    expect(running).toHaveAttribute('aria-current', 'page');
    expect(running).toHaveAttribute('href', '/exercises-chat?room=topic:run');
    expect(within(nav).getByRole('link', { name: 'Yoga' })).not.toHaveAttribute('aria-current');
    expect(within(nav).getByRole('link', { name: 'Anna Berg' })).toHaveAttribute(
      'href',
      '/exercises-chat?room=dm:ann1:me1',
    );
  });

  it('shows unread counts as badges read out as unread messages', async () => {
    const nav = await renderList(Promise.resolve({ 'topic:swim': 3, 'dm:ann1:me1': 150 }));
    expect(await within(nav).findByRole('link', { name: 'Swimming 3 unread messages' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Anna Berg 99+ unread messages' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Swimming (3 unread)' })).toBeInTheDocument();
  });

  it('offers the rooms in a select too, for narrow screens', async () => {
    await renderList(Promise.resolve({}));
    const select = await screen.findByRole('combobox', { name: 'Room' });
    expect(select).toHaveValue('topic:run');
  });
});
