import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeParseServer } from '@/test/fakeParseServer';
import { pendingChange } from '@/test/pendingChange';
import { localTarget, type PendingChange } from './changes';
import {
  discardAllChanges,
  discardChange,
  onSynced,
  outboxState,
  queueChange,
  retryChange,
  saveAsNewEntry,
  saveOrQueue,
  startOutbox,
  stopOutbox,
  syncOutbox,
} from './outbox';
import * as store from './store';
import { deleteOfflineDb } from './store';

// The two boundaries to the browser's session and the network configuration.
const signedIn = vi.hoisted(() => ({ user: null as { id: string; sessionToken: string } | null }));

vi.mock('../parse', () => ({
  getParse: () =>
    Promise.resolve({
      User: {
        current: () => {
          const user = signedIn.user;
          return user ? { id: user.id, getSessionToken: () => user.sessionToken } : null;
        },
      },
    }),
}));

vi.mock('../runtimeConfig', () => ({
  loadRuntimeConfig: () =>
    Promise.resolve({ appId: 'fitstreak', serverURL: 'https://api.test/parse', liveQueryServerURL: '' }),
}));

/** Web Locks as the browser gives them: one holder per name at a time. */
function fakeLocks(): LockManager {
  const tails = new Map<string, Promise<unknown>>();
  const request = (name: string, callback: (lock: Lock | null) => Promise<unknown>) => {
    const run = (tails.get(name) ?? Promise.resolve()).then(() => callback(null));
    tails.set(
      name,
      run.catch(() => undefined),
    );
    return run;
  };
  return { request } as unknown as LockManager;
}

let server: FakeParseServer;
let online: boolean;

function signIn(account: string, sessionToken: string): void {
  signedIn.user = { id: account, sessionToken };
  server.signIn(account, sessionToken);
}

function setOnline(value: boolean): void {
  online = value;
}

function waiting(): readonly PendingChange[] {
  return outboxState().changes;
}

const meal = (name: string, kcal = 300) => ({ name, caloriesKcal: kcal });

/** A meal created on this device, too large for the server, as the first change of alice's queue. */
const feastCreate = (refusal: PendingChange['refusal']): PendingChange =>
  pendingChange({
    id: 'create-a',
    seq: 1,
    className: 'Meal',
    op: 'create',
    target: localTarget('create-a'),
    fields: meal('Feast', 50_000),
    queuedAt: '2026-03-01T10:00:00.000Z',
    refusal,
  });

beforeEach(() => {
  server = new FakeParseServer();
  server.validate = (_className, fields) =>
    typeof fields.caloriesKcal === 'number' && fields.caloriesKcal > 10_000
      ? 'Calories must be between 0 and 10000 kcal.'
      : null;
  setOnline(true);
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  vi.spyOn(navigator, 'locks', 'get').mockReturnValue(fakeLocks());
  vi.stubGlobal('fetch', server.fetch);
  signIn('alice', 'token-a');
});

afterEach(async () => {
  stopOutbox();
  await syncOutbox();
  signedIn.user = null;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await store.closeOfflineDb();
  await deleteOfflineDb();
});

/** Queues changes with the network gone, then brings it back and waits for the pass to end. */
async function queueOfflineThenSync(writes: Parameters<typeof queueChange>[0][]): Promise<string[]> {
  setOnline(false);
  await startOutbox('alice');
  const targets: string[] = [];
  for (const write of writes) targets.push(await queueChange(write));
  setOnline(true);
  await syncOutbox();
  return targets;
}

