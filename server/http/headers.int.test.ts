import { randomBytes } from 'node:crypto';
import { mkdir, rm, rmdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { contentSecurityPolicy, PERMISSIONS_POLICY } from './securityHeaders';
import { ALLOWED_TEST_ORIGIN } from '../test/globalSetup';
import { LiveQuerySocket } from '../test/liveQuery';
import { request, signUp, type Account } from '../test/rest';
import { ROOT } from '../test/serverProcess';

const baseUrl = inject('baseUrl');
const appId = inject('appId');
const FOREIGN_ORIGIN = 'https://evil.example';
const DIST = path.join(ROOT, 'dist');

/** Files written for this test where the build has none, removed again afterwards. */
const written: string[] = [];
const madeDirectories: string[] = [];
const assetName = `headers-probe-${randomBytes(4).toString('hex')}.js`;

async function writeIfAbsent(file: string, contents: string): Promise<void> {
  try {
    await writeFile(file, contents, { flag: 'wx' });
    written.push(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
}

let alice: Account;

beforeAll(async () => {
  // Tests may run before a build: a hashed asset and a service worker of their own then stand in.
  const assets = path.join(DIST, 'assets');
  if ((await mkdir(assets, { recursive: true })) !== undefined) madeDirectories.push(assets);
  await writeIfAbsent(path.join(assets, assetName), 'export {};\n');
  await writeIfAbsent(path.join(DIST, 'sw.js'), 'self.addEventListener("fetch", () => {});\n');
  alice = await signUp();
});

afterAll(async () => {
  for (const file of written) await rm(file, { force: true });
  for (const directory of madeDirectories) await rmdir(directory).catch(() => undefined);
});

/** The answer's headers after its body was read. */
async function headersOf(route: string, init: RequestInit = {}): Promise<Response> {
  const response = await fetch(`${baseUrl}${route}`, init);
  await response.arrayBuffer();
  return response;
}

function expectHardened(response: Response, label: string): void {
  expect(response.headers.get('content-security-policy'), label).toBe(contentSecurityPolicy(baseUrl));
  expect(response.headers.get('permissions-policy'), label).toBe(PERMISSIONS_POLICY);
  expect(response.headers.get('x-content-type-options'), label).toBe('nosniff');
  expect(response.headers.get('x-frame-options'), label).toBe('DENY');
  expect(response.headers.get('referrer-policy'), label).toBe('same-origin');
  // PUBLIC_URL is http here: HSTS would be ignored by browsers and lock a local install out of http.
  expect(response.headers.get('strict-transport-security'), label).toBeNull();
  expect(response.headers.get('x-powered-by'), label).toBeNull();
}

const parseHeaders = { 'X-Parse-Application-Id': appId };

describe('security headers', () => {
  it('are sent with the app page, the 404 page, a hashed asset and the service worker', async () => {
    const html = { headers: { Accept: 'text/html' } };
    const answers = {
      page: await headersOf('/login', html),
      notFoundPage: await headersOf('/no-such-page', html),
      asset: await headersOf(`/assets/${assetName}`),
      serviceWorker: await headersOf('/sw.js'),
    };

    expect(answers.page.status).toBe(200);
    expect(answers.notFoundPage.status).toBe(404);
    expect(answers.asset.status).toBe(200);
    expect(answers.asset.headers.get('cache-control')).toContain('immutable');
    expect(answers.serviceWorker.status).toBe(200);
    for (const [label, response] of Object.entries(answers)) expectHardened(response, label);
  });

  it('are sent with /config.json, /healthz and /metrics', async () => {
    for (const route of ['/config.json', '/healthz', '/metrics']) {
      const response = await headersOf(route);

      expect(response.status, route).toBe(200);
      expectHardened(response, route);
    }
  });

  it('are sent with a Parse answer, a Parse error and a refused request', async () => {
    const answers = {
      me: await headersOf('/parse/users/me', {
        headers: { ...parseHeaders, 'X-Parse-Session-Token': alice.sessionToken },
      }),
      unknownObject: await headersOf('/parse/classes/Activity/nothinghere', {
        headers: { ...parseHeaders, 'X-Parse-Session-Token': alice.sessionToken },
      }),
      noApplicationId: await headersOf('/parse/classes/Activity'),
    };

    expect(answers.me.status).toBe(200);
    expect(answers.unknownObject.status).toBe(404);
    expect(answers.noApplicationId.status).toBe(403);
    for (const [label, response] of Object.entries(answers)) expectHardened(response, label);
  });

  it('are sent with a file download', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const upload = await request('POST', '/parse/files/headers.png', {
      sessionToken: alice.sessionToken,
      raw: png,
      headers: { 'Content-Type': 'image/png' },
    });
    expect(upload.status).toBe(201);
    const file = await headersOf(new URL(String(upload.body.url)).pathname);

    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expectHardened(file, 'file');
  });

  it("carry a stricter policy of express's own and no X-Powered-By on a 404 that is no page", async () => {
    const response = await headersOf('/no-such-file.js', { headers: { Accept: 'application/json' } });

    expect(response.status).toBe(404);
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('permissions-policy')).toBe(PERMISSIONS_POLICY);
    expect(response.headers.get('x-powered-by')).toBeNull();
  });
});

describe('CORS of /parse', () => {
  function preflight(origin: string): Promise<Response> {
    return headersOf('/parse/classes/Activity', {
      method: 'OPTIONS',
      headers: {
        Origin: origin,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type,x-parse-application-id,x-parse-session-token',
      },
    });
  }

  it("lets the app's own origin and ALLOWED_ORIGINS through a preflight", async () => {
    for (const origin of [baseUrl, ALLOWED_TEST_ORIGIN]) {
      const response = await preflight(origin);

      expect(response.status, origin).toBe(200);
      expect(response.headers.get('access-control-allow-origin'), origin).toBe(origin);
      expect(response.headers.get('access-control-allow-headers'), origin).toContain('X-Parse-Session-Token');
      expect(response.headers.get('vary'), origin).toMatch(/\bOrigin\b/);
      expect(response.headers.get('x-powered-by'), origin).toBeNull();
    }
  });

  it('never names a foreign origin, so its browser refuses the preflight and the answer', async () => {
    const preflightAnswer = await preflight(FOREIGN_ORIGIN);
    const answer = await headersOf('/parse/users/me', {
      headers: { ...parseHeaders, 'X-Parse-Session-Token': alice.sessionToken, Origin: FOREIGN_ORIGIN },
    });

    for (const response of [preflightAnswer, answer]) {
      const allowed = response.headers.get('access-control-allow-origin');
      expect(allowed).not.toBe(FOREIGN_ORIGIN);
      expect(allowed).not.toBe('*');
      expect(response.headers.get('vary')).toMatch(/\bOrigin\b/);
    }
  });

  it('names an allowed origin on a refusal that comes before Parse, so its page can read the error', async () => {
    const response = await fetch(`${baseUrl}/parse/classes/Meal`, {
      method: 'POST',
      headers: {
        ...parseHeaders,
        'X-Parse-Session-Token': alice.sessionToken,
        'Content-Type': 'application/json',
        Origin: ALLOWED_TEST_ORIGIN,
      },
      body: JSON.stringify({ name: 'Soup', ACL: 'everyone' }),
    });
    const body = (await response.json()) as { code?: number; error?: string };

    expect(response.status).toBe(400);
    expect(body.code).toBe(142);
    expect(body.error).toContain('ACL');
    expect(response.headers.get('access-control-allow-origin')).toBe(ALLOWED_TEST_ORIGIN);
  });

  it('answers a request without an Origin, as a server or a same-origin page sends it', async () => {
    const response = await fetch(`${baseUrl}/parse/users/me`, {
      headers: { ...parseHeaders, 'X-Parse-Session-Token': alice.sessionToken },
    });

    expect(response.status).toBe(200);
    expect(((await response.json()) as { objectId?: string }).objectId).toBe(alice.objectId);
  });

  it('opens a LiveQuery socket from a foreign origin, where nothing connects without a session token', async () => {
    const socket = await LiveQuerySocket.open(baseUrl, appId, FOREIGN_ORIGIN);
    try {
      expect(await socket.connect()).toMatchObject({ op: 'error', code: 209 });
    } finally {
      await socket.close();
    }
  });
});
