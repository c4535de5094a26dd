/**
 * docker-compose.yml read as Compose reads it, for the podman runner (podman.ts) and the file's
 * unit test: interpolation of ${VARIABLES}, override files merged over it, and the parts of the
 * service model FITSTREAK's file uses. A feature outside those parts is refused with its name
 * rather than ignored.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

export type Env = Record<string, string | undefined>;
export type Mapping = Record<string, unknown>;

/** Compose interpolation: $$, $VAR, ${VAR}, ${VAR:-default}, ${VAR-default}, ${VAR:?error}, ${VAR?error}. */
export function interpolate(value: string, env: Env): string {
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

/** What the official nginx image does to /etc/nginx/templates/*.template: ${NAME} of set variables only. */
export function fillTemplate(template: string, env: Env): string {
  return template.replace(/\$\{([A-Za-z_]\w*)\}/g, (match, name: string) => env[name] ?? match);
}

export type Condition = 'service_started' | 'service_healthy' | 'service_completed_successfully';

export interface HealthCheck {
  /** The command, already in exec form (CMD-SHELL becomes `/bin/sh -c …`). */
  command: string[];
  intervalMs: number;
  timeoutMs: number;
  retries: number;
  startPeriodMs: number;
}

export interface Mount {
  /** An absolute host path for a bind mount, else a named volume of the file. */
  source: string;
  target: string;
  readOnly: boolean;
  bind: boolean;
}

export interface Port {
  hostIp: string | undefined;
  published: number;
  target: number;
}

export interface Service {
  name: string;
  /** The image to run; for a service that is built, the name the build is tagged with. */
  image: string;
  /** The build context, absolute, when the file builds the image. */
  build: string | undefined;
  command: string[] | undefined;
  entrypoint: string[] | undefined;
  environment: Record<string, string>;
  ports: Port[];
  mounts: Mount[];
  /** The networks the service joins, each with its aliases (the service's name among them). */
  networks: Record<string, { aliases: string[]; ipv4Address: string | undefined }>;
  dependsOn: Record<string, Condition>;
  healthcheck: HealthCheck | undefined;
  init: boolean;
  restart: string | undefined;
  stopGracePeriodSeconds: number | undefined;
}

export interface Network {
  name: string;
  subnet: string | undefined;
}

export interface ComposeProject {
  name: string;
  directory: string;
  services: Record<string, Service>;
  networks: Record<string, Network>;
  volumes: string[];
}

export function mapping(value: unknown, where: string): Mapping {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Error(`${where} is not a mapping.`);
  }
  return value as Mapping;
}

export function text(value: unknown, where: string): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  throw new Error(`${where} is not a scalar.`);
}

function texts(value: unknown, where: string): string[] {
  if (!Array.isArray(value)) throw new Error(`${where} is not a list (write it in exec form).`);
  return value.map((entry, index) => text(entry, `${where}[${index}]`));
}

/** Every string of a parsed file, interpolated, as Compose does before it reads the model. */
function interpolateTree(value: unknown, env: Env): unknown {
  if (typeof value === 'string') return interpolate(value, env);
  if (Array.isArray(value)) return value.map((entry) => interpolateTree(entry, env));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([key, entry]) => [key, interpolateTree(entry, env)]),
    );
  }
  return value;
}

/** An override merged over a file: mappings key by key, anything else replaced. */
export function mergeOver(base: unknown, override: unknown): unknown {
  if (
    typeof base === 'object' &&
    base !== null &&
    !Array.isArray(base) &&
    typeof override === 'object' &&
    override !== null &&
    !Array.isArray(override)
  ) {
    const merged: Mapping = { ...(base as Mapping) };
    for (const [key, value] of Object.entries(override)) merged[key] = mergeOver(merged[key], value);
    return merged;
  }
  return override === undefined ? base : override;
}

/** Compose durations: 10s, 1m30s, 500ms, 90 (seconds). */
export function durationMs(value: unknown, where: string): number {
  const written = text(value, where);
  if (/^\d+$/.test(written)) return Number(written) * 1000;
  const units: Record<string, number> = { h: 3_600_000, m: 60_000, s: 1000, ms: 1, us: 0.001 };
  let total = 0;
  const rest = written.replace(/(\d+(?:\.\d+)?)(ms|us|h|m|s)/g, (_match, amount: string, unit: string) => {
    total += Number(amount) * (units[unit] ?? 0);
    return '';
  });
  if (rest !== '' || written === '') throw new Error(`${where}: "${written}" is not a duration.`);
  return total;
}

