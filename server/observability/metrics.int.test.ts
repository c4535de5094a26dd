import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { topicRoomKey } from '../../src/domain/chatRooms';
import { ROUTE_CLASSES } from './metrics';
import { LiveQuerySocket } from '../test/liveQuery';
import { request, requestFrom, signUp } from '../test/rest';
import {
  createDataDir,
  removeDataDir,
  startServerProcess,
  waitForPostgresToExit,
  type ServerProcess,
} from '../test/serverProcess';

const baseUrl = inject('baseUrl');
const appId = inject('appId');

/** An address outside MASTER_KEY_IPS, as a proxy on this machine (trusted: loopback) forwards it. */
const FOREIGN_CLIENT = { 'X-Forwarded-For': '203.0.113.7' };

async function scrape(origin = baseUrl, headers: Record<string, string> = {}): Promise<string> {
  const response = await fetch(`${origin}/metrics`, { headers });
  const text = await response.text();
  expect(response.status, text).toBe(200);
  return text;
}

/** The value of one sample: `name` with at least these labels, or undefined when there is none. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels).map(([label, value]) => `${label}="${value}"`);
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const present = (match[2] ?? '').split(',');
    if (wanted.every((pair) => present.includes(pair))) return Number(match[3]);
  }
  return undefined;
}

/** Scrapes until `accept` holds for the sample (the server handles socket events on its own time). */
async function eventually(
  name: string,
  accept: (value: number | undefined) => boolean,
  timeoutMs = 5_000,
): Promise<number | undefined> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = sample(await scrape(), name);
    if (accept(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('GET /metrics from the machine itself', () => {
  it('answers Prometheus text that is never cached', async () => {
    const response = await fetch(`${baseUrl}/metrics`);
    const text = await response.text();

    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(text).toContain('# TYPE fitstreak_http_requests_total counter');
  });

  it('counts requests by route class and status, never by their URL', async () => {
    const before = await scrape();
    const configBefore = sample(before, 'fitstreak_http_requests_total', {
      route: 'config',
      method: 'GET',
      status: '200',
    });
    await (await fetch(`${baseUrl}/config.json`)).arrayBuffer();
    await (await fetch(`${baseUrl}/config.json`)).arrayBuffer();
    const missing = await request('GET', '/parse/classes/Activity/noSuchObject4711', { masterKey: true });
    expect(missing.status).toBe(404);

    const text = await scrape();
    const configs = sample(text, 'fitstreak_http_requests_total', {
      route: 'config',
      method: 'GET',
      status: '200',
    });

    expect(configs).toBe((configBefore ?? 0) + 2);
    expect(
      sample(text, 'fitstreak_http_requests_total', { route: 'parse_classes', method: 'GET', status: '404' }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(text, 'fitstreak_http_request_duration_seconds_count', {
        route: 'config',
        method: 'GET',
        status_class: '2xx',
      }),
    ).toBeGreaterThanOrEqual(2);
    expect(text).not.toContain('noSuchObject4711');
    const routes = [...text.matchAll(/^fitstreak_http_requests_total\{route="([^"]+)"/gm)].map(
      (match) => match[1],
    );
    expect(routes.length).toBeGreaterThan(0);
    for (const route of routes) expect(ROUTE_CLASSES).toContain(route);
  });

  it('reports a LiveQuery client and its subscription while the socket is open, and neither after', async () => {
    const person = await signUp();
    const clientsBefore = sample(await scrape(), 'fitstreak_livequery_clients') ?? 0;
    const socket = await LiveQuerySocket.open(baseUrl, appId);
    try {
      expect((await socket.connect(person.sessionToken)).op).toBe('connected');
      const subscriptionsBefore = sample(await scrape(), 'fitstreak_livequery_subscriptions') ?? 0;
      const { reply } = await socket.subscribe(
        'ChatMessage',
        { room: topicRoomKey('run') },
        person.sessionToken,
      );
      expect(reply.op, JSON.stringify(reply)).toBe('subscribed');

      const connected = await scrape();
      expect(sample(connected, 'fitstreak_livequery_clients')).toBeGreaterThanOrEqual(clientsBefore + 1);
      expect(sample(connected, 'fitstreak_livequery_subscriptions')).toBe(subscriptionsBefore + 1);

      const whileOpen = sample(connected, 'fitstreak_livequery_clients') ?? 0;
      await socket.close();
      expect(await eventually('fitstreak_livequery_clients', (value) => value === whileOpen - 1)).toBe(
        whileOpen - 1,
      );
      expect(sample(await scrape(), 'fitstreak_livequery_subscriptions')).toBe(subscriptionsBefore);
    } finally {
      await socket.close();
    }
  });

  it('reports the use of Parse’s database pool and of the app’s own', async () => {
    await (await fetch(`${baseUrl}/healthz`)).arrayBuffer();
    await request('GET', '/parse/classes/Activity?limit=1', { masterKey: true });

    const text = await scrape();

    expect(sample(text, 'fitstreak_db_pool_connections', { pool: 'parse' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'fitstreak_db_pool_connections', { pool: 'app' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'fitstreak_db_pool_max_connections', { pool: 'app' })).toBe(4);
    expect(sample(text, 'fitstreak_db_pool_max_connections', { pool: 'parse' })).toBeGreaterThanOrEqual(1);
    for (const pool of ['parse', 'app']) {
      expect(sample(text, 'fitstreak_db_pool_idle_connections', { pool })).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'fitstreak_db_pool_waiting_requests', { pool })).toBe(0);
    }
  });

  it('reports event-loop lag, CPU, memory and garbage collection of the process', async () => {
    await scrape();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const text = await scrape();

    expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThan(0);
    expect(sample(text, 'process_cpu_seconds_total')).toBeGreaterThan(0);
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(sample(text, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    expect(text).toContain('# TYPE nodejs_gc_duration_seconds histogram');
  });
});

describe('GET /metrics from anywhere else', () => {
  it('refuses another address with 403 and no metric text', async () => {
    const { status, text } = await requestFrom('127.0.0.2', 'GET', '/metrics');

    expect(status).toBe(403);
    expect(text).not.toContain('fitstreak_');
    expect(text).not.toContain('# HELP');
  });

  it('refuses a client behind a proxy on this machine by the address the proxy forwards', async () => {
    const response = await fetch(`${baseUrl}/metrics`, { headers: FOREIGN_CLIENT });
    const text = await response.text();

    expect(response.status).toBe(403);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(text).not.toContain('# HELP');
  });

  it('refuses a bearer token when the server has no METRICS_TOKEN, even from the machine itself', async () => {
    const response = await fetch(`${baseUrl}/metrics`, {
      headers: { Authorization: `Bearer ${'x'.repeat(32)}` },
    });
    await response.arrayBuffer();

    expect(response.status).toBe(403);
  });

  it('counts the refusals under the metrics route', async () => {
    await requestFrom('127.0.0.2', 'GET', '/metrics');

    const text = await scrape();

    expect(
      sample(text, 'fitstreak_http_requests_total', { route: 'metrics', method: 'GET', status: '403' }),
    ).toBeGreaterThanOrEqual(1);
  });
});

describe('GET /metrics on a server with METRICS_TOKEN', () => {
  const token = 'metrics-token-for-the-test-0123456789';
  let dataDir: string;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    dataDir = await createDataDir('metrics');
    server = await startServerProcess({ dataDir, env: { METRICS_TOKEN: token } });
  });

  afterAll(async () => {
    await server?.stop();
    await waitForPostgresToExit(dataDir, 10_000);
    await removeDataDir(dataDir);
  });

  function fetchMetrics(headers: Record<string, string>): Promise<Response> {
    return fetch(`${server?.baseUrl ?? expect.unreachable()}/metrics`, { headers });
  }

  it('answers any address that brings the token', async () => {
    const response = await fetchMetrics({ ...FOREIGN_CLIENT, Authorization: `Bearer ${token}` });
    const text = await response.text();

    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(text).toContain('# TYPE fitstreak_http_requests_total counter');
  });

  it('refuses a wrong token, from another address and from the machine itself', async () => {
    for (const headers of [
      { ...FOREIGN_CLIENT, Authorization: `Bearer ${token.slice(0, -1)}x` },
      { ...FOREIGN_CLIENT, Authorization: `Bearer ${token}-and-more` },
      { Authorization: 'Bearer wrong' },
    ]) {
      const response = await fetchMetrics(headers);
      const text = await response.text();

      expect(response.status, JSON.stringify(headers)).toBe(403);
      expect(text).not.toContain('# HELP');
    }
  });

  it('refuses another address without the token, and still answers the machine itself', async () => {
    const foreign = await fetchMetrics(FOREIGN_CLIENT);
    await foreign.arrayBuffer();
    const local = await fetchMetrics({});
    await local.arrayBuffer();

    expect(foreign.status).toBe(403);
    expect(local.status).toBe(200);
  });
});
