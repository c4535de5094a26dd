import { inject } from 'vitest';
import { readMasterKey } from './serverProcess';
import {
  ownSettingsId,
  requestFromTo,
  restClient,
  updateOwnSettings,
  type Account,
  type RequestOptions,
  type RestClient,
  type RestResponse,
  type ServerTarget,
} from './restClient';

export * from './restClient';

/** A client of a server a test started itself (server/test/serverProcess.ts), with its master key. */
export async function restClientFor(server: { baseUrl: string; dataDir: string }): Promise<RestClient> {
  return restClient({
    baseUrl: server.baseUrl,
    appId: 'fitstreak',
    masterKey: await readMasterKey(server.dataDir),
  });
}

export function injectedTarget(): ServerTarget {
  return { baseUrl: inject('baseUrl'), appId: inject('appId'), masterKey: inject('masterKey') };
}

let shared: RestClient | undefined;
function sharedClient(): RestClient {
  shared ??= restClient(injectedTarget());
  return shared;
}

/** The client of the server the global setup started. */
export const request: RestClient['request'] = (method, path, options) =>
  sharedClient().request(method, path, options);
export const signUp: RestClient['signUp'] = (username, password) => sharedClient().signUp(username, password);
export const logIn: RestClient['logIn'] = (username, password) => sharedClient().logIn(username, password);
export const settingsIdOf = (account: Account): Promise<string> => ownSettingsId(sharedClient(), account);
export const updateSettings = (account: Account, fields: Record<string, unknown>): Promise<string> =>
  updateOwnSettings(sharedClient(), account, fields);

/**
 * Sends a request from another loopback address (127.0.0.x). Parse's rate limiter never counts
 * requests from 127.0.0.1, and masterKeyIps accepts only 127.0.0.1 and ::1, so a test that needs
 * a "remote" client uses its own address here.
 */
export function requestFrom(
  localAddress: string,
  method: string,
  path: string,
  options: RequestOptions = {},
): Promise<RestResponse> {
  return requestFromTo(injectedTarget(), localAddress, method, path, options);
}

/** Saves a row of `className` as `owner`, as the app does, and answers its id; any answer but 201 throws. */
export async function saveRow(
  owner: Account,
  className: string,
  body: Record<string, unknown>,
): Promise<string> {
  const response = await request('POST', `/parse/classes/${className}`, {
    sessionToken: owner.sessionToken,
    body,
  });
  if (response.status !== 201)
    throw new Error(`Saving a ${className} answered ${response.status}: ${response.text}`);
  return String(response.body.objectId);
}

/** The id of the catalogue's exercise with `key` (`ex:plank`), as `reader` finds it. */
export async function catalogueExerciseId(reader: Account, key: string): Promise<string> {
  const where = encodeURIComponent(JSON.stringify({ catalogueKey: key }));
  const { body } = await request('GET', `/parse/classes/Exercise?where=${where}`, {
    sessionToken: reader.sessionToken,
  });
  const [row] = body.results ?? [];
  if (!row) throw new Error(`No catalogue exercise ${key}.`);
  return row.objectId;
}