/** A service's environment as written, from the mapping or the list form. */
export function readEnvironment(value: unknown, where: string): Record<string, string> {
  if (value === undefined) return {};
  if (Array.isArray(value)) {
    return Object.fromEntries(
      value.map((entry, index) => {
        const line = text(entry, `${where}[${index}]`);
        const equals = line.indexOf('=');
        return equals < 0 ? [line, ''] : [line.slice(0, equals), line.slice(equals + 1)];
      }),
    );
  }
  return Object.fromEntries(
    Object.entries(mapping(value, where)).map(([key, entry]) => [
      key,
      entry === null ? '' : text(entry, `${where}.${key}`),
    ]),
  );
}

function readHealthcheck(value: unknown, where: string): HealthCheck | undefined {
  if (value === undefined) return undefined;
  const check = mapping(value, where);
  const test = check.test;
  let command: string[];
  if (typeof test === 'string') {
    command = ['/bin/sh', '-c', test];
  } else {
    const [kind, ...rest] = texts(test, `${where}.test`);
    if (kind === 'NONE') return undefined;
    if (kind === 'CMD') command = rest;
    else if (kind === 'CMD-SHELL') command = ['/bin/sh', '-c', rest.join(' ')];
    else throw new Error(`${where}.test: "${kind}" is neither CMD, CMD-SHELL nor NONE.`);
  }
  return {
    command,
    intervalMs: check.interval === undefined ? 30_000 : durationMs(check.interval, `${where}.interval`),
    timeoutMs: check.timeout === undefined ? 30_000 : durationMs(check.timeout, `${where}.timeout`),
    retries: check.retries === undefined ? 3 : Number(text(check.retries, `${where}.retries`)),
    startPeriodMs:
      check.start_period === undefined ? 0 : durationMs(check.start_period, `${where}.start_period`),
  };
}

function readMounts(value: unknown, where: string, directory: string): Mount[] {
  if (value === undefined) return [];
  return (Array.isArray(value) ? value : [value]).map((entry, index) => {
    const [source = '', target = '', mode = 'rw'] = text(entry, `${where}[${index}]`).split(':');
    const bind = source.startsWith('.') || source.startsWith('/');
    return {
      source: bind ? path.resolve(directory, source) : source,
      target,
      readOnly: mode.split(',').includes('ro'),
      bind,
    };
  });
}

function readPorts(value: unknown, where: string): Port[] {
  if (value === undefined) return [];
  return texts(value, where).map((entry) => {
    const parts = entry.split(':');
    const [hostIp, published, target] =
      parts.length === 3
        ? parts
        : parts.length === 2
          ? [undefined, ...parts]
          : [undefined, parts[0], parts[0]];
    if (!/^\d+$/.test(published ?? '') || !/^\d+$/.test(target ?? '')) {
      throw new Error(`${where}: "${entry}" is not host-ip:published:target.`);
    }
    return { hostIp, published: Number(published), target: Number(target) };
  });
}

function readNetworks(value: unknown, where: string, name: string): Service['networks'] {
  if (value === undefined) return { default: { aliases: [name], ipv4Address: undefined } };
  if (Array.isArray(value)) {
    return Object.fromEntries(
      texts(value, where).map((network) => [network, { aliases: [name], ipv4Address: undefined }]),
    );
  }
  return Object.fromEntries(
    Object.entries(mapping(value, where)).map(([network, settings]) => {
      const written =
        settings === null || settings === undefined ? {} : mapping(settings, `${where}.${network}`);
      const aliases = texts(written.aliases ?? [], `${where}.${network}.aliases`);
      const address = written.ipv4_address;
      return [
        network,
        {
          aliases: [name, ...aliases],
          ipv4Address: address === undefined ? undefined : text(address, `${where}.${network}.ipv4_address`),
        },
      ];
    }),
  );
}

function readDependencies(value: unknown, where: string): Record<string, Condition> {
  if (value === undefined) return {};
  if (Array.isArray(value)) {
    return Object.fromEntries(texts(value, where).map((name) => [name, 'service_started' as const]));
  }
  return Object.fromEntries(
    Object.entries(mapping(value, where)).map(([name, settings]) => {
      const condition = text(mapping(settings, `${where}.${name}`).condition ?? 'service_started', where);
      if (!['service_started', 'service_healthy', 'service_completed_successfully'].includes(condition)) {
        throw new Error(`${where}.${name}.condition: "${condition}" is not a Compose condition.`);
      }
      return [name, condition as Condition];
    }),
  );
}

