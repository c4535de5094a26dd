import { createHash, timingSafeEqual } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import type express from 'express';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { AppConfig } from '../config';
import type { LiveQueryClient } from '../parse/parseServerModule';

/**
 * What a request was for, as a label: a fixed set, so neither object ids nor a scanner's made-up
 * paths can grow the number of series.
 */
export const ROUTE_CLASSES = [
  'parse_classes',
  'parse_functions',
  'parse_users',
  'parse_login',
  'parse_files',
  'parse_other',
  'app',
  'assets',
  'static',
  'config',
  'healthz',
  'metrics',
] as const;

export type RouteClass = (typeof ROUTE_CLASSES)[number];

const PARSE_PREFIXES: ReadonlyArray<readonly [string, RouteClass]> = [
  ['/classes', 'parse_classes'],
  ['/functions', 'parse_functions'],
  ['/users', 'parse_users'],
  ['/login', 'parse_login'],
  ['/files', 'parse_files'],
];

function isUnder(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

/** The class of a request path (without the query string), matched as express routes match: any case, trailing `/` allowed. */
export function routeClass(requestPath: string): RouteClass {
  const path = requestPath.toLowerCase().replace(/(.)\/+$/, '$1');
  if (path === '/metrics') return 'metrics';
  if (path === '/healthz') return 'healthz';
  if (path === '/config.json') return 'config';
  if (isUnder(path, '/parse')) {
    const rest = path.slice('/parse'.length);
    return PARSE_PREFIXES.find(([prefix]) => isUnder(rest, prefix))?.[1] ?? 'parse_other';
  }
  if (isUnder(path, '/assets')) return 'assets';
  // Files at the root (service worker, manifest, icons, /index.html by name), and anything asked for as a file.
  if (/\.[a-z0-9]+$/.test(path)) return 'static';
  return 'app';
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

function methodLabel(method: string): string {
  return METHODS.has(method) ? method : 'other';
}

/** Addresses and CIDR ranges as MASTER_KEY_IPS lists them; IPv4 clients seen as `::ffff:a.b.c.d` match too. */
export function addressMatcher(entries: readonly string[]): (address: string | undefined) => boolean {
  const allowed = new BlockList();
  for (const entry of entries) {
    const [address = '', prefix] = entry.split('/');
    const family = isIP(address) === 4 ? 'ipv4' : 'ipv6';
    if (prefix === undefined) allowed.addAddress(address, family);
    else allowed.addSubnet(address, Number(prefix), family);
  }
  return (address) => {
    const family = address === undefined ? 0 : isIP(address);
    return address !== undefined && family !== 0 && allowed.check(address, family === 4 ? 'ipv4' : 'ipv6');
  };
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/** Compares digests of equal length, so the time taken says nothing about the token or its length. */
function sameSecret(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}

export interface MetricsRequest {
  /** The client's address as express sees it (`trust proxy` applied). */
  address: string | undefined;
  /** The `Authorization` header, if any. */
  authorization: string | undefined;
}

/**
 * Who may read /metrics: a request that brings an `Authorization` header is judged by it alone
 * (it must be `Bearer <METRICS_TOKEN>`), so a scraper with a stale token is refused everywhere
 * instead of working by luck from an allowed address; without the header, the address must be in
 * MASTER_KEY_IPS.
 */
export function metricsAccess(
  config: Pick<AppConfig, 'masterKeyIps' | 'metricsToken'>,
): (request: MetricsRequest) => boolean {
  const fromAllowedAddress = addressMatcher(config.masterKeyIps);
  const { metricsToken } = config;
  return ({ address, authorization }) => {
    if (authorization === undefined || authorization === '') return fromAllowedAddress(address);
    const token = /^Bearer +(.+)$/i.exec(authorization)?.[1];
    return metricsToken !== undefined && token !== undefined && sameSecret(token, metricsToken);
  };
}

/** The counts of a pg pool (pg's `Pool`, and pg-promise's `$pool` behind Parse's adapter). */
export interface PoolStats {
  readonly totalCount: number;
  readonly idleCount: number;
  readonly waitingCount: number;
  readonly options: { readonly max?: number };
}

export interface MetricSources {
  liveQueryServer?: { readonly clients: ReadonlyMap<unknown, Pick<LiveQueryClient, 'subscriptionInfos'>> };
  /** Parse's own pool (absent on MongoDB). */
  parsePool?: PoolStats | undefined;
  /** The app's small pool for /healthz and cloud code's SQL. */
  appPool?: PoolStats | undefined;
}

export interface ServerMetrics {
  readonly registry: Registry;
  /** Counts and times every request; mount it before everything else. */
  readonly countRequests: express.RequestHandler;
  /** GET /metrics: the Prometheus text, or 403 for anyone not allowed. */
  readonly serve: express.RequestHandler;
  /** Hands over what is read at scrape time, once it has started. */
  watch(sources: MetricSources): void;
}

/** `nodejs_eventloop_lag_*` sample the loop every 10 ms; each scrape reports the samples since the last one. */
const EVENT_LOOP_RESOLUTION_MS = 10;

export function createMetrics(config: Pick<AppConfig, 'masterKeyIps' | 'metricsToken'>): ServerMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: EVENT_LOOP_RESOLUTION_MS });
  let sources: MetricSources = {};

  const requests = new Counter({
    name: 'fitstreak_http_requests_total',
    help: 'HTTP requests answered, by route class, method and status code ("aborted" when the client left first).',
    labelNames: ['route', 'method', 'status'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'fitstreak_http_request_duration_seconds',
    help: 'Time from a request arriving to its answer being written, by route class, method and status class.',
    labelNames: ['route', 'method', 'status_class'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });

  new Gauge({
    name: 'fitstreak_livequery_clients',
    help: 'LiveQuery sockets connected to this process (after their connect message was accepted).',
    registers: [registry],
    collect() {
      this.set(sources.liveQueryServer?.clients.size ?? 0);
    },
  });
  new Gauge({
    name: 'fitstreak_livequery_subscriptions',
    help: 'LiveQuery subscriptions of all clients connected to this process.',
    registers: [registry],
    collect() {
      let count = 0;
      for (const client of sources.liveQueryServer?.clients.values() ?? [])
        count += client.subscriptionInfos.size;
      this.set(count);
    },
  });

  const poolGauge = (name: string, help: string, read: (pool: PoolStats) => number | undefined) =>
    new Gauge({
      name,
      help,
      labelNames: ['pool'] as const,
      registers: [registry],
      collect() {
        this.reset();
        for (const [label, pool] of [
          ['parse', sources.parsePool],
          ['app', sources.appPool],
        ] as const) {
          const value = pool && read(pool);
          if (value !== undefined) this.set({ pool: label }, value);
        }
      },
    });
  poolGauge(
    'fitstreak_db_pool_connections',
    'Open database connections of the pool (idle and in use).',
    (pool) => pool.totalCount,
  );
  poolGauge('fitstreak_db_pool_idle_connections', 'Open connections not in use.', (pool) => pool.idleCount);
  poolGauge(
    'fitstreak_db_pool_waiting_requests',
    'Queries waiting for a connection because all of the pool are in use.',
    (pool) => pool.waitingCount,
  );
  poolGauge(
    'fitstreak_db_pool_max_connections',
    'Most connections the pool opens.',
    (pool) => pool.options.max,
  );

  const countRequests: express.RequestHandler = (request, response, next) => {
    const started = performance.now();
    const route = routeClass(request.path);
    const method = methodLabel(request.method);
    response.once('close', () => {
      const seconds = (performance.now() - started) / 1000;
      const finished = response.writableFinished;
      const code = response.statusCode;
      requests.inc({ route, method, status: finished ? String(code) : 'aborted' });
      duration.observe(
        { route, method, status_class: finished ? `${Math.floor(code / 100)}xx` : 'aborted' },
        seconds,
      );
    });
    next();
  };

  const allowed = metricsAccess(config);
  const serve: express.RequestHandler = async (request, response) => {
    response.set('Cache-Control', 'no-store');
    if (!allowed({ address: request.ip, authorization: request.get('authorization') })) {
      response.status(403).type('text').send('Forbidden\n');
      return;
    }
    const text = await registry.metrics();
    response.set('Content-Type', registry.contentType).send(text);
  };

  return {
    registry,
    countRequests,
    serve,
    watch(next) {
      sources = next;
    },
  };
}
