import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { SearchResult } from '@/domain/friends';
import type { FriendActionResult, SearchData } from '../types';
import { FriendSearch } from './FriendSearch';

const PEOPLE: SearchResult[] = [
  { userId: 'a', username: 'anna', displayName: 'Anna Berg', avatarUrl: null, relation: 'none' },
  { userId: 'b', username: 'anders', displayName: 'Anders', avatarUrl: null, relation: 'outgoing' },
  { userId: 'c', username: 'annika', displayName: 'Annika', avatarUrl: null, relation: 'incoming' },
  { userId: 'd', username: 'anton', displayName: 'Anton', avatarUrl: null, relation: 'friend' },
];

function renderSearch() {
  const queries: string[] = [];
  const router = createMemoryRouter(
    [
      {
        path: '/friends-ranking',
        loader: ({ request }): SearchData | null => {
          const q = new URL(request.url).searchParams.get('q');
          if (q === null) return null;
          queries.push(q);
          const results = PEOPLE.filter((person) => person.username.startsWith(q));
          return { search: { query: q, results, error: null } };
        },
        action: (): FriendActionResult => ({ kind: 'done' }),
        Component: () => <FriendSearch incomingRequests={new Map([['c', 'f1']])} />,
      },
    ],
    { initialEntries: ['/friends-ranking'] },
  );
  render(<RouterProvider router={router} />);
  return { router, queries };
}

describe('FriendSearch', () => {
  it('searches after 3 characters and offers the button that fits each relation', async () => {
    const user = userEvent.setup();
    const { router, queries } = renderSearch();
    const field = await screen.findByLabelText('Find people');
    expect(field).toHaveAccessibleDescription('Type at least 3 characters of a username or name.');

    await user.type(field, 'an');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(queries).toEqual([]);
    expect(screen.queryByRole('list', { name: 'People found' })).not.toBeInTheDocument();

    await user.type(field, 'n');
    const list = await screen.findByRole('list', { name: 'People found' });
    expect(queries).toEqual(['ann']);
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(
      within(items[0] as HTMLElement).getByRole('button', { name: 'Add friend' }),
    ).toHaveAccessibleDescription('Anna Berg @anna');
    expect(within(items[1] as HTMLElement).getByRole('button', { name: 'Accept' })).toBeEnabled();
    expect(router.state.location.search).toBe('');

    await user.clear(field);
    await user.type(field, 'ant');
    expect(await screen.findByRole('button', { name: 'Friends' })).toBeDisabled();
    await user.clear(field);
    await user.type(field, 'and');
    expect(await screen.findByRole('button', { name: 'Requested' })).toBeDisabled();
  });

  it('says "No one found" for an empty answer', async () => {
    const user = userEvent.setup();
    renderSearch();
    await user.type(await screen.findByLabelText('Find people'), 'zzz');
    expect(await screen.findByText('No one found')).toBeInTheDocument();
  });
});
