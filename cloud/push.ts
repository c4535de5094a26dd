/**
 * Sending web pushes (RFC 8030, payloads encrypted as RFC 8291 asks): the `web-push` library signs
 * and encrypts, and the request goes out with fetch to the push services cloud/pushConfig.ts allows.
 */
import webPush from 'web-push';
import { isValidTimeZone, localTime } from '../src/domain/calendarDays';
import { isQuietAt, MAX_PUSH_DEVICES, type PushMessage } from '../src/domain/reminders';
import { SETTINGS_DEFAULTS } from '../src/domain/contract';
import { DEFAULT_LANGUAGE } from '../src/domain/languages';
import { inLanguage } from '../server/http/i18n';
import { languagesOf } from './languages';
import { MASTER, Parse, userPointer, type CloudObject } from './parse';
import { pushOptions, type PushOptions } from './pushConfig';
import { queryOf } from './schema/rows';
import { pushSubscriptionClass } from './schema/pushSubscription';
import { settingsClass } from './schema/settings';

/** A push a device was offline for is dropped after a day: a reminder means nothing later. */
const TTL_S = 24 * 60 * 60;

const SEND_TIMEOUT_MS = 10_000;

/** Pushes in flight at once during a bulk run. */
const CONCURRENCY = 32;

/** People whose devices one query reads: ten devices each stay within Parse's 1 000 rows a query. */
const PEOPLE_PER_QUERY = Math.floor(1000 / MAX_PUSH_DEVICES);

interface Device {
  row: CloudObject;
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** Sends one push; answers whether the device should be forgotten (the service says it is gone). */
async function sendTo(
  device: Device,
  payload: string,
  push: PushOptions,
): Promise<'sent' | 'gone' | 'failed'> {
  try {
    const details = webPush.generateRequestDetails(
      { endpoint: device.endpoint, keys: device.keys },
      payload,
      {
        vapidDetails: { subject: push.subject, publicKey: push.publicKey, privateKey: push.privateKey },
        TTL: TTL_S,
      },
    );
    const response = await fetch(details.endpoint, {
      method: details.method,
      headers: details.headers,
      body: details.body ? new Uint8Array(details.body) : null,
      redirect: 'error',
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    await response.body?.cancel();
    if (response.status === 404 || response.status === 410) return 'gone';
    if (!response.ok) {
      console.error(`A push service answered ${response.status} for ${new URL(device.endpoint).host}.`);
      return 'failed';
    }
    return 'sent';
  } catch (error) {
    console.error(`Could not push to ${new URL(device.endpoint).host}:`, (error as Error).message);
    return 'failed';
  }
}

/**
 * The devices of `userIds` that are still logged in: a subscription belongs to the session that
 * made it, and one whose session has ended (logged out, revoked, expired) is deleted unused.
 */
async function devicesOf(userIds: readonly string[]): Promise<Map<string, Device[]>> {
  const devices = new Map<string, Device[]>();
  const ended: CloudObject[] = [];
  for (let start = 0; start < userIds.length; start += PEOPLE_PER_QUERY) {
    const users = userIds.slice(start, start + PEOPLE_PER_QUERY).map(userPointer);
    const rows = await queryOf(pushSubscriptionClass)
      .containedIn('user', users)
      .limit(users.length * MAX_PUSH_DEVICES)
      .find(MASTER);
    const sessionIds = [...new Set(rows.map((row) => String(row.get('session'))))];
    const live = new Set(
      (
        await new Parse.Query('_Session')
          .containedIn('objectId', sessionIds)
          .greaterThan('expiresAt', new Date())
          .select('objectId')
          .limit(sessionIds.length)
          .find(MASTER)
      ).map((session) => session.id),
    );
    for (const row of rows) {
      if (!live.has(String(row.get('session')))) {
        ended.push(row);
        continue;
      }
      const owner = row.get('user').id ?? '';
      const device: Device = {
        row,
        endpoint: String(row.get('endpoint')),
        keys: { p256dh: String(row.get('p256dh')), auth: String(row.get('auth')) },
      };
      devices.set(owner, [...(devices.get(owner) ?? []), device]);
    }
  }
  if (ended.length > 0) await Parse.Object.destroyAll(ended, MASTER);
  return devices;
}

/**
 * A push's words, written when it is sent: in the language of the person it goes to
 * (`Settings.language`, English when unset), whoever's request or schedule sends it.
 */
export type PushText = () => PushMessage;

/**
 * Pushes each message to every logged-in device of its person, a few at a time, and answers how
 * many people it reached. Devices the push service no longer knows (404, 410) are forgotten.
 */
export async function pushToPeople(messages: ReadonlyMap<string, PushText>): Promise<number> {
  const push = pushOptions();
  if (!push || messages.size === 0) return 0;
  const devices = await devicesOf([...messages.keys()]);
  const languages = await languagesOf([...devices.keys()]);
  const payloadOf = (user: string): string => {
    const text = messages.get(user);
    return JSON.stringify(text ? inLanguage(languages.get(user) ?? DEFAULT_LANGUAGE, text) : undefined);
  };
  const work = [...devices].flatMap(([user, owned]) => {
    const payload = payloadOf(user);
    return owned.map((device) => ({ user, device, payload }));
  });
  const reached = new Set<string>();
  const gone: CloudObject[] = [];
  let next = 0;
  const worker = async () => {
    while (next < work.length) {
      const item = work[next++];
      if (!item) break;
      const outcome = await sendTo(item.device, item.payload, push);
      if (outcome === 'sent') reached.add(item.user);
      if (outcome === 'gone') gone.push(item.device.row);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, work.length) }, worker));
  if (gone.length > 0) await Parse.Object.destroyAll(gone, MASTER);
  return reached.size;
}

/** Those of `userIds` for whom `now` falls in their quiet hours, by their settings and time zone. */
export async function quietAmong(userIds: readonly string[], now: Date): Promise<Set<string>> {
  const quiet = new Set<string>();
  for (let start = 0; start < userIds.length; start += 500) {
    const users = userIds.slice(start, start + 500).map(userPointer);
    const rows = await queryOf(settingsClass).containedIn('user', users).limit(users.length).find(MASTER);
    for (const settings of rows) {
      const read = (field: keyof typeof SETTINGS_DEFAULTS): unknown =>
        settings.get(field) ?? SETTINGS_DEFAULTS[field];
      if (read('quietHours') === false) continue;
      const zone: unknown = settings.get('timezone');
      const time = localTime(now, typeof zone === 'string' && isValidTimeZone(zone) ? zone : 'UTC');
      if (isQuietAt(time, { start: String(read('quietHoursStart')), end: String(read('quietHoursEnd')) })) {
        quiet.add(settings.get('user').id ?? '');
      }
    }
  }
  return quiet;
}

/**
 * Pushes each message to its person's devices unless it is their quiet hours there (the
 * notification that goes with it stays in the app either way), and answers how many were reached.
 * A failure is logged, never the caller's: what the push tells of has happened.
 */
export async function pushOutsideQuietHours(
  messages: ReadonlyMap<string, PushText>,
  now: Date = new Date(),
): Promise<number> {
  if (!pushOptions() || messages.size === 0) return 0;
  try {
    const quiet = await quietAmong([...messages.keys()], now);
    return await pushToPeople(new Map([...messages].filter(([user]) => !quiet.has(user))));
  } catch (error) {
    console.error('Could not send pushes:', error);
    return 0;
  }
}

export function pushToPerson(userId: string, message: PushText): Promise<number> {
  return pushOutsideQuietHours(new Map([[userId, message]]));
}
