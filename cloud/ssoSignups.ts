/**
 * What the OpenID Connect provider said about a person logging in (server/auth/oidc.ts), from the auth
 * adapter that checked their ticket to the `_User` beforeSave of the same request, which names a
 * new account after it. Kept a minute at most; free of Parse, so the server can import it early.
 */
export interface SsoClaims {
  sub: string;
  /** Only an address the provider has verified. */
  email?: string | undefined;
  preferredUsername?: string | undefined;
  name?: string | undefined;
}

const STASH_MS = 60_000;

const stash = new Map<string, { claims: SsoClaims; until: number }>();

export function stashSsoClaims(claims: SsoClaims): void {
  const now = Date.now();
  for (const [sub, entry] of stash) if (entry.until < now) stash.delete(sub);
  stash.set(claims.sub, { claims, until: now + STASH_MS });
}

/** The claims stashed for `sub`, once. */
export function takeSsoClaims(sub: string): SsoClaims | undefined {
  const entry = stash.get(sub);
  stash.delete(sub);
  return entry && entry.until >= Date.now() ? entry.claims : undefined;
}
