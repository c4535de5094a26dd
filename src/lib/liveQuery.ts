import type { ParseClient } from './parse';

/**
 * The SDK keeps one LiveQuery socket, opened with the session of the person signed in when it was
 * first used. After logging out and in as someone else in the same tab, its reconnects would use
 * that ended session, which the server refuses: start it over with the current one.
 */
export async function liveQueryClientFor(Parse: ParseClient, sessionToken: string | undefined) {
  const client = await Parse.CoreManager.getLiveQueryController().getDefaultLiveQueryClient();
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
