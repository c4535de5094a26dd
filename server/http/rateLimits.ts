import { createHash, timingSafeEqual } from 'node:crypto';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { jsonBodyReader } from './jsonBody';
import { Refusal, sendRefusal } from './refusals';
import type { RedisClient } from '../cluster/redis';
import { ErrorCode } from '../../src/domain/errors';

const SECOND = 1000;
const MINUTE = 60 * SECOND;

/** HTTP's status for a client over its limit. */
const TOO_MANY_REQUESTS = 429;

export interface RateLimitRule {
  /** A path of the Parse API (below /parse); one ending in `/` covers everything below it. */
  path: string;
  count: number;
  windowMs: number;
  /** Only these methods count; all when absent. */
  methods?: readonly string[];
  /** Counted per signed-in person, whatever address they use, instead of per address. */
  perPerson?: boolean;
  /**
   * Counted per account the request names (its username or e-mail), whatever address it comes
   * from, instead of per address; requests that name none are not counted.
   */
  perAccount?: boolean;
}

/**
 * Parse routes that check a password as a log-in does and answer the person's row: they count as
 * log-ins, so guesses cannot move from one route to the other.
 */
const CHECKED_AS_LOGIN = new Set(['/verifyPassword', '/challenge']);

export const RATE_LIMITS: readonly RateLimitRule[] = [
  // Logins (GET and POST), password checks (/verifyPassword, /challenge) and single sign-on.
  { path: '/login', count: 20, windowMs: 5 * MINUTE },
  { path: '/login', count: 10, windowMs: 15 * MINUTE, perAccount: true },
  { path: '/users', count: 10, windowMs: 15 * MINUTE, methods: ['POST'] },
  { path: '/requestPasswordReset', count: 5, windowMs: 15 * MINUTE },
  { path: '/requestPasswordReset', count: 5, windowMs: 60 * MINUTE, perAccount: true },
  { path: '/verificationEmailRequest', count: 5, windowMs: 15 * MINUTE },
  { path: '/verificationEmailRequest', count: 5, windowMs: 60 * MINUTE, perAccount: true },
  // A legacy session token traded for a revocable one: a guessed token would be a session.
  { path: '/upgradeToRevocableSession', count: 10, windowMs: 15 * MINUTE },
  // Parse's pages: the new-password form and the links of reset and verification mails (tokens).
  { path: '/apps/', count: 20, windowMs: 15 * MINUTE },
  { path: '/functions/', count: 120, windowMs: MINUTE },
  { path: '/classes/ChatMessage', count: 20, windowMs: 10 * SECOND, methods: ['POST'] },
  // Attempts per person, cancelled ones included (the function itself counts requests still standing).
  {
    path: '/functions/sendFriendRequest',
    count: 30,
    windowMs: 60 * MINUTE,
    methods: ['POST'],
    perPerson: true,
  },
];

/**
 * Counts hits of a key in a fixed window that starts with its first hit. Answers the count with
 * this hit, or undefined when it could not count (Redis unreachable).
 */
export interface HitCounter {
  hit(key: string, windowMs: number): Promise<number | undefined>;
}

/** One process's counters: enough for one node. */
export class MemoryHitCounter implements HitCounter {
  private readonly windows = new Map<string, { count: number; endsAt: number }>();
  private readonly sweeper: ReturnType<typeof setInterval>;

  constructor() {
    this.sweeper = setInterval(() => this.sweep(), MINUTE);
    this.sweeper.unref();
  }

  hit(key: string, windowMs: number): Promise<number> {
    const now = Date.now();
    const window = this.windows.get(key);
    if (!window || window.endsAt <= now) {
      this.windows.set(key, { count: 1, endsAt: now + windowMs });
      return Promise.resolve(1);
    }
    window.count += 1;
    return Promise.resolve(window.count);
  }

  private sweep(): void {
    const now = Date.now();
    for (const [key, window] of this.windows) if (window.endsAt <= now) this.windows.delete(key);
  }
}

