import { isIP } from 'node:net';
import { hostname } from 'node:os';
import path from 'node:path';
import { USERNAME_PATTERN } from '../src/domain/contract';
import { isSignupMode, SIGNUP_MODES, type SignupRules } from '../src/domain/signup';

/**
 * Every setting comes from the environment, is checked once at start, and a bad value
 * stops the process with one line naming the variable.
 */
export interface ConfigVariable {
  name: string;
  description: string;
  default?: string;
}

/** The push services of Chrome, Edge, Firefox and Safari. */
export const DEFAULT_PUSH_SERVICES = [
  'https://fcm.googleapis.com',
  'https://updates.push.services.mozilla.com',
  'https://*.push.apple.com',
  'https://*.notify.windows.com',
];

export const CONFIG_VARIABLES: readonly ConfigVariable[] = [
  { name: 'PORT', description: 'HTTP port for the app, the API and LiveQuery.', default: '1337' },
  { name: 'HOST', description: 'Interface to listen on.', default: '0.0.0.0' },
  {
    name: 'DATA_DIR',
    description: 'Where the embedded database, files, mail and generated secrets live.',
    default: './.data',
  },
  {
    name: 'DATABASE_URI',
    description:
      'postgres:// (or mongodb://) URI of an external database; empty starts embedded Postgres in DATA_DIR.',
  },
  { name: 'APP_ID', description: 'Parse application id (public).', default: 'fitstreak' },
  {
    name: 'MASTER_KEY',
    description: 'Parse master key; generated once per DATA_DIR when empty. Required with DATABASE_URI.',
  },
  {
    name: 'MASTER_KEY_IPS',
    description:
      'Comma-separated addresses or CIDR ranges from which the master key is accepted (e.g. a dashboard).',
    default: '127.0.0.1,::1',
  },
  {
    name: 'TRUST_PROXY',
    description:
      'Proxies whose X-Forwarded-For and X-Forwarded-Proto are believed: loopback, or addresses and CIDR ranges (a load balancer), comma-separated.',
    default: 'loopback',
  },
  {
    name: 'SERVER_URL',
    description: 'URL this process uses to reach its own Parse API.',
    default: 'http://localhost:$PORT/parse',
  },
  {
    name: 'PUBLIC_URL',
    description:
      'Public origin people open in the browser; e-mail links, /config.json and the Content-Security-Policy are made from it. Unset with NODE_ENV=production, the start prints a warning.',
    default: 'http://localhost:$PORT',
  },
  {
    name: 'ALLOWED_ORIGINS',
    description:
      'Other web origins whose pages may call the API from a browser (CORS), comma-separated; the origin of PUBLIC_URL always may.',
  },
  {
    name: 'REDIS_URL',
    description:
      'Redis for LiveQuery pub/sub, rate-limit counters and the session cache shared by several nodes; empty keeps them in the process (one node).',
  },
  {
    name: 'S3_BUCKET',
    description:
      'Bucket of an S3-compatible store for files (avatars); empty keeps files in DATA_DIR/files (one node).',
  },
  {
    name: 'S3_ENDPOINT',
    description: 'URL of an S3-compatible store other than AWS (MinIO, Ceph, Garage…); empty means AWS S3.',
  },
  { name: 'S3_REGION', description: 'Region of the bucket.', default: 'us-east-1' },
  {
    name: 'S3_ACCESS_KEY_ID',
    description:
      "Access key for the bucket; empty uses the AWS SDK's own chain (environment, instance role).",
  },
  { name: 'S3_SECRET_ACCESS_KEY', description: 'Secret of S3_ACCESS_KEY_ID; required with it.' },
  {
    name: 'S3_FORCE_PATH_STYLE',
    description:
      'true addresses the bucket as ENDPOINT/BUCKET instead of BUCKET.ENDPOINT (MinIO needs true).',
    default: 'false',
  },
  {
    name: 'METRICS_TOKEN',
    description:
      'Bearer token that opens /metrics from any address (at least 24 characters); without it only MASTER_KEY_IPS may read it.',
  },
  {
    name: 'MAIL_FROM',
    description: 'Sender address of account e-mails.',
    default: 'FITSTREAK <no-reply@localhost>',
  },
  { name: 'LOG_LEVEL', description: 'Parse Server log level (error, warn, info, verbose).', default: 'warn' },
  {
    name: 'SIGNUP',
    description:
      'Who may create an account: open (anyone), invite (only with an invitation link) or closed (nobody; accounts exist already).',
    default: 'open',
  },
  {
    name: 'ADMIN_USERNAMES',
    description:
      'Comma-separated usernames of the people who administer this server: they make and revoke invitations. The accounts with these names at start get the admin role; a listed name is kept from everyone else.',
  },
  {
    name: 'INVITES_BY_USERS',
    description: 'true lets every person make invitation links when SIGNUP=invite, not only the admins.',
    default: 'false',
  },
  {
    name: 'MAP_TILE_URL',
    description:
      "A map tile server drawn under imported routes, as https://tiles.example.org/{z}/{x}/{y}.png (its origin is added to the pages' img-src); without it routes are drawn on their own.",
  },
  {
    name: 'MAP_TILE_ATTRIBUTION',
    description:
      'The credit the tile server asks for, shown under the map (e.g. "© OpenStreetMap contributors").',
  },
  {
    name: 'WEEKLY_SUMMARIES',
    description:
      'false stops this node from sending the Monday summaries (every node runs the schedule; one sends each summary).',
    default: 'true',
  },
  {
    name: 'VAPID_PUBLIC_KEY',
    description:
      'The key pair web push is signed with (base64url, as web-push generate-vapid-keys prints it); without them a key pair is made once and kept in DATA_DIR, except with DATABASE_URI, where web push stays off unless every node is given the same pair.',
  },
  { name: 'VAPID_PRIVATE_KEY', description: 'The private half of VAPID_PUBLIC_KEY; required with it.' },
  {
    name: 'VAPID_SUBJECT',
    description:
      'How push services reach the operator: a mailto: or https: URL. Defaults to PUBLIC_URL when it is https, else the MAIL_FROM address.',
  },
  {
    name: 'PUSH_SERVICES',
    description:
      'Comma-separated origins the server sends web pushes to ("*." matches subdomains); a subscription naming another is refused, so the server posts nowhere else.',
    default: DEFAULT_PUSH_SERVICES.join(','),
  },
  {
    name: 'OIDC_ISSUER',
    description:
      'The OpenID Connect provider people may log in with (its issuer URL, https); with OIDC_CLIENT_ID, OIDC_CLIENT_SECRET and OIDC_NAME, the login page offers "Log in with <OIDC_NAME>".',
  },
  {
    name: 'OIDC_CLIENT_ID',
    description: 'The client id the provider registered for this app; required with OIDC_ISSUER.',
  },
  { name: 'OIDC_CLIENT_SECRET', description: 'The secret of OIDC_CLIENT_ID; required with OIDC_ISSUER.' },
  {
    name: 'OIDC_NAME',
    description: 'The provider as people know it, e.g. "Acme ID"; required with OIDC_ISSUER.',
  },
  {
    name: 'REMINDERS',
    description:
      'false stops this node from sending the reminders people switch on (every node runs the schedule; one sends each reminder).',
    default: 'true',
  },
  {
    name: 'FOOD_LOOKUP',
    description:
      'openfoodfacts looks a barcode the catalogue lacks up at Open Food Facts (at most 15 a minute per cluster) and keeps the product; off never asks anyone.',
    default: 'off',
  },
  {
    name: 'FOOD_LOOKUP_URL',
    description: 'Where FOOD_LOOKUP asks: the Open Food Facts API, or a mirror of it.',
    default: 'https://world.openfoodfacts.org',
  },
  {
    name: 'FOOD_LOOKUP_CONTACT',
    description:
      'How Open Food Facts can reach the operator (an e-mail address or URL), sent in the User-Agent they ask for; required with FOOD_LOOKUP=openfoodfacts.',
  },
  {
    name: 'SERVED_BY',
    description:
      "true adds X-Served-By with this host's name (a container's id) to every HTTP response, so an operator behind a load balancer sees which node answered.",
    default: 'false',
  },
  {
    name: 'CLOUD_SQL',
    description:
      'false keeps SQL away from cloud code, which then reads through Parse queries as on MongoDB (to test that path).',
    default: 'true',
  },
];

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUri: string | undefined;
  appId: string;
  masterKey: string | undefined;
  masterKeyIps: string[];
  trustProxy: string[];
  serverUrl: string;
  publicUrl: string;
  /** Sentences the start prints before anything else: settings that work but should be said. */
  warnings: string[];
  /** Origins other than PUBLIC_URL's that may call /parse from a browser (CORS). */
  allowedOrigins: string[];
  redisUrl: string | undefined;
  s3: S3Config | undefined;
  metricsToken: string | undefined;
  mailFrom: string;
  logLevel: 'error' | 'warn' | 'info' | 'verbose';
  /** Whether this node runs the schedule of weekly summaries (cloud/functions/summaries.ts). */
  weeklySummaries: boolean;
  /** Whether cloud code may use the server's PostgreSQL pool (cloud/database.ts). */
  cloudSql: boolean;
  /** The name sent as X-Served-By (SERVED_BY=true: the host's name); undefined sends none. */
  servedBy: string | undefined;
  signup: SignupRules;
  /** Map tiles under imported routes: a URL with {z}, {x} and {y}, and the credit to show. */
  mapTiles: { url: string; origin: string; attribution: string | undefined } | undefined;
  /** The configured VAPID key pair, when the operator gives one. */
  vapidKeys: { publicKey: string; privateKey: string } | undefined;
  vapidSubject: string;
  /** Origins (with "*." for any subdomain) that push subscriptions may name. */
  pushServices: string[];
  /** Whether this node runs the schedule of reminders (cloud/functions/reminders.ts). */
  reminders: boolean;
  /** Single sign-on through the operator's OpenID Connect provider (server/auth/oidc.ts). */
  oidc: OidcConfig | undefined;
  /** Where a barcode the catalogue lacks is looked up (cloud/foodLookup.ts); undefined: nowhere. */
  foodLookup: { url: string; contact: string } | undefined;
}