describe('offline outbox', () => {
  it('keeps changes made offline and sends them in order, one at a time, with the person’s session', async () => {
    server.seed('Meal', 'srv1', 'alice', meal('Soup'));
    server.seed('WeightEntry', 'srv2', 'alice', { weightKg: 80 });

    await queueOfflineThenSync([
      { className: 'Meal', op: 'create', fields: meal('Porridge') },
      { className: 'Meal', op: 'update', target: 'srv1', fields: meal('Soup', 250) },
      { className: 'Activity', op: 'create', fields: { durationMin: 30 } },
      { className: 'WeightEntry', op: 'delete', target: 'srv2' },
    ]);

    expect(server.lines()).toEqual([
      'POST classes/Meal',
      'PUT classes/Meal/srv1',
      'POST classes/Activity',
      'DELETE classes/WeightEntry/srv2',
    ]);
    expect(server.maxInFlight).toBe(1);
    expect(server.requests.every((request) => request.sessionToken === 'token-a')).toBe(true);
    expect(server.rowsOf('Meal').map((row) => row.fields.name)).toEqual(['Soup', 'Porridge']);
    expect(server.rowsOf('WeightEntry')).toEqual([]);
    expect(waiting()).toEqual([]);
    expect(await store.changesOf('alice')).toEqual([]);
  });

  it('sends a create with its change id as the request id and the clientKey', async () => {
    setOnline(false);
    await startOutbox('alice');
    const target = await queueChange({ className: 'Meal', op: 'create', fields: meal('Toast') });
    const [create] = waiting();

    setOnline(true);
    await syncOutbox();

    expect(target).toBe(localTarget(create?.id ?? ''));
    expect(server.requests[0]?.requestId).toBe(create?.id);
    expect(server.requests[0]?.body).toMatchObject({ name: 'Toast', clientKey: create?.id });
  });

  it('gives a create’s objectId to an edit of it queued while the create was being sent', async () => {
    setOnline(false);
    await startOutbox('alice');
    const target = await queueChange({ className: 'Meal', op: 'create', fields: meal('Rice') });
    const release = server.hold();
    setOnline(true);
    const pass = syncOutbox();
    await vi.waitFor(() => expect(server.requests).toHaveLength(1), { timeout: 10_000 });

    await queueChange({ className: 'Meal', op: 'update', target, fields: meal('Rice', 420) });
    release();
    await pass;
    await syncOutbox();

    const [row] = server.rowsOf('Meal');
    expect(server.lines()).toEqual(['POST classes/Meal', `PUT classes/Meal/${row?.objectId}`]);
    expect(row?.fields).toMatchObject({ name: 'Rice', caloriesKcal: 420 });
    expect(waiting()).toEqual([]);
  });

  it('merges an edit into the waiting change of the entry while it has not started sending', async () => {
    setOnline(false);
    await startOutbox('alice');
    const target = await queueChange({ className: 'Meal', op: 'create', fields: meal('Tart') });
    await queueChange({ className: 'Meal', op: 'update', target, fields: meal('Tart', 450) });
    expect(waiting()).toHaveLength(1);

    setOnline(true);
    await syncOutbox();

    expect(server.lines()).toEqual(['POST classes/Meal']);
    expect(server.rowsOf('Meal')[0]?.fields).toMatchObject({ name: 'Tart', caloriesKcal: 450 });
  });

  it('drops an entry made and deleted on this device without sending anything', async () => {
    setOnline(false);
    await startOutbox('alice');
    const target = await queueChange({ className: 'Meal', op: 'create', fields: meal('Crisps') });
    await queueChange({ className: 'Meal', op: 'update', target, fields: meal('Crisps', 500) });
    await queueChange({ className: 'Meal', op: 'delete', target });
    setOnline(true);
    await syncOutbox();

    expect(waiting()).toEqual([]);
    expect(server.requests).toEqual([]);
  });

  it('recognises a create whose answer was lost by its request id, and leaves one row', async () => {
    server.loseAnswers(1);
    await queueOfflineThenSync([{ className: 'Meal', op: 'create', fields: meal('Curry') }]);
    expect(waiting()).toHaveLength(1);
    expect(waiting()[0]?.refusal).toBeNull();

    await syncOutbox();

    expect(server.lines().slice(0, 3)).toEqual([
      'POST classes/Meal',
      'POST classes/Meal',
      'GET classes/Meal',
    ]);
    expect(server.requests[1]?.requestId).toBe(server.requests[0]?.requestId);
    expect(server.rowsOf('Meal')).toHaveLength(1);
    expect(waiting()).toEqual([]);
  });

  it('recognises it by clientKey once the request id has expired on the server', async () => {
    server.loseAnswers(1);
    await queueOfflineThenSync([{ className: 'Meal', op: 'create', fields: meal('Curry') }]);
    server.forgetRequestIds();

    await syncOutbox();

    expect(server.lines().slice(0, 3)).toEqual([
      'POST classes/Meal',
      'POST classes/Meal',
      'GET classes/Meal',
    ]);
    expect(server.rowsOf('Meal')).toHaveLength(1);
    expect(waiting()).toEqual([]);
  });

  it('keeps the change and tries again later when the server is out of reach', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    await queueOfflineThenSync([{ className: 'Meal', op: 'create', fields: meal('Noodles') }]);

    expect(waiting()).toHaveLength(1);
    expect(waiting()[0]?.refusal).toBeNull();
    expect(outboxState().syncing).toBe(false);
  });

  it('marks a refused change with the server’s words and still sends later changes of other entries', async () => {
    await queueOfflineThenSync([
      { className: 'Meal', op: 'create', fields: meal('Feast', 50_000), display: { name: 'Feast' } },
      { className: 'Meal', op: 'create', fields: meal('Apple', 80) },
    ]);

    expect(server.lines()).toEqual(['POST classes/Meal', 'POST classes/Meal']);
    expect(server.rowsOf('Meal').map((row) => row.fields.name)).toEqual(['Apple']);
    expect(waiting()).toHaveLength(1);
    expect(waiting()[0]).toMatchObject({
      display: { name: 'Feast' },
      refusal: { code: 142, message: 'Calories must be between 0 and 10000 kcal.' },
    });
  });

  it('holds back the edits of a refused create, and discarding the create drops them too', async () => {
    const create = feastCreate(null);
    await store.putChange(create);
    await store.putChange({ ...create, id: 'edit-a', seq: 2, op: 'update', fields: { notes: 'later' } });
    await store.putChange({
      ...create,
      id: 'create-b',
      seq: 3,
      target: localTarget('create-b'),
      fields: meal('Pear'),
    });

    await startOutbox('alice');
    await syncOutbox();

    expect(server.lines()).toEqual(['POST classes/Meal', 'POST classes/Meal']);
    expect(server.requests.map((request) => request.requestId)).toEqual(['create-a', 'create-b']);
    expect(waiting().map((change) => [change.id, change.refusal?.code ?? null])).toEqual([
      ['create-a', 142],
      ['edit-a', null],
    ]);

    await discardChange('create-a');

    expect(waiting()).toEqual([]);
    expect(await store.changesOf('alice')).toEqual([]);
  });

  it('saves an edit refused because the entry was deleted elsewhere as a new entry when asked', async () => {
    await queueOfflineThenSync([
      { className: 'Meal', op: 'update', target: 'gone', fields: meal('Bagel'), display: { name: 'Bagel' } },
    ]);
    expect(waiting()[0]?.refusal?.code).toBe(101);

    await saveAsNewEntry(waiting()[0]?.id ?? '');
    await syncOutbox();

    expect(server.lines()).toEqual(['PUT classes/Meal/gone', 'POST classes/Meal']);
    expect(server.rowsOf('Meal').map((row) => row.fields.name)).toEqual(['Bagel']);
    expect(waiting()).toEqual([]);
  });

  it('stops at an ended session, keeps the changes, and sends them after the same person logs in again', async () => {
    server.endSession('token-a');
    await queueOfflineThenSync([{ className: 'Meal', op: 'create', fields: meal('Waffle') }]);

    expect(outboxState().sessionEnded).toBe(true);
    expect(waiting()).toHaveLength(1);
    expect(waiting()[0]?.refusal).toBeNull();

    signIn('alice', 'token-a2');
    await startOutbox('alice');
    await syncOutbox();

    expect(outboxState().sessionEnded).toBe(false);
    expect(server.requests.map((request) => request.sessionToken)).toEqual(['token-a', 'token-a2']);
    expect(server.rowsOf('Meal')).toHaveLength(1);
    expect(waiting()).toEqual([]);
  });

  it('never lists or sends one account’s changes with another account’s session', async () => {
    setOnline(false);
    await startOutbox('alice');
    await queueChange({ className: 'Meal', op: 'create', fields: meal('Alice’s lunch') });
    stopOutbox();

    signIn('bob', 'token-b');
    await startOutbox('bob');
    expect(waiting()).toEqual([]);
    await queueChange({ className: 'Meal', op: 'create', fields: meal('Bob’s lunch') });
    setOnline(true);
    await syncOutbox();

    expect(server.requests.map((request) => [request.sessionToken, request.body?.name])).toEqual([
      ['token-b', 'Bob’s lunch'],
    ]);
    expect(await store.changesOf('alice')).toHaveLength(1);
  });

  it('sends nothing when the outbox is kept for someone other than the person signed in', async () => {
    setOnline(false);
    await startOutbox('alice');
    await queueChange({ className: 'Meal', op: 'create', fields: meal('Alice’s tea') });
    // The SDK's session changed (another tab logged in as Bob) while this outbox still holds Alice's queue.
    signIn('bob', 'token-b');
    setOnline(true);

    await syncOutbox();

    expect(server.requests).toEqual([]);
    expect(await store.changesOf('alice')).toHaveLength(1);
  });

  it('runs one more pass when asked while a pass was ending, so a change written meanwhile is sent', async () => {
    setOnline(false);
    await startOutbox('alice');
    await queueChange({ className: 'Meal', op: 'create', fields: meal('Early') });
    const late = pendingChange({
      className: 'Meal',
      op: 'create',
      target: localTarget('late'),
      fields: meal('Late'),
    });
    let first = true;
    // Called after the pass read the queue for the last time, while it has not yet ended.
    const stopListening = onSynced(() => {
      if (!first) return;
      first = false;
      void store.putChange(late);
      void syncOutbox();
    });
    setOnline(true);

    await syncOutbox();
    stopListening();

    expect(server.rowsOf('Meal').map((row) => row.fields.name)).toEqual(['Early', 'Late']);
    expect(waiting()).toEqual([]);
  });

  it('tells onSynced listeners after a pass that saved something, and not after one that saved nothing', async () => {
    const synced = vi.fn();
    const stopListening = onSynced(synced);

    await queueOfflineThenSync([{ className: 'Meal', op: 'create', fields: meal('Feast', 50_000) }]);
    expect(synced).not.toHaveBeenCalled();

    await queueOfflineThenSync([{ className: 'Meal', op: 'create', fields: meal('Plum') }]);
    expect(synced).toHaveBeenCalledTimes(1);
    stopListening();
  });

  it('forgets every waiting change of the account when the person discards them', async () => {
    setOnline(false);
    await startOutbox('alice');
    await queueChange({ className: 'Meal', op: 'create', fields: meal('Fig') });
    await queueChange({ className: 'Activity', op: 'delete', target: 'srv9' });

    await discardAllChanges('alice');

    expect(waiting()).toEqual([]);
    expect(await store.changesOf('alice')).toEqual([]);
  });

  it('clears the state at stopOutbox and loads the kept changes again at startOutbox', async () => {
    setOnline(false);
    await startOutbox('alice');
    await queueChange({ className: 'Meal', op: 'create', fields: meal('Kiwi') });

    stopOutbox();
    expect(outboxState()).toEqual({ account: null, changes: [], syncing: false, sessionEnded: false });

    await store.closeOfflineDb();
    await startOutbox('alice');
    expect(waiting().map((change) => change.fields.name)).toEqual(['Kiwi']);
  });
});

