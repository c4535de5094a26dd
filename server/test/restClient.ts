import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { CloudArgs, CloudFunctionName, CloudResult } from '../../src/domain/cloudApi';

/**
 * The one REST client of the tests, the browser tests' setup and the benchmarks: Parse's REST API
 * over HTTP, as a device speaks it (a session, or the master key where a test is about the operator).
 */
/** A test talks to the server over HTTP only, like the browser does. */
export interface ServerTarget {
  baseUrl: string;
  appId: string;
  masterKey: string;
}

/** The JSON Parse answers with; fields beyond the common ones are read as `unknown`. */
export interface ParseReply {
  code?: number;
  error?: string;
  objectId?: string;
  sessionToken?: string;
  results?: ParseRow[];
  count?: number;
  [field: string]: unknown;
}

export interface ParseRow {
  objectId: string;
  [field: string]: unknown;
}

export interface RestResponse {
  status: number;
  body: ParseReply;
  text: string;
  headers: Headers;
}

export interface RequestOptions {
  sessionToken?: string;
  masterKey?: boolean;
  body?: unknown;
  /** A non-JSON body, e.g. file bytes; its Content-Type goes in `headers`. */
  raw?: string | Uint8Array<ArrayBuffer>;
  headers?: Record<string, string>;
  /** Ends the request unanswered, as a device that gives up waiting. */
  signal?: AbortSignal;
}

export interface Account {
  objectId: string;
  sessionToken: string;
  username: string;
  email: string;
  password: string;
}

export interface RestClient {
  request(method: string, path: string, options?: RequestOptions): Promise<RestResponse>;
  /**
   * Signs up as the sign-up page does and keeps the session it answers with. The server's own
   * address, 127.0.0.1, is not counted by the rate limits; tests of the limits call from others.
   */
  signUp(username?: string, password?: string): Promise<Account>;
  /** Logs in with the master key header (the password is still checked). */
  logIn(username: string, password: string): Promise<Account>;
}

export function uniqueName(prefix = 'u'): string {
  return `${prefix}_${randomBytes(5).toString('hex')}`;
}

export function newPassword(): string {
  return `pw-${randomBytes(8).toString('hex')}`;
}

export function pointer(className: string, objectId: string) {
  return { __type: 'Pointer', className, objectId };
}

export function userPointer(objectId: string) {
  return pointer('_User', objectId);
}

export function parseDate(date: Date) {
  return { __type: 'Date', iso: date.toISOString() };
}

function parseBody(text: string): ParseReply {
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as ParseReply) : {};
  } catch {
    return {};
  }
}

function headersFor(target: ServerTarget, options: RequestOptions): Record<string, string> {
  return {
    'X-Parse-Application-Id': target.appId,
    ...(options.body === undefined ? {} : { 'Content-Type': 'application/json' }),
    ...(options.sessionToken ? { 'X-Parse-Session-Token': options.sessionToken } : {}),
    ...(options.masterKey ? { 'X-Parse-Master-Key': target.masterKey } : {}),
    ...options.headers,
  };
}

function bodyFor(options: RequestOptions): string | Uint8Array<ArrayBuffer> | undefined {
  return options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
}

export function restClient(target: ServerTarget): RestClient {
  const request: RestClient['request'] = async (method, path, options = {}) => {
    const body = bodyFor(options);
    const response = await fetch(`${target.baseUrl}${path}`, {
      method,
      headers: headersFor(target, options),
      ...(body === undefined ? {} : { body: typeof body === 'string' ? body : new Blob([body]) }),
      ...(options.signal ? { signal: options.signal } : {}),
    });
    const text = await response.text();
    return { status: response.status, body: parseBody(text), text, headers: response.headers };
  };

  const logIn: RestClient['logIn'] = async (username, password) => {
    const { status, body } = await request('POST', '/parse/login', {
      masterKey: true,
      body: { username, password },
    });
    if (status !== 200 || typeof body.objectId !== 'string' || typeof body.sessionToken !== 'string') {
      throw new Error(`Logging in ${username} failed (${status}): ${JSON.stringify(body)}`);
    }
    return {
      objectId: body.objectId,
      sessionToken: body.sessionToken,
      username,
      email: typeof body.email === 'string' ? body.email : '',
      password,
    };
  };

  const signUp: RestClient['signUp'] = async (username = uniqueName(), password = newPassword()) => {
    const email = `${username.toLowerCase()}@example.com`;
    const { status, body } = await request('POST', '/parse/users', { body: { username, password, email } });
    if (status !== 201 || typeof body.objectId !== 'string' || typeof body.sessionToken !== 'string') {
      throw new Error(`Signing up ${username} failed (${status}): ${JSON.stringify(body)}`);
    }
    return { objectId: body.objectId, sessionToken: body.sessionToken, username, email, password };
  };

  return { request, signUp, logIn };
}

