import { createHash } from 'node:crypto';
import type pg from 'pg';
import type { SqlClient } from '../../cloud/database';
import type { LiveQueryClient, LiveQueryServer } from '../parse/parseServerModule';

/**
 * A LiveQuery socket lives only as long as its session. Parse checks a socket's session when it
 * connects and subscribes, then keeps the answer for a few seconds per event, so a socket opened
 * before a password change, a log-out or an account deletion would go on hearing events. Every
 * way a session ends deletes its `_Session` row (or moves its expiry), whoever does it and on
 * whichever node: a trigger in the database announces it (NOTIFY, with a hash of the token, never
 * the token), every node listens, and each closes its own sockets that used that session. A node
 * also checks all its sockets' sessions every minute, and at once after its listening connection
 * was lost, for expiries and anything it missed meanwhile.
 */

/** The NOTIFY channel; the payload is the SHA-256 of the session token, in hex. */
export const SESSION_ENDED_CHANNEL = 'fitstreak_session_ended';

/** The socket's session has ended (an application close code: the client should sign in again). */
export const SESSION_ENDED_CLOSE = 4001;

const SWEEP_INTERVAL_MS = 60_000;
const RECONNECT_DELAY_MS = 1_000;
/** Longest timer Node keeps (about 24.8 days); a later expiry is looked at again by a sweep. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Makes the database announce every session that is deleted or whose expiry moves. */
export async function createSessionEndedTrigger(sql: SqlClient): Promise<void> {
  const hash = (row: string) => `encode(sha256(convert_to(${row}."sessionToken", 'UTF8')), 'hex')`;
  await sql.query(
    `CREATE OR REPLACE FUNCTION fitstreak_session_ended() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       IF TG_OP = 'DELETE' THEN
         PERFORM pg_notify('${SESSION_ENDED_CHANNEL}', ${hash('OLD')});
         RETURN OLD;
       END IF;
       IF NEW."expiresAt" IS DISTINCT FROM OLD."expiresAt" THEN
         PERFORM pg_notify('${SESSION_ENDED_CHANNEL}', ${hash('NEW')});
       END IF;
       RETURN NEW;
     END $$`,
    [],
  );
  await sql.query('DROP TRIGGER IF EXISTS fitstreak_session_ended ON "_Session"', []);
  await sql.query(
    `CREATE TRIGGER fitstreak_session_ended AFTER DELETE OR UPDATE OF "expiresAt" ON "_Session"
     FOR EACH ROW EXECUTE FUNCTION fitstreak_session_ended()`,
    [],
  );
}

export function tokenHash(sessionToken: string): string {
  return createHash('sha256').update(sessionToken, 'utf8').digest('hex');
}

/** Every session a socket uses: the one it connected with and those of its subscriptions. */
function tokensOf(client: LiveQueryClient): Set<string> {
  const tokens = new Set<string>();
  if (client.sessionToken) tokens.add(client.sessionToken);
  for (const info of client.subscriptionInfos.values()) {
    if (info.sessionToken) tokens.add(info.sessionToken);
  }
  return tokens;
}

/**
 * Closes this node's sockets that use any of `ended`; answers how many it closed. The client's
 * reconnect is refused (its session is gone), so it shows the sign-in again.
 */
export function closeSocketsOfSessions(liveQueryServer: LiveQueryServer, ended: ReadonlySet<string>): number {
  let closed = 0;
  for (const client of [...liveQueryServer.clients.values()]) {
    if (![...tokensOf(client)].some((token) => ended.has(token))) continue;
    client.parseWebSocket.ws.close(SESSION_ENDED_CLOSE, 'The session has ended.');
    closed += 1;
  }
  return closed;
}

export interface SessionSockets {
  /** Checks every socket's sessions now (also done every minute). */
  sweep(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Closes this node's sockets as soon as their session ends anywhere. `connect` opens the
 * connection that listens (a pg client of its own: a listening connection does nothing else).
 */
export function closeSocketsWhenSessionsEnd(
  liveQueryServer: LiveQueryServer,
  sql: SqlClient,
  connect: () => pg.Client,
  log: (line: string) => void,
): SessionSockets {
  let stopped = false;
  let listener: pg.Client | undefined;
  let reconnect: NodeJS.Timeout | undefined;
  const expiryTimers = new Map<string, NodeJS.Timeout>();

  /** The tokens in use on this node, by their hash. */
  const tokensByHash = () => {
    const byHash = new Map<string, string>();
    for (const client of liveQueryServer.clients.values()) {
      for (const token of tokensOf(client)) byHash.set(tokenHash(token), token);
    }
    return byHash;
  };

  /** Closes the sockets of those of `tokens` whose session is gone or past its expiry. */
  const check = async (tokens: readonly string[]) => {
    if (tokens.length === 0) return;
    const { rows } = await sql.query<{ sessionToken: string; expiresAt: Date | null }>(
      `SELECT "sessionToken", "expiresAt" FROM "_Session" WHERE "sessionToken" = ANY($1::text[])`,
      [tokens],
    );
    const now = Date.now();
    const alive = new Map(rows.map((row) => [row.sessionToken, row.expiresAt]));
    const ended = new Set<string>();
    for (const token of tokens) {
      const expiresAt = alive.get(token);
      if (expiresAt === undefined || (expiresAt && expiresAt.getTime() <= now)) ended.add(token);
      else if (expiresAt) closeAtExpiry(token, expiresAt.getTime() - now);
    }
    if (ended.size === 0) return;
    const closed = closeSocketsOfSessions(liveQueryServer, ended);
    if (closed > 0) log(`Closed ${closed} LiveQuery sockets whose session had ended.`);
  };

  const closeAtExpiry = (token: string, inMs: number) => {
    clearTimeout(expiryTimers.get(token));
    if (inMs > Math.min(SWEEP_INTERVAL_MS, MAX_TIMER_MS)) {
      expiryTimers.delete(token);
      return;
    }
    const timer = setTimeout(() => {
      expiryTimers.delete(token);
      void check([token]).catch(() => undefined);
    }, inMs + 10);
    timer.unref();
    expiryTimers.set(token, timer);
  };

  const sweep = async () => {
    await check([...tokensByHash().values()]);
  };

  const onEnded = (hash: string) => {
    const token = tokensByHash().get(hash);
    if (token) void check([token]).catch(() => undefined);
  };

  const listen = async () => {
    const client = connect();
    listener = client;
    const lost = () => {
      if (listener !== client || stopped) return;
      listener = undefined;
      void client.end().catch(() => undefined);
      log('Lost the connection that hears ended sessions; listening again.');
      reconnect = setTimeout(() => void listen(), RECONNECT_DELAY_MS);
      reconnect.unref();
    };
    client.on('error', lost);
    client.on('end', lost);
    client.on('notification', ({ channel, payload }) => {
      if (channel === SESSION_ENDED_CHANNEL && payload) onEnded(payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${SESSION_ENDED_CHANNEL}`);
      // Whatever ended while nobody listened.
      await sweep();
    } catch {
      lost();
    }
  };

  void listen();
  const sweeping = setInterval(() => void sweep().catch(() => undefined), SWEEP_INTERVAL_MS);
  sweeping.unref();

  return {
    sweep,
    stop: async () => {
      stopped = true;
      clearInterval(sweeping);
      clearTimeout(reconnect);
      for (const timer of expiryTimers.values()) clearTimeout(timer);
      expiryTimers.clear();
      await listener?.end().catch(() => undefined);
    },
  };
}
