// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CONFIG_VARIABLES, loadConfig } from './config';

type Env = Record<string, string | undefined>;
type Mapping = Record<string, unknown>;

/** What an operator exports before `docker compose up`. */
const SAMPLE_ENV: Env = {
  MASTER_KEY: 'sample-master-key-0123456789abcdef',
  POSTGRES_PASSWORD: 'Sample-Passw0rd-9xQ',
  DASHBOARD_USER: 'admin',
  DASHBOARD_PASSWORD: 'dashboard-secret',
};

function mapping(value: unknown, where: string): Mapping {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Error(`${where} is not a mapping.`);
  }
  return value as Mapping;
}

function text(value: unknown, where: string): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  throw new Error(`${where} is not a scalar.`);
}

function list(value: unknown, where: string): unknown[] {
  if (!Array.isArray(value)) throw new Error(`${where} is not a list.`);
  return value;
}

const composeFile: unknown = parse(readFileSync(new URL('../docker-compose.yml', import.meta.url), 'utf8'));
const compose = mapping(composeFile, 'docker-compose.yml');
const services = mapping(compose.services, 'services');

function service(name: string): Mapping {
  return mapping(services[name], `services.${name}`);
}

/** A service's environment as written (before interpolation), from the mapping or the list form. */
function rawEnvironment(name: string): Record<string, string> {
  const environment = service(name).environment;
  const where = `services.${name}.environment`;
  if (Array.isArray(environment)) {
    return Object.fromEntries(
      environment.map((entry, index) => {
        const line = text(entry, `${where}[${index}]`);
        const equals = line.indexOf('=');
        return equals < 0 ? [line, ''] : [line.slice(0, equals), line.slice(equals + 1)];
      }),
    );
  }
  return Object.fromEntries(
    Object.entries(mapping(environment, where)).map(([key, value]) => [
      key,
      value === null ? '' : text(value, `${where}.${key}`),
    ]),
  );
}

/** Compose interpolation: $$, $VAR, ${VAR}, ${VAR:-default}, ${VAR-default}, ${VAR:?error}, ${VAR?error}. */
function interpolate(value: string, env: Env): string {
  const pattern = /\$\$|\$\{([A-Za-z_]\w*)(?:(:?[-?])([^}]*))?\}|\$([A-Za-z_]\w*)/g;
  return value.replace(
    pattern,
    (
      match: string,
      braced: string | undefined,
      operator: string | undefined,
      argument: string | undefined,
      bare: string | undefined,
    ) => {
      if (match === '$$') return '$';
      const name = braced ?? bare ?? '';
      const current = env[name];
      const missing = operator?.startsWith(':') ? !current : current === undefined;
      if (!missing) return current ?? '';
      if (operator === ':-' || operator === '-') return argument ?? '';
      if (operator === ':?' || operator === '?') throw new Error(`${name}: ${argument || 'required'}`);
      return '';
    },
  );
}

function environment(name: string, env: Env = SAMPLE_ENV): Record<string, string> {
  return Object.fromEntries(
    Object.entries(rawEnvironment(name)).map(([key, value]) => [key, interpolate(value, env)]),
  );
}

/** Short (`source:target[:mode]`) and long (`{ source, target }`) volume syntax. */
function volumeMounts(name: string): { source: string; target: string }[] {
  return list(service(name).volumes ?? [], `services.${name}.volumes`).map((entry, index) => {
    const where = `services.${name}.volumes[${index}]`;
    if (typeof entry === 'string') {
      const [source = '', target = ''] = entry.split(':');
      return { source, target };
    }
    const long = mapping(entry, where);
    return {
      source: text(long.source ?? '', `${where}.source`),
      target: text(long.target, `${where}.target`),
    };
  });
}

function declaredVolumes(): string[] {
  return Object.keys(mapping(compose.volumes ?? {}, 'volumes'));
}

function mountedNamedVolume(serviceName: string, target: string): string | undefined {
  const mount = volumeMounts(serviceName).find((candidate) => candidate.target === target);
  const isPath = (source: string) => source === '' || /^[./~]/.test(source);
  return mount && !isPath(mount.source) ? mount.source : undefined;
}

function imageOf(name: string): string {
  return text(service(name).image, `services.${name}.image`);
}

function postgresMajor(image: string): number {
  const match = /^(?:docker\.io\/)?(?:library\/)?postgres:(\d+)/.exec(image);
  return match ? Number(match[1]) : NaN;
}

