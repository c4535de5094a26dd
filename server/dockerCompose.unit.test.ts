// @vitest-environment node
import { existsSync, readFileSync, statSync } from 'node:fs';
import { isIPv4 } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  fillTemplate,
  interpolate,
  mapping,
  readEnvironment,
  text,
  type Env,
  type Mapping,
} from './compose/composeFile';
import { CONFIG_VARIABLES, loadConfig } from './config';
import {
  directives,
  inForce,
  locationFor,
  parseNginxConfig,
  serverListeningOn,
  type NginxDirective,
} from './test/nginxConfig';

/** What an operator exports before `docker compose up`. */
const SAMPLE_ENV: Env = {
  MASTER_KEY: 'sample-master-key-0123456789abcdef',
  POSTGRES_PASSWORD: 'Sample-Passw0rd-9xQ',
  MINIO_ROOT_PASSWORD: 'sample-minio-secret',
  DASHBOARD_USER: 'admin',
  DASHBOARD_PASSWORD: 'dashboard-secret',
};

/** The same with every optional value set too. */
const OTHER_ENV: Env = {
  ...SAMPLE_ENV,
  APP_ID: 'other-app',
  MASTER_KEY: 'another-master-key-0123456789',
  MINIO_ROOT_USER: 'files-admin',
  PUBLIC_URL: 'https://fit.example.org',
};

const ROOT = new URL('../', import.meta.url);

function list(value: unknown, where: string): unknown[] {
  if (!Array.isArray(value)) throw new Error(`${where} is not a list.`);
  return value;
}

function texts(value: unknown, where: string): string[] {
  return list(value, where).map((entry, index) => text(entry, `${where}[${index}]`));
}

const compose = mapping(
  parse(readFileSync(new URL('docker-compose.yml', ROOT), 'utf8')),
  'docker-compose.yml',
);
const services = mapping(compose.services, 'services');

function service(name: string): Mapping {
  return mapping(services[name], `services.${name}`);
}

