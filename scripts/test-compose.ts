/**
 * npm run test:compose: docker-compose.yml run for real with podman. Builds the stand-in base images
 * (deploy/test-images/build.sh) and the app's image from the Dockerfile, brings the stack up with
 * three app replicas, runs server/compose/stack.compose.test.ts against it through nginx, and tears
 * everything down. A step that cannot run here ends the run with one line on stderr and exit code 1;
 * every step has a deadline.
 *
 *   COMPOSE_COLD_BUILD=1   build the app image without the layer cache (as a fresh machine does)
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ComposeProject } from '../server/compose/composeFile';
import {
  build,
  ComposeError,
  containersOf,
  down,
  loadForPodman,
  Podman,
  PROJECT_LABEL,
  up,
} from '../server/compose/podman';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const images = path.join(root, 'deploy/test-images');
const CONTAINERS_CONF = process.env.CONTAINERS_CONF ?? path.join(images, 'containers.conf');
const WHOLE_RUN_MS = 60 * 60_000;
const REPLICAS = 3;

const secret = (bytes: number) => randomBytes(bytes).toString('base64url');

/** A command with inherited output, killed at its deadline. */
function step(command: string, args: string[], env: NodeJS.ProcessEnv, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env, stdio: 'inherit' });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new ComposeError(`${command} could not start: ${error.message}`));
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else if (signal === 'SIGKILL')
        reject(new ComposeError(`${command} did not finish within ${timeoutMs / 60_000} min.`));
      else
        reject(
          new ComposeError(
            `${path.basename(command)} ${args.at(0) ?? ''} failed (exit code ${code ?? signal}).`,
          ),
        );
    });
  });
}

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await work();
  return [result, (performance.now() - started) / 1000];
}

/** The host's certificate authorities, lent to the build's RUN steps as build.sh lends them. */
function trustArguments(): string[] {
  const bundle = '/etc/ssl/certs/ca-certificates.crt';
  if (!existsSync(bundle)) return [];
  const npmrc = path.join(root, '.test-data/compose/npmrc');
  mkdirSync(path.dirname(npmrc), { recursive: true });
  writeFileSync(npmrc, 'cafile=/etc/ssl/host-ca-certificates.crt\n');
  return [
    '--volume',
    `${bundle}:/etc/ssl/host-ca-certificates.crt:ro`,
    '--volume',
    `${npmrc}:/usr/local/etc/npmrc:ro`,
  ];
}

async function leftovers(podman: Podman, project: ComposeProject): Promise<string[]> {
  const filter = ['--filter', `label=${PROJECT_LABEL}=${project.name}`];
  const [containers, networks, volumes] = await Promise.all([
    containersOf(podman, project.name),
    podman.run(['network', 'ls', '--quiet', ...filter]),
    podman.run(['volume', 'ls', '--quiet', ...filter]),
  ]);
  return [...containers, ...networks.split('\n'), ...volumes.split('\n')].filter(Boolean);
}

async function main(): Promise<void> {
  const watchdog = setTimeout(() => {
    console.error(`test:compose: the run did not finish within ${WHOLE_RUN_MS / 60_000} minutes.`);
    process.exit(1);
  }, WHOLE_RUN_MS);
  watchdog.unref();

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    CONTAINERS_CONF,
    MASTER_KEY: secret(24),
    POSTGRES_PASSWORD: secret(18),
    MINIO_ROOT_PASSWORD: secret(18),
    DASHBOARD_USER: 'operator',
    DASHBOARD_PASSWORD: secret(12),
    SERVED_BY: 'true',
  };
  const files = [path.join(root, 'docker-compose.yml'), path.join(images, 'compose.stand-ins.yml')];
  const project = loadForPodman(files, env);
  const podman = new Podman({
    env: { CONTAINERS_CONF },
    log: (line) => console.log(`test:compose: ${line}`),
  });

  await podman.run(['info', '--format', '{{.Host.OCIRuntime.Name}}'], 60_000).catch((error: unknown) => {
    throw new ComposeError(`podman cannot run containers here (${(error as Error).message}).`);
  });
  // What an interrupted earlier run left.
  await down(podman, project.name, { volumes: true });

  const [, standIns] = await timed(() => step(path.join(images, 'build.sh'), [], env, 30 * 60_000));

  const trust = trustArguments();
  const cold = process.env.COMPOSE_COLD_BUILD === '1' ? ['--no-cache'] : [];
  const [, firstBuild] = await timed(() => build(podman, project, [...trust, ...cold]));
  const [, cachedBuild] = await timed(() => build(podman, project, trust));
  const appImage = project.services.app?.image ?? '';
  const size = Number(await podman.run(['image', 'inspect', '--format', '{{.Size}}', appImage]));

  let failure: Error | undefined;
  const measured: [string, string][] = [
    ['stand-in base images (kept when present)', `${standIns.toFixed(0)} s`],
    [`app image build${cold.length > 0 ? ' (no cache)' : ''}`, `${firstBuild.toFixed(0)} s`],
    ['app image build again (layer cache)', `${cachedBuild.toFixed(1)} s`],
    ['app image size', `${(size / 1024 / 1024).toFixed(0)} MiB`],
  ];
  try {
    const [, upSeconds] = await timed(() =>
      up(podman, project, { scale: { app: REPLICAS }, wait: true, timeoutMs: 5 * 60_000 }),
    );
    measured.push([`up to ${REPLICAS} healthy replicas`, `${upSeconds.toFixed(0)} s`]);
    const testEnv = {
      ...env,
      COMPOSE_PROJECT: project.name,
      COMPOSE_FILES: JSON.stringify(files),
      COMPOSE_REPLICAS: String(REPLICAS),
    };
    const [, testSeconds] = await timed(() =>
      step('npx', ['vitest', 'run', '--project', 'compose'], testEnv, 20 * 60_000),
    );
    measured.push(['end-to-end tests', `${testSeconds.toFixed(0)} s`]);
  } catch (error) {
    failure = error instanceof Error ? error : new Error(String(error));
    for (const container of await containersOf(podman, project.name).catch(() => [])) {
      const state = await podman.inspect(container, '{{.State.Status}}').catch(() => '?');
      console.error(`test:compose: ${container}: ${state}`);
    }
  } finally {
    await down(podman, project.name, { volumes: true });
    const left = await leftovers(podman, project);
    if (left.length > 0) failure ??= new ComposeError(`down left ${left.join(', ')} behind.`);
  }
  if (failure !== undefined) throw failure;

  console.log('\ntest:compose: passed, and nothing of the stack is left.');
  for (const [what, value] of measured) console.log(`  ${what.padEnd(40)} ${value}`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    const message =
      error instanceof ComposeError ? error.message : error instanceof Error ? error.message : String(error);
    console.error(`test:compose: ${message.split('\n')[0]}`);
    process.exit(1);
  },
);
