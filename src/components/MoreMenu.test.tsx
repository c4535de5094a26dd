import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MoreMenu } from './MoreMenu';

function renderMenu(onEdit = vi.fn(), onDelete = vi.fn()) {
  render(
    <MoreMenu
      label="More actions"
      choices={[
        { label: 'Edit', onSelect: onEdit },
        { label: 'Delete', onSelect: onDelete },
      ]}
    />,
  );
  return screen.getByRole('button', { name: 'More actions' });
}

describe('MoreMenu', () => {
  it('opens a menu on its first choice and says so', async () => {
    const button = renderMenu();
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('menuitem', { name: 'Edit' })).toHaveFocus();
  });

  it('moves between choices with the arrow keys, Home and End', async () => {
    const button = renderMenu();
    button.focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Edit' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Delete' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Edit' })).toHaveFocus();
    await userEvent.keyboard('{End}');
    expect(screen.getByRole('menuitem', { name: 'Delete' })).toHaveFocus();
    await userEvent.keyboard('{Home}');
    expect(screen.getByRole('menuitem', { name: 'Edit' })).toHaveFocus();
  });

  it('closes with Escape and returns the focus to its button', async () => {
    const button = renderMenu();
    await userEvent.click(button);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it('closes at a tap outside it, and stays open at a tap inside', async () => {
    const button = renderMenu();
    await userEvent.click(button);
    await userEvent.pointer({ keys: '[MouseLeft>]', target: screen.getByRole('menu') });
    expect(screen.getByRole('menu')).toBeInTheDocument();
    await userEvent.pointer({ keys: '[/MouseLeft]', target: screen.getByRole('menu') });
    await userEvent.click(document.body);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('runs the chosen action with Enter and closes', async () => {
    const onDelete = vi.fn();
    const button = renderMenu(vi.fn(), onDelete);
    await userEvent.click(button);
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(onDelete).toHaveBeenCalledOnce();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });
});