/** The objectId of the person's own Settings row (sign-up made it), found with their session. */
export async function ownSettingsId(client: Pick<RestClient, 'request'>, account: Account): Promise<string> {
  const where = encodeURIComponent(JSON.stringify({ user: userPointer(account.objectId) }));
  const { status, body, text } = await client.request('GET', `/parse/classes/Settings?where=${where}`, {
    sessionToken: account.sessionToken,
  });
  const objectId = body.results?.[0]?.objectId;
  if (!objectId) throw new Error(`${account.username} has no Settings row (${status}): ${text}`);
  return objectId;
}

/**
 * Changes the person's own Settings row as their device does: a PUT with their session, since
 * sign-up made the row and a second POST is refused (137). Answers the row's objectId.
 */
export async function updateOwnSettings(
  client: Pick<RestClient, 'request'>,
  account: Account,
  fields: Record<string, unknown>,
): Promise<string> {
  const objectId = await ownSettingsId(client, account);
  const { status, text } = await client.request('PUT', `/parse/classes/Settings/${objectId}`, {
    sessionToken: account.sessionToken,
    body: fields,
  });
  if (status !== 200)
    throw new Error(`Updating the Settings of ${account.username} failed (${status}): ${text}`);
  return objectId;
}

/** Calls the cloud function `name` as `account` and gives its result; any other answer fails the test. */
export async function callFunction<Name extends CloudFunctionName>(
  client: Pick<RestClient, 'request'>,
  account: Account,
  name: Name,
  ...[params]: CloudArgs<Name>
): Promise<CloudResult<Name>> {
  const answer = await client.request('POST', `/parse/functions/${name}`, {
    sessionToken: account.sessionToken,
    body: params ?? {},
  });
  if (answer.status !== 200) throw new Error(`${name} answered ${answer.status}: ${answer.text}`);
  return answer.body.result as CloudResult<Name>;
}

/** A week-long challenge that `owner` starts today with `member`, a friend, who accepts it. Gives its id. */
export async function acceptedChallenge(
  client: Pick<RestClient, 'request'>,
  owner: Account,
  member: Account,
  title: string,
): Promise<string> {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const { id } = await callFunction(client, owner, 'createChallenge', {
    title,
    metric: 'workouts',
    startDate: day(0),
    endDate: day(7),
    friendIds: [member.objectId],
    timeZone: 'UTC',
  });
  await callFunction(client, member, 'respondChallenge', { challengeId: id, accept: true });
  return id;
}

/** `requestFrom` to a server of the test's choosing (a node of a cluster). */
export async function requestFromTo(
  target: ServerTarget,
  localAddress: string,
  method: string,
  path: string,
  options: RequestOptions = {},
): Promise<RestResponse> {
  const { port } = new URL(target.baseUrl);
  const body = bodyFor(options);
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      { host: '127.0.0.1', port, path, method, localAddress, headers: headersFor(target, options) },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('error', reject);
        incoming.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const headers = new Headers();
          for (const [name, value] of Object.entries(incoming.headers)) {
            for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) {
              headers.append(name, one);
            }
          }
          resolve({ status: incoming.statusCode ?? 0, body: parseBody(text), text, headers });
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}