export interface OidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  name: string;
}

export interface S3Config {
  bucket: string;
  endpoint: string | undefined;
  region: string;
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  forcePathStyle: boolean;
}

export class ConfigError extends Error {
  constructor(variable: string, problem: string) {
    super(`${variable} ${problem}`);
    this.name = 'ConfigError';
  }
}

type Env = Readonly<Record<string, string | undefined>>;

function read(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

function readUrl(env: Env, name: string, protocols: readonly string[]): string | undefined {
  const value = read(env, name);
  if (value === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(name, `must be a URL (got "${value}").`);
  }
  if (!protocols.includes(url.protocol)) {
    throw new ConfigError(name, `must start with ${protocols.join(' or ')} (got "${url.protocol}").`);
  }
  return value.replace(/\/+$/, '');
}

/** `a.b.c.d`, an IPv6 address, or either with a `/prefix`: the forms Parse accepts in `masterKeyIps`. */
function isAddressOrRange(entry: string): boolean {
  const [address = '', prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

function readAddressList(env: Env, name: string): string[] | undefined {
  const text = read(env, name);
  if (text === undefined) return undefined;
  const entries = text.split(',').map((entry) => entry.trim());
  const bad = entries.find((entry) => !isAddressOrRange(entry));
  if (bad !== undefined) {
    throw new ConfigError(name, `must list IP addresses or CIDR ranges separated by commas (got "${bad}").`);
  }
  return entries;
}

/**
 * Origins as a browser sends them in its Origin header (`scheme://host[:port]`, lower case, no
 * default port), so they compare equal to it; a path, query or credentials are refused.
 */
function readOriginList(env: Env, name: string): string[] {
  const text = read(env, name);
  if (text === undefined) return [];
  return text.split(',').map((entry) => {
    const value = entry.trim();
    let url: URL | undefined;
    try {
      url = new URL(value);
    } catch {
      url = undefined;
    }
    const bare = url && url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
    if (!url || !bare || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
      throw new ConfigError(
        name,
        `must list origins such as https://app.example.com (scheme, host and port only) separated by commas (got "${value}").`,
      );
    }
    return url.origin;
  });
}

/** Express's names for address ranges, accepted beside addresses in TRUST_PROXY. */
const PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function readTrustedProxies(env: Env): string[] {
  const text = read(env, 'TRUST_PROXY');
  if (text === undefined) return ['loopback'];
  const entries = text.split(',').map((entry) => entry.trim());
  const bad = entries.find((entry) => !PROXY_RANGES.has(entry) && !isAddressOrRange(entry));
  if (bad !== undefined) {
    throw new ConfigError(
      'TRUST_PROXY',
      `must list loopback, linklocal, uniquelocal, IP addresses or CIDR ranges separated by commas (got "${bad}").`,
    );
  }
  return entries;
}

function readBoolean(env: Env, name: string, fallback: boolean): boolean {
  const value = read(env, name);
  if (value === undefined) return fallback;
  if (value === 'true') return true;
  if (value === 'false') return false;
  throw new ConfigError(name, `must be true or false (got "${value}").`);
}

const S3_SETTINGS = [
  'S3_ENDPOINT',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
];

function readS3(env: Env): S3Config | undefined {
  const bucket = read(env, 'S3_BUCKET');
  if (bucket === undefined) {
    const stray = S3_SETTINGS.find((name) => read(env, name) !== undefined);
    if (stray) throw new ConfigError(stray, 'is set, but S3_BUCKET is empty: set both, or neither.');
    return undefined;
  }
  // S3's naming rules: 3–63 lowercase letters, digits, dots and hyphens, a letter or digit at each end.
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) {
    throw new ConfigError(
      'S3_BUCKET',
      `must be a bucket name: 3–63 lowercase letters, digits, "." or "-" (got "${bucket}").`,
    );
  }
  const region = read(env, 'S3_REGION') ?? 'us-east-1';
  if (!/^[a-z0-9-]{2,40}$/.test(region)) {
    throw new ConfigError('S3_REGION', `must be a region name such as us-east-1 (got "${region}").`);
  }
  const accessKeyId = read(env, 'S3_ACCESS_KEY_ID');
  const secretAccessKey = read(env, 'S3_SECRET_ACCESS_KEY');
  if ((accessKeyId === undefined) !== (secretAccessKey === undefined)) {
    throw new ConfigError(
      accessKeyId === undefined ? 'S3_ACCESS_KEY_ID' : 'S3_SECRET_ACCESS_KEY',
      'must be set together with the other S3 key.',
    );
  }
  return {
    bucket,
    endpoint: readUrl(env, 'S3_ENDPOINT', ['http:', 'https:']),
    region,
    credentials:
      accessKeyId !== undefined && secretAccessKey !== undefined
        ? { accessKeyId, secretAccessKey }
        : undefined,
    forcePathStyle: readBoolean(env, 'S3_FORCE_PATH_STYLE', false),
  };
}

export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): AppConfig {
  const portText = read(env, 'PORT') ?? '1337';
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port < 1 || port > 65535) {
    throw new ConfigError('PORT', `must be a whole number from 1 to 65535 (got "${portText}").`);
  }

  const appId = read(env, 'APP_ID') ?? 'fitstreak';
  if (!/^[A-Za-z0-9_-]{3,64}$/.test(appId)) {
    throw new ConfigError('APP_ID', 'must be 3–64 letters, digits, "_" or "-".');
  }

  const masterKey = read(env, 'MASTER_KEY');
  if (masterKey !== undefined && masterKey.length < 24) {
    throw new ConfigError('MASTER_KEY', 'must be at least 24 characters long.');
  }

  const databaseUri = readUrl(env, 'DATABASE_URI', ['postgres:', 'postgresql:', 'mongodb:', 'mongodb+srv:']);
  if (databaseUri !== undefined && masterKey === undefined) {
    throw new ConfigError('MASTER_KEY', 'is required with DATABASE_URI, so every app node shares it.');
  }

  const masterKeyIps = readAddressList(env, 'MASTER_KEY_IPS') ?? ['127.0.0.1', '::1'];
  const trustProxy = readTrustedProxies(env);

  const metricsToken = read(env, 'METRICS_TOKEN');
  if (metricsToken !== undefined && metricsToken.length < 24) {
    throw new ConfigError('METRICS_TOKEN', 'must be at least 24 characters long.');
  }

  const logLevel = read(env, 'LOG_LEVEL') ?? 'warn';
  if (logLevel !== 'error' && logLevel !== 'warn' && logLevel !== 'info' && logLevel !== 'verbose') {
    throw new ConfigError('LOG_LEVEL', `must be error, warn, info or verbose (got "${logLevel}").`);
  }

  const publicUrl = readPublicUrl(env, port);

  return {
    port,
    host: read(env, 'HOST') ?? '0.0.0.0',
    dataDir: path.resolve(cwd, read(env, 'DATA_DIR') ?? '.data'),
    databaseUri,
    appId,
    masterKey,
    masterKeyIps,
    trustProxy,
    serverUrl: readUrl(env, 'SERVER_URL', ['http:', 'https:']) ?? `http://localhost:${port}/parse`,
    publicUrl: publicUrl.url,
    warnings: publicUrl.warning === undefined ? [] : [publicUrl.warning],
    allowedOrigins: readOriginList(env, 'ALLOWED_ORIGINS'),
    redisUrl: readUrl(env, 'REDIS_URL', ['redis:', 'rediss:']),
    s3: readS3(env),
    metricsToken,
    mailFrom: read(env, 'MAIL_FROM') ?? 'FITSTREAK <no-reply@localhost>',
    logLevel,
    cloudSql: readBoolean(env, 'CLOUD_SQL', true),
    servedBy: readBoolean(env, 'SERVED_BY', false) ? hostname() : undefined,
    weeklySummaries: readBoolean(env, 'WEEKLY_SUMMARIES', true),
    signup: readSignupRules(env),
    mapTiles: readMapTiles(env),
    vapidKeys: readVapidKeys(env),
    vapidSubject: readVapidSubject(env),
    pushServices: readPushServices(env),
    reminders: readBoolean(env, 'REMINDERS', true),
    oidc: readOidc(env),
    foodLookup: readFoodLookup(env),
  };
}

