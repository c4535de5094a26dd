/**
 * How this server sends web pushes (cloud/push.ts), as the operator configured it: the VAPID key
 * pair and the push services it may post to (PUSH_SERVICES), so a subscription cannot make the
 * server post elsewhere. Free of Parse, so the server can provide it before Parse starts.
 */
export interface PushOptions {
  publicKey: string;
  privateKey: string;
  /** mailto: or https: URL push services may contact the operator at. */
  subject: string;
  /** Origins subscriptions may name; "*." stands for any subdomain. */
  services: readonly string[];
}

let options: PushOptions | undefined;

/** Given by the server at start; without it (no key pair) nothing is pushed. */
export function providePush(configured: PushOptions | undefined): void {
  options = configured;
}

export function pushOptions(): PushOptions | undefined {
  return options;
}

export function pushPublicKey(): string | undefined {
  return options?.publicKey;
}

/** Whether `endpoint` is an https URL (or http where the operator listed it) of an allowed push service. */
export function isAllowedPushEndpoint(endpoint: string): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password || (url.protocol !== 'https:' && url.protocol !== 'http:')) return false;
  return (options?.services ?? []).some((service) => {
    const wildcard = service.indexOf('://*.');
    if (wildcard < 0) return url.origin === service;
    const scheme = service.slice(0, wildcard);
    const suffix = service.slice(wildcard + 4);
    return url.protocol === `${scheme}:` && url.host.endsWith(suffix) && url.host.length > suffix.length;
  });
}
