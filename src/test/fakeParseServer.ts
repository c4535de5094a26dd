import { deferred } from './deferred';

/** One request as the fake server received it. */
export interface ReceivedRequest {
  method: string;
  /** The path below the server URL, without the query, e.g. `classes/Meal/abc`. */
  path: string;
  query: URLSearchParams;
  requestId: string | null;
  sessionToken: string | null;
  body: Record<string, unknown> | null;
}

interface Row {
  className: string;
  objectId: string;
  owner: string;
  fields: Record<string, unknown>;
}

type Answer = { status: number; body: unknown };

export const FAKE_SERVER_URL = 'https://api.test/parse';

/**
 * A stand-in for Parse's REST API behind `fetch`, with the behaviour the offline queue relies on:
 * sessions per token (209 when ended), idempotency on POST and PUT (159 for a request id seen
 * before, kept even when the request was refused, as Parse Server does), a clientKey unique per
 * person (137), 142 from a validator, 101 for a missing row, and answers that can be lost on the way.
 */
export class FakeParseServer {
  readonly requests: ReceivedRequest[] = [];
  readonly rows = new Map<string, Row>();
  private readonly sessions = new Map<string, string>();
  private readonly seenRequestIds = new Set<string>();
  private nextObjectId = 1;
  private readonly answersToLose: { method: string | null; count: number }[] = [];
  private gate: Promise<void> | undefined;
  private inFlight = 0;
  /** The most requests that were ever being answered at the same time. */
  maxInFlight = 0;
  /** Says why a write is refused (code 142), or null to accept it. */
  validate: (className: string, fields: Record<string, unknown>) => string | null = () => null;

  signIn(account: string, sessionToken: string): void {
    this.sessions.set(sessionToken, account);
  }

  /** The session is revoked or expired: its token gets 209 from now on. */
  endSession(sessionToken: string): void {
    this.sessions.delete(sessionToken);
  }

  /** The request ids' time-to-live passed: repeats are no longer recognised by id. */
  forgetRequestIds(): void {
    this.seenRequestIds.clear();
  }

  /**
   * The next `count` requests (with that method, if given) are carried out, but their answers never
   * reach the device: fetch rejects as it does when the connection drops.
   */
  loseAnswers(count = 1, method: string | null = null): void {
    this.answersToLose.push({ method, count });
  }

  private answerIsLost(request: ReceivedRequest): boolean {
    const loss = this.answersToLose.find((each) => each.method === null || each.method === request.method);
    if (!loss) return false;
    loss.count -= 1;
    if (loss.count === 0) this.answersToLose.splice(this.answersToLose.indexOf(loss), 1);
    return true;
  }

  /** Holds every request until the returned function is called. */
  hold(): () => void {
    const release = deferred<void>();
    this.gate = release.promise;
    return () => {
      this.gate = undefined;
      release.resolve();
    };
  }

  seed(className: string, objectId: string, owner: string, fields: Record<string, unknown> = {}): void {
    this.rows.set(`${className}/${objectId}`, { className, objectId, owner, fields });
  }

  rowsOf(className: string): Row[] {
    return [...this.rows.values()].filter((row) => row.className === className);
  }

  /** Methods and paths of what was received, e.g. `POST classes/Meal`. */
  lines(): string[] {
    return this.requests.map((request) => `${request.method} ${request.path}`);
  }

  readonly fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : input.toString());
    const headers = new Headers(init?.headers);
    const text = typeof init?.body === 'string' ? init.body : null;
    const request: ReceivedRequest = {
      method: init?.method ?? 'GET',
      path: url.pathname.replace(new URL(FAKE_SERVER_URL).pathname + '/', ''),
      query: url.searchParams,
      requestId: headers.get('X-Parse-Request-Id'),
      sessionToken: headers.get('X-Parse-Session-Token'),
      body: text ? (JSON.parse(text) as Record<string, unknown>) : null,
    };
    this.requests.push(request);
    this.inFlight += 1;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    try {
      // Answer asynchronously, so two requests sent without waiting would overlap.
      await new Promise((resolve) => setTimeout(resolve, 0));
      if (this.gate) await this.gate;
      const answer = this.answer(request);
      if (this.answerIsLost(request)) throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'Content-Type': 'application/json' },
      });
    } finally {
      this.inFlight -= 1;
    }
  };

  private answer(request: ReceivedRequest): Answer {
    const account = request.sessionToken ? this.sessions.get(request.sessionToken) : undefined;
    if (!account) return { status: 400, body: { code: 209, error: 'Invalid session token' } };
    const [, className = '', objectId] = request.path.split('/');
    if (request.method === 'POST' || request.method === 'PUT') {
      if (request.requestId && this.seenRequestIds.has(request.requestId)) {
        return { status: 400, body: { code: 159, error: 'Duplicate request' } };
      }
      if (request.requestId) this.seenRequestIds.add(request.requestId);
    }
    switch (request.method) {
      case 'GET':
        return this.find(account, className, request.query);
      case 'POST':
        return this.create(account, className, request.body ?? {});
      case 'PUT':
        return this.update(account, className, objectId ?? '', request.body ?? {});
      case 'DELETE':
        return this.remove(account, className, objectId ?? '');
      default:
        return { status: 405, body: {} };
    }
  }

  private find(account: string, className: string, query: URLSearchParams): Answer {
    const where = JSON.parse(query.get('where') ?? '{}') as Record<string, unknown>;
    const results = this.rowsOf(className)
      .filter((row) => row.owner === account)
      .filter((row) => Object.entries(where).every(([field, value]) => row.fields[field] === value))
      .map((row) => ({ objectId: row.objectId }));
    return { status: 200, body: { results } };
  }

  private create(account: string, className: string, body: Record<string, unknown>): Answer {
    const refusal = this.validate(className, body);
    if (refusal) return { status: 400, body: { code: 142, error: refusal } };
    const keyTaken = this.rowsOf(className).some(
      (row) => row.owner === account && row.fields.clientKey === body.clientKey,
    );
    if (body.clientKey && keyTaken) {
      return {
        status: 400,
        body: { code: 137, error: 'A duplicate value for a field with unique values was provided' },
      };
    }
    const objectId = `obj${this.nextObjectId++}`;
    this.seed(className, objectId, account, body);
    return { status: 201, body: { objectId, createdAt: new Date().toISOString() } };
  }

  private update(
    account: string,
    className: string,
    objectId: string,
    body: Record<string, unknown>,
  ): Answer {
    const row = this.rows.get(`${className}/${objectId}`);
    if (!row || row.owner !== account)
      return { status: 404, body: { code: 101, error: 'Object not found.' } };
    const fields = { ...row.fields, ...body };
    const refusal = this.validate(className, fields);
    if (refusal) return { status: 400, body: { code: 142, error: refusal } };
    row.fields = fields;
    return { status: 200, body: { updatedAt: new Date().toISOString() } };
  }

  private remove(account: string, className: string, objectId: string): Answer {
    const row = this.rows.get(`${className}/${objectId}`);
    if (!row || row.owner !== account)
      return { status: 404, body: { code: 101, error: 'Object not found.' } };
    this.rows.delete(`${className}/${objectId}`);
    return { status: 200, body: {} };
  }
}
