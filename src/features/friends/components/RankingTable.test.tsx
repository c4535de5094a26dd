import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Ranking, RankingRow } from '@/domain/friends';
import { RankingTable } from './RankingTable';

function row(overrides: Partial<RankingRow>): RankingRow {
  return {
    userId: 'u1',
    username: 'anna',
    displayName: 'Anna Berg',
    avatarUrl: null,
    me: false,
    value: 0,
    rank: 1,
    previousRank: null,
    ...overrides,
  };
}

const ranking: Ranking = {
  metric: 'caloriesBurned',
  period: 'week',
  rows: [
    row({ userId: 'u1', value: 2340, rank: 1, previousRank: 2 }),
    row({
      userId: 'u2',
      username: 'me',
      displayName: 'Me Myself',
      avatarUrl: 'https://example.com/me.png',
      me: true,
      value: 900,
      rank: 2,
      previousRank: 1,
    }),
  ],
  notSharing: [],
};

describe('RankingTable', () => {
  it('shows rank, name, value with unit and movement in words, and marks the person’s own row', () => {
    const { container } = render(<RankingTable ranking={ranking} />);
    const table = screen.getByRole('table', { name: 'Ranking by calories burned, this week' });
    const [, first, second] = within(table).getAllByRole('row');
    const cells = within(first as HTMLElement)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells).toEqual(['1', '2\u00a0340\u00a0kcal', '↑1up 1 place']);
    expect(within(first as HTMLElement).getByRole('rowheader')).toHaveTextContent('Anna Berg @anna');
    expect(first).not.toHaveAttribute('aria-current');
    expect(second).toHaveAttribute('aria-current', 'true');
    expect(second).toHaveClass('ranking-me');
    expect(within(second as HTMLElement).getByRole('rowheader')).toHaveTextContent('Me Myself (you) @me');
    expect(second).toHaveTextContent('down 1 place');
    expect(container.querySelector('img')).toHaveAttribute('alt', '');
    expect(screen.getByText('AB')).toHaveAttribute('aria-hidden', 'true');
  });

  it('says so when no one is ranked', () => {
    render(<RankingTable ranking={{ ...ranking, rows: [] }} />);
    expect(screen.getByText('No one is ranked for this yet.')).toBeInTheDocument();
  });
});
