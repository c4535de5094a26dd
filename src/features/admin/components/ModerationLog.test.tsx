import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ModerationActionRow } from '@/domain/moderation';
import type { RecordFilters } from '../api';
import { ModerationLog } from './ModerationLog';

const ROW: ModerationActionRow = {
  id: 'a1',
  moderator: { userId: 'm1', username: 'mira' },
  action: 'deleteAccount',
  targetKind: 'user',
  targetId: 'p1',
  targetUser: { userId: 'p1', username: 'spam_bot' },
  reason: 'Nothing but spam',
  until: null,
  reportId: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  appeal: null,
};

function renderLog(rows: ModerationActionRow[], filters: RecordFilters, next: string | null = null) {
  const router = createMemoryRouter(
    [{ path: '/admin', element: <ModerationLog actions={rows} next={next} filters={filters} /> }],
    { initialEntries: ['/admin?section=log'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const searchOf = (href: string | null) => new URL(href ?? '', 'http://x').searchParams.toString();

describe('ModerationLog', () => {
  it('keeps the filters in the Older link and lets a name in a row filter by it', () => {
    renderLog([ROW], { action: 'warn', person: 'spam_bot' }, '2026-11-20T10:00:00.000Z');

    expect(searchOf(screen.getByRole('link', { name: 'Older actions' }).getAttribute('href'))).toBe(
      'section=log&action=warn&person=spam_bot&before=2026-11-20T10%3A00%3A00.000Z',
    );
    expect(searchOf(screen.getByRole('link', { name: 'spam_bot' }).getAttribute('href'))).toBe(
      'section=log&person=spam_bot',
    );
    expect(searchOf(screen.getByRole('link', { name: 'mira' }).getAttribute('href'))).toBe(
      'section=log&moderator=mira',
    );
    expect(screen.getByRole('listitem')).toHaveTextContent('mira: Delete the account, Person of spam_bot');
  });

  it('says when nothing matches the filters, and when the record is empty', () => {
    renderLog([], { moderator: 'mira' });
    expect(screen.getByText('No actions match these filters.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Clear the filters' })).toHaveAttribute(
      'href',
      '/admin?section=log',
    );
  });

  it('puts the filters chosen in the address, the empty ones left out', async () => {
    const router = renderLog([], {});
    expect(screen.getByText('No actions yet.')).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByLabelText('Action'), 'passwordReset');
    await userEvent.type(screen.getByLabelText('Person acted on (username)'), ' spam_bot {Enter}');

    expect(router.state.location.search).toBe('?section=log&action=passwordReset&person=spam_bot');
  });
});