/** Counters every node shares, in their own key space of Redis. */
export class RedisHitCounter implements HitCounter {
  static readonly PREFIX = 'fitstreak:rate:';

  constructor(private readonly client: RedisClient) {}

  async hit(key: string, windowMs: number): Promise<number | undefined> {
    if (!this.client.isReady) return undefined;
    const redisKey = RedisHitCounter.PREFIX + key;
    try {
      const replies = await this.client
        .multi()
        .set(redisKey, '0', { PX: windowMs, NX: true })
        .incr(redisKey)
        .exec();
      const count = Number(replies[1]);
      return Number.isFinite(count) ? count : undefined;
    } catch {
      return undefined;
    }
  }
}

export interface RateLimiterOptions {
  rules?: readonly RateLimitRule[];
  counter: HitCounter;
  masterKey: string;
  /** The person a session token belongs to, or undefined when unknown. */
  personOf: (sessionToken: string) => Promise<string | undefined>;
  /** Size limit of a JSON body the limiter reads (batches and per-person rules), as Parse's. */
  maxBodySize: string;
  log: (line: string) => void;
}

interface Call {
  method: string;
  path: string;
  /** The account a credential request names, normalised (lower case, hashed). */
  account?: string;
}

function covers(rule: RateLimitRule, call: Call): boolean {
  if (rule.methods && !rule.methods.includes(call.method)) return false;
  return rule.path.endsWith('/') ? call.path.startsWith(rule.path) : call.path === rule.path;
}

