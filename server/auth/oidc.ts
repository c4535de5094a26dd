import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import express from 'express';
import * as client from 'openid-client';
import type pg from 'pg';
import { stashSsoClaims, type SsoClaims } from '../../cloud/ssoSignups';
import { ErrorCode, type RefusalDetail, type RefusalValues } from '../../src/domain/errors';
import { t, type MessageId } from '../../src/i18n/messages';
import type { AppConfig, OidcConfig } from '../config';

/**
 * Single sign-on through the operator's OpenID Connect provider (authorization code flow with
 * PKCE; state, nonce, issuer, audience and the ID token's signature checked by `openid-client`).
 *
 * `/auth/oidc/start` sends the browser to the provider with a fresh state, nonce and PKCE verifier
 * kept in a signed, HTTP-only cookie; `/auth/oidc/callback` redeems the code with the client
 * secret, and for a verified ID token stores a single-use ticket (ten minutes) naming its subject,
 * then sends the browser to `/login?sso=<ticket>&id=<subject>`. The page logs in with Parse's
 * `authData.oidc` = `{ id, ticket }`, which the auth adapter below accepts only with that unused
 * ticket: sessions are ordinary Parse sessions.
 */

export const SSO_TICKET_TABLE = 'fitstreak_sso_ticket';

const COOKIE = 'fitstreak_oidc';
/** Binds a ticket to the browser that finished the flow: a ticket link sent elsewhere logs nobody in. */
const TICKET_COOKIE = 'fitstreak_sso';
const COOKIE_PATH = '/auth/oidc';
const FLOW_TTL_MS = 10 * 60_000;
const TICKET_TTL_S = 10 * 60;

interface Flow {
  state: string;
  nonce: string;
  verifier: string;
  expires: number;
}

export async function createSsoTicketTable(sql: pg.Pool): Promise<void> {
  await sql.query(
    `CREATE TABLE IF NOT EXISTS ${SSO_TICKET_TABLE} (
       ticket text PRIMARY KEY,
       sub text NOT NULL,
       claims jsonb NOT NULL,
       expires_at timestamptz NOT NULL
     )`,
  );
}

const sign = (key: Buffer, text: string) => createHmac('sha256', key).update(text).digest('base64url');

/** The key the flow's cookies are signed with, from the master key every node shares. */
const flowKey = (masterKey: string) => createHmac('sha256', masterKey).update('oidc-flow').digest();

const ticketBinding = (key: Buffer, ticket: string) => sign(key, `ticket:${ticket}`);

function sealFlow(key: Buffer, flow: Flow): string {
  const body = Buffer.from(JSON.stringify(flow)).toString('base64url');
  return `${body}.${sign(key, body)}`;
}

function openFlow(key: Buffer, sealed: string | undefined): Flow | undefined {
  const [body = '', signature = ''] = (sealed ?? '').split('.');
  const expected = Buffer.from(sign(key, body));
  if (!body || signature.length !== expected.length || !timingSafeEqual(Buffer.from(signature), expected)) {
    return undefined;
  }
  const flow = JSON.parse(Buffer.from(body, 'base64url').toString()) as Flow;
  return flow.expires > Date.now() ? flow : undefined;
}

