import { ECDH } from 'node:crypto';
import { MAX_PUSH_DEVICES } from '../../src/domain/reminders';
import { settingsPath } from '../../src/domain/settingsSections';
import { t } from '../../src/i18n/messages';
import { pushToPeople } from '../push';
import { isAllowedPushEndpoint, pushPublicKey } from '../pushConfig';
import { MASTER, Parse, readableBy, refusal, requireUser, validationError, type ParseUser } from '../parse';
import { defineFunction, type CloudRequest } from './define';
import { queryOf, rowOf } from '../schema/rows';
import { pushSubscriptionClass } from '../schema/pushSubscription';

const MAX_ENDPOINT_LENGTH = 1000;

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

/** Whether `text` is base64url of `bytes` bytes. */
const isBase64UrlOf = (text: unknown, bytes: number): text is string =>
  typeof text === 'string' &&
  text.length <= 200 &&
  BASE64URL.test(text) &&
  Buffer.from(text, 'base64url').length === bytes;

/** Whether `text` is an uncompressed point on P-256 in base64url, as PushSubscription.getKey('p256dh') gives. */
function isP256Point(text: unknown): text is string {
  if (!isBase64UrlOf(text, 65)) return false;
  try {
    ECDH.convertKey(Buffer.from(text, 'base64url'), 'prime256v1');
    return true;
  } catch {
    return false;
  }
}

/** The objectId of the session the caller is using: a device's subscription lives as long as it. */
async function sessionIdOf(user: ParseUser): Promise<string> {
  const token = user.getSessionToken();
  const session = token
    ? await new Parse.Query('_Session').equalTo('sessionToken', token).select('objectId').first(MASTER)
    : undefined;
  if (!session?.id) throw refusal(Parse.Error.INVALID_SESSION_TOKEN, 'server.parse.logInFirst');
  return session.id;
}

function checkedEndpoint(endpoint: unknown): string {
  if (
    typeof endpoint !== 'string' ||
    endpoint.length > MAX_ENDPOINT_LENGTH ||
    !isAllowedPushEndpoint(endpoint)
  ) {
    throw validationError('server.push.endpoint');
  }
  return endpoint;
}

/**
 * `savePushSubscription({ endpoint, p256dh, auth })`: this device receives the caller's pushes
 * until they log out of it. An endpoint another account held on the same browser moves to the
 * caller; beyond ten devices the oldest is dropped.
 */
async function savePushSubscription(request: CloudRequest<'savePushSubscription'>): Promise<{ saved: true }> {
  const { user, userId } = requireUser(request.user);
  if (!pushPublicKey()) throw refusal(Parse.Error.OPERATION_FORBIDDEN, 'server.push.noPushes');
  const { endpoint, p256dh, auth } = request.params;
  const checked = checkedEndpoint(endpoint);
  // An uncompressed P-256 point and a 16-byte secret, as PushSubscription.getKey() gives them.
  if (!isP256Point(p256dh)) throw validationError('server.push.p256dh');
  if (!isBase64UrlOf(auth, 16)) throw validationError('server.push.auth');
  const session = await sessionIdOf(user);

  const earlier = await queryOf(pushSubscriptionClass).equalTo('endpoint', checked).limit(100).find(MASTER);
  if (earlier.length > 0) await Parse.Object.destroyAll(earlier, MASTER);
  const row = rowOf(pushSubscriptionClass);
  row.set({ user, endpoint: checked, p256dh, auth, session });
  row.setACL(readableBy(userId));
  await row.save(null, MASTER);

  const devices = await queryOf(pushSubscriptionClass)
    .equalTo('user', user)
    .descending('createdAt')
    .skip(MAX_PUSH_DEVICES)
    .limit(100)
    .find(MASTER);
  if (devices.length > 0) await Parse.Object.destroyAll(devices, MASTER);
  return { saved: true };
}

/** `removePushSubscription({ endpoint })`: this device of the caller's receives no more pushes. */
async function removePushSubscription(
  request: CloudRequest<'removePushSubscription'>,
): Promise<{ removed: number }> {
  const { user } = requireUser(request.user);
  const { endpoint } = request.params;
  if (typeof endpoint !== 'string' || endpoint.length > MAX_ENDPOINT_LENGTH) {
    throw validationError('server.push.ownEndpoint');
  }
  const rows = await queryOf(pushSubscriptionClass)
    .equalTo('user', user)
    .equalTo('endpoint', endpoint)
    .find(MASTER);
  if (rows.length > 0) await Parse.Object.destroyAll(rows, MASTER);
  return { removed: rows.length };
}

/** `sendTestPush()`: a push to each of the caller's devices, to see that they arrive; answers whether one did. */
async function sendTestPush(request: CloudRequest<'sendTestPush'>): Promise<{ delivered: boolean }> {
  const { userId } = requireUser(request.user);
  const reached = await pushToPeople(
    new Map([
      [
        userId,
        () => ({
          title: 'FITSTREAK',
          body: t('server.push.testBody'),
          url: settingsPath('notifications'),
          tag: 'test',
        }),
      ],
    ]),
  );
  return { delivered: reached > 0 };
}

export function registerPushFunctions(): void {
  defineFunction('savePushSubscription', savePushSubscription);
  defineFunction('removePushSubscription', removePushSubscription);
  defineFunction('sendTestPush', sendTestPush);
  // Logging out of a device ends its pushes at once (a revoked or expired session is skipped when sending).
  Parse.Cloud.afterLogout(async (request) => {
    const session = request.object.id;
    if (!session) return;
    const rows = await queryOf(pushSubscriptionClass).equalTo('session', session).find(MASTER);
    if (rows.length > 0) await Parse.Object.destroyAll(rows, MASTER);
  });
}