/** FOOD_LOOKUP: off, or openfoodfacts with a contact for the User-Agent Open Food Facts asks for. */
function readFoodLookup(env: Env): AppConfig['foodLookup'] {
  const mode = read(env, 'FOOD_LOOKUP') ?? 'off';
  if (mode !== 'off' && mode !== 'openfoodfacts') {
    throw new ConfigError('FOOD_LOOKUP', `must be off or openfoodfacts (got "${mode}").`);
  }
  if (mode === 'off') return undefined;
  const contact = read(env, 'FOOD_LOOKUP_CONTACT');
  if (contact === undefined) {
    throw new ConfigError(
      'FOOD_LOOKUP_CONTACT',
      'is required with FOOD_LOOKUP=openfoodfacts: an e-mail address or URL Open Food Facts can reach you at.',
    );
  }
  if (contact.length > 200 || !/^[^\s()]+$/.test(contact)) {
    throw new ConfigError(
      'FOOD_LOOKUP_CONTACT',
      'must be one e-mail address or URL, without spaces or brackets.',
    );
  }
  return {
    url: readUrl(env, 'FOOD_LOOKUP_URL', ['http:', 'https:']) ?? 'https://world.openfoodfacts.org',
    contact,
  };
}

/**
 * The origin people open. Every URL the server hands out (mail links, /config.json, the
 * Content-Security-Policy, single sign-on's redirect) is made from it, never from a request's Host
 * header, which any client can set. Unset, it is this machine's `http://localhost:$PORT`: right for
 * a trial on one's own computer, wrong for a server others open, so production mode says so.
 */