function cookieOf(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

/**
 * The claims kept with a ticket: what a first login names the new account with. The address only
 * when the provider says it verified it (`email_verified` the boolean `true`): a missing, `null` or
 * text claim would let anyone claim an address before its owner, so the account is made without one.
 */
function claimsOf(claims: client.IDToken | client.UserInfoResponse): SsoClaims {
  const text = (value: unknown) => (typeof value === 'string' ? value.slice(0, 200) : undefined);
  const email = claims.email_verified === true ? text(claims.email) : undefined;
  return {
    sub: claims.sub,
    email,
    preferredUsername: text(claims.preferred_username) ?? email?.split('@')[0],
    name: text(claims.name),
  };
}

const isLocal = (url: URL) => url.hostname === 'localhost' || url.hostname === '127.0.0.1';

/** The provider's metadata, found once and again after a failure. */
function discoverer(oidc: OidcConfig): () => Promise<client.Configuration> {
  let found: Promise<client.Configuration> | undefined;
  return () => {
    const issuer = new URL(oidc.issuer);
    found ??= client
      .discovery(issuer, oidc.clientId, oidc.clientSecret, undefined, {
        // The ID token's signature is checked against the issuer's keys, not only trusted for
        // having come over TLS from the token endpoint. Plain http only for a provider on this machine.
        execute: [
          client.enableNonRepudiationChecks,
          ...(issuer.protocol === 'http:' && isLocal(issuer) ? [client.allowInsecureRequests] : []),
        ],
      })
      .catch((error: unknown) => {
        found = undefined;
        throw error;
      });
    return found;
  };
}

/** The routes of the flow; without OIDC settings or PostgreSQL, none. */
export function oidcRoutes({
  config,
  masterKey,
  pool,
  log,
}: {
  config: AppConfig;
  masterKey: string;
  pool: () => pg.Pool | undefined;
  log: (line: string) => void;
}): express.Router {
  const router = express.Router();
  const { oidc } = config;
  if (!oidc) return router;
  const key = flowKey(masterKey);
  const discover = discoverer(oidc);
  const redirectUri = `${config.publicUrl}${COOKIE_PATH}/callback`;
  const secure = config.publicUrl.startsWith('https:') ? '; Secure' : '';
  const failed = (response: express.Response) => response.redirect(303, '/login?notice=sso-failed');

  router.get(`${COOKIE_PATH}/start`, (_request, response) => {
    void (async () => {
      try {
        const configuration = await discover();
        const flow: Flow = {
          state: client.randomState(),
          nonce: client.randomNonce(),
          verifier: client.randomPKCECodeVerifier(),
          expires: Date.now() + FLOW_TTL_MS,
        };
        const target = client.buildAuthorizationUrl(configuration, {
          redirect_uri: redirectUri,
          scope: 'openid email profile',
          response_type: 'code',
          code_challenge: await client.calculatePKCECodeChallenge(flow.verifier),
          code_challenge_method: 'S256',
          state: flow.state,
          nonce: flow.nonce,
        });
        response
          .set('Cache-Control', 'no-store')
          .set(
            'Set-Cookie',
            `${COOKIE}=${sealFlow(key, flow)}; Path=${COOKIE_PATH}; Max-Age=${FLOW_TTL_MS / 1000}; HttpOnly; SameSite=Lax${secure}`,
          )
          .redirect(303, target.href);
      } catch (error) {
        log(`Single sign-on could not reach ${oidc.issuer}: ${(error as Error).message}`);
        failed(response);
      }
    })();
  });

  router.get(`${COOKIE_PATH}/callback`, (request, response) => {
    void (async () => {
      response
        .set('Cache-Control', 'no-store')
        .set('Set-Cookie', `${COOKIE}=; Path=${COOKIE_PATH}; Max-Age=0; HttpOnly; SameSite=Lax${secure}`);
      const flow = openFlow(key, cookieOf(request.headers.cookie, COOKIE));
      const sql = pool();
      if (!flow || !sql) return failed(response);
      try {
        const configuration = await discover();
        const current = new URL(request.originalUrl, redirectUri);
        const tokens = await client.authorizationCodeGrant(configuration, current, {
          pkceCodeVerifier: flow.verifier,
          expectedState: flow.state,
          expectedNonce: flow.nonce,
          idTokenExpected: true,
        });
        const claims = tokens.claims();
        if (!claims) throw new Error('The provider sent no ID token.');
        // Many providers keep the profile out of the ID token: it is read from userinfo then.
        const profile =
          claims.email === undefined && configuration.serverMetadata().userinfo_endpoint
            ? await client.fetchUserInfo(configuration, tokens.access_token, claims.sub)
            : {};
        const ticket = randomBytes(32).toString('base64url');
        await sql.query(`DELETE FROM ${SSO_TICKET_TABLE} WHERE expires_at < now()`);
        await sql.query(
          `INSERT INTO ${SSO_TICKET_TABLE} (ticket, sub, claims, expires_at)
           VALUES ($1, $2, $3, now() + make_interval(secs => $4))`,
          [ticket, claims.sub, JSON.stringify(claimsOf({ ...profile, ...claims })), TICKET_TTL_S],
        );
        response
          .append(
            'Set-Cookie',
            `${TICKET_COOKIE}=${ticketBinding(key, ticket)}; Path=/parse; Max-Age=${TICKET_TTL_S}; HttpOnly; SameSite=Lax${secure}`,
          )
          .redirect(303, `/login?sso=${ticket}&id=${encodeURIComponent(claims.sub)}`);
      } catch (error) {
        log(`Single sign-on refused a callback: ${(error as Error).message}`);
        failed(response);
      }
    })();
  });
  return router;
}

/**
 * Parse's auth adapter for `authData.oidc` = `{ id, ticket }`: the ticket must be unused, unexpired,
 * name that subject, and come from the browser the provider sent back (its cookie). A first login whose e-mail address an account already has is refused
 * without spending the ticket, so the person can log in with that account's password and link it.
 */
export function oidcAuthAdapter(pool: () => pg.Pool | undefined, name: string, masterKey: string) {
  const key = flowKey(masterKey);
  // Parse installs its `Parse` as a global when it starts, after this module is loaded.
  const refuse = (messageId: MessageId, values: RefusalValues): Error & RefusalDetail => {
    const { Parse } = globalThis as unknown as {
      Parse: { Error: new (code: number, message: string) => Error };
    };
    return Object.assign(new Parse.Error(ErrorCode.OBJECT_NOT_FOUND, t(messageId, values)), {
      messageId,
      values,
    });
  };
  return {
    validateAppId: () => Promise.resolve(),
    async validateAuthData(
      authData: { id?: unknown; ticket?: unknown },
      _options: unknown,
      request: { user?: { id?: string }; headers?: Record<string, string | undefined> },
    ) {
      const sql = pool();
      const { id, ticket } = authData;
      if (!sql || typeof id !== 'string' || typeof ticket !== 'string') {
        throw refuse('server.oidc.incomplete', { name });
      }
      const binding = Buffer.from(cookieOf(request.headers?.cookie, TICKET_COOKIE) ?? '');
      const expected = Buffer.from(ticketBinding(key, ticket));
      if (binding.length !== expected.length || !timingSafeEqual(binding, expected)) {
        throw refuse('server.oidc.otherBrowser', { name });
      }
      const { rows } = await sql.query<{ claims: SsoClaims }>(
        `SELECT claims FROM ${SSO_TICKET_TABLE} WHERE ticket = $1 AND sub = $2 AND expires_at > now()`,
        [ticket, id],
      );
      const claims = rows[0]?.claims;
      if (!claims) throw refuse('server.oidc.expired', { name });
      if (!request.user?.id) {
        const linked = await sql.query(`SELECT 1 FROM "_User" WHERE "authData"->'oidc'->>'id' = $1`, [id]);
        const taken =
          linked.rowCount === 0 && claims.email
            ? await sql.query(`SELECT 1 FROM "_User" WHERE lower(email) = lower($1)`, [claims.email])
            : undefined;
        if (taken && (taken.rowCount ?? 0) > 0) {
          // The login page recognises this refusal by its message id and offers to link the accounts.
          throw refuse('server.oidc.linkWithPassword', { email: claims.email ?? '', name });
        }
      }
      const spent = await sql.query(`DELETE FROM ${SSO_TICKET_TABLE} WHERE ticket = $1 AND sub = $2`, [
        ticket,
        id,
      ]);
      if (spent.rowCount === 0) throw refuse('server.oidc.expired', { name });
      stashSsoClaims(claims);
      // Only the subject is kept with the account, never the ticket.
      return { save: { id } };
    },
  };
}