describe('docker-compose.yml', () => {
  it('does set only variables the server reads when the app service is configured', () => {
    const known = CONFIG_VARIABLES.map((variable) => variable.name);
    const names = Object.keys(rawEnvironment('app'));

    expect(names.filter((name) => !known.includes(name))).toEqual([]);
    expect(names).toEqual(
      expect.arrayContaining([
        'PORT',
        'DATABASE_URI',
        'MASTER_KEY',
        'APP_ID',
        'SERVER_URL',
        'PUBLIC_URL',
        'DATA_DIR',
        'REDIS_URL',
      ]),
    );
  });

  it('does refuse to interpolate when MASTER_KEY or POSTGRES_PASSWORD is not set', () => {
    expect(() => environment('app', { ...SAMPLE_ENV, MASTER_KEY: undefined })).toThrow(/MASTER_KEY/);
    expect(() => environment('app', { ...SAMPLE_ENV, MASTER_KEY: '' })).toThrow(/MASTER_KEY/);
    expect(() => environment('app', { ...SAMPLE_ENV, POSTGRES_PASSWORD: undefined })).toThrow(
      /POSTGRES_PASSWORD/,
    );
    expect(() => environment('db', { ...SAMPLE_ENV, POSTGRES_PASSWORD: '' })).toThrow(/POSTGRES_PASSWORD/);
  });

  it('does point DATABASE_URI at the db service when the app connects', () => {
    const db = environment('db');
    const uri = new URL(environment('app').DATABASE_URI ?? '');

    expect(Object.keys(services)).toContain(uri.hostname);
    expect(uri.hostname).toBe('db');
    expect(uri.protocol).toMatch(/^postgres(ql)?:$/);
    expect(uri.port || '5432').toBe(db.PGPORT ?? '5432');
    expect(decodeURIComponent(uri.username)).toBe(db.POSTGRES_USER ?? 'postgres');
    expect(decodeURIComponent(uri.password)).toBe(db.POSTGRES_PASSWORD);
    expect(uri.pathname).toBe(`/${db.POSTGRES_DB ?? db.POSTGRES_USER ?? 'postgres'}`);
  });

  it('does run PostgreSQL 16 or newer when the db image is pulled', () => {
    expect(postgresMajor(imageOf('db'))).toBeGreaterThanOrEqual(16);
  });

  it('does keep the database cluster on a declared named volume when the db container is recreated', () => {
    const major = postgresMajor(imageOf('db'));
    // The official image keeps PGDATA in /var/lib/postgresql/data up to 17 and under /var/lib/postgresql from 18.
    const dataDir =
      environment('db').PGDATA ?? (major >= 18 ? '/var/lib/postgresql' : '/var/lib/postgresql/data');
    const volume = mountedNamedVolume('db', dataDir);

    expect(volume).toBeDefined();
    expect(declaredVolumes()).toContain(volume);
  });

  it('does start the app only when pg_isready reports the database healthy', () => {
    const test = list(mapping(service('db').healthcheck, 'services.db.healthcheck').test, 'healthcheck.test');
    const dependsOn = mapping(service('app').depends_on, 'services.app.depends_on');

    expect(test.map((part) => text(part, 'healthcheck.test')).join(' ')).toMatch(/\bpg_isready\b/);
    expect(mapping(dependsOn.db, 'depends_on.db').condition).toBe('service_healthy');
  });

  it('does keep DATA_DIR on a declared named volume when the app container is recreated', () => {
    const dataDir = environment('app').DATA_DIR ?? '';
    const volume = mountedNamedVolume('app', dataDir);

    expect(dataDir).toMatch(/^\//);
    expect(volume).toBeDefined();
    expect(declaredVolumes()).toContain(volume);
  });

  it('does point REDIS_URL at the redis service when several nodes share LiveQuery', () => {
    const redisUrl = new URL(environment('app').REDIS_URL ?? '');

    expect(redisUrl.protocol).toMatch(/^rediss?:$/);
    expect(redisUrl.hostname).toBe('redis');
    expect(imageOf(redisUrl.hostname)).toMatch(/^(?:docker\.io\/)?(?:library\/)?redis:/);
  });

  it('does keep SERVER_URL on loopback when the server calls itself with the master key', () => {
    const app = environment('app');
    const serverUrl = new URL(app.SERVER_URL ?? '');

    expect(['localhost', '127.0.0.1', '[::1]']).toContain(serverUrl.hostname);
    expect(serverUrl.port).toBe(app.PORT);
    expect(serverUrl.pathname).toBe('/parse');
  });

  it('does give the dashboard the app id and master key of the app when either is set', () => {
    const envs: Env[] = [
      SAMPLE_ENV,
      { ...SAMPLE_ENV, APP_ID: 'other-app', MASTER_KEY: 'another-master-key-0123456789' },
    ];
    for (const env of envs) {
      const app = environment('app', env);
      const dashboard = environment('dashboard', env);

      expect(dashboard.PARSE_DASHBOARD_APP_ID).toBe(app.APP_ID);
      expect(dashboard.PARSE_DASHBOARD_MASTER_KEY).toBe(app.MASTER_KEY);
    }
    expect(imageOf('dashboard')).toMatch(/^(?:docker\.io\/)?parseplatform\/parse-dashboard(?::|$)/);
  });

  it('does publish the dashboard on the host loopback only when it is started', () => {
    const ports = list(service('dashboard').ports, 'services.dashboard.ports').map((port) =>
      text(port, 'services.dashboard.ports'),
    );

    expect(ports).toEqual(['127.0.0.1:4040:4040']);
  });

  it('does require dashboard credentials when the dashboard is configured', () => {
    const dashboard = rawEnvironment('dashboard');

    expect(dashboard.PARSE_DASHBOARD_USER_ID).toMatch(/^\$\{\w+:\?[^}]*\}$/);
    expect(dashboard.PARSE_DASHBOARD_USER_PASSWORD).toMatch(/^\$\{\w+:\?[^}]*\}$/);
    expect(() => environment('dashboard', { ...SAMPLE_ENV, DASHBOARD_PASSWORD: '' })).toThrow();
  });

  it('does pass loadConfig when the app environment is interpolated with sample values', () => {
    const config = loadConfig(environment('app'), '/srv');

    expect(config.port).toBe(Number(environment('app').PORT));
    expect(config.masterKey).toBe(SAMPLE_ENV.MASTER_KEY);
    expect(new URL(config.databaseUri ?? '').hostname).toBe('db');
    expect(config.redisUrl).toBe('redis://redis:6379');
    expect(config.dataDir).toBe('/data');
  });
});