/** A service's environment as written (before interpolation). */
function rawEnvironment(name: string): Record<string, string> {
  return readEnvironment(service(name).environment, `services.${name}.environment`);
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

const isPath = (source: string) => source === '' || /^[./~]/.test(source);

function mountedNamedVolume(serviceName: string, target: string): string | undefined {
  const mount = volumeMounts(serviceName).find((candidate) => candidate.target === target);
  return mount && !isPath(mount.source) ? mount.source : undefined;
}

function imageOf(name: string): string {
  return text(service(name).image, `services.${name}.image`);
}

function postgresMajor(image: string): number {
  const match = /^(?:docker\.io\/)?(?:library\/)?postgres:(\d+)/.exec(image);
  return match ? Number(match[1]) : NaN;
}

/** `condition` of each service `name` depends on (the list form means service_started). */
function dependencies(name: string): Record<string, string> {
  const dependsOn = service(name).depends_on ?? {};
  if (Array.isArray(dependsOn)) {
    return Object.fromEntries(
      texts(dependsOn, `services.${name}.depends_on`).map((d) => [d, 'service_started']),
    );
  }
  return Object.fromEntries(
    Object.entries(mapping(dependsOn, `services.${name}.depends_on`)).map(([dependency, value]) => [
      dependency,
      text(mapping(value, `depends_on.${dependency}`).condition ?? 'service_started', 'condition'),
    ]),
  );
}

function healthcheckTest(name: string): string {
  const healthcheck = mapping(service(name).healthcheck, `services.${name}.healthcheck`);
  const test = healthcheck.test;
  return typeof test === 'string' ? test : texts(test, `services.${name}.healthcheck.test`).join(' ');
}

/** Published ports in the short syntax: `[host_ip:]published:target`. */
function publishedPorts(name: string): { hostIp: string; published: number; target: number }[] {
  return texts(service(name).ports ?? [], `services.${name}.ports`).map((entry) => {
    const parts = entry.split(':');
    const target = Number(parts.at(-1));
    const published = Number(parts.at(-2) ?? target);
    return { hostIp: parts.length === 3 ? (parts[0] ?? '') : '', published, target };
  });
}

/** Network name → the service's aliases there (the list form has none beyond the service name). */
function serviceNetworks(name: string): Record<string, string[]> {
  const networks = service(name).networks ?? ['default'];
  if (Array.isArray(networks)) {
    return Object.fromEntries(texts(networks, `services.${name}.networks`).map((network) => [network, []]));
  }
  return Object.fromEntries(
    Object.entries(mapping(networks, `services.${name}.networks`)).map(([network, value]) => [
      network,
      value === null
        ? []
        : texts(mapping(value, `networks.${network}`).aliases ?? [], `networks.${network}.aliases`),
    ]),
  );
}

function subnetOf(network: string): string {
  const ipam = mapping(
    mapping(mapping(compose.networks, 'networks')[network], network).ipam,
    `${network}.ipam`,
  );
  const [config] = list(ipam.config, `${network}.ipam.config`);
  return text(mapping(config, `${network}.ipam.config[0]`).subnet, `${network}.ipam.config[0].subnet`);
}

function ipv4Number(address: string): number {
  return address.split('.').reduce((total, part) => total * 256 + Number(part), 0);
}

/** Whether every address of the IPv4 range `inner` lies in the address or range `outer`. */
function rangeCovers(outer: string, inner: string): boolean {
  const [outerAddress = '', outerPrefix = '32'] = outer.split('/');
  const [innerAddress = '', innerPrefix = '32'] = inner.split('/');
  if (!isIPv4(outerAddress) || !isIPv4(innerAddress)) return false;
  if (Number(outerPrefix) > Number(innerPrefix)) return false;
  const size = 2 ** (32 - Number(outerPrefix));
  return Math.floor(ipv4Number(outerAddress) / size) === Math.floor(ipv4Number(innerAddress) / size);
}

function rangesOverlap(first: string, second: string): boolean {
  return rangeCovers(first, second) || rangeCovers(second, first);
}

/** The rows of the table headed `| Service |` in the "docker-compose" section of docs/operations.md. */
function documentedServices(): { name: string; image: string }[] {
  const doc = readFileSync(new URL('docs/operations.md', ROOT), 'utf8');
  const section = /^## docker-compose\n([\s\S]*?)(?=^## )/m.exec(doc)?.[1] ?? '';
  const lines = section.split('\n');
  const header = lines.findIndex((line) => /^\|\s*Service\s*\|/.test(line));
  const table = lines.slice(
    header + 2,
    lines.findIndex((line, index) => index > header && !line.startsWith('|')),
  );
  return table.map((line) => {
    const [, name = '', image = ''] = /^\|\s*`([\w-]+)`\s*\|([^|]*)\|/.exec(line) ?? [];
    return { name, image };
  });
}

/** What the Dockerfile's last stage copies from the build context (not from other stages). */
function runtimeCopies(): string[] {
  const dockerfile = readFileSync(new URL('Dockerfile', ROOT), 'utf8');
  const lastStage = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
  return [...lastStage.matchAll(/^COPY (?!--from)(.+)$/gm)].flatMap((match) => {
    const words = (match[1] ?? '').trim().split(/\s+/);
    return words.slice(0, -1).map((source) => source.replace(/^\.\//, '').replace(/\/$/, ''));
  });
}

/** Every file of the repository reached by relative imports (static, dynamic, type-only) from `entries`. */
function moduleGraph(entries: string[]): Set<string> {
  const root = fileURLToPath(ROOT);
  const seen = new Set<string>();
  const pending = [...entries];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    if (!file.endsWith('.ts')) continue;
    const { importedFiles } = ts.preProcessFile(readFileSync(path.join(root, file), 'utf8'), true, true);
    for (const { fileName } of importedFiles.filter((imported) => imported.fileName.startsWith('.'))) {
      const base = path.join(path.dirname(file), fileName);
      const resolved = [base, `${base}.ts`, path.join(base, 'index.ts')].find(
        (candidate) =>
          existsSync(path.join(root, candidate)) && !statSync(path.join(root, candidate)).isDirectory(),
      );
      if (resolved === undefined)
        throw new Error(`${file} imports ${fileName}, which is not in the repository.`);
      pending.push(resolved);
    }
  }
  return seen;
}

// The load balancer: the service that mounts an nginx configuration.
const proxyName =
  Object.keys(services).find((name) =>
    volumeMounts(name).some((mount) => mount.target.startsWith('/etc/nginx/')),
  ) ?? '';
const proxyConfigMount = proxyName
  ? volumeMounts(proxyName).find((mount) => mount.target.startsWith('/etc/nginx/'))
  : undefined;
const proxyConfigFile = new URL(proxyConfigMount?.source.replace(/^\.\//, '') ?? '', ROOT);
// A template (templates/*.template) is filled from the proxy's environment as the image does at start.
const nginx = existsSync(proxyConfigFile)
  ? parseNginxConfig(
      proxyConfigMount?.target.endsWith('.template')
        ? fillTemplate(readFileSync(proxyConfigFile, 'utf8'), environment(proxyName))
        : readFileSync(proxyConfigFile, 'utf8'),
    )
  : [];

/** The directives a request for `path` meets on the proxy's `port`: location, then server, then http. */
function levelsFor(port: number, path: string): NginxDirective[][] {
  const server = serverListeningOn(nginx, port);
  return [locationFor(server, path).block ?? [], server.block ?? [], nginx];
}

/** The `server` entries of the upstream that a request for `path` on `port` is passed to. */
function upstreamServers(port: number, path: string): string[][] {
  const [proxyPass] = inForce(levelsFor(port, path), 'proxy_pass');
  const name = /^http:\/\/([\w-]+)$/.exec(proxyPass?.args[0] ?? '')?.[1];
  const upstream = directives(nginx, 'upstream').find((candidate) => candidate.args[0] === name);
  if (!upstream) throw new Error(`${path} on port ${port} is not passed to an upstream of this file.`);
  return directives(upstream.block ?? [], 'server').map((server) => server.args);
}

/** The app network on which `alias` names the app's replicas, if only there. */
function appNetworkOfAlias(alias: string): string | undefined {
  const networks = Object.entries(serviceNetworks('app')).filter(([, aliases]) => aliases.includes(alias));
  return networks.length === 1 ? networks[0]?.[0] : undefined;
}

const proxyPorts = proxyName ? publishedPorts(proxyName) : [];
const publicPort = proxyPorts.find((port) => port.hostIp === '');
const adminPort = proxyPorts.find((port) => port.hostIp === '127.0.0.1');

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
        'MASTER_KEY_IPS',
        'APP_ID',
        'SERVER_URL',
        'PUBLIC_URL',
        'DATA_DIR',
        'REDIS_URL',
        'S3_BUCKET',
        'S3_ENDPOINT',
        'S3_REGION',
        'S3_ACCESS_KEY_ID',
        'S3_SECRET_ACCESS_KEY',
        'S3_FORCE_PATH_STYLE',
      ]),
    );
  });

  it('does pass loadConfig when the app environment is interpolated with sample values', () => {
    for (const env of [SAMPLE_ENV, OTHER_ENV]) {
      const app = environment('app', env);
      const config = loadConfig(app, '/srv');

      expect(config.port).toBe(Number(app.PORT));
      expect(config.masterKey).toBe(env.MASTER_KEY);
      expect(new URL(config.databaseUri ?? '').hostname).toBe('postgres');
      expect(config.redisUrl).toBe('redis://redis:6379');
      expect(config.dataDir).toBe('/data');
      expect(config.s3).toEqual({
        bucket: app.S3_BUCKET,
        endpoint: 'http://minio:9000',
        region: app.S3_REGION,
        credentials: {
          accessKeyId: env.MINIO_ROOT_USER ?? 'fitstreak',
          secretAccessKey: env.MINIO_ROOT_PASSWORD,
        },
        forcePathStyle: true,
      });
    }
  });

  it('does refuse to interpolate when a secret the operator must choose is not set', () => {
    const required: [string, string][] = [
      ['app', 'MASTER_KEY'],
      ['app', 'POSTGRES_PASSWORD'],
      ['app', 'MINIO_ROOT_PASSWORD'],
      ['postgres', 'POSTGRES_PASSWORD'],
      ['minio', 'MINIO_ROOT_PASSWORD'],
      ['minio-init', 'MINIO_ROOT_PASSWORD'],
      ['dashboard', 'MASTER_KEY'],
      ['dashboard', 'DASHBOARD_USER'],
      ['dashboard', 'DASHBOARD_PASSWORD'],
    ];
    for (const [name, variable] of required) {
      const message = new RegExp(variable);
      expect(() => environment(name, { ...SAMPLE_ENV, [variable]: undefined })).toThrow(message);
      expect(() => environment(name, { ...SAMPLE_ENV, [variable]: '' })).toThrow(message);
    }
  });

  it('does point DATABASE_URI at the postgres service when the app connects', () => {
    const postgres = environment('postgres');
    const uri = new URL(environment('app').DATABASE_URI ?? '');

    expect(uri.hostname).toBe('postgres');
    expect(uri.protocol).toMatch(/^postgres(ql)?:$/);
    expect(uri.port || '5432').toBe(postgres.PGPORT ?? '5432');
    expect(decodeURIComponent(uri.username)).toBe(postgres.POSTGRES_USER ?? 'postgres');
    expect(decodeURIComponent(uri.password)).toBe(postgres.POSTGRES_PASSWORD);
    expect(uri.pathname).toBe(`/${postgres.POSTGRES_DB ?? postgres.POSTGRES_USER ?? 'postgres'}`);
  });

  it('does run PostgreSQL 16 or newer when the postgres image is pulled', () => {
    expect(postgresMajor(imageOf('postgres'))).toBeGreaterThanOrEqual(16);
  });

  it('does keep the database cluster on a declared named volume when the postgres container is recreated', () => {
    const major = postgresMajor(imageOf('postgres'));
    // The official image keeps PGDATA in /var/lib/postgresql/data up to 17 and under /var/lib/postgresql from 18.
    const dataDir =
      environment('postgres').PGDATA ?? (major >= 18 ? '/var/lib/postgresql' : '/var/lib/postgresql/data');
    const volume = mountedNamedVolume('postgres', dataDir);

    expect(volume).toBeDefined();
    expect(declaredVolumes()).toContain(volume);
  });

  it('does start the app only when every engine it names reports healthy', () => {
    const app = environment('app');
    const engines = [app.DATABASE_URI, app.REDIS_URL, app.S3_ENDPOINT].map(
      (url) => new URL(url ?? '').hostname,
    );
    const checks: Record<string, RegExp> = {
      postgres: /\bpg_isready\b/,
      redis: /\bredis-cli\b.*\bping\b/,
      minio: /\bmc ready local\b|\/minio\/health\//,
    };

    expect(engines).toEqual(['postgres', 'redis', 'minio']);
    for (const engine of engines) {
      expect(healthcheckTest(engine)).toMatch(checks[engine] ?? /.^/);
      expect(dependencies('app')[engine]).toBe('service_healthy');
    }
  });

  it('does create the bucket before the app starts when MinIO is up', () => {
    const app = environment('app');
    const init = service('minio-init');
    const command = [...texts(init.entrypoint ?? [], 'entrypoint'), ...texts(init.command, 'command')].join(
      ' ',
    );

    expect(imageOf('minio')).toMatch(/^quay\.io\/minio\/minio:RELEASE\./);
    expect(command).toMatch(new RegExp(`\\bmc mb --ignore-existing \\w+/${app.S3_BUCKET}$`));
    expect(command).toContain('http://minio:9000');
    expect(dependencies('minio-init').minio).toBe('service_healthy');
    expect(dependencies('app')['minio-init']).toBe('service_completed_successfully');
    expect(init.restart ?? 'no').toBe('no');
  });

  it("does give the app MinIO's credentials and path-style addressing when files go to the bucket", () => {
    for (const env of [SAMPLE_ENV, OTHER_ENV]) {
      const app = environment('app', env);
      const minio = environment('minio', env);
      const init = environment('minio-init', env);

      expect(new URL(app.S3_ENDPOINT ?? '').hostname).toBe('minio');
      expect(app.S3_ACCESS_KEY_ID).toBe(minio.MINIO_ROOT_USER);
      expect(app.S3_SECRET_ACCESS_KEY).toBe(minio.MINIO_ROOT_PASSWORD);
      expect(init).toEqual({
        MINIO_ROOT_USER: minio.MINIO_ROOT_USER,
        MINIO_ROOT_PASSWORD: minio.MINIO_ROOT_PASSWORD,
      });
      expect(app.S3_FORCE_PATH_STYLE).toBe('true');
    }
    expect(mountedNamedVolume('minio', '/data')).toBeDefined();
    expect(declaredVolumes()).toContain(mountedNamedVolume('minio', '/data'));
  });

  it('does let the app scale when `--scale app=N` starts several replicas', () => {
    const app = service('app');

    expect(app.container_name).toBeUndefined();
    expect(app.ports).toBeUndefined();
    expect(app.build).toBeDefined();
  });

  it('does give each replica its own DATA_DIR and keeps files in the bucket, not on a replica', () => {
    const dataDir = environment('app').DATA_DIR ?? '';
    const dockerfile = readFileSync(new URL('Dockerfile', ROOT), 'utf8');

    expect(dataDir).toMatch(/^\//);
    // A named volume at DATA_DIR would be shared: nodes starting together race to write secrets.json.
    expect(mountedNamedVolume('app', dataDir)).toBeUndefined();
    expect(dockerfile).toMatch(new RegExp(`^VOLUME \\["${dataDir}"\\]$`, 'm'));
    expect(mountedNamedVolume('app', `${dataDir}/files`)).toBeUndefined();
    expect(environment('app').S3_BUCKET).toBeTruthy();
  });

  it('does copy into the image every file of the repository that the server’s modules import', () => {
    const copied = runtimeCopies();
    const missing = [
      ...moduleGraph([
        'server/main.ts',
        'cloud/main.ts',
        ...copied.filter((source) => source.startsWith('scripts/')),
      ]),
    ].filter((file) => !copied.some((source) => file === source || file.startsWith(`${source}/`)));

    expect(copied).toContain('server');
    expect(missing).toEqual([]);
  });

  it('does check /healthz on the app port when Docker asks whether a replica is healthy', () => {
    const app = environment('app');

    expect(healthcheckTest('app')).toContain(`http://127.0.0.1:${app.PORT}/healthz`);
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
    for (const env of [SAMPLE_ENV, OTHER_ENV]) {
      const app = environment('app', env);
      const dashboard = environment('dashboard', env);

      expect(dashboard.PARSE_DASHBOARD_APP_ID).toBe(app.APP_ID);
      expect(dashboard.PARSE_DASHBOARD_MASTER_KEY).toBe(app.MASTER_KEY);
    }
    expect(imageOf('dashboard')).toMatch(/^(?:docker\.io\/)?parseplatform\/parse-dashboard(?::|$)/);
  });

  it('does publish only the public port on all interfaces when the stack is up', () => {
    const published = Object.keys(services).flatMap((name) =>
      publishedPorts(name).map((port) => ({ name, ...port })),
    );

    expect(published.filter((port) => port.hostIp !== '127.0.0.1')).toEqual([
      { name: proxyName, hostIp: '', published: 1337, target: publicPort?.target },
    ]);
    expect(new URL(environment('app').PUBLIC_URL ?? '').port).toBe(String(publicPort?.published));
  });

  it('does keep the proxy off internal networks when its ports are published', () => {
    // Docker publishes no ports for a container created on an internal network, and Compose may pick any of them.
    const declared = mapping(compose.networks ?? {}, 'networks');
    const internal = Object.keys(serviceNetworks(proxyName)).filter(
      (network) => mapping(declared[network] ?? {}, `networks.${network}`).internal === true,
    );

    expect(internal).toEqual([]);
  });

  it('does serve the dashboard on the host loopback, behind credentials, when an operator opens it', () => {
    const dashboard = rawEnvironment('dashboard');
    const serverUrl = new URL(environment('dashboard').PARSE_DASHBOARD_SERVER_URL ?? '');

    expect(service('dashboard').ports).toBeUndefined();
    expect(adminPort).toBeDefined();
    expect(serverUrl.origin).toBe(`http://localhost:${adminPort?.published}`);
    expect(serverUrl.pathname).toBe('/parse');
    expect(upstreamServers(adminPort?.target ?? 0, '/')).toEqual([['dashboard:4040', 'resolve']]);
    expect(dashboard.PARSE_DASHBOARD_USER_ID).toMatch(/^\$\{\w+:\?[^}]*\}$/);
    expect(dashboard.PARSE_DASHBOARD_USER_PASSWORD).toMatch(/^\$\{\w+:\?[^}]*\}$/);
  });

  it("does accept the master key from the proxy's admin address only, never from the public path", () => {
    const masterKeyIps = (environment('app').MASTER_KEY_IPS ?? '').split(',');
    const trustedProxies = (environment('app').TRUST_PROXY ?? '').split(',');
    const reaches = (port: number) => {
      const [server = []] = upstreamServers(port, '/parse/classes/Meal');
      const [host = '', appPort] = (server[0] ?? '').split(':');
      expect(appPort).toBe(environment('app').PORT);
      return appNetworkOfAlias(host) ?? `no network of app has only the alias ${host}`;
    };
    const publicNetwork = reaches(publicPort?.target ?? 0);
    const adminNetwork = reaches(adminPort?.target ?? 0);
    const proxyAddress = (network: string) =>
      text(
        mapping(mapping(service(proxyName).networks, 'proxy networks')[network], network).ipv4_address,
        `services.${proxyName}.networks.${network}.ipv4_address`,
      );
    const gateway = (network: string) => ipv4Number(subnetOf(network).split('/')[0] ?? '') + 1;

    expect(Object.keys(serviceNetworks(proxyName)).sort()).toEqual([adminNetwork, publicNetwork].sort());
    expect(masterKeyIps.filter((entry) => !['127.0.0.1', '::1'].includes(entry))).toEqual([
      proxyAddress(adminNetwork),
    ]);
    expect(masterKeyIps).toEqual(expect.arrayContaining(['127.0.0.1', '::1']));
    expect(masterKeyIps.some((range) => rangesOverlap(range, subnetOf(publicNetwork)))).toBe(false);
    expect(trustedProxies.filter((entry) => entry !== 'loopback')).toEqual([proxyAddress(publicNetwork)]);
    for (const network of [adminNetwork, publicNetwork]) {
      expect(rangeCovers(subnetOf(network), proxyAddress(network))).toBe(true);
      // The gateway, through which the host's own connections to a published port may arrive.
      expect(ipv4Number(proxyAddress(network))).not.toBe(gateway(network));
    }
  });
});

