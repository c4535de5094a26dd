import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { localTarget, type PendingChange } from './changes';
import {
  PAGES_KEPT,
  changesOf,
  closeOfflineDb,
  completeCreate,
  deleteAccountChanges,
  deleteAccountPages,
  deleteChanges,
  nextSeq,
  putChange,
  readPage,
  savePage,
  setRefusal,
} from './store';
import { deleteOfflineDb } from './store';

function change(overrides: Partial<PendingChange> & Pick<PendingChange, 'id' | 'seq'>): PendingChange {
  return {
    account: 'alice',
    className: 'Meal',
    op: 'create',
    target: localTarget(overrides.id),
    fields: { name: 'Porridge' },
    display: {},
    queuedAt: '2026-03-01T10:00:00.000Z',
    refusal: null,
    ...overrides,
  };
}

afterEach(async () => {
  await closeOfflineDb();
  await deleteOfflineDb();
});

describe('offline store: changes', () => {
  it('keeps changes after the database is closed and opened again', async () => {
    await putChange(change({ id: 'a', seq: 1 }));
    await closeOfflineDb();

    expect(await changesOf('alice')).toEqual([change({ id: 'a', seq: 1 })]);
  });

  it('lists an account’s changes in seq order, whatever order they were written in', async () => {
    await putChange(change({ id: 'late', seq: 30 }));
    await putChange(change({ id: 'early', seq: 10 }));
    await putChange(change({ id: 'middle', seq: 20 }));

    expect((await changesOf('alice')).map((each) => each.id)).toEqual(['early', 'middle', 'late']);
  });

  it('never lists another account’s changes', async () => {
    await putChange(change({ id: 'alice-1', seq: 1 }));
    await putChange(change({ id: 'bob-1', seq: 2, account: 'bob' }));
    await putChange(change({ id: 'alice-2', seq: 3 }));
    // An account whose id starts like another's is still another account.
    await putChange(change({ id: 'alicex-1', seq: 4, account: 'alicex' }));

    expect((await changesOf('alice')).map((each) => each.id)).toEqual(['alice-1', 'alice-2']);
    expect((await changesOf('bob')).map((each) => each.id)).toEqual(['bob-1']);
    expect(await changesOf('carol')).toEqual([]);
  });

  it('numbers a new change after the account’s last one, and never behind the clock', async () => {
    const future = Date.now() + 60_000;
    await putChange(change({ id: 'a', seq: future }));

    expect(await nextSeq('alice')).toBe(future + 1);
    expect(await nextSeq('bob')).toBeGreaterThanOrEqual(Date.now() - 1000);
  });

  it('deletes only the changes asked for, or every change of one account', async () => {
    await putChange(change({ id: 'a', seq: 1 }));
    await putChange(change({ id: 'b', seq: 2 }));
    await putChange(change({ id: 'c', seq: 3, account: 'bob' }));

    await deleteChanges(['a']);
    expect((await changesOf('alice')).map((each) => each.id)).toEqual(['b']);

    await deleteAccountChanges('alice');
    expect(await changesOf('alice')).toEqual([]);
    expect((await changesOf('bob')).map((each) => each.id)).toEqual(['c']);
  });

  it('records and clears a refusal', async () => {
    await putChange(change({ id: 'a', seq: 1 }));
    const refusal = { code: 142, message: 'Name is required.' };

    await setRefusal('a', refusal);
    expect((await changesOf('alice'))[0]?.refusal).toEqual(refusal);

    await setRefusal('a', null);
    expect((await changesOf('alice'))[0]?.refusal).toBeNull();
  });

  it('on a saved create, gives its objectId to the later changes of the same entry only', async () => {
    const create = change({ id: 'new', seq: 1 });
    await putChange(create);
    await putChange(change({ id: 'edit', seq: 2, op: 'update', target: localTarget('new') }));
    await putChange(change({ id: 'other', seq: 3, op: 'update', target: localTarget('another') }));
    await putChange(change({ id: 'delete', seq: 4, op: 'delete', target: localTarget('new'), fields: {} }));

    await completeCreate(create, 'srvNew');

    expect((await changesOf('alice')).map(({ id, target }) => ({ id, target }))).toEqual([
      { id: 'edit', target: 'srvNew' },
      { id: 'other', target: localTarget('another') },
      { id: 'delete', target: 'srvNew' },
    ]);
  });
});

describe('offline store: saved pages', () => {
  const savedAt = (minute: number) => new Date(Date.UTC(2026, 2, 1, 10, minute)).toISOString();

  it('keeps a page per account and key, and reads back only that account’s copy', async () => {
    await savePage({ account: 'alice', key: 'weight', data: { kg: 80 }, savedAt: savedAt(0) });
    await savePage({ account: 'bob', key: 'weight', data: { kg: 60 }, savedAt: savedAt(1) });
    await closeOfflineDb();

    expect(await readPage('alice', 'weight')).toEqual({
      account: 'alice',
      key: 'weight',
      data: { kg: 80 },
      savedAt: savedAt(0),
    });
    expect((await readPage('bob', 'weight'))?.data).toEqual({ kg: 60 });
    expect(await readPage('carol', 'weight')).toBeUndefined();
  });

  it('replaces the copy of a page loaded again', async () => {
    await savePage({ account: 'alice', key: 'weight', data: 1, savedAt: savedAt(0) });
    await savePage({ account: 'alice', key: 'weight', data: 2, savedAt: savedAt(5) });

    expect(await readPage('alice', 'weight')).toMatchObject({ data: 2, savedAt: savedAt(5) });
  });

  it(`keeps the ${PAGES_KEPT} most recently loaded pages of an account, without touching other accounts`, async () => {
    await savePage({ account: 'bob', key: 'page-old', data: 0, savedAt: savedAt(0) });
    for (let page = 0; page <= PAGES_KEPT; page += 1) {
      await savePage({ account: 'alice', key: `page-${page}`, data: page, savedAt: savedAt(page + 1) });
    }

    expect(await readPage('alice', 'page-0')).toBeUndefined();
    expect(await readPage('alice', 'page-1')).toBeDefined();
    expect(await readPage('alice', `page-${PAGES_KEPT}`)).toBeDefined();
    expect(await readPage('bob', 'page-old')).toBeDefined();
  });

  it('counts a page loaded again as recent, so it is not the one deleted', async () => {
    for (let page = 0; page < PAGES_KEPT; page += 1) {
      await savePage({ account: 'alice', key: `page-${page}`, data: page, savedAt: savedAt(page) });
    }
    await savePage({ account: 'alice', key: 'page-0', data: 'again', savedAt: savedAt(PAGES_KEPT) });
    await savePage({ account: 'alice', key: 'page-new', data: 'new', savedAt: savedAt(PAGES_KEPT + 1) });

    expect(await readPage('alice', 'page-0')).toMatchObject({ data: 'again' });
    expect(await readPage('alice', 'page-1')).toBeUndefined();
  });

  it('forgets every page of one account at log-out and keeps the others', async () => {
    await savePage({ account: 'alice', key: 'weight', data: 1, savedAt: savedAt(0) });
    await savePage({ account: 'alice', key: 'nutrition', data: 2, savedAt: savedAt(1) });
    await savePage({ account: 'bob', key: 'weight', data: 3, savedAt: savedAt(2) });

    await deleteAccountPages('alice');

    expect(await readPage('alice', 'weight')).toBeUndefined();
    expect(await readPage('alice', 'nutrition')).toBeUndefined();
    expect(await readPage('bob', 'weight')).toBeDefined();
  });
});
