import { ErrorCode, refusalDetailOf } from '@/domain/errors';
import type { SignupPolicy } from '@/domain/signup';
import { TWO_FACTOR_CONTEXT_KEY } from '@/domain/twoFactor';
import { t } from '@/i18n';
import { getParse } from '@/lib/parse';
import { loadRuntimeConfig } from '@/lib/runtimeConfig';
import { sessionSettled } from '@/lib/sessionChange';
import { callCloud } from '@/lib/cloud';

export interface SessionUser {
  id: string;
  username: string;
  displayName: string;
}

interface UserLike {
  id?: string;
  get(field: string): unknown;
}

export function toSessionUser(user: UserLike): SessionUser {
  const rawUsername = user.get('username');
  const username = typeof rawUsername === 'string' ? rawUsername : '';
  const displayName = user.get('displayName');
  return {
    id: user.id ?? '',
    username,
    displayName: typeof displayName === 'string' && displayName ? displayName : username,
  };
}

/** The person signed in on this device, from the SDK's stored session (no request). */
export async function currentUser(): Promise<SessionUser | null> {
  const Parse = await getParse();
  const user = await Parse.User.currentAsync();
  return user ? toSessionUser(user) : null;
}

let verified: Promise<void> | undefined;

/**
 * The server ended the stored session and it was cleared here: "expired" rather than "never logged
 * in". Kept for the tab (sessionStorage), since the page that noticed may be left or reloaded
 * before the login page shows, until the next log-in.
 */
const SESSION_ENDED_KEY = 'fitstreak.sessionEnded';

function markSessionEnded(ended: boolean): void {
  try {
    if (ended) sessionStorage.setItem(SESSION_ENDED_KEY, '1');
    else sessionStorage.removeItem(SESSION_ENDED_KEY);
  } catch {
    // Storage refused (a private window's quota): the notice is only lost.
  }
}

/** Whether the last session in this tab was ended by the server (until the next log-in). */
export function wasSessionEnded(): boolean {
  try {
    return sessionStorage.getItem(SESSION_ENDED_KEY) === '1';
  } catch {
    return false;
  }
}

/** Asks the server once per page load whether the stored session is still valid (it may be revoked). */
export function verifySession(): Promise<void> {
  verified ??= (async () => {
    await sessionSettled();
    const Parse = await getParse();
    const user = await Parse.User.currentAsync();
    const token = user?.getSessionToken();
    if (!token) return;
    try {
      await Parse.User.me(token);
    } catch (error) {
      // A dead session is cleared locally so the guard sends the person to the login page.
      if ((error as { code?: number }).code === Parse.Error.INVALID_SESSION_TOKEN) {
        markSessionEnded(true);
        await Parse.User.logOut().catch(() => undefined);
      }
      throw error;
    } finally {
      verified = undefined;
    }
  })();
  return verified;
}

/**
 * Logs in. With two-factor sign-in on, the server makes a session only when the login's context
 * carries a code; without one it answers that a code is needed (see `isCodeNeeded`).
 */
export async function logIn(
  username: string,
  password: string,
  twoFactorCode?: string,
): Promise<SessionUser> {
  const Parse = await getParse();
  // The SDK sends `context` with a login (as `_context`), though its option types leave it out.
  const options = twoFactorCode
    ? ({ context: { [TWO_FACTOR_CONTEXT_KEY]: twoFactorCode } } as Parameters<typeof Parse.User.logIn>[2])
    : undefined;
  const user = toSessionUser(await Parse.User.logIn(username, password, options));
  markSessionEnded(false);
  return user;
}

/** The provider single sign-on logs in with (server/auth/oidc.ts). */
const SSO_PROVIDER = 'oidc';

/**
 * Logs in with the single-use ticket the server gave after the OpenID Connect provider's login
 * (`/login?sso=<ticket>&id=<subject>`): the first time makes the account. A two-factor code
 * travels in the context, as with a password.
 */
export async function logInWithProvider(
  id: string,
  ticket: string,
  twoFactorCode?: string,
): Promise<SessionUser> {
  const Parse = await getParse();
  // A session still stored here would make the request a link to that account instead of a login.
  if (await Parse.User.currentAsync()) await Parse.User.logOut().catch(() => undefined);
  const options = twoFactorCode
    ? ({ context: { [TWO_FACTOR_CONTEXT_KEY]: twoFactorCode } } as Parameters<typeof Parse.User.logInWith>[2])
    : undefined;
  const user = toSessionUser(await Parse.User.logInWith(SSO_PROVIDER, { authData: { id, ticket } }, options));
  markSessionEnded(false);
  return user;
}

/** Links the provider to the account just logged in with its password, so the provider alone is enough later. */
export async function linkProvider(id: string, ticket: string): Promise<void> {
  const Parse = await getParse();
  const user = await Parse.User.currentAsync();
  await user?.linkWith(SSO_PROVIDER, { authData: { id, ticket } });
}

/**
 * Creates the account and signs in. On an invite-only server the invitation's code travels in the
 * request's context: the server checks it before the account exists and never stores it.
 */
export async function signUp(
  username: string,
  email: string,
  password: string,
  invitation?: string,
): Promise<SessionUser> {
  const Parse = await getParse();
  const user = new Parse.User();
  user.set('username', username);
  user.set('email', email);
  user.set('password', password);
  const signedUp = toSessionUser(
    await user.signUp(null, invitation ? { context: { invitation } } : undefined),
  );
  markSessionEnded(false);
  return signedUp;
}

export async function logOut(): Promise<void> {
  const Parse = await getParse();
  await Parse.User.logOut();
}

export async function requestPasswordReset(email: string): Promise<void> {
  const Parse = await getParse();
  await Parse.User.requestPasswordReset(email);
}

/** Completes the reset started by the e-mailed link; Parse checks the token. */
export async function chooseNewPassword(token: string, password: string): Promise<void> {
  const config = await loadRuntimeConfig();
  const response = await fetch(
    `${config.serverURL}/apps/${encodeURIComponent(config.appId)}/request_password_reset`,
    {
      method: 'POST',
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/x-www-form-urlencoded',
        'X-Requested-With': 'XMLHttpRequest',
      },
      body: new URLSearchParams({ token, new_password: password }),
    },
  );
  if (response.ok) return;
  // The server names the reason (src/domain/errors.ts) and writes it in the language shown.
  const body: unknown = await response.json().catch(() => ({}));
  const detail = refusalDetailOf(body);
  const sentence = (body as { error?: unknown }).error;
  throw Object.assign(new Error(detail && typeof sentence === 'string' ? sentence : t('auth.reset.failed')), {
    code: ErrorCode.VALIDATION_ERROR,
    ...detail,
  });
}

/** Who may sign up on this server, and whether the caller (if signed in) may invite. */
export async function loadSignupPolicy(): Promise<SignupPolicy> {
  return callCloud('signupPolicy');
}