describe('saveOrQueue', () => {
  it('saves directly while online', async () => {
    await startOutbox('alice');
    const direct = vi.fn(() => Promise.resolve());

    const outcome = await saveOrQueue({ className: 'Meal', op: 'create', fields: meal('Egg') }, direct);

    expect(outcome).toBe('saved');
    expect(direct).toHaveBeenCalledWith(expect.stringMatching(/^[0-9a-f-]{36}$/));
    expect(waiting()).toEqual([]);
  });

  it('queues the write, with the clientKey the direct save used, when the network fails on the way', async () => {
    setOnline(false);
    await startOutbox('alice');
    setOnline(true);
    let usedKey: string | undefined;
    const direct = (clientKey: string | undefined) => {
      usedKey = clientKey;
      setOnline(false);
      return Promise.reject(new TypeError('Failed to fetch'));
    };

    const outcome = await saveOrQueue({ className: 'Meal', op: 'create', fields: meal('Egg') }, direct);

    expect(outcome).toBe('queued');
    expect(waiting().map((change) => change.id)).toEqual([usedKey]);
  });

  it('queues without trying the network while offline, and passes other failures on', async () => {
    setOnline(false);
    await startOutbox('alice');
    const direct = vi.fn(() => Promise.resolve());

    expect(await saveOrQueue({ className: 'Meal', op: 'delete', target: 'srv1' }, direct)).toBe('queued');
    expect(direct).not.toHaveBeenCalled();

    setOnline(true);
    const refused = Object.assign(new Error('Calories must be between 0 and 10000 kcal.'), { code: 142 });
    await expect(
      saveOrQueue({ className: 'Meal', op: 'update', target: 'srv1' }, () => Promise.reject(refused)),
    ).rejects.toBe(refused);
  });
});

