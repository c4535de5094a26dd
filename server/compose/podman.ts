/**
 * docker-compose.yml run with plain podman commands: `up` (networks, volumes, builds, containers in
 * dependency order, `--scale`, the health checks and `depends_on` conditions) and `down`. podman-compose
 * 1.0 (Debian bookworm's) reads `--scale` but never applies it and starts dependents without waiting
 * for `service_healthy` or `service_completed_successfully`; FITSTREAK's file needs both.
 *
 * Every command has a deadline, and a failure is one sentence that names the container.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { loadCompose, startOrder, type ComposeProject, type Env, type Service } from './composeFile';

const run = promisify(execFile);

export const PROJECT_LABEL = 'com.docker.compose.project';
const SERVICE_LABEL = 'com.docker.compose.service';

export class ComposeError extends Error {}

export interface PodmanOptions {
  /** CONTAINERS_CONF and the like, on top of the process's environment. */
  env?: Record<string, string>;
  /** Written to as commands run (`$ podman …`) and while waiting. */
  log?: (line: string) => void;
}

export class Podman {
  constructor(private readonly options: PodmanOptions = {}) {}

  log(line: string): void {
    this.options.log?.(line);
  }

  /** One podman command; its standard output, trimmed. */
  async run(args: readonly string[], timeoutMs = 60_000): Promise<string> {
    try {
      const { stdout } = await run('podman', [...args], {
        env: { ...process.env, ...this.options.env },
        timeout: timeoutMs,
        killSignal: 'SIGKILL',
        maxBuffer: 64 * 1024 * 1024,
      });
      return stdout.trim();
    } catch (error) {
      const failure = error as { stderr?: string; killed?: boolean; code?: unknown; message: string };
      const reason = failure.killed
        ? `did not finish within ${Math.round(timeoutMs / 1000)} s`
        : ((failure.stderr ?? '').trim().split('\n').filter(Boolean).at(-1) ?? failure.message);
      throw new ComposeError(`podman ${args.slice(0, 2).join(' ')}: ${reason}`);
    }
  }

  /** Whether `podman exec` of the command in the container exits 0 within the timeout. */
  async succeeds(container: string, command: readonly string[], timeoutMs: number): Promise<boolean> {
    try {
      await this.run(['exec', container, ...command], timeoutMs);
      return true;
    } catch {
      return false;
    }
  }

  /** The container's last line of output, standard error included. */
  async lastLine(container: string): Promise<string> {
    try {
      const { stdout, stderr } = await run('podman', ['logs', '--tail', '5', container], {
        env: { ...process.env, ...this.options.env },
        timeout: 30_000,
      });
      return `${stdout}\n${stderr}`.split('\n').filter(Boolean).at(-1) ?? '';
    } catch {
      return '';
    }
  }

  async inspect(container: string, format: string): Promise<string> {
    return this.run(['container', 'inspect', '--format', format, container]);
  }
}

/** The first host address of a subnet: the gateway, where podman's aardvark-dns answers. */
export function gatewayOf(subnet: string | undefined): string {
  const base = subnet?.split('/')[0]?.split('.').map(Number);
  if (base?.length !== 4) throw new ComposeError('The default network has no IPv4 subnet.');
  return [...base.slice(0, 3), (base[3] ?? 0) + 1].join('.');
}

/**
 * The files as podman runs them: nginx asks aardvark-dns at the default network's gateway instead
 * of Docker's embedded DNS, unless NGINX_RESOLVER says otherwise.
 */
export function loadForPodman(files: readonly string[], env: Env): ComposeProject {
  const subnet = loadCompose(files, { ...env, NGINX_RESOLVER: 'unset' }).networks.default?.subnet;
  return loadCompose(files, { ...env, NGINX_RESOLVER: env.NGINX_RESOLVER ?? gatewayOf(subnet) });
}

/** `<project>_<service>_<n>`, as Compose names replicas (with its older separator). */
export function containerName(project: ComposeProject, service: Service, replica: number): string {
  return `${project.name}_${service.name}_${replica}`;
}

