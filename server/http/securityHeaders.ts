import type { AppConfig } from '../config';

/** `scheme://host[:port]` exactly as a URL parser writes it, with nothing that could end a directive. */
function isOrigin(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === text;
  } catch {
    return false;
  }
}

/**
 * What a page of the app may load and do. Scripts and styles come from the app's own files only
 * (the build has no inline script; React's `style` props go through the CSSOM, which style-src does
 * not govern). The API and LiveQuery live at `origin` (PUBLIC_URL's, never a request's Host header),
 * named with ws:/wss: because not every browser lets 'self' cover WebSockets. Pictures are the app's
 * own files, avatars from /parse/files, the `blob:` URL of a photo being cropped and, where the
 * operator names a map tile server (MAP_TILE_URL), its tiles. `'wasm-unsafe-eval'` lets the barcode
 * scanner compile its WebAssembly decoder (a file of the app's own); it allows no JavaScript eval.
 */
export function contentSecurityPolicy(origin: string, tileOrigin?: string): string {
  // Anything but a plain origin (a PUBLIC_URL with a path, say) is left out rather than end a directive.
  const named = isOrigin(origin) ? [origin] : [];
  const tiles = tileOrigin !== undefined && isOrigin(tileOrigin) ? [tileOrigin] : [];
  const webSocket = named.map((http) => http.replace(/^http/, 'ws'));
  return [
    "default-src 'none'",
    "script-src 'self' 'wasm-unsafe-eval'",
    "style-src 'self'",
    ["img-src 'self'", ...named, ...tiles, 'blob:'].join(' '),
    ["connect-src 'self'", ...named, ...webSocket].join(' '),
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * Powerful features the app never uses, refused to it and to anything it could embed. All are
 * features Chromium knows, so the header parses without a console warning; vibration is not one.
 */
const REFUSED_FEATURES = [
  'accelerometer',
  'autoplay',
  'browsing-topics',
  'clipboard-read',
  'display-capture',
  'encrypted-media',
  'geolocation',
  'gyroscope',
  'hid',
  'idle-detection',
  'local-fonts',
  'magnetometer',
  'microphone',
  'midi',
  'otp-credentials',
  'payment',
  'publickey-credentials-create',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'usb',
  'window-management',
  'xr-spatial-tracking',
];

/** The camera, for the barcode scanner: the app's own pages only, nothing they could embed. */
const OWN_FEATURES = ['camera'];

export const PERMISSIONS_POLICY = [
  ...OWN_FEATURES.map((feature) => `${feature}=(self)`),
  ...REFUSED_FEATURES.map((feature) => `${feature}=()`),
].join(', ');

/** One year, subdomains included: the usual value, sent only where PUBLIC_URL is https. */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/** The headers every response carries; `origin` is where the browser reaches the app. */
export function securityHeaders(config: AppConfig, origin: string): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(origin, config.mapTiles?.origin),
    'Permissions-Policy': PERMISSIONS_POLICY,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'same-origin',
    'X-Frame-Options': 'DENY',
    // A browser that reached the app over plain http ignores it; behind a TLS proxy it is the https one.
    ...(config.publicUrl.startsWith('https:')
      ? { 'Strict-Transport-Security': STRICT_TRANSPORT_SECURITY }
      : {}),
  };
}

/** The origins whose pages may call /parse from a browser: PUBLIC_URL's and ALLOWED_ORIGINS. */
export function corsOrigins(config: AppConfig): string[] {
  return [...new Set([new URL(config.publicUrl).origin, ...config.allowedOrigins])];
}
