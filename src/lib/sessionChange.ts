/**
 * A request that replaces this device's session: changing the password ends every session of the
 * account, this one too, and answers a new one. The server closes the live socket of the old
 * session before that answer arrives, so a check of the session made meanwhile would find it
 * ended and sign the person out; checks wait for the replacement first.
 */
let replacing: Promise<unknown> | undefined;

export function replacingSession<T>(work: Promise<T>): Promise<T> {
  replacing = work;
  return work.finally(() => {
    if (replacing === work) replacing = undefined;
  });
}

/** Settles once no request is replacing the session (at once when none is). */
export async function sessionSettled(): Promise<void> {
  await replacing?.catch(() => undefined);
}
