import 'fake-indexeddb/auto';
import type { ActionFunctionArgs } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentUser } from '@/features/auth';
import { localTarget } from '@/lib/offline/changes';
import { outboxState, startOutbox } from '@/lib/offline/outbox';
import { changesOf, closeOfflineDb, putChange, readPage, savePage } from '@/lib/offline/store';
import { getParse } from '@/lib/parse';
import { pendingChange } from '@/test/pendingChange';
import { appAction } from './AppLayout';
import { deleteOfflineDb } from '@/lib/offline/store';

vi.mock('@/lib/runtimeConfig', () => ({
  loadRuntimeConfig: () =>
    Promise.resolve({
      appId: 'fitstreak-test',
      serverURL: 'https://api.test/parse',
      liveQueryServerURL: 'wss://api.test/parse',
    }),
}));

function logoutRequest(queued?: 'keep' | 'discard'): ActionFunctionArgs {
  const body = new URLSearchParams({ intent: 'logout' });
  if (queued) body.set('queued', queued);
  return { request: new Request('http://localhost/', { method: 'POST', body }) } as ActionFunctionArgs;
}

beforeEach(async () => {
  const Parse = await getParse();
  // The SDK keeps no current user when it believes it runs in Node; the app runs in a browser.
  Parse.User.enableUnsafeCurrentUser();
  await Parse.User.hydrate({ objectId: 'alice', username: 'alice', sessionToken: 'r:alice-session' });
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  await putChange(pendingChange({ className: 'Meal', op: 'create', target: localTarget('meal-1') }));
  await savePage({ account: 'alice', key: 'weight', data: { kg: 80 }, savedAt: new Date().toISOString() });
  await savePage({ account: 'bob', key: 'weight', data: { kg: 60 }, savedAt: new Date().toISOString() });
  await startOutbox('alice');
});

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await closeOfflineDb();
  await deleteOfflineDb();
});

describe('appAction (log out)', () => {
  it('ends the session on this device and goes to the login page when the network is gone', async () => {
    const fetch = vi.fn((_url: string) => Promise.reject(new TypeError('Failed to fetch')));
    vi.stubGlobal('fetch', fetch);

    const response = await appAction(logoutRequest());

    expect(fetch).toHaveBeenCalledWith('https://api.test/parse/logout', expect.anything());
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/login?notice=logged-out');
    expect(await currentUser()).toBeNull();
  });

  it('keeps the waiting changes by default, stops sending them, and forgets the account’s pages only', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));

    await appAction(logoutRequest());

    expect(await changesOf('alice')).toHaveLength(1);
    expect(outboxState().account).toBeNull();
    expect(await readPage('alice', 'weight')).toBeUndefined();
    expect(await readPage('bob', 'weight')).toBeDefined();
  });

  it('discards the waiting changes when the person chose to', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(Response.json({})));

    await appAction(logoutRequest('discard'));

    expect(await changesOf('alice')).toEqual([]);
    expect(await currentUser()).toBeNull();
  });

  it('still logs out when the server says the session had already ended', async () => {
    vi.stubGlobal('fetch', () =>
      Promise.resolve(Response.json({ code: 209, error: 'Invalid session token' }, { status: 400 })),
    );

    const response = await appAction(logoutRequest('keep'));

    expect(response.headers.get('Location')).toBe('/login?notice=logged-out');
    expect(await currentUser()).toBeNull();
  });

  it('answers 404 to any other intent', async () => {
    const body = new URLSearchParams({ intent: 'something-else' });
    const args = {
      request: new Request('http://localhost/', { method: 'POST', body }),
    } as ActionFunctionArgs;

    await expect(appAction(args)).rejects.toMatchObject({ init: { status: 404 } });
    expect(await currentUser()).not.toBeNull();
  });
});
