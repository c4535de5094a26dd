import 'fake-indexeddb/auto';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { localTarget, restDate } from '@/lib/offline/changes';
import { queueChange, startOutbox, stopOutbox } from '@/lib/offline/outbox';
import { changesOf, closeOfflineDb, putChange } from '@/lib/offline/store';
import { pendingChange } from '@/test/pendingChange';
import { StatusBar } from './StatusBar';
import { deleteOfflineDb } from '@/lib/offline/store';

// The outbox asks the SDK who is signed in; nothing here reaches the network (the device is offline).
vi.mock('@/lib/parse', () => ({
  getParse: () =>
    Promise.resolve({ User: { current: () => ({ id: 'alice', getSessionToken: () => 'r:alice' }) } }),
}));

async function offlineOutbox(): Promise<void> {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  await startOutbox('alice');
}

describe('StatusBar', () => {
  afterEach(async () => {
    stopOutbox();
    vi.restoreAllMocks();
    await closeOfflineDb();
    await deleteOfflineDb();
  });

  it('flips between Online and Offline with the browser’s events', () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    render(<StatusBar />);
    expect(screen.getByRole('status')).toHaveTextContent(/^Online$/);
    onLine.mockReturnValue(false);
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(screen.getByRole('status')).toHaveTextContent(/^Offline$/);
    onLine.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
    expect(screen.getByRole('status')).toHaveTextContent(/^Online$/);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('counts the changes waiting on this device', async () => {
    await offlineOutbox();
    render(<StatusBar />);

    await act(() => queueChange({ className: 'Meal', op: 'create', fields: { name: 'Porridge' } }));
    expect(screen.getByRole('status')).toHaveTextContent(/^Offline · 1 change waiting to sync$/);

    await act(() => queueChange({ className: 'WeightEntry', op: 'delete', target: 'srv1' }));
    await act(() => queueChange({ className: 'Activity', op: 'create', fields: { durationMin: 30 } }));
    expect(screen.getByRole('status')).toHaveTextContent(/^Offline · 3 changes waiting to sync$/);
  });

  it('lists the refused changes in a window, with the reason and what can be done, and discards one', async () => {
    await putChange(
      pendingChange({
        className: 'Meal',
        op: 'create',
        target: localTarget('meal-1'),
        fields: { eatenAt: restDate(new Date(2026, 2, 1, 8, 30)) },
        display: { name: 'Porridge' },
        refusal: { code: 142, message: 'Calories must be between 0 and 10000 kcal.' },
      }),
    );
    await putChange(
      pendingChange({
        className: 'WeightEntry',
        op: 'update',
        target: 'srv2',
        fields: { measuredAt: restDate(new Date(2026, 2, 2, 7, 0)), weightKg: 80 },
        refusal: { code: 101, message: 'Object not found.' },
      }),
    );
    await putChange(pendingChange({ className: 'Activity', op: 'delete', target: 'srv3' }));
    await offlineOutbox();
    render(<StatusBar />);

    expect(screen.getByRole('status')).toHaveTextContent(/^Offline · 1 change waiting to sync$/);
    await userEvent.click(await screen.findByRole('button', { name: '2 changes were refused' }));
    const dialog = screen.getByRole('dialog', { name: 'Refused changes' });
    const [meal, weighIn] = within(dialog).getAllByRole('listitem');
    if (!meal || !weighIn) throw new Error('Expected two refused changes');
    expect(meal).toHaveTextContent('Meal (new) · 1 Mar 2026, 08:30 · Porridge');
    expect(meal).toHaveTextContent('Calories must be between 0 and 10000 kcal.');
    expect(within(meal).queryByRole('button', { name: 'Save as a new entry' })).not.toBeInTheDocument();
    expect(weighIn).toHaveTextContent('Weigh-in (edit) · 2 Mar 2026, 07:00');
    expect(weighIn).toHaveTextContent('That item was not found, or you are not allowed to see it.');
    expect(within(weighIn).getByRole('button', { name: 'Save as a new entry' })).toBeInTheDocument();
    expect(dialog).toHaveTextContent(
      'To correct an entry, open it on its page, change it and save: it is tried again.',
    );

    await userEvent.click(within(meal).getByRole('button', { name: 'Discard' }));

    await waitFor(() => expect(within(dialog).getAllByRole('listitem')).toHaveLength(1));
    expect(screen.getByRole('button', { name: '1 change was refused' })).toBeInTheDocument();
    expect((await changesOf('alice')).map((change) => change.className)).toEqual(['WeightEntry', 'Activity']);
  });
});

describe('StatusBar in the signed-in header', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('says, offline, what still works', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    render(<StatusBar inHeader />);
    expect(screen.getByRole('status')).toHaveTextContent('Offline');
    expect(screen.getByText(/What you log is kept on this device/)).toBeInTheDocument();
  });

  it('is a flag alone while online', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    render(<StatusBar inHeader />);
    expect(screen.getByRole('status')).toHaveTextContent('Online');
    expect(screen.queryByText(/What you log is kept on this device/)).toBeNull();
  });
});
