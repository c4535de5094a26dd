import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An OpenID Connect provider for the server's tests that approves every login at once, as the
 * person its tests name next, and can be told to get one thing wrong (the nonce, the issuer, the
 * audience, the signature): what a real provider never does and the server must refuse. The
 * protocol is the real one: discovery, a JWKS, the authorization code with PKCE checked at the
 * token endpoint with the client's secret, and an RS256 ID token.
 */
export type Tamper = 'none' | 'nonce' | 'issuer' | 'audience' | 'signature';

export interface NextLogin {
  sub: string;
  email?: string;
  name?: string;
  preferred_username?: string;
  /**
   * The ID token's `email_verified` as the provider sends it; `absent` leaves the claim out. By
   * default `true` when there is an address.
   */
  emailVerified?: boolean | null | 'true' | 'false' | 'absent';
  tamper?: Tamper;
}

export const TEST_CLIENT = { id: 'fitstreak-test', secret: 'a-client-secret-for-the-tests-only' };

interface Grant {
  login: NextLogin;
  nonce: string;
  challenge: string;
  redirectUri: string;
}

const base64url = (value: Buffer | string) => Buffer.from(value).toString('base64url');

function idToken(key: KeyObject, kid: string, claims: Record<string, unknown>): string {
  const head = base64url(JSON.stringify({ alg: 'RS256', typ: 'JWT', kid }));
  const body = base64url(JSON.stringify(claims));
  return `${head}.${body}.${base64url(sign('sha256', Buffer.from(`${head}.${body}`), key))}`;
}

const readBody = async (request: http.IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
};

export interface OidcIssuer {
  issuer: string;
  close(): Promise<void>;
}

/**
 * Starts the provider on a free port of 127.0.0.1. Its tests set who logs in next with
 * `PUT /next` and a `NextLogin` body.
 */
export async function startOidcIssuer(): Promise<OidcIssuer> {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const impostor = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
  const kid = 'test-key';
  const grants = new Map<string, Grant>();
  let next: NextLogin = { sub: 'nobody' };
  let issuer = '';

  const server = http.createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', issuer);
      const json = (status: number, body: unknown) =>
        response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (url.pathname === '/.well-known/openid-configuration') {
        return json(200, {
          issuer,
          authorization_endpoint: `${issuer}/authorize`,
          token_endpoint: `${issuer}/token`,
          jwks_uri: `${issuer}/jwks`,
          response_types_supported: ['code'],
          subject_types_supported: ['public'],
          id_token_signing_alg_values_supported: ['RS256'],
          code_challenge_methods_supported: ['S256'],
          token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
        });
      }
      if (url.pathname === '/jwks') {
        return json(200, {
          keys: [{ ...publicKey.export({ format: 'jwk' }), kid, use: 'sig', alg: 'RS256' }],
        });
      }
      if (url.pathname === '/next' && request.method === 'PUT') {
        next = JSON.parse(await readBody(request)) as NextLogin;
        return json(200, {});
      }
      if (url.pathname === '/authorize') {
        const query = url.searchParams;
        if (query.get('client_id') !== TEST_CLIENT.id || query.get('code_challenge_method') !== 'S256') {
          return json(400, { error: 'invalid_request' });
        }
        const code = randomBytes(16).toString('base64url');
        const redirectUri = query.get('redirect_uri') ?? '';
        grants.set(code, {
          login: next,
          nonce: query.get('nonce') ?? '',
          challenge: query.get('code_challenge') ?? '',
          redirectUri,
        });
        const back = new URL(redirectUri);
        back.searchParams.set('code', code);
        back.searchParams.set('state', query.get('state') ?? '');
        back.searchParams.set('iss', issuer);
        return response.writeHead(303, { location: back.href }).end();
      }
      if (url.pathname === '/token' && request.method === 'POST') {
        const form = new URLSearchParams(await readBody(request));
        const basic = /^Basic (.+)$/.exec(request.headers.authorization ?? '')?.[1];
        const [basicId, basicSecret] = basic
          ? Buffer.from(basic, 'base64')
              .toString()
              .split(':')
              .map((part) => decodeURIComponent(part.replace(/\+/g, ' ')))
          : [];
        const clientId = basicId ?? form.get('client_id');
        const secret = basicSecret ?? form.get('client_secret');
        const grant = grants.get(form.get('code') ?? '');
        grants.delete(form.get('code') ?? '');
        const verifier = form.get('code_verifier') ?? '';
        if (clientId !== TEST_CLIENT.id || secret !== TEST_CLIENT.secret)
          return json(401, { error: 'invalid_client' });
        if (!grant || grant.redirectUri !== form.get('redirect_uri'))
          return json(400, { error: 'invalid_grant' });
        if (base64url(createHash('sha256').update(verifier).digest()) !== grant.challenge) {
          return json(400, { error: 'invalid_grant' });
        }
        const { tamper = 'none', emailVerified, ...person } = grant.login;
        const verified = emailVerified === undefined ? person.email !== undefined : emailVerified;
        const now = Math.floor(Date.now() / 1000);
        const claims = {
          ...person,
          ...(verified === 'absent' ? {} : { email_verified: verified }),
          iss: tamper === 'issuer' ? 'https://impostor.example' : issuer,
          aud: tamper === 'audience' ? 'another-client' : TEST_CLIENT.id,
          nonce: tamper === 'nonce' ? 'a-nonce-from-elsewhere' : grant.nonce,
          iat: now,
          exp: now + 300,
        };
        return json(200, {
          access_token: randomBytes(16).toString('base64url'),
          token_type: 'Bearer',
          expires_in: 300,
          id_token: idToken(tamper === 'signature' ? impostor : privateKey, kid, claims),
        });
      }
      return json(404, { error: 'not_found' });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { issuer, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/**
 * Follows single sign-on as a browser would, from the app's /auth/oidc/start through this
 * provider, up to the page the app sends the browser back to (`/login?sso=…&id=…` when it worked).
 */
export async function followProviderLogin(
  baseUrl: string,
  issuer: string,
  person: NextLogin,
  tamperWithCallback: (callback: URL) => URL = (callback) => callback,
): Promise<URL> {
  await fetch(`${issuer}/next`, { method: 'PUT', body: JSON.stringify(person) });
  const start = await fetch(`${baseUrl}/auth/oidc/start`, { redirect: 'manual' });
  if (start.status !== 303) throw new Error(`/auth/oidc/start answered ${start.status}.`);
  const cookie = (start.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const provider = await fetch(start.headers.get('location') ?? '', { redirect: 'manual' });
  const callback = tamperWithCallback(new URL(provider.headers.get('location') ?? ''));
  const back = await fetch(callback, { redirect: 'manual', headers: { cookie } });
  if (back.status !== 303 || !back.headers.get('set-cookie')?.includes('Max-Age=0')) {
    throw new Error(`The callback answered ${back.status} without clearing its cookie.`);
  }
  const landing = new URL(back.headers.get('location') ?? '', baseUrl);
  const ticketCookie = back.headers.getSetCookie().find((line) => line.startsWith('fitstreak_sso='));
  if (ticketCookie) browserCookies.set(landing.href, ticketCookie.split(';')[0] ?? '');
  return landing;
}

/** The cookie the browser that followed the login keeps with its ticket, by the page it landed on. */
const browserCookies = new Map<string, string>();

/** The Cookie header of the browser that landed on `landing`: what its login requests carry. */
export function ticketCookieOf(landing: URL): string {
  return browserCookies.get(landing.href) ?? '';
}