function readPublicUrl(env: Env, port: number): { url: string; warning?: string } {
  const url = readUrl(env, 'PUBLIC_URL', ['http:', 'https:']);
  if (url !== undefined) return { url };
  const fallback = `http://localhost:${port}`;
  if (read(env, 'NODE_ENV') !== 'production') return { url: fallback };
  return {
    url: fallback,
    warning:
      `PUBLIC_URL is not set, so the app takes ${fallback} as its address: pages opened at any other ` +
      'address cannot reach the API, and links in mails lead there. Set PUBLIC_URL to the address ' +
      'people open, such as https://fit.example.org.',
  };
}

const OIDC_SETTINGS = ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'OIDC_NAME'] as const;

function readOidc(env: Env): OidcConfig | undefined {
  const [issuer, clientId, clientSecret, name] = OIDC_SETTINGS.map((setting) => read(env, setting));
  const missing = OIDC_SETTINGS.filter((setting) => read(env, setting) === undefined);
  if (missing.length === OIDC_SETTINGS.length) return undefined;
  const [first] = missing;
  if (first)
    throw new ConfigError(
      first,
      `must be set together with ${OIDC_SETTINGS.filter((s) => s !== first).join(', ')}.`,
    );
  // Plain http only for a provider on this machine (development and tests).
  const url = readUrl(env, 'OIDC_ISSUER', ['https:', 'http:']) ?? '';
  const { protocol, hostname } = new URL(url);
  if (protocol === 'http:' && hostname !== 'localhost' && hostname !== '127.0.0.1') {
    throw new ConfigError('OIDC_ISSUER', `must be an https URL (got "${url}").`);
  }
  return {
    issuer: issuer ?? url,
    clientId: clientId ?? '',
    clientSecret: clientSecret ?? '',
    name: name ?? '',
  };
}

