import type { LiveQueryServer } from '../parse/parseServerModule';

/** "Service restart": the client may reconnect at once. */
const SERVICE_RESTART = 1012;

/**
 * Redis pub/sub delivers at most once: what was published while this node's subscriber was cut off
 * from Redis never reaches its sockets. Clients catch up by query whenever their socket reopens, so
 * once the subscriber is back, this node closes its LiveQuery sockets: every client reconnects (the
 * SDK does so by itself), subscribes again and fetches what it missed.
 */
export function reopenSocketsAfterPubSubOutage(
  liveQueryServer: LiveQueryServer,
  log: (line: string) => void,
): void {
  let cutOff = false;
  liveQueryServer.subscriber.on('error', () => {
    cutOff = true;
  });
  liveQueryServer.subscriber.on('ready', () => {
    if (!cutOff) return;
    cutOff = false;
    const clients = [...liveQueryServer.clients.values()];
    log(`LiveQuery's Redis subscriber is back; closing ${clients.length} sockets so their clients catch up.`);
    for (const client of clients) client.parseWebSocket.ws.close(SERVICE_RESTART, 'Reconnect to catch up.');
  });
}
