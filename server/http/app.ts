import { existsSync } from 'node:fs';
import path from 'node:path';
import compression from 'compression';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import { ErrorCode } from '../../src/domain/errors';
import type { AppConfig } from '../config';
import type { ServerMetrics } from '../observability/metrics';
import { corsOrigins, securityHeaders } from './securityHeaders';
import { answerRefusal } from './refusals';
import { refuseSessionUpgrade } from './sessionUpgrade';

const NEVER_CACHE = 'no-cache, no-store, must-revalidate';
/** Files of the installable app that must be revalidated on every visit. */
const REVALIDATED_FILES = new Set(['sw.js', 'registerSW.js', 'manifest.webmanifest']);

/** What /healthz checks, by the name it reports: the database, Redis when used, the file store. */
export type HealthChecks = Readonly<Record<string, () => Promise<void>>>;

/** Without these, nothing works; any other check that fails leaves the node serving, degraded. */
const ESSENTIAL_CHECKS = new Set(['database']);
const HEALTH_CHECK_TIMEOUT_MS = 2_000;

export interface AppParts {
  config: AppConfig;
  metrics: ServerMetrics;
  distDir: string;
  /** Rate limits in front of the Parse API (server/http/rateLimits.ts). */
  rateLimit: express.Handler;
  /** Refuses write bodies Parse cannot turn into objects (server/http/writeGuard.ts). */
  writeGuard: express.Handler;
  /** Refuses queries too large for Parse to answer well (server/http/queryGuard.ts). */
  queryGuard: express.Handler;
  /** Refuses a repeated X-Parse-Request-Id (server/http/idempotency.ts). */
  idempotency: express.Handler;
  parseApp: express.Handler;
  health: HealthChecks;
  /** The key browsers subscribe to web push with, when this server sends pushes. */
  vapidPublicKey?: string;
  /** Single sign-on's /auth/oidc routes (server/auth/oidc.ts). */
  sso?: express.Router;
  /** Gives the rest of a request the language it asks for (server/http/i18n.ts). */
  languages?: express.Handler;
}

async function runCheck(check: () => Promise<void>): Promise<string> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('no answer within 2 s')), HEALTH_CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([check(), timeout]);
    return 'ok';
  } catch (error) {
    return error instanceof Error && error.message ? error.message : 'unreachable';
  } finally {
    clearTimeout(timer);
  }
}

/** The routes of the single-page app; anything else that is not a file is a 404 page too. */
export const APP_ROUTES = [
  '/',
  '/login',
  '/signup',
  '/reset-password',
  '/exercises-chat',
  '/friends-ranking',
  '/nutrition-log',
  '/user-settings',
  '/weight-tracking',
] as const;

const isParseApi = (path: string) => path === '/parse' || path.startsWith('/parse/');

/**
 * Whether an API answer is worth compressing: a read or a cloud function can answer with a whole
 * history, a write answers with a few fields. Compressing those cost more CPU per write than all of
 * our own code in front of Parse, to save nothing.
 */
function answersAtLength(request: Request): boolean {
  if (request.method === 'GET' || request.path.startsWith('/functions/')) return true;
  const body: unknown = request.body;
  // The SDK sends a query as a POST that names its real method in the body.
  return typeof body === 'object' && body !== null && (body as { _method?: unknown })._method === 'GET';
}

/** Source maps carry the whole client source (`sourcesContent`); they stay on the server for its operator. */
const isSourceMap = (path: string) => path.toLowerCase().endsWith('.map');

