// @vitest-environment node
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from './app';
import { loadConfig, type AppConfig } from '../config';
import { createMetrics } from '../observability/metrics';
import {
  contentSecurityPolicy,
  corsOrigins,
  PERMISSIONS_POLICY,
  securityHeaders,
  STRICT_TRANSPORT_SECURITY,
} from './securityHeaders';

/** The directives of a policy, by name. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(';').map((directive) => {
      const [name = '', ...sources] = directive.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

describe('contentSecurityPolicy', () => {
  it('allows scripts and styles from the app itself only, with no inline code, eval or plugins', () => {
    const policy = directives(contentSecurityPolicy('https://fit.example.com'));

    expect(policy.get('default-src')).toEqual(["'none'"]);
    // WebAssembly compiles (the barcode decoder); JavaScript eval stays refused.
    expect(policy.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    expect(policy.get('style-src')).toEqual(["'self'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'self'"]);
    expect(policy.get('form-action')).toEqual(["'self'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('worker-src')).toEqual(["'self'"]);
    expect(policy.get('manifest-src')).toEqual(["'self'"]);
  });

  it('lets the page reach the API over https and LiveQuery over wss at the public origin', () => {
    const policy = directives(contentSecurityPolicy('https://fit.example.com'));

    expect(policy.get('connect-src')).toEqual(["'self'", 'https://fit.example.com', 'wss://fit.example.com']);
    expect(policy.get('img-src')).toEqual(["'self'", 'https://fit.example.com', 'blob:']);
  });

  it('lets pictures come from the map tile server an operator names, and only a plain origin', () => {
    expect(
      directives(contentSecurityPolicy('https://fit.example.com', 'https://tiles.example.org')).get(
        'img-src',
      ),
    ).toEqual(["'self'", 'https://fit.example.com', 'https://tiles.example.org', 'blob:']);
    expect(
      directives(contentSecurityPolicy('https://fit.example.com', 'https://x.example; script-src *')).get(
        'img-src',
      ),
    ).toEqual(["'self'", 'https://fit.example.com', 'blob:']);
  });

  it('names ws: for an app served over plain http', () => {
    const policy = directives(contentSecurityPolicy('http://localhost:1337'));

    expect(policy.get('connect-src')).toEqual(["'self'", 'http://localhost:1337', 'ws://localhost:1337']);
  });

  it("keeps only 'self' when the origin is no plain origin", () => {
    for (const origin of ['http://evil.example; script-src *', 'http://a.example/path', 'javascript:x']) {
      const policy = directives(contentSecurityPolicy(origin));

      expect(policy.get('connect-src'), origin).toEqual(["'self'"]);
      expect(policy.get('img-src'), origin).toEqual(["'self'", 'blob:']);
      expect(policy.get('script-src'), origin).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    }
  });
});

describe('securityHeaders', () => {
  it('sends Strict-Transport-Security only when PUBLIC_URL is https', () => {
    const plain = securityHeaders(
      loadConfig({ PUBLIC_URL: 'http://localhost:1337' }),
      'http://localhost:1337',
    );
    const secure = securityHeaders(
      loadConfig({ PUBLIC_URL: 'https://fit.example.com' }),
      'https://fit.example.com',
    );

    expect(plain['Strict-Transport-Security']).toBeUndefined();
    expect(secure['Strict-Transport-Security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('refuses every powerful feature the app does not use, in a syntax browsers parse', () => {
    const features = PERMISSIONS_POLICY.split(', ');

    for (const feature of ['microphone=()', 'geolocation=()', 'payment=()', 'usb=()']) {
      expect(features).toContain(feature);
    }
    for (const feature of features.filter((feature) => !feature.startsWith('camera='))) {
      expect(feature).toMatch(/^[a-z-]+=\(\)$/);
    }
  });

  it("lets the app's own pages use the camera (the barcode scanner) and nothing they embed", () => {
    expect(PERMISSIONS_POLICY.split(', ').filter((feature) => feature.startsWith('camera='))).toEqual([
      'camera=(self)',
    ]);
  });
});

describe('corsOrigins', () => {
  it("is PUBLIC_URL's origin followed by ALLOWED_ORIGINS, once each", () => {
    const config = loadConfig({
      PUBLIC_URL: 'https://fit.example.com/',
      ALLOWED_ORIGINS: 'https://admin.example.com, https://fit.example.com',
    });

    expect(corsOrigins(config)).toEqual(['https://fit.example.com', 'https://admin.example.com']);
  });
});

describe('createApp with an https PUBLIC_URL', () => {
  let server: http.Server | undefined;

  afterEach(async () => {
    await new Promise((resolve) => server?.close(resolve));
    server = undefined;
  });

  async function start(config: AppConfig): Promise<string> {
    const app = createApp({
      config,
      metrics: createMetrics(config),
      distDir: '/nonexistent',
      rateLimit: (_request, _response, next) => next(),
      writeGuard: (_request, _response, next) => next(),
      queryGuard: (_request, _response, next) => next(),
      idempotency: (_request, _response, next) => next(),
      parseApp: (_request, response) => {
        response.json({ result: 'parse' });
      },
      health: {},
    });
    server = http.createServer(app);
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  it('sends HSTS, the CSP for the public origin and no X-Powered-By on every kind of answer', async () => {
    const base = await start(loadConfig({ PUBLIC_URL: 'https://fit.example.com' }));

    for (const path of [
      '/healthz',
      '/config.json',
      '/parse/classes/Activity',
      '/login',
      '/no-such-file.js',
    ]) {
      const response = await fetch(`${base}${path}`, { headers: { Accept: 'text/html' } });
      await response.arrayBuffer();

      expect(response.headers.get('strict-transport-security'), path).toBe(STRICT_TRANSPORT_SECURITY);
      expect(response.headers.get('content-security-policy'), path).toBe(
        contentSecurityPolicy('https://fit.example.com'),
      );
      expect(response.headers.get('x-powered-by'), path).toBeNull();
    }
  });
});