const base64UrlBytes = (text: string) =>
  /^[A-Za-z0-9_-]+$/.test(text) ? Buffer.from(text, 'base64url').length : 0;

function readVapidKeys(env: Env): AppConfig['vapidKeys'] {
  const publicKey = read(env, 'VAPID_PUBLIC_KEY');
  const privateKey = read(env, 'VAPID_PRIVATE_KEY');
  if (publicKey === undefined && privateKey === undefined) return undefined;
  if (publicKey === undefined || privateKey === undefined) {
    throw new ConfigError(
      publicKey === undefined ? 'VAPID_PUBLIC_KEY' : 'VAPID_PRIVATE_KEY',
      'must be set together with the other VAPID key.',
    );
  }
  // An uncompressed P-256 point, and its 32-byte private scalar.
  if (base64UrlBytes(publicKey) !== 65 || Buffer.from(publicKey, 'base64url')[0] !== 4) {
    throw new ConfigError('VAPID_PUBLIC_KEY', 'must be a P-256 public key of 65 bytes in base64url.');
  }
  if (base64UrlBytes(privateKey) !== 32) {
    throw new ConfigError('VAPID_PRIVATE_KEY', 'must be a P-256 private key of 32 bytes in base64url.');
  }
  return { publicKey, privateKey };
}

