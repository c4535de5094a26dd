import { randomBytes } from 'node:crypto';
import { readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { ROOT } from '../test/serverProcess';

const baseUrl = inject('baseUrl');
const appId = inject('appId');
const masterKey = inject('masterKey');

function getHtml(route: string): Promise<Response> {
  return fetch(`${baseUrl}${route}`, { headers: { Accept: 'text/html' } });
}

describe('GET /healthz', () => {
  it('answers 200 with the database and the file store ok when one node runs', async () => {
    const response = await fetch(`${baseUrl}/healthz`);

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', database: 'ok', files: 'ok' });
  });
});

describe('GET /config.json', () => {
  it('answers the public settings for the public origin, and nothing else', async () => {
    const response = await fetch(`${baseUrl}/config.json`);
    const config = (await response.json()) as Record<string, unknown>;

    expect(response.status).toBe(200);
    // The test server pushes (a key pair of its DATA_DIR) and offers single sign-on (OIDC_*).
    expect(config).toEqual({
      appId,
      serverURL: `${baseUrl}/parse`,
      liveQueryServerURL: `${baseUrl.replace(/^http/, 'ws')}/parse`,
      vapidPublicKey: expect.stringMatching(/^[\w-]{87}$/) as unknown,
      oidcName: 'Test ID',
    });
  });

  it('does not contain the master key', async () => {
    const text = await (await fetch(`${baseUrl}/config.json`)).text();

    expect(masterKey.length).toBeGreaterThanOrEqual(24);
    expect(text).not.toContain(masterKey);
  });
});

describe('single-page app routes', () => {
  it('answers 200 with index.html that is never cached when an app route is opened', async () => {
    const index = await readFile(path.join(ROOT, 'dist', 'index.html'), 'utf8');
    const response = await getHtml('/weight-tracking');

    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('cache-control')).toContain('no-cache');
    expect(response.headers.get('cache-control')).toContain('no-store');
    expect(await response.text()).toBe(index);
  });

  it('answers 200 with the app for the start page itself, with and without a query string', async () => {
    const index = await readFile(path.join(ROOT, 'dist', 'index.html'), 'utf8');

    for (const route of ['/', '/?month=2026-02&date=2026-02-14']) {
      const response = await getHtml(route);
      expect(response.status).toBe(200);
      expect(await response.text()).toBe(index);
    }
  });

  it('never caches index.html when it is asked for by name', async () => {
    const response = await fetch(new URL('/index.html', baseUrl));
    await response.arrayBuffer();

    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toContain('no-store');
  });

  it('answers 404 with the same HTML when the route is unknown', async () => {
    const index = await readFile(path.join(ROOT, 'dist', 'index.html'), 'utf8');
    const response = await getHtml('/no-such-page');

    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await response.text()).toBe(index);
  });

  it('serves a built script but never a source map, which holds the whole client source', async () => {
    const dist = path.join(ROOT, 'dist');
    const name = `probe-${randomBytes(6).toString('hex')}.js`;
    // Vite's maps sit beside the hashed chunks, Workbox's beside the service worker.
    const files = [`assets/${name}`, `assets/${name}.map`, `${name}.map`];
    const map = JSON.stringify({ version: 3, sources: ['src/main.tsx'], sourcesContent: ['secret'] });
    const madeAssets = await mkdir(path.join(dist, 'assets'), { recursive: true });
    await Promise.all(
      files.map((file) => writeFile(path.join(dist, file), file.endsWith('.map') ? map : 'export {};\n')),
    );
    try {
      const [script, ...maps] = await Promise.all(files.map((file) => fetch(`${baseUrl}/${file}`)));

      expect(script?.status).toBe(200);
      for (const answer of maps) {
        expect(answer.status, answer.url).toBe(404);
        expect(await answer.text()).not.toContain('sourcesContent');
      }
    } finally {
      await Promise.all(files.map((file) => rm(path.join(dist, file), { force: true })));
      // Without a build, the folder goes again, as the global setup's placeholder does.
      if (madeAssets !== undefined) await rm(madeAssets, { recursive: true, force: true });
    }
  });

  it('sends the hardening headers and no X-Powered-By when a page is served', async () => {
    const response = await getHtml('/login');

    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('referrer-policy')).toBe('same-origin');
    expect(response.headers.get('x-powered-by')).toBeNull();
  });
});

describe('/parse', () => {
  it('refuses a request without the application id', async () => {
    const response = await fetch(`${baseUrl}/parse/classes/Activity`);

    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: 'unauthorized' });
  });

  it('refuses a request with another application id', async () => {
    const response = await fetch(`${baseUrl}/parse/classes/Activity`, {
      headers: { 'X-Parse-Application-Id': `${appId}-other` },
    });

    expect(response.status).toBe(403);
  });
});