/** Whether `given` is `secret`, compared in constant time. */
export function sameSecret(given: unknown, secret: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** What the SDK or a client may send in headers or, for text/plain requests, in the JSON body. */
function bodyField(request: Request, field: string): unknown {
  const body: unknown = request.body;
  return typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[field] : undefined;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The account a credential request names, as Parse picks it (its body, or its query string when
 * the body lacks what the query names), lower-cased and hashed so keys stay short and hold no
 * address in clear.
 */
function accountNamed(body: unknown, query: unknown): string | undefined {
  const fromBody = isRecord(body) ? body : {};
  const fromQuery = isRecord(query) ? query : {};
  const usesQuery = (!fromBody.username && fromQuery.username) || (!fromBody.email && fromQuery.email);
  const payload = usesQuery ? fromQuery : fromBody;
  const name = typeof payload.username === 'string' && payload.username ? payload.username : payload.email;
  if (typeof name !== 'string' || name.trim() === '') return undefined;
  return createHash('sha256').update(name.trim().toLowerCase()).digest('base64url');
}

/** What a call counts as: a password check counts as a log-in. */
function countedAs(call: Call): Call {
  return CHECKED_AS_LOGIN.has(call.path) ? { ...call, path: '/login' } : call;
}

function sessionTokenOf(request: Request): string | undefined {
  const token = request.get('X-Parse-Session-Token') ?? bodyField(request, '_SessionToken');
  return typeof token === 'string' && token !== '' ? token : undefined;
}

/** The calls inside a batch, by their path below /parse (sub-request paths may carry the mount). */
function batchCalls(request: Request): Call[] {
  const requests = bodyField(request, 'requests');
  if (!Array.isArray(requests)) return [];
  return requests.flatMap((entry: unknown) => {
    if (typeof entry !== 'object' || entry === null) return [];
    const { method, path, body } = entry as { method?: unknown; path?: unknown; body?: unknown };
    if (typeof path !== 'string') return [];
    const below = path.replace(
      /^(?:https?:\/\/[^/]+)?(?:\/[^/]+)?(?=\/(?:classes|functions|users|login|verifyPassword|challenge|requestPasswordReset|verificationEmailRequest|upgradeToRevocableSession)\b)/,
      '',
    );
    return [
      countedAs({
        method: typeof method === 'string' ? method.toUpperCase() : 'GET',
        path: below.split('?')[0] ?? '',
        account: accountNamed(body, undefined),
      }),
    ];
  });
}

/**
 * Rate limits in front of the Parse API, counted in the process or, with Redis, across every node.
 * Parse's own limiter cannot be used in a cluster: its Redis clients queue commands while Redis is
 * down, so every limited request (every cloud function) waits for Redis to return. Here a counter
 * that cannot be reached lets the request through (fails open): the limits guard against floods and
 * guessing, and the account lockout, kept in the database, still stops password guessing; refusing
 * every login and function call while Redis is away would take the whole app down with it.
 *
 * As with Parse's limiter, requests from 127.0.0.1 (cloud code calling its own server) and requests
 * with the master key are not counted, and each call inside a batch counts as if sent alone.
 */
export function rateLimiter({
  rules = RATE_LIMITS,
  counter,
  masterKey,
  personOf,
  maxBodySize,
  log,
}: RateLimiterOptions): RequestHandler {
  const readBody = jsonBodyReader(maxBodySize);
  // Parse reads a form-encoded body too (its pages do), so a password check may come as a form.
  const readForm = express.urlencoded({ extended: false, limit: maxBodySize });
  const readAnyBody = async (request: Request, response: Response): Promise<boolean> => {
    if (!request.is('application/x-www-form-urlencoded')) return readBody(request, response);
    const unreadable = await new Promise<unknown>((resolve) => readForm(request, response, resolve));
    if (!unreadable) return true;
    sendRefusal(response, new Refusal('server.jsonBody.invalid', {}, ErrorCode.INVALID_JSON));
    return false;
  };
  let failing = false;
  const countFailure = () => {
    if (failing) return;
    failing = true;
    log('Rate limits cannot be counted (Redis unreachable); requests pass uncounted until it is back.');
  };

  const limit = async (request: Request, response: Response, next: NextFunction) => {
    // A browser's preflight asks whether it may send the request; only the request counts.
    if (request.method === 'OPTIONS') return next();
    if (request.ip === '127.0.0.1' || sameSecret(request.get('X-Parse-Master-Key'), masterKey)) return next();
    const direct = countedAs({ method: request.method, path: request.path });
    const batch = request.method === 'POST' && request.path === '/batch';
    const userCreate = request.method === 'POST' && request.path === '/users';
    const matching = (call: Call) => rules.filter((rule) => covers(rule, call));
    const carriesBody = request.method === 'POST' || request.method === 'PUT';
    const needsBody =
      batch ||
      userCreate ||
      matching(direct).some((rule) => rule.perPerson || (rule.perAccount && carriesBody));
    if (needsBody && !(await readAnyBody(request, response))) return;
    if (sameSecret(bodyField(request, '_MasterKey'), masterKey)) return next();

    // POST /users with authData is a login through single sign-on (the first one makes the
    // account): it counts as a login, not as a sign-up.
    const ssoLogin = userCreate && typeof bodyField(request, 'authData') === 'object';
    const calls = batch
      ? batchCalls(request)
      : [
          ssoLogin
            ? { method: 'POST', path: '/login' }
            : { ...direct, account: accountNamed(request.body, request.query) },
        ];
    let person: string | undefined;
    const token = sessionTokenOf(request);
    for (const call of calls) {
      for (const rule of matching(call)) {
        if (rule.perAccount && !call.account) continue;
        if (rule.perPerson && token) person ??= await personOf(token);
        const who = rule.perAccount
          ? `account:${call.account}`
          : rule.perPerson && person
            ? `person:${person}`
            : `ip:${request.ip ?? 'unknown'}`;
        const hits = await counter.hit(`${rule.path}:${who}`, rule.windowMs);
        if (hits === undefined) {
          countFailure();
          continue;
        }
        failing = false;
        if (hits > rule.count) {
          response.set('Retry-After', String(Math.ceil(rule.windowMs / SECOND)));
          sendRefusal(
            response,
            new Refusal('server.rateLimits.tooManyRequests', {}, ErrorCode.REQUEST_LIMIT_EXCEEDED),
            TOO_MANY_REQUESTS,
          );
          return;
        }
      }
    }
    next();
  };

  return (request, response, next) => {
    limit(request, response, next).catch(next);
  };
}
