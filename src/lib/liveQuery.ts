import type { ParseClient } from './parse';

/**
 * The SDK keeps one LiveQuery socket, opened with the session of the person signed in when it was
 * first used. After logging out and in as someone else in the same tab, its reconnects would use
 * that ended session, which the server refuses: start it over with the current one.
 */
export async function liveQueryClientFor(Parse: ParseClient, sessionToken: string | undefined) {
  const client = await Parse.CoreManager.getLiveQueryController().getDefaultLiveQueryClient();
  if (!heard.has(client)) {
    heard.add(client);
    (client as unknown as ClosingClient).on('close', () => {
      for (const listener of closeListeners) listener();
    });
  }
  if (client.sessionToken !== sessionToken) {
    // Set first, so a second subscription made meanwhile does not close the socket again.
    client.sessionToken = sessionToken;
    if (client.reconnectHandle) clearTimeout(client.reconnectHandle as ReturnType<typeof setTimeout>);
    // Closing is immediate for the client (the next subscribe opens a new socket); the old
    // socket's own close event is not worth waiting for.
    void client.close().catch(() => undefined);
  }
  return client;
}

/** The part of the SDK's LiveQuery client (an event emitter) heard here. */
interface ClosingClient {
  on(event: 'close', listener: () => void): void;
}

const heard = new WeakSet<object>();
const closeListeners = new Set<() => void>();

/**
 * Calls `listener` whenever the live socket closes: a lost connection, or the server ending it
 * because its session ended (a password change or a sign-out on another device). Answers the
 * function that stops listening.
 */
export function onLiveQueryClosed(listener: () => void): () => void {
  closeListeners.add(listener);
  return () => closeListeners.delete(listener);
}
