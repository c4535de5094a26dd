import { t } from '@/i18n';
import { ErrorCode } from '@/domain/errors';
import { hasCode, isNetworkFailure } from '../errors';
import { getParse, type ParseClient } from '../parse';
import { loadRuntimeConfig } from '../runtimeConfig';
import {
  isLocalTarget,
  isRestList,
  localTarget,
  newChangeId,
  planChange,
  type OfflineClass,
  type PendingChange,
  type RestFields,
  type RestValue,
} from './changes';
import { announceSynced, EMPTY_OUTBOX, outboxState, setOutboxState } from './outboxState';
import { sendChange, type SendTarget } from './send';
import { signedInSession } from './session';
import * as store from './store';

export { onSynced, outboxState, useOutbox, type OutboxState } from './outboxState';

const RETRY_FIRST_MS = 5_000;
const RETRY_MAX_MS = 120_000;

let sendingId: string | null = null;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let retryDelay = RETRY_FIRST_MS;
let syncRun: Promise<void> | undefined;
/** A sync was asked for while a pass ran: that pass may already have read the queue. */
let syncWanted = false;
/** Local targets of creates this tab saved: a page may still show them until it loads again. */
const savedTargets = new Map<string, string>();
/** The last sequence number given in this tab: two changes queued at once never share one. */
let lastSeq = 0;

/** Reads the account's queue again and shows it; returns what it read. */
async function reload(account: string): Promise<PendingChange[]> {
  const changes = await store.changesOf(account);
  if (outboxState().account === account) setOutboxState({ changes });
  return changes;
}

function onOnline(): void {
  void syncOutbox();
}

/** Starts keeping the signed-in person's queue: loads it and sends it when there is a network. */
export async function startOutbox(account: string): Promise<void> {
  if (outboxState().account !== account) {
    clearTimeout(retryTimer);
    setOutboxState({ ...EMPTY_OUTBOX, account });
  } else {
    setOutboxState({ sessionEnded: false });
  }
  window.removeEventListener('online', onOnline);
  window.addEventListener('online', onOnline);
  await reload(account);
  void syncOutbox();
}

/** At log-out: this device keeps the person's waiting changes (unless discarded) but stops sending them. */
export function stopOutbox(): void {
  clearTimeout(retryTimer);
  window.removeEventListener('online', onOnline);
  setOutboxState(EMPTY_OUTBOX);
}

/** This device's waiting changes of the signed-in person (for pages to show them). */
export async function waitingChanges(): Promise<PendingChange[]> {
  const signedIn = await signedInSession();
  return signedIn ? store.changesOf(signedIn.account) : [];
}

export interface QueuedWrite {
  className: OfflineClass;
  op: PendingChange['op'];
  /** The objectId, or the local target of an entry created on this device; none for a create. */
  target?: string;
  fields?: RestFields;
  display?: PendingChange['display'];
  /** For a create whose direct save failed: the clientKey it was sent with, so it is reused. */
  id?: string;
}

function takeSeq(next: number): number {
  lastSeq = Math.max(lastSeq + 1, next);
  return lastSeq;
}

/** Keeps a write on this device to be sent when the network allows; returns the entry's id. */
export async function queueChange(write: QueuedWrite): Promise<string> {
  const signedIn = await signedInSession();
  if (!signedIn) throw new Error(t('common.errors.logInToSave'));
  const { account } = signedIn;
  const id = write.id ?? newChangeId();
  const given = write.target ?? '';
  const target = write.op === 'create' ? localTarget(id) : (savedTargets.get(given) ?? given);
  const waiting = await store.changesOf(account);
  const plan = planChange(waiting, { op: write.op, target, className: write.className }, sendingId);
  if (plan.kind === 'drop') {
    await store.deleteChanges(plan.ids);
  } else if (plan.kind === 'merge') {
    // Later changes of the entry carry older values of every field: the merged change replaces them.
    await store.deleteChanges(plan.superseded);
    await store.putChange({
      ...plan.into,
      fields: { ...plan.into.fields, ...write.fields },
      display: { ...plan.into.display, ...write.display },
      refusal: null,
    });
  } else {
    await store.putChange({
      id,
      account,
      seq: takeSeq(await store.nextSeq(account)),
      className: write.className,
      op: write.op,
      target,
      fields: write.fields ?? {},
      display: write.display ?? {},
      queuedAt: new Date().toISOString(),
      refusal: null,
    });
  }
  if (outboxState().account === account) await reload(account);
  if (navigator.onLine) void syncOutbox();
  return target;
}

/** The first change that may go now: not refused, and not about an entry whose create is refused. */
function nextToSend(changes: readonly PendingChange[]): PendingChange | undefined {
  const blocked = new Set(changes.filter((change) => change.refusal).map((change) => change.target));
  return changes.find(
    (change) => !change.refusal && !(isLocalTarget(change.target) && blocked.has(change.target)),
  );
}

function scheduleRetry(): void {
  clearTimeout(retryTimer);
  retryTimer = setTimeout(() => void syncOutbox(), retryDelay);
  retryDelay = Math.min(retryDelay * 2, RETRY_MAX_MS);
}