export function createApp({
  config,
  distDir,
  rateLimit,
  writeGuard,
  queryGuard,
  idempotency,
  parseApp,
  health,
  metrics,
  vapidPublicKey,
  sso,
  languages,
}: AppParts): Express {
  const app = express();
  app.use(metrics.countRequests);
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  const compress = compression();
  // The Parse API decides after its body is read (below); everything else is compressed.
  app.use((request, response, next) => {
    if (isParseApi(request.path)) next();
    else compress(request, response, next);
  });

  // Every URL the app hands out is made from PUBLIC_URL, never from the Host header a request brings.
  const headers = securityHeaders(config, config.publicUrl);
  app.use((_request, response, next) => {
    response.set(headers);
    if (config.servedBy !== undefined) response.set('X-Served-By', config.servedBy);
    next();
  });

  // 200 while the node can serve (ok, or degraded when Redis or the file store fails), 503 when not.
  app.get('/healthz', async (_request, response) => {
    const names = Object.keys(health);
    const results = await Promise.all(
      names.map((name) => runCheck(health[name] ?? (() => Promise.resolve()))),
    );
    const report = Object.fromEntries(names.map((name, index) => [name, results[index] ?? 'unknown']));
    const failed = names.filter((name) => report[name] !== 'ok');
    const down = failed.some((name) => ESSENTIAL_CHECKS.has(name));
    const status = failed.length === 0 ? 'ok' : down ? 'error' : 'degraded';
    response
      .status(down ? 503 : 200)
      .set('Cache-Control', 'no-store')
      .json({ status, ...report });
  });

  app.get('/config.json', (_request, response) => {
    const parseUrl = `${config.publicUrl}/parse`;
    response.set('Cache-Control', 'no-cache').json({
      appId: config.appId,
      serverURL: parseUrl,
      liveQueryServerURL: parseUrl.replace(/^http/, 'ws'),
      ...(config.mapTiles
        ? { mapTileUrl: config.mapTiles.url, mapTileAttribution: config.mapTiles.attribution ?? '' }
        : {}),
      ...(vapidPublicKey ? { vapidPublicKey } : {}),
      ...(config.oidc ? { oidcName: config.oidc.name } : {}),
    });
  });

  app.get('/metrics', metrics.serve);
  if (languages) app.use(['/parse', '/auth'], languages);
  if (sso) app.use(sso);

  // Parse answers each allowed Origin with itself (server/parse/parseOptions.ts `allowOrigin`), so a cache
  // must keep one answer per Origin.
  // Parse's own CORS handling comes last on /parse; the answers before it (a refusal of the write
  // guard, a rate limit, "starting") name the allowed origin too, so its pages can read them.
  const apiOrigins = corsOrigins(config);
  app.use('/parse', (request, response, next) => {
    response.vary('Origin');
    const origin = request.get('Origin');
    response.set(
      'Access-Control-Allow-Origin',
      origin && apiOrigins.includes(origin) ? origin : apiOrigins[0],
    );
    next();
  });
  app.use(
    '/parse',
    rateLimit,
    writeGuard,
    queryGuard,
    refuseSessionUpgrade,
    idempotency,
    (request, response, next) => {
      if (answersAtLength(request)) compress(request, response, next);
      else next();
    },
  );
  app.use('/parse', parseApp, answerRefusal);
  // Parse answers an unexpected error (a lost database connection, say) with a 500 and then passes
  // it on; express's last handler would then destroy the socket before that answer reached the
  // client. An answered request is left alone; anything else gets Parse's answer to an internal error.
  app.use('/parse', (error: unknown, _request: Request, response: Response, next: NextFunction) => {
    if (response.headersSent) return;
    if (
      error instanceof Error &&
      'status' in error &&
      typeof error.status === 'number' &&
      error.status < 500
    ) {
      next(error);
      return;
    }
    response.status(500).json({ code: ErrorCode.INTERNAL_SERVER_ERROR, error: 'Internal server error.' });
  });

  const indexFile = path.resolve(distDir, 'index.html');
  app.use((request, response, next) => {
    if (isSourceMap(request.path)) response.status(404).type('text').send('Not found.');
    else next();
  });
  app.use(
    '/assets',
    express.static(path.join(distDir, 'assets'), {
      immutable: true,
      maxAge: '1y',
      fallthrough: false,
      index: false,
    }),
  );
  app.use(
    express.static(distDir, {
      index: false,
      maxAge: '1h',
      // /index.html asked for by name must not be cached either: it names the current assets. The
      // service worker and the manifest are checked at every visit, so an update reaches everyone.
      setHeaders: (response, file) => {
        if (file === indexFile) response.set('Cache-Control', NEVER_CACHE);
        else if (REVALIDATED_FILES.has(path.basename(file))) response.set('Cache-Control', 'no-cache');
      },
    }),
  );

  // History-mode fallback: every other GET that accepts HTML gets the SPA; its router decides 404.
  app.get('/{*path}', (request, response, next) => {
    if (!request.accepts('html')) return next();
    if (!existsSync(indexFile)) {
      response.status(503).type('text').send('The app is not built yet: run `npm run build`.');
      return;
    }
    const known = (APP_ROUTES as readonly string[]).includes(request.path);
    response
      .status(known ? 200 : 404)
      .set('Cache-Control', NEVER_CACHE)
      .sendFile(indexFile);
  });

  return app;
}