/* Corrections, retries and lost answers around refused and half-sent changes. */
describe('offline outbox: corrections and lost answers', () => {
  it('sends a corrected edit again after the server refused it (Parse keeps the refused request id)', async () => {
    server.seed('Meal', 'srv1', 'alice', meal('Soup'));
    await queueOfflineThenSync([
      { className: 'Meal', op: 'update', target: 'srv1', fields: meal('Soup', 50_000) },
    ]);
    expect(waiting()[0]?.refusal?.code).toBe(142);

    await queueChange({ className: 'Meal', op: 'update', target: 'srv1', fields: meal('Soup', 500) });
    await syncOutbox();

    expect(server.rowsOf('Meal')[0]?.fields.caloriesKcal).toBe(500);
  });

  it('sends a corrected new entry again after the server refused it', async () => {
    const [target] = await queueOfflineThenSync([
      { className: 'Meal', op: 'create', fields: meal('Feast', 50_000) },
    ]);

    await queueChange({ className: 'Meal', op: 'update', target, fields: meal('Feast', 900) });
    await syncOutbox();

    expect(waiting()).toEqual([]);
    expect(server.rowsOf('Meal')[0]?.fields.caloriesKcal).toBe(900);
  });

  it('sends a refused change again when the person asks to try again', async () => {
    server.validate = () => 'The server refused it this once.';
    await queueOfflineThenSync([{ className: 'Meal', op: 'create', fields: meal('Melon') }]);
    server.validate = () => null;

    await retryChange(waiting()[0]?.id ?? '');

    expect(waiting()).toEqual([]);
    expect(server.rowsOf('Meal')).toHaveLength(1);
  });

  it('keeps an edit merged into a create whose answer was lost', async () => {
    server.loseAnswers(1);
    const [target] = await queueOfflineThenSync([{ className: 'Meal', op: 'create', fields: meal('Bread') }]);

    await queueChange({ className: 'Meal', op: 'update', target, fields: meal('Bread', 250) });
    await syncOutbox();

    expect(server.rowsOf('Meal')).toHaveLength(1);
    expect(server.rowsOf('Meal')[0]?.fields.caloriesKcal).toBe(250);
  });

  it('keeps a create waiting, not refused, when the look-up after a lost answer gets no answer', async () => {
    server.loseAnswers(1, 'POST');
    server.loseAnswers(1, 'GET');
    await queueOfflineThenSync([{ className: 'Meal', op: 'create', fields: meal('Jam') }]);

    await syncOutbox();

    expect(waiting()[0]?.refusal).toBeNull();
  });

  it('sends an edit made on a page that still shows the local id of a create already saved', async () => {
    const [target] = await queueOfflineThenSync([{ className: 'Meal', op: 'create', fields: meal('Oats') }]);

    await queueChange({ className: 'Meal', op: 'update', target, fields: meal('Oats', 350) });
    await syncOutbox();

    expect(waiting()).toEqual([]);
    expect(server.rowsOf('Meal')[0]?.fields.caloriesKcal).toBe(350);
  });

  it('sends the correction of a refused create that already has an edit waiting behind it', async () => {
    const create = feastCreate({ code: 142, message: 'Calories must be between 0 and 10000 kcal.' });
    await store.putChange(create);
    await store.putChange({ ...create, id: 'edit-a', seq: 2, op: 'update', refusal: null });
    await startOutbox('alice');
    await syncOutbox();

    await queueChange({
      className: 'Meal',
      op: 'update',
      target: create.target,
      fields: meal('Feast', 900),
    });
    await syncOutbox();

    expect(waiting()).toEqual([]);
    expect(server.rowsOf('Meal').map((row) => row.fields.caloriesKcal)).toEqual([900]);
  });
});
