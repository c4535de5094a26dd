import { isIP } from 'node:net';
import path from 'node:path';

/**
 * Every setting comes from the environment, is checked once at start, and a bad value
 * stops the process with one line naming the variable.
 */
export interface ConfigVariable {
  name: string;
  description: string;
  default?: string;
}

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
    name: 'SERVER_URL',
    description: 'URL this process uses to reach its own Parse API.',
    default: 'http://localhost:$PORT/parse',
  },
  {
    name: 'PUBLIC_URL',
    description: 'Public origin people open in the browser; used in e-mail links.',
    default: 'http://localhost:$PORT',
  },
  {
    name: 'REDIS_URL',
    description: 'Redis for LiveQuery pub/sub, rate-limit counters and cache across several nodes.',
  },
  {
    name: 'MAIL_FROM',
    description: 'Sender address of account e-mails.',
    default: 'FITSTREAK <no-reply@localhost>',
  },
  { name: 'LOG_LEVEL', description: 'Parse Server log level (error, warn, info, verbose).', default: 'warn' },
];

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUri: string | undefined;
  appId: string;
  masterKey: string | undefined;
  masterKeyIps: string[];
  serverUrl: string;
  publicUrl: string;
  redisUrl: string | undefined;
  mailFrom: string;
  logLevel: 'error' | 'warn' | 'info' | 'verbose';
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

  const logLevel = read(env, 'LOG_LEVEL') ?? 'warn';
  if (logLevel !== 'error' && logLevel !== 'warn' && logLevel !== 'info' && logLevel !== 'verbose') {
    throw new ConfigError('LOG_LEVEL', `must be error, warn, info or verbose (got "${logLevel}").`);
  }

  return {
    port,
    host: read(env, 'HOST') ?? '0.0.0.0',
    dataDir: path.resolve(cwd, read(env, 'DATA_DIR') ?? '.data'),
    databaseUri,
    appId,
    masterKey,
    masterKeyIps,
    serverUrl: readUrl(env, 'SERVER_URL', ['http:', 'https:']) ?? `http://localhost:${port}/parse`,
    publicUrl: readUrl(env, 'PUBLIC_URL', ['http:', 'https:']) ?? `http://localhost:${port}`,
    redisUrl: readUrl(env, 'REDIS_URL', ['redis:', 'rediss:']),
    mailFrom: read(env, 'MAIL_FROM') ?? 'FITSTREAK <no-reply@localhost>',
    logLevel,
  };
}
