// @vitest-environment node
import { EventEmitter } from 'node:events';
import type express from 'express';
import { describe, expect, it } from 'vitest';
import { APP_ROUTES } from '../http/app';
import { addressMatcher, createMetrics, metricsAccess, routeClass, type PoolStats } from './metrics';

const TOKEN = 't'.repeat(32);
const LOOPBACK_ONLY = { masterKeyIps: ['127.0.0.1', '::1'], metricsToken: undefined };
const WITH_TOKEN = { masterKeyIps: ['127.0.0.1', '::1'], metricsToken: TOKEN };

describe('routeClass', () => {
  it.each([
    ['/parse/classes/Activity', 'parse_classes'],
    ['/parse/classes/Activity/xY12abC', 'parse_classes'],
    ['/parse/functions/friendsRanking', 'parse_functions'],
    ['/parse/users', 'parse_users'],
    ['/parse/users/me', 'parse_users'],
    ['/parse/login', 'parse_login'],
    ['/parse/files/avatar.png', 'parse_files'],
    ['/parse/files/fitstreak/0f3a_avatar.png', 'parse_files'],
    ['/parse/batch', 'parse_other'],
    ['/parse/logout', 'parse_other'],
    ['/parse/loginAs', 'parse_other'],
    ['/parse/requestPasswordReset', 'parse_other'],
    ['/parse', 'parse_other'],
    ['/parse/', 'parse_other'],
    ['/assets/index-3f2a1b.js', 'assets'],
    ['/sw.js', 'static'],
    ['/manifest.webmanifest', 'static'],
    ['/index.html', 'static'],
    ['/wp-login.php', 'static'],
    ['/config.json', 'config'],
    ['/healthz', 'healthz'],
    ['/metrics', 'metrics'],
    ['/no-such-page', 'app'],
    ['/parsec', 'app'],
  ])('classifies %s as %s', (path, expected) => {
    expect(routeClass(path)).toBe(expected);
  });

  it('classifies every page of the single-page app as app', () => {
    for (const route of APP_ROUTES) expect(routeClass(route)).toBe('app');
  });

  it('matches as express does when the case differs or a slash ends the path', () => {
    expect(routeClass('/PARSE/Classes/Meal')).toBe('parse_classes');
    expect(routeClass('/Metrics/')).toBe('metrics');
    expect(routeClass('/healthz//')).toBe('healthz');
  });
});

describe('addressMatcher', () => {
  it('matches single addresses and CIDR ranges of both families', () => {
    const matches = addressMatcher(['127.0.0.1', '::1', '10.1.0.0/16', 'fd00::/8']);

    expect(matches('127.0.0.1')).toBe(true);
    expect(matches('::1')).toBe(true);
    expect(matches('10.1.200.3')).toBe(true);
    expect(matches('fd12:3456::1')).toBe(true);
    expect(matches('127.0.0.2')).toBe(false);
    expect(matches('10.2.0.1')).toBe(false);
    expect(matches('2001:db8::1')).toBe(false);
  });

  it('matches an IPv4 client seen on a dual-stack socket as ::ffff:a.b.c.d', () => {
    expect(addressMatcher(['127.0.0.1'])('::ffff:127.0.0.1')).toBe(true);
    expect(addressMatcher(['10.0.0.0/8'])('::ffff:10.9.9.9')).toBe(true);
  });

  it('refuses when the address is unknown or not an address', () => {
    const matches = addressMatcher(['0.0.0.0/0']);

    expect(matches('203.0.113.9')).toBe(true);
    expect(matches(undefined)).toBe(false);
    expect(matches('localhost')).toBe(false);
  });
});

describe('metricsAccess', () => {
  it('allows an address in MASTER_KEY_IPS without a token', () => {
    expect(metricsAccess(LOOPBACK_ONLY)({ address: '127.0.0.1', authorization: undefined })).toBe(true);
    expect(metricsAccess(WITH_TOKEN)({ address: '::1', authorization: undefined })).toBe(true);
  });

  it('refuses any other address without a token', () => {
    expect(metricsAccess(LOOPBACK_ONLY)({ address: '192.0.2.10', authorization: undefined })).toBe(false);
    expect(metricsAccess(WITH_TOKEN)({ address: '127.0.0.2', authorization: undefined })).toBe(false);
  });

  it('allows any address with the right bearer token', () => {
    const allowed = metricsAccess(WITH_TOKEN);

    expect(allowed({ address: '192.0.2.10', authorization: `Bearer ${TOKEN}` })).toBe(true);
    expect(allowed({ address: '192.0.2.10', authorization: `bearer ${TOKEN}` })).toBe(true);
  });

  it('refuses a wrong, shortened, lengthened or non-bearer token from any address', () => {
    const allowed = metricsAccess(WITH_TOKEN);
    for (const authorization of [
      `Bearer ${'x'.repeat(32)}`,
      `Bearer ${TOKEN.slice(1)}`,
      `Bearer ${TOKEN}x`,
      `Basic ${TOKEN}`,
      TOKEN,
      'Bearer ',
    ]) {
      expect(allowed({ address: '192.0.2.10', authorization }), authorization).toBe(false);
      expect(allowed({ address: '127.0.0.1', authorization }), authorization).toBe(false);
    }
  });

  it('refuses every token when no METRICS_TOKEN is set, even from an allowed address', () => {
    const allowed = metricsAccess(LOOPBACK_ONLY);

    expect(allowed({ address: '127.0.0.1', authorization: 'Bearer undefined' })).toBe(false);
    expect(allowed({ address: '127.0.0.1', authorization: `Bearer ${TOKEN}` })).toBe(false);
  });

  it('treats an empty Authorization header as none', () => {
    expect(metricsAccess(LOOPBACK_ONLY)({ address: '127.0.0.1', authorization: '' })).toBe(true);
  });
});

