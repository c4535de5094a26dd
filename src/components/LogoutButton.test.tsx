import 'fake-indexeddb/auto';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startOutbox, stopOutbox } from '@/lib/offline/outbox';
import { closeOfflineDb, putChange } from '@/lib/offline/store';
import { pendingChange } from '@/test/pendingChange';
import { LogoutButton } from './LogoutButton';
import { deleteOfflineDb } from '@/lib/offline/store';

vi.mock('@/lib/parse', () => ({
  getParse: () =>
    Promise.resolve({ User: { current: () => ({ id: 'alice', getSessionToken: () => 'r:alice' }) } }),
}));

/** The button in a router whose "/" action records what was posted. */
function renderWithRouter() {
  const posted: Record<string, string>[] = [];
  const router = createMemoryRouter([
    {
      path: '/',
      element: <LogoutButton />,
      action: async ({ request }) => {
        const form = await request.formData();
        const fields = [...form.entries()].map(([name, value]) => [
          name,
          typeof value === 'string' ? value : value.name,
        ]);
        posted.push(Object.fromEntries(fields) as Record<string, string>);
        return null;
      },
    },
  ]);
  render(<RouterProvider router={router} />);
  return posted;
}

describe('LogoutButton', () => {
  afterEach(async () => {
    stopOutbox();
    vi.restoreAllMocks();
    await closeOfflineDb();
    await deleteOfflineDb();
  });

  it('logs out at once when nothing waits to be sent', async () => {
    const posted = renderWithRouter();

    await userEvent.click(screen.getByRole('button', { name: 'Log out' }));

    await waitFor(() => expect(posted).toEqual([{ intent: 'logout' }]));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks first when changes wait, and can stay logged in', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await putChange(pendingChange({ className: 'Meal', op: 'delete', target: 'srv1' }));
    await putChange(pendingChange({ className: 'Meal', op: 'delete', target: 'srv2' }));
    await startOutbox('alice');
    const posted = renderWithRouter();

    await userEvent.click(screen.getByRole('button', { name: 'Log out' }));
    const dialog = screen.getByRole('dialog', { name: 'Log out?' });
    expect(dialog).toHaveTextContent('2 changes on this device have not been sent yet.');
    expect(screen.getByRole('button', { name: 'Log out and keep them here' })).toHaveAccessibleDescription(
      'Kept changes are sent the next time you log in to this account on this device.',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Stay logged in' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(posted).toEqual([]);
  });

  it.each([
    ['Log out and keep it here', 'keep'],
    ['Log out and discard it', 'discard'],
  ])('posts the choice "%s"', async (label, queued) => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await putChange(pendingChange({ className: 'Meal', op: 'delete', target: 'srv1' }));
    await startOutbox('alice');
    const posted = renderWithRouter();

    await userEvent.click(screen.getByRole('button', { name: 'Log out' }));
    expect(screen.getByRole('dialog')).toHaveTextContent('1 change on this device has not been sent yet.');
    await userEvent.click(screen.getByRole('button', { name: label }));

    await waitFor(() => expect(posted).toEqual([{ intent: 'logout', queued }]));
  });
});
