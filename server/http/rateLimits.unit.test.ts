// @vitest-environment node
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryHitCounter, rateLimiter, type HitCounter, type RateLimitRule } from './rateLimits';

const MASTER_KEY = 'm'.repeat(32);
const RULES: RateLimitRule[] = [
  { path: '/login', count: 2, windowMs: 60_000 },
  { path: '/login', count: 2, windowMs: 60_000, perAccount: true },
  { path: '/users', count: 1, windowMs: 60_000, methods: ['POST'] },
  { path: '/functions/', count: 3, windowMs: 60_000 },
  { path: '/classes/ChatMessage', count: 2, windowMs: 60_000, methods: ['POST'] },
  { path: '/functions/befriend', count: 1, windowMs: 60_000, methods: ['POST'], perPerson: true },
];

/** A counter whose store is unreachable, as Redis is during an outage. */
const unreachable: HitCounter = { hit: () => Promise.resolve(undefined) };

interface Sent {
  status: number;
  body: { code?: number; error?: string; reached?: boolean };
}

function serve(counter: HitCounter): Promise<{
  send: (
    from: string,
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ) => Promise<Sent>;
  close: () => Promise<void>;
}> {
  const app = express();
  // Tests name their client address in X-Forwarded-For, which the app believes from loopback.
  app.set('trust proxy', 'loopback');
  app.use(
    '/parse',
    rateLimiter({
      rules: RULES,
      counter,
      masterKey: MASTER_KEY,
      personOf: (token) => Promise.resolve(token.startsWith('alice') ? 'alice' : undefined),
      maxBodySize: '1kb',
      log: () => undefined,
    }),
    (_request, response) => {
      response.json({ reached: true });
    },
  );
  const server = http.createServer(app);
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        send: async (from, method, path, body, headers = {}) => {
          const response = await fetch(`http://127.0.0.1:${port}/parse${path}`, {
            method,
            headers: { 'X-Forwarded-For': from, 'Content-Type': 'text/plain', ...headers },
            ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
          });
          return { status: response.status, body: (await response.json()) as Sent['body'] };
        },
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}

describe('rateLimiter', () => {
  let server: Awaited<ReturnType<typeof serve>>;
  beforeAll(async () => {
    server = await serve(new MemoryHitCounter());
  });
  afterAll(() => server.close());

  it('answers 429 with code 155 and a sentence past the limit, per address', async () => {
    const first = await server.send('10.0.0.1', 'POST', '/login', {});
    await server.send('10.0.0.1', 'POST', '/login', {});
    const third = await server.send('10.0.0.1', 'POST', '/login', {});
    const elsewhere = await server.send('10.0.0.2', 'POST', '/login', {});

    expect(first.body.reached).toBe(true);
    expect(third).toMatchObject({
      status: 429,
      body: { code: 155, messageId: 'server.rateLimits.tooManyRequests' },
    });
    expect(String(third.body.error)).toMatch(/too many requests/i);
    expect(elsewhere.status).toBe(200);
  });

  it('counts a login through single sign-on (POST /users with authData) as a login, not a sign-up', async () => {
    const sso = { authData: { oidc: { id: 'sub', ticket: 'ticket' } } };
    const logins = [];
    for (let attempt = 0; attempt < 3; attempt += 1)
      logins.push(await server.send('10.0.5.1', 'POST', '/users', sso));
    const signUps = [];
    for (let attempt = 0; attempt < 2; attempt += 1) {
      signUps.push(
        await server.send('10.0.5.1', 'POST', '/users', { username: 'ann', password: 'secret-secret' }),
      );
    }

    expect(logins.map((login) => login.status)).toEqual([200, 200, 429]);
    expect(signUps.map((signUp) => signUp.status)).toEqual([200, 429]);
  });

  it('counts password checks (/verifyPassword, /challenge, in a batch, as a form) as logins of the account they name', async () => {
    const check = { method: 'GET', path: '/parse/verifyPassword', body: { username: 'Bea', password: 'x' } };
    const answers = [
      await server.send('10.0.6.1', 'POST', '/challenge', {
        username: 'bea',
        password: 'x',
        challengeData: {},
      }),
      await server.send('10.0.6.2', 'POST', '/batch', { requests: [check] }),
      await server.send('10.0.6.3', 'POST', '/verifyPassword', 'username=BEA&password=x', {
        'Content-Type': 'application/x-www-form-urlencoded',
      }),
      await server.send('10.0.6.4', 'GET', '/verifyPassword?username=someone-else&password=x'),
    ];

    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 429, 200]);
  });

  it('counts only the methods a rule names', async () => {
    const reads = await Promise.all(
      [1, 2, 3].map(() => server.send('10.0.1.1', 'GET', '/classes/ChatMessage')),
    );

    expect(reads.map((read) => read.status)).toEqual([200, 200, 200]);
  });

  it('counts every call inside a batch as if it were sent alone', async () => {
    const post = { method: 'POST', path: '/parse/classes/ChatMessage', body: { text: 'hi' } };
    const batch = await server.send('10.0.2.1', 'POST', '/batch', { requests: [post, post, post] });

    expect(batch.status).toBe(429);
  });

  it('counts a per-person rule per person whatever the address, with the token in the body', async () => {
    const first = await server.send('10.0.3.1', 'POST', '/functions/befriend', { _SessionToken: 'alice-1' });
    const second = await server.send('10.0.3.2', 'POST', '/functions/befriend', { _SessionToken: 'alice-2' });

    expect(first.status).toBe(200);
    expect(second.status).toBe(429);
  });

  it('does not count requests with the master key, in a header or in the body', async () => {
    const answers = await Promise.all(
      [1, 2, 3, 4].map((attempt) =>
        attempt % 2
          ? server.send('10.0.4.1', 'POST', '/login', {}, { 'X-Parse-Master-Key': MASTER_KEY })
          : server.send('10.0.4.1', 'POST', '/functions/befriend', {
              _MasterKey: MASTER_KEY,
              _SessionToken: 'alice-3',
            }),
      ),
    );

    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
  });

  it('answers 400 with code 107 to a body it must read that is not JSON', async () => {
    const answer = await server.send('10.0.5.1', 'POST', '/batch', '{not json');

    expect(answer).toMatchObject({ status: 400, body: { code: 107, messageId: 'server.jsonBody.invalid' } });
    expect(String(answer.body.error)).toMatch(/not valid JSON/);
  });
});

describe('rateLimiter without its counter', () => {
  it('lets every request through while the counter cannot be reached', async () => {
    const server = await serve(unreachable);
    const answers = await Promise.all([1, 2, 3, 4].map(() => server.send('10.1.0.1', 'POST', '/login', {})));
    await server.close();

    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
  });
});

describe('MemoryHitCounter', () => {
  it('starts a new window once the last one has ended', async () => {
    const counter = new MemoryHitCounter();

    expect(await counter.hit('k', 20)).toBe(1);
    expect(await counter.hit('k', 20)).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(await counter.hit('k', 20)).toBe(1);
  });
});
