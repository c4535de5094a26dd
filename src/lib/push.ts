import { t } from '@/i18n';
import { getParse } from './parse';
import { loadRuntimeConfig } from './runtimeConfig';
import { callCloud } from './cloud';

/**
 * Web push on this device: the browser's subscription (through the service worker) and the
 * server's copy of it (`savePushSubscription`), which lives as long as this device's session.
 */
export type DevicePushState =
  /** The browser has no service worker, Push API or notifications. */
  | 'unsupported'
  /** The server sends no pushes (no VAPID key). */
  | 'unavailable'
  /** The person refused notifications for this site; only the browser's settings can undo it. */
  | 'blocked'
  | 'off'
  | 'on';

/** Who turned pushes on in this browser: another account logging in here does not inherit them. */
const OWNER_KEY = 'fitstreak:push-owner';

/** How long to wait for the service worker before saying it is not there. */
const WORKER_TIMEOUT_MS = 10_000;

const isSupported = () =>
  typeof navigator !== 'undefined' &&
  'serviceWorker' in navigator &&
  typeof window !== 'undefined' &&
  'PushManager' in window &&
  'Notification' in window;

async function registration(): Promise<ServiceWorkerRegistration> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(t('common.errors.serviceWorker'))), WORKER_TIMEOUT_MS);
  });
  try {
    return await Promise.race([navigator.serviceWorker.ready, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const worker = await navigator.serviceWorker.getRegistration();
  return (await worker?.pushManager.getSubscription()) ?? null;
}

export async function devicePushState(): Promise<DevicePushState> {
  if (!isSupported()) return 'unsupported';
  if (!(await loadRuntimeConfig()).vapidPublicKey) return 'unavailable';
  if (Notification.permission === 'denied') return 'blocked';
  return Notification.permission === 'granted' && (await currentSubscription()) ? 'on' : 'off';
}

async function saveOnServer(subscription: PushSubscription): Promise<void> {
  const { keys } = subscription.toJSON();
  const Parse = await getParse();
  // A subscription without keys is refused by the server with a sentence naming the field.
  await callCloud('savePushSubscription', {
    endpoint: subscription.endpoint,
    p256dh: keys?.p256dh ?? '',
    auth: keys?.auth ?? '',
  });
  const user = Parse.User.current();
  if (user?.id) localStorage.setItem(OWNER_KEY, user.id);
}

/** Asks for permission (a click must lead here), subscribes this browser and tells the server. */
export async function turnOnPush(): Promise<DevicePushState> {
  const { vapidPublicKey } = await loadRuntimeConfig();
  if (!isSupported()) return 'unsupported';
  if (!vapidPublicKey) return 'unavailable';
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'blocked';
  if (permission !== 'granted') return 'off';
  const worker = await registration();
  const subscription =
    (await worker.pushManager.getSubscription()) ??
    (await worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: vapidPublicKey }));
  await saveOnServer(subscription);
  return 'on';
}

/** Stops pushes to this browser: the server forgets it, then the browser drops the subscription. */
export async function turnOffPush(): Promise<DevicePushState> {
  const subscription = isSupported() ? await currentSubscription() : null;
  if (subscription) {
    await callCloud('removePushSubscription', { endpoint: subscription.endpoint });
    await subscription.unsubscribe();
  }
  localStorage.removeItem(OWNER_KEY);
  return 'off';
}

/** Pushes a test to each of the person's devices; answers whether one arrived at its push service. */
export async function sendTestPush(): Promise<boolean> {
  const { delivered } = await callCloud('sendTestPush');
  return delivered;
}

/**
 * After logging in again on a device whose pushes the same person turned on, the server learns of
 * it again (its copy ended with the old session). Another account's subscription is dropped.
 */
export async function resumePush(userId: string): Promise<void> {
  if (!isSupported() || Notification.permission !== 'granted') return;
  const subscription = await currentSubscription();
  if (!subscription) return;
  if (localStorage.getItem(OWNER_KEY) !== userId) {
    await subscription.unsubscribe();
    return;
  }
  await saveOnServer(subscription);
}

/** At log-out: this browser receives no more pushes (the server drops its copy with the session). */
export async function forgetPushOnThisDevice(): Promise<void> {
  if (!isSupported()) return;
  await (await currentSubscription())?.unsubscribe();
  localStorage.removeItem(OWNER_KEY);
}
