import { deleteDB, openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { PendingChange, Refusal } from './changes';

/** A page's data as last loaded on this device, for showing when the network is gone. */
export interface SavedPage {
  account: string;
  key: string;
  data: unknown;
  savedAt: string;
}

interface OfflineDb extends DBSchema {
  changes: {
    key: string;
    value: PendingChange;
    indexes: { byAccount: [string, number] };
  };
  pages: {
    key: [string, string];
    value: SavedPage;
    indexes: { byAccountTime: [string, string] };
  };
}

const DB_NAME = 'fitstreak-offline';
/** Pages kept per account: the most recently loaded ones; older ones are deleted. */
export const PAGES_KEPT = 40;

let opened: Promise<IDBPDatabase<OfflineDb>> | undefined;

function db(): Promise<IDBPDatabase<OfflineDb>> {
  opened ??= openDB<OfflineDb>(DB_NAME, 1, {
    upgrade(database) {
      database.createObjectStore('changes', { keyPath: 'id' }).createIndex('byAccount', ['account', 'seq']);
      database
        .createObjectStore('pages', { keyPath: ['account', 'key'] })
        .createIndex('byAccountTime', ['account', 'savedAt']);
    },
  });
  return opened;
}

/** Closes the connection (tests delete the database between cases). */
export async function closeOfflineDb(): Promise<void> {
  const current = opened;
  opened = undefined;
  if (current) (await current).close();
}

/** Closes the connection and deletes the database: each test case starts from nothing. */
export async function deleteOfflineDb(): Promise<void> {
  await closeOfflineDb();
  await deleteDB(DB_NAME);
}

function accountRange(account: string): IDBKeyRange {
  return IDBKeyRange.bound([account, -Infinity], [account, Infinity]);
}

/** Every saved page of the account in the `byAccountTime` index (times are ISO strings). */
function accountPagesRange(account: string): IDBKeyRange {
  return IDBKeyRange.bound([account, ''], [account, '\uffff']);
}

/** One account's waiting changes, oldest first; never another account's. */
export async function changesOf(account: string): Promise<PendingChange[]> {
  return (await db()).getAllFromIndex('changes', 'byAccount', accountRange(account));
}

/** The next sequence number: after every change of the account, and never behind the clock. */
export async function nextSeq(account: string): Promise<number> {
  const changes = await changesOf(account);
  return Math.max(Date.now(), (changes.at(-1)?.seq ?? 0) + 1);
}

export async function putChange(change: PendingChange): Promise<void> {
  await (await db()).put('changes', change);
}

export async function deleteChanges(ids: readonly string[]): Promise<void> {
  const tx = (await db()).transaction('changes', 'readwrite');
  await Promise.all([...ids.map((id) => tx.store.delete(id)), tx.done]);
}

export async function deleteAccountChanges(account: string): Promise<void> {
  const ids = (await changesOf(account)).map((change) => change.id);
  await deleteChanges(ids);
}

export async function setRefusal(id: string, refusal: Refusal | null): Promise<void> {
  const tx = (await db()).transaction('changes', 'readwrite');
  const change = await tx.store.get(id);
  if (change) await tx.store.put({ ...change, refusal });
  await tx.done;
}

/**
 * A create was saved: it leaves the queue and, in the same transaction, the changes made to the
 * entry meanwhile learn its objectId, so a crash in between cannot orphan them.
 */
export async function completeCreate(change: PendingChange, objectId: string): Promise<void> {
  const tx = (await db()).transaction('changes', 'readwrite');
  const later = await tx.store.index('byAccount').getAll(accountRange(change.account));
  await tx.store.delete(change.id);
  for (const other of later) {
    if (other.target === change.target && other.id !== change.id) {
      await tx.store.put({ ...other, target: objectId });
    }
  }
  await tx.done;
}

export async function savePage(page: SavedPage): Promise<void> {
  const tx = (await db()).transaction('pages', 'readwrite');
  await tx.store.put(page);
  const index = tx.store.index('byAccountTime');
  const range = accountPagesRange(page.account);
  const count = await index.count(range);
  let excess = count - PAGES_KEPT;
  for (let cursor = await index.openCursor(range); cursor && excess > 0; cursor = await cursor.continue()) {
    await cursor.delete();
    excess -= 1;
  }
  await tx.done;
}

export async function readPage(account: string, key: string): Promise<SavedPage | undefined> {
  return (await db()).get('pages', [account, key]);
}

/** Forgets every page of the account (at log-out: the next person on this device sees nothing). */
export async function deleteAccountPages(account: string): Promise<void> {
  const tx = (await db()).transaction('pages', 'readwrite');
  for (
    let cursor = await tx.store.index('byAccountTime').openCursor(accountPagesRange(account));
    cursor;
    cursor = await cursor.continue()
  ) {
    await cursor.delete();
  }
  await tx.done;
}
