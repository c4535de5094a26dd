import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DELETED_KINDS } from '@/domain/dataExport';
import { DeleteAccount } from './DeleteAccount';

const api = vi.hoisted(() => ({ deleteMyAccount: vi.fn<(password: string) => Promise<void>>() }));
vi.mock('../api', () => api);

function renderPage() {
  const router = createMemoryRouter(
    [
      { path: '/user-settings', Component: DeleteAccount },
      { path: '/login', Component: () => <h1>Log in</h1> },
    ],
    { initialEntries: ['/user-settings'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

afterEach(() => api.deleteMyAccount.mockReset());

describe('DeleteAccount', () => {
  it('lists what goes, and keeps everything when the password is wrong', async () => {
    const user = userEvent.setup();
    api.deleteMyAccount.mockRejectedValue(
      Object.assign(new Error('That password is not right, so nothing was deleted.'), { code: 142 }),
    );
    renderPage();

    await user.click(await screen.findByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(DELETED_KINDS.length);
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account for good' }));
    expect(within(dialog).getByLabelText('Your password')).toHaveAccessibleDescription(
      'Please enter your password.',
    );
    expect(api.deleteMyAccount).not.toHaveBeenCalled();

    await user.type(within(dialog).getByLabelText('Your password'), 'wrong-one');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account for good' }));

    expect(
      await within(dialog).findByText('That password is not right, so nothing was deleted.'),
    ).toBeVisible();
    expect(api.deleteMyAccount).toHaveBeenCalledWith('wrong-one');
  });

  it('sends the person to the log-in page with a notice once the account is gone', async () => {
    const user = userEvent.setup();
    api.deleteMyAccount.mockResolvedValue(undefined);
    const router = renderPage();

    await user.click(await screen.findByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    await user.type(within(dialog).getByLabelText('Your password'), 'right-one');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account for good' }));

    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?notice=account-deleted');
  });
});