describe('the load balancer', () => {
  it('does exist as a mounted nginx configuration when the proxy service starts', () => {
    expect(proxyName).not.toBe('');
    expect(existsSync(proxyConfigFile)).toBe(true);
    expect(nginx.length).toBeGreaterThan(0);
  });

  it('does run an nginx that re-resolves upstream names when the image is pulled', () => {
    // `server … resolve` in an upstream is part of open-source nginx from 1.27.3.
    const [major = 0, minor = 0] = (/^nginx:(\d+)\.(\d+)/.exec(imageOf(proxyName)) ?? [])
      .slice(1)
      .map(Number);

    expect(major * 1000 + minor).toBeGreaterThanOrEqual(1028);
    // Docker's embedded DNS unless the operator names another (podman: the network's gateway).
    expect(directives(nginx, 'resolver').map((resolver) => resolver.args[0])).toEqual(['127.0.0.11']);
  });

  it('does pass /parse with WebSocket upgrade headers to every app replica when LiveQuery connects', () => {
    const port = publicPort?.target ?? 0;
    for (const path of ['/parse', '/parse/classes/ChatMessage']) {
      const levels = levelsFor(port, path);
      const headers = inForce(levels, 'proxy_set_header').map((header) => header.args.join(' '));
      const [server = [], ...others] = upstreamServers(port, path);

      expect(inForce(levels, 'proxy_http_version').map((version) => version.args)).toEqual([['1.1']]);
      expect(headers).toEqual(
        expect.arrayContaining([
          'Upgrade $http_upgrade',
          'Connection $connection_upgrade',
          'X-Forwarded-For $remote_addr',
        ]),
      );
      // One name that Docker's DNS answers with every replica's address, looked up again while running.
      expect(others).toEqual([]);
      expect(server).toContain('resolve');
      expect(appNetworkOfAlias((server[0] ?? '').split(':')[0] ?? '')).toBeDefined();
    }
    const upgradeMap = directives(nginx, 'map').find((map) => map.args[1] === '$connection_upgrade');
    expect(upgradeMap?.args[0]).toBe('$http_upgrade');
    expect(upgradeMap?.block?.map((entry) => [entry.name, ...entry.args])).toContainEqual([
      'default',
      'upgrade',
    ]);
  });

  it("does pass the app's security headers on unchanged and add none of its own when a page is proxied", () => {
    const port = publicPort?.target ?? 0;
    for (const path of ['/', '/parse']) {
      const levels = levelsFor(port, path);

      // An add_header at any level would send a second copy of a header the app sets, or a contradicting one.
      expect(inForce(levels, 'add_header'), path).toEqual([]);
      expect(inForce(levels, 'proxy_hide_header'), path).toEqual([]);
    }
  });

  it('does send the SPA and /config.json to the app when the public port is opened', () => {
    const port = publicPort?.target ?? 0;

    expect(upstreamServers(port, '/')).toEqual(upstreamServers(port, '/parse'));
    expect(upstreamServers(port, '/config.json')).toEqual(upstreamServers(port, '/parse'));
  });
});

describe('docs/operations.md', () => {
  it('does name every service of docker-compose.yml, with its image, when it lists them', () => {
    const documented = documentedServices();

    expect(documented.map((row) => row.name).sort()).toEqual(Object.keys(services).sort());
    for (const row of documented) {
      const image = service(row.name).image;
      if (image !== undefined) expect(row.image).toContain(`\`${text(image, 'image')}\``);
    }
  });
});
