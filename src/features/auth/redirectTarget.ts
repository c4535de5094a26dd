/** Where to go after logging in: only a path of this app, never another site. */
export function safeRedirectTarget(from: string | null): string {
  if (!from || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/\\')) return '/';
  if (/^\/(login|signup|reset-password)(\/|\?|$)/.test(from)) return '/';
  return from;
}
