import { getParse } from '../parse';

export interface SignedInSession {
  account: string;
  sessionToken: string;
}

/** The person signed in on this device and their session token, from the SDK's store (no request). */
export async function signedInSession(): Promise<SignedInSession | null> {
  const Parse = await getParse();
  const user = Parse.User.current();
  const sessionToken = user?.getSessionToken();
  return user?.id && sessionToken ? { account: user.id, sessionToken } : null;
}
