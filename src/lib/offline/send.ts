import { ErrorCode } from '@/domain/errors';
import { newChangeId, type PendingChange, type Refusal, type RestFields } from './changes';

/** Where and as whom a change is sent. */
export interface SendTarget {
  serverURL: string;
  appId: string;
  sessionToken: string;
}

export type SendOutcome =
  | { kind: 'saved'; objectId: string | null }
  | { kind: 'refused'; refusal: Refusal }
  /** No answer, or one that says "later" (rate limit, server error): try again later. */
  | { kind: 'unreachable' }
  | { kind: 'sessionEnded' };

/** Longer than any answer of ours under load; the sync retries after it like after no answer. */
const REQUEST_TIMEOUT_MS = 20_000;
const { OBJECT_NOT_FOUND, DUPLICATE_VALUE, DUPLICATE_REQUEST, INVALID_SESSION_TOKEN } = ErrorCode;

interface ParseAnswer {
  objectId?: string;
  code?: number;
  error?: string;
  results?: { objectId: string }[];
}

interface Answer {
  status: number;
  body: ParseAnswer;
}

/** What ends an attempt before its answer is read: no answer, "later", or an ended session. */
type Unsettled = Extract<SendOutcome, { kind: 'unreachable' | 'sessionEnded' }>;

/** Sends one request; an answer that settles nothing comes back as what to do instead. */
async function call(
  target: SendTarget,
  method: string,
  path: string,
  requestId: string | null,
  body?: unknown,
): Promise<Answer | Unsettled> {
  const headers: Record<string, string> = {
    'X-Parse-Application-Id': target.appId,
    'X-Parse-Session-Token': target.sessionToken,
  };
  if (requestId) headers['X-Parse-Request-Id'] = requestId;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  try {
    const response = await fetch(`${target.serverURL}/${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: 'no-store',
      // A request stuck on a dead connection would hold up the whole queue: give up and retry.
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const parsed: unknown = await response.json().catch(() => ({}));
    const answer: Answer = {
      status: response.status,
      body: typeof parsed === 'object' && parsed !== null ? parsed : {},
    };
    if (answer.status === 429 || answer.status >= 500) return { kind: 'unreachable' };
    if (answer.body.code === INVALID_SESSION_TOKEN) return { kind: 'sessionEnded' };
    return answer;
  } catch {
    return { kind: 'unreachable' };
  }
}

function isUnsettled(reply: Answer | Unsettled): reply is Unsettled {
  return 'kind' in reply;
}

/** Unset fields become Parse's Delete operation; a create simply leaves them out. */
function restBody(fields: RestFields, op: 'create' | 'update'): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(fields)) {
    if (value !== null) body[name] = value;
    else if (op === 'update') body[name] = { __op: 'Delete' };
  }
  return body;
}

type Lookup = { kind: 'found'; objectId: string } | { kind: 'none' } | Unsettled;

/**
 * A create that the server says it has seen (same request id, or same clientKey after the
 * request id expired) reached it in an earlier attempt whose answer was lost: find the row that
 * attempt saved, if it saved one.
 */
async function findSavedCreate(target: SendTarget, change: PendingChange): Promise<Lookup> {
  const where = encodeURIComponent(JSON.stringify({ clientKey: change.id }));
  const path = `classes/${change.className}?where=${where}&keys=objectId&limit=1`;
  const answer = await call(target, 'GET', path, null);
  if (isUnsettled(answer)) return answer;
  const objectId = answer.body.results?.[0]?.objectId;
  return objectId ? { kind: 'found', objectId } : { kind: 'none' };
}

function refused(answer: Answer): SendOutcome {
  return {
    kind: 'refused',
    refusal: {
      code: answer.body.code ?? answer.status,
      message: answer.body.error ?? `HTTP ${answer.status}`,
    },
  };
}

/**
 * An update carries every field of the entry, so sending it twice is harmless. It gets a fresh
 * request id on each attempt: Parse keeps an id for its time-to-live even when it refused the
 * request, and would answer a corrected update with 159 as if it had been saved.
 */
async function sendUpdate(target: SendTarget, change: PendingChange): Promise<SendOutcome> {
  const path = `classes/${change.className}/${change.target}`;
  const answer = await call(target, 'PUT', path, newChangeId(), restBody(change.fields, 'update'));
  if (isUnsettled(answer)) return answer;
  return answer.status === 200 ? { kind: 'saved', objectId: null } : refused(answer);
}

function postCreate(
  target: SendTarget,
  change: PendingChange,
  requestId: string,
): Promise<Answer | Unsettled> {
  const body = { ...restBody(change.fields, 'create'), clientKey: change.id };
  return call(target, 'POST', `classes/${change.className}`, requestId, body);
}

/**
 * A create is sent with the change's id as request id on every attempt, so a repeat whose answer
 * was lost is recognised (159, or 137 on the unique clientKey once the id expired).
 */
async function sendCreate(target: SendTarget, change: PendingChange): Promise<SendOutcome> {
  const answer = await postCreate(target, change, change.id);
  if (isUnsettled(answer)) return answer;
  if (answer.body.objectId) return { kind: 'saved', objectId: answer.body.objectId };
  const code = answer.body.code;
  if (code !== DUPLICATE_REQUEST && code !== DUPLICATE_VALUE) return refused(answer);
  const lookup = await findSavedCreate(target, change);
  if (lookup.kind === 'found') {
    // The row holds the fields of the earlier attempt; a correction merged in since must follow.
    const update = await sendUpdate(target, { ...change, op: 'update', target: lookup.objectId });
    return update.kind === 'saved' ? { kind: 'saved', objectId: lookup.objectId } : update;
  }
  if (lookup.kind !== 'none') return lookup;
  if (code === DUPLICATE_VALUE) return refused(answer);
  // The id was seen but nothing was saved under the clientKey: that attempt was refused.
  const again = await postCreate(target, change, newChangeId());
  if (isUnsettled(again)) return again;
  return again.body.objectId ? { kind: 'saved', objectId: again.body.objectId } : refused(again);
}

/** Sends one waiting change and says what became of it; never throws. */
export async function sendChange(target: SendTarget, change: PendingChange): Promise<SendOutcome> {
  switch (change.op) {
    case 'create':
      return sendCreate(target, change);
    case 'update':
      return sendUpdate(target, change);
    case 'delete': {
      // Parse does not deduplicate a DELETE; a repeat finds the row gone, which is what was wanted.
      const path = `classes/${change.className}/${change.target}`;
      const answer = await call(target, 'DELETE', path, change.id);
      if (isUnsettled(answer)) return answer;
      if (answer.status === 200 || answer.body.code === OBJECT_NOT_FOUND)
        return { kind: 'saved', objectId: null };
      return refused(answer);
    }
  }
}