async function syncPass(): Promise<void> {
  const signedIn = await signedInSession();
  if (!signedIn || signedIn.account !== outboxState().account) return;
  const config = await loadRuntimeConfig();
  const target: SendTarget = {
    serverURL: config.serverURL,
    appId: config.appId,
    sessionToken: signedIn.sessionToken,
  };
  const { account } = signedIn;
  let saved = 0;
  setOutboxState({ syncing: true });
  try {
    let waiting = await store.changesOf(account);
    for (;;) {
      const change = nextToSend(waiting);
      if (!change || outboxState().account !== account) break;
      sendingId = change.id;
      // Queued with a local target just as its create was saved, after completeCreate ran.
      const savedTarget = savedTargets.get(change.target);
      const outcome = await sendChange(target, savedTarget ? { ...change, target: savedTarget } : change);
      sendingId = null;
      if (outcome.kind === 'unreachable') {
        scheduleRetry();
        break;
      }
      if (outcome.kind === 'sessionEnded') {
        setOutboxState({ sessionEnded: true });
        break;
      }
      if (outcome.kind === 'refused') await store.setRefusal(change.id, outcome.refusal);
      else if (change.op === 'create' && outcome.objectId) {
        await store.completeCreate(change, outcome.objectId);
        savedTargets.set(change.target, outcome.objectId);
      } else await store.deleteChanges([change.id]);
      if (outcome.kind === 'saved') saved += 1;
      retryDelay = RETRY_FIRST_MS;
      waiting = await reload(account);
    }
  } finally {
    sendingId = null;
    setOutboxState({ syncing: false });
    await reload(account);
  }
  if (saved > 0) announceSynced();
}

/**
 * Sends the signed-in person's waiting changes in order, one at a time. One pass runs at a time
 * in this tab, and across tabs a Web Lock keeps two tabs from sending the same queue at once.
 */
export function syncOutbox(): Promise<void> {
  if (!outboxState().account || !navigator.onLine) return Promise.resolve();
  if (syncRun) {
    syncWanted = true;
    return syncRun;
  }
  syncRun = (async () => {
    try {
      do {
        syncWanted = false;
        // Web Locks exist only in secure contexts (and are null in some test DOMs).
        const locks = 'locks' in navigator ? (navigator.locks as LockManager | null) : null;
        if (locks) await locks.request(`fitstreak-outbox-${outboxState().account}`, syncPass);
        else await syncPass();
      } while (syncWanted && outboxState().account && navigator.onLine);
    } finally {
      syncRun = undefined;
    }
  })();
  return syncRun;
}

/** The person chose to drop a refused change (and, for a refused create, what followed it). */
export async function discardChange(id: string): Promise<void> {
  const { account, changes } = outboxState();
  const change = changes.find((candidate) => candidate.id === id);
  if (!change || !account) return;
  const dependents =
    change.op === 'create'
      ? changes.filter((other) => other.target === change.target).map((other) => other.id)
      : [change.id];
  await store.deleteChanges(dependents);
  await reload(account);
}

/** The person asks to send a refused change again, unchanged. */
export async function retryChange(id: string): Promise<void> {
  const { account } = outboxState();
  if (!account) return;
  await store.setRefusal(id, null);
  await reload(account);
  await syncOutbox();
}

/** An edit refused because the entry was deleted elsewhere is saved as a new entry instead. */
export async function saveAsNewEntry(id: string): Promise<void> {
  const change = outboxState().changes.find((candidate) => candidate.id === id);
  if (!change || change.op !== 'update' || !outboxState().account) return;
  await store.deleteChanges([change.id]);
  await queueChange({
    className: change.className,
    op: 'create',
    fields: change.fields,
    display: change.display,
  });
}

/** Forgets every waiting change of the account on this device (the person chose to discard them). */
export async function discardAllChanges(account: string): Promise<void> {
  await store.deleteAccountChanges(account);
  if (outboxState().account === account) await reload(account);
}

/** A waiting value as the Parse SDK takes it. */
function sdkValue(Parse: ParseClient, value: Exclude<RestValue, null>): unknown {
  if (typeof value !== 'object' || isRestList(value)) return value;
  if (value.__type === 'Date') return new Date(value.iso);
  const pointer = new Parse.Object(value.className);
  pointer.id = value.objectId;
  return pointer;
}

/** The write through the Parse SDK, as any page saves while online; null unsets a field on an update. */
async function saveWithSdk(write: QueuedWrite, clientKey: string | undefined): Promise<void> {
  const Parse = await getParse();
  const object = new Parse.Object(write.className);
  if (write.target) object.id = write.target;
  if (write.op === 'delete') {
    await object.destroy();
    return;
  }
  if (clientKey) object.set('clientKey', clientKey);
  for (const [name, value] of Object.entries(write.fields ?? {})) {
    if (value !== null) object.set(name, sdkValue(Parse, value));
    else if (write.op === 'update') object.unset(name);
  }
  await object.save();
}

/** A write went to the server, or waits on this device because there was no network. */
export type SaveOutcome = 'saved' | 'queued';

/**
 * Saves directly while online, like any other write; without a network, or when the network
 * fails on the way, keeps the write on this device instead. A create carries a clientKey on both
 * paths, so a direct save whose answer was lost is found again rather than saved twice.
 * `direct` (the Parse SDK unless given) receives that key for a create.
 */
export async function saveOrQueue(
  write: QueuedWrite,
  direct: (clientKey: string | undefined) => Promise<void> = (clientKey) => saveWithSdk(write, clientKey),
): Promise<SaveOutcome> {
  const onlyOnDevice = write.target !== undefined && isLocalTarget(write.target);
  const clientKey = write.op === 'create' ? newChangeId() : undefined;
  if (!onlyOnDevice && navigator.onLine) {
    try {
      await direct(clientKey);
      return 'saved';
    } catch (error) {
      // The SDK retried after a lost answer and the server recognised the request: it is saved.
      if (hasCode(error, ErrorCode.DUPLICATE_REQUEST)) return 'saved';
      if (!isNetworkFailure(error)) throw error;
    }
  }
  await queueChange({ ...write, id: clientKey });
  return 'queued';
}
