import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { CloudArgs, CloudFunctionName, CloudResult } from '../../src/domain/cloudApi';
import {
  newPassword,
  restClient,
  uniqueName,
  type RestClient,
  type RestResponse,
} from '../../server/test/restClient';

/** What the global setup shares with the specs through the environment. */
export function e2eServer() {
  const baseUrl = process.env.E2E_BASE_URL;
  const dataDir = process.env.E2E_DATA_DIR;
  const appId = process.env.E2E_APP_ID;
  const masterKey = process.env.E2E_MASTER_KEY;
  if (!baseUrl || !dataDir || !appId || !masterKey) throw new Error('The e2e global setup did not run.');
  return { baseUrl, dataDir, appId, masterKey };
}

export interface TestAccount {
  username: string;
  email: string;
  password: string;
  objectId: string;
}

export { uniqueName } from '../../server/test/restClient';

let client: RestClient | undefined;

/** The tests' REST client (server/test/restClient.ts) for the server the global setup started. */
export function apiClient(): RestClient {
  client ??= restClient(e2eServer());
  return client;
}

/** The answer's body, or an error naming the request when it is not a success. */
function succeeded<T>(method: string, route: string, answer: RestResponse): T {
  if (answer.status >= 400) throw new Error(`${method} ${route}: ${answer.status} ${answer.text}`);
  return answer.body as T;
}

/** A request with the master key, for what only the operator does (ending someone's sessions). */
async function masterRequest<T>(method: string, route: string, body?: unknown): Promise<T> {
  return succeeded<T>(
    method,
    route,
    await apiClient().request(method, `/parse/${route}`, { masterKey: true, body }),
  );
}

const sessionTokens = new Map<string, Promise<string>>();

/**
 * Signs up over the API, as the sign-up page does, for specs whose subject is not sign-up itself.
 * The test runner calls from 127.0.0.1, which the rate limits leave to the browser's own flows.
 */
export async function createAccount(): Promise<TestAccount> {
  const { sessionToken, ...account } = await apiClient().signUp(uniqueName('e2e'), newPassword());
  sessionTokens.set(account.objectId, Promise.resolve(sessionToken));
  return account;
}

/** Ends every session of a user, as "log out everywhere" or an admin would. */
export async function revokeSessions(userId: string): Promise<void> {
  const where = encodeURIComponent(
    JSON.stringify({ user: { __type: 'Pointer', className: '_User', objectId: userId } }),
  );
  const { results } = await masterRequest<{ results: { objectId: string }[] }>(
    'GET',
    `sessions?where=${where}`,
  );
  for (const session of results) await masterRequest('DELETE', `sessions/${session.objectId}`);
}

/**
 * The newest development mail sent to `email` from DATA_DIR/mail, whose subject contains `subject`
 * when given (sign-up alone sends a verification mail). Parse sends mails without waiting for
 * them, so this waits a few seconds for one to land.
 */
export async function latestMailTo(email: string, subject = '', timeoutMs = 5_000): Promise<string> {
  const directory = path.join(e2eServer().dataDir, 'mail');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const names = (await readdir(directory).catch(() => [] as string[])).filter((name) =>
      name.endsWith('.eml'),
    );
    for (const name of names.sort().reverse()) {
      const lines = (await readFile(path.join(directory, name), 'utf8')).split('\n');
      const subjectLine = lines.find((line) => line.startsWith('Subject: ')) ?? '';
      if (lines.includes(`To: ${email}`) && subjectLine.includes(subject)) return lines.join('\n');
    }
    if (Date.now() > deadline) throw new Error(`No mail to ${email} in ${directory}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export function linkIn(mail: string): string {
  const match = /https?:\/\/\S+/.exec(mail);
  if (!match) throw new Error('The mail holds no link.');
  return match[0];
}

/** A log-in of `account` over the API, as on another device: the user with its new session. */
export async function logInOverApi(account: TestAccount): Promise<Record<string, unknown>> {
  const answer = await apiClient().request('POST', '/parse/login', {
    body: { username: account.username, password: account.password },
  });
  const user = succeeded<Record<string, unknown>>('POST', 'login', answer);
  if (typeof user.sessionToken !== 'string') throw new Error(`login: no session in ${answer.text}`);
  return user;
}

/** The session of the test's own REST calls as `account`: the sign-up's, else one log-in. */
export function sessionTokenFor(account: TestAccount): Promise<string> {
  let token = sessionTokens.get(account.objectId);
  if (!token) {
    token = logInOverApi(account).then((user) => String(user.sessionToken));
    sessionTokens.set(account.objectId, token);
  }
  return token;
}

/** A REST call as `account` (its session, no master key), as the person's own device would make it. */
export async function requestAs<T>(
  account: TestAccount,
  method: string,
  route: string,
  body?: unknown,
): Promise<T> {
  const sessionToken = await sessionTokenFor(account);
  return succeeded<T>(
    method,
    route,
    await apiClient().request(method, `/parse/${route}`, { sessionToken, body }),
  );
}

/** Calls a cloud function as `account`. */
export async function runAs<Name extends CloudFunctionName>(
  account: TestAccount,
  name: Name,
  ...[params]: CloudArgs<Name>
): Promise<CloudResult<Name>> {
  const { result } = await requestAs<{ result: CloudResult<Name> }>(
    account,
    'POST',
    `functions/${name}`,
    params ?? {},
  );
  return result;
}

/** Makes two people friends: each asks the other, and the second request accepts the first. */
export async function befriend(a: TestAccount, b: TestAccount): Promise<void> {
  await runAs(a, 'sendFriendRequest', { username: b.username });
  await runAs(b, 'sendFriendRequest', { username: a.username });
}

/** Posts chat messages as `account`, one after another (so they are saved in this order). */
export async function postChatMessages(
  account: TestAccount,
  room: string,
  texts: readonly string[],
): Promise<void> {
  for (const text of texts) await requestAs(account, 'POST', 'classes/ChatMessage', { room, text });
}