const KNOWN_SERVICE_KEYS = new Set([
  'image',
  'build',
  'command',
  'entrypoint',
  'environment',
  'ports',
  'volumes',
  'networks',
  'depends_on',
  'healthcheck',
  'init',
  'restart',
  'stop_grace_period',
]);

function readService(name: string, value: unknown, projectName: string, directory: string): Service {
  const where = `services.${name}`;
  const service = mapping(value, where);
  const unknown = Object.keys(service).filter((key) => !KNOWN_SERVICE_KEYS.has(key));
  if (unknown.length > 0) throw new Error(`${where}: ${unknown.join(', ')} is not supported by this runner.`);
  const build =
    service.build === undefined ? undefined : path.resolve(directory, text(service.build, `${where}.build`));
  const image =
    service.image === undefined ? `${projectName}-${name}` : text(service.image, `${where}.image`);
  return {
    name,
    image,
    build,
    command: service.command === undefined ? undefined : texts(service.command, `${where}.command`),
    entrypoint:
      service.entrypoint === undefined ? undefined : texts(service.entrypoint, `${where}.entrypoint`),
    environment: readEnvironment(service.environment, `${where}.environment`),
    ports: readPorts(service.ports, `${where}.ports`),
    mounts: readMounts(service.volumes, `${where}.volumes`, directory),
    networks: readNetworks(service.networks, `${where}.networks`, name),
    dependsOn: readDependencies(service.depends_on, `${where}.depends_on`),
    healthcheck: readHealthcheck(service.healthcheck, `${where}.healthcheck`),
    init: service.init === true,
    restart: service.restart === undefined ? undefined : text(service.restart, `${where}.restart`),
    stopGracePeriodSeconds:
      service.stop_grace_period === undefined
        ? undefined
        : Math.ceil(durationMs(service.stop_grace_period, `${where}.stop_grace_period`) / 1000),
  };
}

/** The project's name: the file's `name`, else its folder's, as Compose names it. */
export function projectName(file: string): string {
  const written = mapping(parse(readFileSync(file, 'utf8')), file).name;
  return typeof written === 'string' ? written : path.basename(path.dirname(path.resolve(file)));
}

/** The files (the first, then overrides merged over it in order), interpolated with `env`. */
export function loadCompose(files: readonly string[], env: Env): ComposeProject {
  const [first] = files;
  if (first === undefined) throw new Error('No compose file given.');
  const directory = path.dirname(path.resolve(first));
  const merged = mapping(
    interpolateTree(files.map((file) => parse(readFileSync(file, 'utf8')) as unknown).reduce(mergeOver), env),
    files.join(' + '),
  );
  const name = text(merged.name ?? path.basename(directory), 'name');
  const services = Object.fromEntries(
    Object.entries(mapping(merged.services, 'services')).map(([serviceName, value]) => [
      serviceName,
      readService(serviceName, value, name, directory),
    ]),
  );
  const declared = merged.networks === undefined ? {} : mapping(merged.networks, 'networks');
  const networks: Record<string, Network> = {};
  for (const networkName of new Set(['default', ...Object.keys(declared)])) {
    const settings =
      declared[networkName] === undefined || declared[networkName] === null
        ? {}
        : mapping(declared[networkName], `networks.${networkName}`);
    const config =
      settings.ipam === undefined ? [] : mapping(settings.ipam, `networks.${networkName}.ipam`).config;
    const [first]: unknown[] = Array.isArray(config) ? (config as unknown[]) : [];
    networks[networkName] = {
      name: `${name}_${networkName}`,
      subnet: first === undefined ? undefined : text(mapping(first, 'ipam.config[0]').subnet, 'subnet'),
    };
  }
  const volumes = merged.volumes === undefined ? [] : Object.keys(mapping(merged.volumes, 'volumes'));
  return { name, directory, services, networks, volumes };
}

/** The services in an order that starts each after what it depends on. */
export function startOrder(project: ComposeProject): Service[] {
  const ordered: Service[] = [];
  const visiting = new Set<string>();
  const visit = (name: string): void => {
    if (ordered.some((service) => service.name === name)) return;
    if (visiting.has(name)) throw new Error(`services.${name}: depends_on forms a cycle.`);
    const service = project.services[name];
    if (service === undefined) throw new Error(`A service depends on "${name}", which the file lacks.`);
    visiting.add(name);
    for (const dependency of Object.keys(service.dependsOn)) visit(dependency);
    visiting.delete(name);
    ordered.push(service);
  };
  for (const name of Object.keys(project.services)) visit(name);
  return ordered;
}