/** Just enough of express's request and response for the counting middleware. */
function fakeExchange(method: string, path: string) {
  const response = Object.assign(new EventEmitter(), { statusCode: 200, writableFinished: false });
  const request = { method, path };
  return {
    request: request as unknown as express.Request,
    response: response as unknown as express.Response,
    finish(statusCode: number) {
      response.statusCode = statusCode;
      response.writableFinished = true;
      response.emit('close');
    },
    abort() {
      response.emit('close');
    },
  };
}

function pool(totalCount: number, idleCount: number, waitingCount: number, max: number): PoolStats {
  return { totalCount, idleCount, waitingCount, options: { max } };
}

describe('createMetrics', () => {
  it('counts requests by route class, method and status, never by URL', async () => {
    const metrics = createMetrics(LOOPBACK_ONLY);
    const exchanges = [
      fakeExchange('GET', '/parse/classes/Activity/abc123'),
      fakeExchange('GET', '/parse/classes/Meal'),
      fakeExchange('PROPFIND', '/parse/classes/Meal'),
      fakeExchange('POST', '/parse/login'),
    ];
    for (const exchange of exchanges)
      metrics.countRequests(exchange.request, exchange.response, () => undefined);
    exchanges[0]?.finish(200);
    exchanges[1]?.finish(200);
    exchanges[2]?.finish(405);
    exchanges[3]?.abort();

    const text = await metrics.registry.metrics();

    expect(text).toContain(
      'fitstreak_http_requests_total{route="parse_classes",method="GET",status="200"} 2',
    );
    expect(text).toContain(
      'fitstreak_http_requests_total{route="parse_classes",method="other",status="405"} 1',
    );
    expect(text).toContain(
      'fitstreak_http_requests_total{route="parse_login",method="POST",status="aborted"} 1',
    );
    expect(text).toContain(
      'fitstreak_http_request_duration_seconds_count{route="parse_classes",method="GET",status_class="2xx"} 2',
    );
    expect(text).not.toContain('abc123');
  });

  it('reads LiveQuery clients, their subscriptions and both pools when scraped', async () => {
    const metrics = createMetrics(LOOPBACK_ONLY);
    const clients = new Map([
      [1, { subscriptionInfos: new Map([[1, {}]]) }],
      [
        2,
        {
          subscriptionInfos: new Map([
            [1, {}],
            [2, {}],
          ]),
        },
      ],
    ]);
    metrics.watch({
      liveQueryServer: { clients },
      parsePool: pool(7, 5, 0, 20),
      appPool: pool(1, 1, 3, 4),
    });

    const text = await metrics.registry.metrics();
    clients.delete(2);
    const later = await metrics.registry.metrics();

    expect(text).toMatch(/^fitstreak_livequery_clients 2$/m);
    expect(text).toMatch(/^fitstreak_livequery_subscriptions 3$/m);
    expect(text).toContain('fitstreak_db_pool_connections{pool="parse"} 7');
    expect(text).toContain('fitstreak_db_pool_idle_connections{pool="parse"} 5');
    expect(text).toContain('fitstreak_db_pool_waiting_requests{pool="app"} 3');
    expect(text).toContain('fitstreak_db_pool_max_connections{pool="app"} 4');
    expect(later).toMatch(/^fitstreak_livequery_clients 1$/m);
  });

  it('reports no pool it has not been given, as with MongoDB', async () => {
    const metrics = createMetrics(LOOPBACK_ONLY);
    metrics.watch({ appPool: undefined, parsePool: undefined });

    const text = await metrics.registry.metrics();

    expect(text).not.toContain('fitstreak_db_pool_connections{');
    expect(text).toMatch(/^fitstreak_livequery_clients 0$/m);
  });

  it('keeps its metrics out of prom-client’s global registry', async () => {
    const { register } = await import('prom-client');
    createMetrics(LOOPBACK_ONLY);

    expect(register.getMetricsAsArray()).toEqual([]);
  });
});