function readVapidSubject(env: Env): string {
  const subject = read(env, 'VAPID_SUBJECT');
  if (subject !== undefined) {
    if (!/^(mailto:[^@\s]+@[^@\s]+|https:\/\/\S+)$/.test(subject)) {
      throw new ConfigError('VAPID_SUBJECT', `must be a mailto: or https: URL (got "${subject}").`);
    }
    return subject;
  }
  const publicUrl = read(env, 'PUBLIC_URL');
  if (publicUrl?.startsWith('https://')) return publicUrl;
  const from = read(env, 'MAIL_FROM') ?? 'no-reply@localhost';
  return `mailto:${/<([^>]+)>/.exec(from)?.[1] ?? from}`;
}

function readPushServices(env: Env): string[] {
  const entries = (read(env, 'PUSH_SERVICES') ?? DEFAULT_PUSH_SERVICES.join(','))
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries) {
    let url: URL | undefined;
    try {
      url = new URL(entry.replace('://*.', '://wildcard.'));
    } catch {
      url = undefined;
    }
    if (
      !url ||
      (url.protocol !== 'https:' && url.protocol !== 'http:') ||
      url.origin !== entry.replace('://*.', '://wildcard.')
    ) {
      throw new ConfigError(
        'PUSH_SERVICES',
        `must list origins such as https://fcm.googleapis.com (got "${entry}").`,
      );
    }
  }
  return entries;
}

function readMapTiles(env: Env): AppConfig['mapTiles'] {
  const url = read(env, 'MAP_TILE_URL');
  if (url === undefined) return undefined;
  const sample = url.replace('{z}', '1').replace('{x}', '0').replace('{y}', '0');
  let parsed: URL | undefined;
  try {
    parsed = new URL(sample);
  } catch {
    parsed = undefined;
  }
  if (
    !parsed ||
    (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') ||
    !['{z}', '{x}', '{y}'].every((part) => url.includes(part)) ||
    /[{}]/.test(sample)
  ) {
    throw new ConfigError(
      'MAP_TILE_URL',
      `must be an http(s) URL with {z}, {x} and {y} (got "${url}"), e.g. https://tiles.example.org/{z}/{x}/{y}.png.`,
    );
  }
  return { url, origin: parsed.origin, attribution: read(env, 'MAP_TILE_ATTRIBUTION') };
}

function readSignupRules(env: Env): SignupRules {
  const mode = read(env, 'SIGNUP') ?? 'open';
  if (!isSignupMode(mode)) {
    throw new ConfigError('SIGNUP', `must be ${SIGNUP_MODES.join(', ')} (got "${mode}").`);
  }
  const admins = (read(env, 'ADMIN_USERNAMES') ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const bad = admins.find((name) => !USERNAME_PATTERN.test(name));
  if (bad !== undefined) {
    throw new ConfigError('ADMIN_USERNAMES', `must list usernames separated by commas (got "${bad}").`);
  }
  return { mode, adminUsernames: admins, invitesByUsers: readBoolean(env, 'INVITES_BY_USERS', false) };
}
