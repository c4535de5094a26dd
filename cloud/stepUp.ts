import { MASTER, Parse, validationError, type ParseUser } from './parse';
import { parseRefusalOf } from './parseRefusals';
import { isParseLikeError } from '../src/domain/errors';
import type { MessageId } from '../src/i18n/messages';

/** Longer is no password anyone typed: refused without asking Parse. */
export const MAX_PASSWORD_LENGTH = 1024;

/**
 * Checks the password as a log-in would, so failures count toward the account lockout, without
 * creating a session. A locked account is refused as Parse refuses it, saying when to retry.
 */
export async function checkPassword(
  username: string,
  password: string,
  { field, wrong }: { field: string; wrong: MessageId },
): Promise<void> {
  try {
    await Parse.User.verifyPassword(username, password);
  } catch (error) {
    if (isParseLikeError(error) && parseRefusalOf(error)?.messageId === 'common.errors.wrongCredentials') {
      throw validationError(wrong, { field });
    }
    throw error;
  }
}

/** How recent a sign-in through the provider stands in for the password. */
export const FRESH_SIGN_IN_MS = 10 * 60_000;

/**
 * A change to how an account is secured (two-factor sign-in, its e-mail address, its password,
 * deleting it) needs more than a session, which may be stolen: the current password, checked as a
 * log-in would check it (so wrong ones count toward the lockout), or, for an account that signs in
 * through the provider and may have no password, a sign-in through the provider in the last ten
 * minutes. `needed` names the refusal without a password, `wrong` the refusal of a wrong one, both
 * of `field`, the parameter the password came in.
 */
export async function requireStepUp(
  user: ParseUser,
  password: unknown,
  { field, needed, wrong }: { field: string; needed: MessageId; wrong: MessageId },
): Promise<void> {
  if (typeof password === 'string' && password.length > 0 && password.length <= MAX_PASSWORD_LENGTH) {
    const account = await new Parse.Query(Parse.User).get(String(user.id), MASTER);
    await checkPassword(String(account.get('username') ?? ''), password, { field, wrong });
    return;
  }
  if (await signedInThroughProviderJustNow(user)) return;
  throw validationError(needed, { field });
}

async function signedInThroughProviderJustNow(user: ParseUser): Promise<boolean> {
  const token = user.getSessionToken();
  if (!token) return false;
  const session = await new Parse.Query(Parse.Session).equalTo('sessionToken', token).first(MASTER);
  const createdWith = session?.get('createdWith') as { authProvider?: unknown } | undefined;
  const createdAt = session?.createdAt;
  return (
    createdWith?.authProvider === 'oidc' &&
    createdAt !== undefined &&
    Date.now() - createdAt.getTime() < FRESH_SIGN_IN_MS
  );
}
