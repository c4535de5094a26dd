import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AddFoodTabs } from './AddFoodTabs';

function renderTabs() {
  render(
    <AddFoodTabs
      tabs={[
        { key: 'search', label: 'Search', panel: <p>Search panel</p> },
        { key: 'savedMeals', label: 'Saved meals', panel: <p>Saved meals panel</p> },
      ]}
    />,
  );
}

describe('AddFoodTabs', () => {
  it('shows the first tab’s panel, and another tab’s when it is chosen', async () => {
    renderTabs();
    expect(screen.getByRole('tab', { name: 'Search' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Search' })).toHaveTextContent('Search panel');
    await userEvent.click(screen.getByRole('tab', { name: 'Saved meals' }));
    expect(screen.getByRole('tabpanel', { name: 'Saved meals' })).toHaveTextContent('Saved meals panel');
    expect(screen.queryByText('Search panel')).toBeNull();
  });

  it('moves between tabs with the arrow keys, Home and End, one tab stop in all', async () => {
    renderTabs();
    screen.getByRole('tab', { name: 'Search' }).focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Saved meals' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Saved meals' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Search' })).toHaveAttribute('tabindex', '-1');
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Search' })).toHaveFocus();
    await userEvent.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Saved meals' })).toHaveFocus();
    await userEvent.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'Search' })).toHaveFocus();
  });
});
