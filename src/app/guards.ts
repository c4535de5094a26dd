import { data, redirect, type LoaderFunctionArgs } from 'react-router';
import { currentUser, verifySession, wasSessionEnded, type SessionUser } from '@/features/auth/api';
import { errorSentence, hasCode } from '@/lib/errors';
import { ErrorCode } from '@/domain/errors';

export type Guard = (args: LoaderFunctionArgs) => Promise<SessionUser | null>;

export function loginRedirect(request: Request, notice?: 'expired'): Response {
  const url = new URL(request.url);
  const params = new URLSearchParams({ from: `${url.pathname}${url.search}` });
  if (notice) params.set('notice', notice);
  return redirect(`/login?${params.toString()}`);
}

/**
 * No stored session → the login page. Loaders run side by side: once one of them has found the
 * session ended by the server and cleared it, the others find none, and must say "expired" too.
 */
function noSessionRedirect(request: Request): Response {
  return loginRedirect(request, wasSessionEnded() ? 'expired' : undefined);
}

/** No valid session → the login page, remembering where the person wanted to go. */
export const authCheck: Guard = async ({ request }) => {
  const user = await currentUser();
  if (!user) throw noSessionRedirect(request);
  try {
    await verifySession();
  } catch (error) {
    if (hasCode(error, ErrorCode.INVALID_SESSION_TOKEN)) throw loginRedirect(request, 'expired');
    // Offline or a server hiccup: keep the person in the app with what the device knows.
  }
  return user;
};

/**
 * For a page loader that fetches data: loaders run side by side with the guard, so a visitor
 * without a session is sent to the login page here too, before any request is made.
 */
export async function requireSignedIn(request: Request): Promise<SessionUser> {
  const user = await currentUser();
  if (!user) throw noSessionRedirect(request);
  return user;
}

/** A page's data request failed: an ended session goes to the login page, anything else is a sentence. */
export function loadFailure(request: Request, error: unknown): string {
  if (hasCode(error, ErrorCode.INVALID_SESSION_TOKEN)) throw loginRedirect(request, 'expired');
  return errorSentence(error);
}

/** Guards are named so routes can declare them; an unknown name is a programming error. */
export const GUARDS: Readonly<Record<string, Guard>> = { authCheck };

export function guardedLoader(names: readonly string[], guards: Readonly<Record<string, Guard>> = GUARDS) {
  return async (args: LoaderFunctionArgs): Promise<SessionUser | null> => {
    let user: SessionUser | null = null;
    for (const name of names) {
      const guard = guards[name];
      if (!guard) throw data(`Unknown middleware ${name}`, { status: 500 });
      user = (await guard(args)) ?? user;
    }
    return user;
  };
}