function replicasOf(service: Service, scale: Record<string, number>): number {
  return scale[service.name] ?? 1;
}

/** The `podman run` arguments of one replica. */
export function runArguments(project: ComposeProject, service: Service, replica: number): string[] {
  const args = [
    'run',
    '--detach',
    '--pull=never',
    '--name',
    containerName(project, service, replica),
    '--hostname',
    containerName(project, service, replica),
    '--label',
    `${PROJECT_LABEL}=${project.name}`,
    '--label',
    `${SERVICE_LABEL}=${service.name}`,
  ];
  for (const [network, { aliases, ipv4Address }] of Object.entries(service.networks)) {
    const podmanNetwork = project.networks[network]?.name;
    if (podmanNetwork === undefined) {
      throw new ComposeError(`services.${service.name}: no network "${network}".`);
    }
    const address = ipv4Address === undefined ? [] : [`ip=${ipv4Address}`];
    const options = [...address, ...aliases.map((alias) => `alias=${alias}`)];
    args.push('--network', `${podmanNetwork}:${options.join(',')}`);
  }
  for (const [key, value] of Object.entries(service.environment)) args.push('--env', `${key}=${value}`);
  for (const port of service.ports) {
    args.push(
      '--publish',
      [port.hostIp, port.published, port.target].filter((part) => part !== undefined).join(':'),
    );
  }
  for (const mount of service.mounts) {
    const source = mount.bind ? mount.source : `${project.name}_${mount.source}`;
    args.push('--volume', `${source}:${mount.target}${mount.readOnly ? ':ro' : ''}`);
  }
  if (service.init) args.push('--init');
  if (service.restart !== undefined && service.restart !== 'no') args.push('--restart', service.restart);
  if (service.stopGracePeriodSeconds !== undefined) {
    args.push('--stop-timeout', String(service.stopGracePeriodSeconds));
  }
  if (service.entrypoint !== undefined) args.push('--entrypoint', JSON.stringify(service.entrypoint));
  args.push(service.image, ...(service.command ?? []));
  return args;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until the service's health check passes in the container, as the engine would judge it. */
export async function waitHealthy(
  podman: Podman,
  container: string,
  service: Service,
  deadline: number,
): Promise<void> {
  const check = service.healthcheck;
  if (check === undefined) throw new ComposeError(`${container} has no health check to wait for.`);
  const intervalMs = Math.min(check.intervalMs, 2000);
  for (;;) {
    const state = await podman.inspect(container, '{{.State.Status}} {{.State.ExitCode}}');
    if (!state.startsWith('running')) {
      const last = await podman.lastLine(container);
      throw new ComposeError(
        `${container} stopped (${state}) before it was healthy${last ? `: ${last}` : ''}`,
      );
    }
    if (await podman.succeeds(container, check.command, check.timeoutMs)) return;
    if (Date.now() > deadline) {
      throw new ComposeError(`${container} was not healthy within the deadline.`);
    }
    await sleep(intervalMs);
  }
}

async function waitCompleted(podman: Podman, container: string, deadline: number): Promise<void> {
  const code = await podman.run(['wait', container], Math.max(1000, deadline - Date.now()));
  if (code !== '0') {
    throw new ComposeError(`${container} exited with ${code}: ${await podman.lastLine(container)}`);
  }
}

export interface UpOptions {
  scale?: Record<string, number>;
  /** How long a service may take to become healthy or finish, in ms. */
  timeoutMs?: number;
  /** Wait for every replica with a health check, as `docker compose up --wait`. */
  wait?: boolean;
}

/** Builds the images the file builds (`podman build -t <project>-<service> <context>`). */
export async function build(
  podman: Podman,
  project: ComposeProject,
  buildArgs: readonly string[] = [],
  timeoutMs = 30 * 60_000,
): Promise<void> {
  for (const service of Object.values(project.services)) {
    if (service.build === undefined) continue;
    podman.log(`building ${service.image} from ${path.relative(process.cwd(), service.build) || '.'}`);
    await podman.run(
      // Docker's image format: OCI's has no HEALTHCHECK, and the Dockerfile's would be dropped.
      [
        'build',
        '--format=docker',
        '--pull=never',
        '--network=host',
        ...buildArgs,
        '--tag',
        service.image,
        service.build,
      ],
      timeoutMs,
    );
  }
}

export async function up(podman: Podman, project: ComposeProject, options: UpOptions = {}): Promise<void> {
  const scale = options.scale ?? {};
  const timeoutMs = options.timeoutMs ?? 5 * 60_000;
  for (const network of Object.values(project.networks)) {
    if ((await podman.run(['network', 'ls', '--quiet', '--filter', `name=^${network.name}$`])) !== '')
      continue;
    await podman.run([
      'network',
      'create',
      '--label',
      `${PROJECT_LABEL}=${project.name}`,
      ...(network.subnet === undefined ? [] : ['--subnet', network.subnet]),
      network.name,
    ]);
  }
  for (const volume of project.volumes) {
    const name = `${project.name}_${volume}`;
    if ((await podman.run(['volume', 'ls', '--quiet', '--filter', `name=^${name}$`])) !== '') continue;
    await podman.run(['volume', 'create', '--label', `${PROJECT_LABEL}=${project.name}`, name]);
  }

  for (const service of startOrder(project)) {
    const deadline = Date.now() + timeoutMs;
    for (const [dependency, condition] of Object.entries(service.dependsOn)) {
      const needed = project.services[dependency];
      if (needed === undefined) continue;
      for (let replica = 1; replica <= replicasOf(needed, scale); replica += 1) {
        const container = containerName(project, needed, replica);
        if (condition === 'service_healthy') await waitHealthy(podman, container, needed, deadline);
        if (condition === 'service_completed_successfully') await waitCompleted(podman, container, deadline);
      }
    }
    for (let replica = 1; replica <= replicasOf(service, scale); replica += 1) {
      const container = containerName(project, service, replica);
      podman.log(`starting ${container}`);
      await podman.run(runArguments(project, service, replica), 120_000);
    }
  }

  if (options.wait) {
    const deadline = Date.now() + timeoutMs;
    await Promise.all(
      Object.values(project.services)
        .filter((service) => service.healthcheck !== undefined)
        .flatMap((service) =>
          Array.from({ length: replicasOf(service, scale) }, (_, index) =>
            waitHealthy(podman, containerName(project, service, index + 1), service, deadline),
          ),
        ),
    );
  }
}

/** The containers of a project, running or not. */
export async function containersOf(podman: Podman, projectName: string): Promise<string[]> {
  const names = await podman.run([
    'ps',
    '--all',
    '--filter',
    `label=${PROJECT_LABEL}=${projectName}`,
    '--format',
    '{{.Names}}',
  ]);
  return names.split('\n').filter(Boolean);
}

/** Stops and removes the project's containers and networks; with `volumes`, its volumes too. */
export async function down(podman: Podman, projectName: string, { volumes = false } = {}): Promise<void> {
  const containers = await containersOf(podman, projectName);
  if (containers.length > 0) {
    await podman.run(
      ['rm', '--force', '--time', '15', ...(volumes ? ['--volumes'] : []), ...containers],
      120_000,
    );
  }
  const networks = (
    await podman.run(['network', 'ls', '--quiet', '--filter', `label=${PROJECT_LABEL}=${projectName}`])
  )
    .split('\n')
    .filter(Boolean);
  if (networks.length > 0) await podman.run(['network', 'rm', '--force', ...networks]);
  if (volumes) {
    const named = (
      await podman.run(['volume', 'ls', '--quiet', '--filter', `label=${PROJECT_LABEL}=${projectName}`])
    )
      .split('\n')
      .filter(Boolean);
    if (named.length > 0) await podman.run(['volume', 'rm', '--force', ...named]);
  }
}
