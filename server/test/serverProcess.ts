import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { CONFIG_VARIABLES } from '../config';
import { embeddedDatabaseUri, runningCluster } from '../database/embeddedCluster';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const TEST_DATA = path.join(ROOT, '.test-data');

export interface ExitResult {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ServerProcess {
  readonly baseUrl: string;
  /** The server's own process (node running server/main.ts). */
  readonly pid: number;
  readonly port: number;
  readonly dataDir: string;
  readonly exited: Promise<ExitResult>;
  output(): string;
  /** Sends `signal`, waits for the exit and sends SIGKILL if the process is still alive after 15 s. */
  stop(signal?: NodeJS.Signals): Promise<ExitResult>;
}

export interface ServerProcessOptions {
  dataDir: string;
  port?: number;
  env?: Record<string, string>;
  readyTimeoutMs?: number;
  /**
   * Runs as a container of an image would: the CMD's arguments after `node`, and the image's
   * environment alone (with PATH, HOME, PORT and DATA_DIR), instead of the test defaults below and
   * the caller's environment. `env` is ignored.
   */
  image?: ContainerImage;
}

export interface ContainerImage {
  nodeArgs: readonly string[];
  env: Record<string, string>;
}

export interface FinishedProcess extends ExitResult {
  output: string;
  timedOut: boolean;
}

const KILL_AFTER_MS = 15_000;

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** A fresh directory under `.test-data/` (gitignored). */
export async function createDataDir(prefix: string): Promise<string> {
  await mkdir(TEST_DATA, { recursive: true });
  return mkdtemp(path.join(TEST_DATA, `${prefix}-`));
}

export async function removeDataDir(dataDir: string): Promise<void> {
  await rm(dataDir, { recursive: true, force: true });
}

async function readSecrets(dataDir: string): Promise<Record<string, unknown>> {
  return JSON.parse(await readFile(path.join(dataDir, 'secrets.json'), 'utf8')) as Record<string, unknown>;
}

export async function readMasterKey(dataDir: string): Promise<string> {
  const { masterKey } = await readSecrets(dataDir);
  if (typeof masterKey !== 'string') throw new Error(`${dataDir}/secrets.json holds no master key.`);
  return masterKey;
}

/**
 * The address of the embedded PostgreSQL that the server of `dataDir` runs, for SQL of a test's or
 * benchmark's own.
 */
export async function databaseUri(dataDir: string, database = 'fitstreak'): Promise<string> {
  const running = await runningCluster(dataDir);
  if (!running) throw new Error(`No PostgreSQL runs on ${dataDir}.`);
  const { postgresPassword } = await readSecrets(dataDir);
  if (typeof postgresPassword !== 'string')
    throw new Error(`${dataDir}/secrets.json holds no database password.`);
  return embeddedDatabaseUri(running.port, postgresPassword, database);
}

/** A `pg` connection of a test's or benchmark's own to that database; the caller ends it. */
export async function connectDatabase(dataDir: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: await databaseUri(dataDir) });
  await client.connect();
  return client;
}

/** `ps` lines of postgres processes whose command line names this data directory's cluster. */
export async function postgresProcessesFor(dataDir: string): Promise<string[]> {
  const cluster = path.join(path.resolve(dataDir), 'postgres');
  const { stdout } = await promisify(execFile)('ps', ['-eo', 'pid,args']);
  return stdout
    .split('\n')
    .filter((line) => line.includes('postgres') && line.includes(cluster))
    .map((line) => line.trim());
}

/** Polls until no postgres process uses `dataDir`; answers the ones still running after `timeoutMs`. */
export async function waitForPostgresToExit(dataDir: string, timeoutMs: number): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const running = await postgresProcessesFor(dataDir);
    if (running.length === 0 || Date.now() > deadline) return running;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The caller's environment without any FITSTREAK setting, so a developer's shell cannot leak in. */
function childEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const clean: NodeJS.ProcessEnv = { ...process.env };
  for (const variable of CONFIG_VARIABLES) delete clean[variable.name];
  return { ...clean, ...env };
}

/** What a container's process sees: its image's environment, PATH and HOME, nothing else. */
function containerEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH, HOME: process.env.HOME, ...env };
}

function spawnNode(
  nodeArgs: readonly string[],
  env: NodeJS.ProcessEnv,
): { child: ChildProcess; output: () => string } {
  let output = '';
  const child = spawn(process.execPath, nodeArgs, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output };
}

function spawnScript(
  script: string,
  args: readonly string[],
  env: Record<string, string>,
): { child: ChildProcess; output: () => string } {
  return spawnNode(['--import', 'tsx', script, ...args], childEnv(env));
}

/** `npm start`'s server in production mode, as the Dockerfile sets it, unless `env` says otherwise. */
function spawnServer(env: Record<string, string>): { child: ChildProcess; output: () => string } {
  return spawnScript('server/main.ts', [], { NODE_ENV: 'production', ...env });
}

function exitOf(child: ChildProcess): Promise<ExitResult> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) {
      resolve({ code: child.exitCode, signal: child.signalCode });
      return;
    }
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
}

async function stopChild(child: ChildProcess, exited: Promise<ExitResult>, signal: NodeJS.Signals) {
  if (child.exitCode !== null || child.signalCode !== null) return exited;
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), KILL_AFTER_MS);
  const result = await exited;
  clearTimeout(timer);
  return result;
}

async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url);
    await response.arrayBuffer();
    return response.status === 200;
  } catch {
    return false;
  }
}

/**
 * Runs `server/main.ts` in its own process, as `npm start` does, and resolves once /healthz answers
 * 200 and the ready line is printed: only that line says Parse and LiveQuery are mounted too.
 */
export async function startServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const baseUrl = `http://localhost:${port}`;
  const { child, output } = options.image
    ? spawnNode(
        options.image.nodeArgs,
        containerEnv({ ...options.image.env, PORT: String(port), DATA_DIR: options.dataDir }),
      )
    : spawnServer({
        PORT: String(port),
        DATA_DIR: options.dataDir,
        PUBLIC_URL: baseUrl,
        LOG_LEVEL: 'error',
        // Tests send summaries and reminders through the master-only functions at a moment of their choosing.
        WEEKLY_SUMMARIES: 'false',
        REMINDERS: 'false',
        ...options.env,
      });
  const exited = exitOf(child);
  let hasExited = false;
  void exited.then(() => (hasExited = true));
  const stop = (signal: NodeJS.Signals = 'SIGTERM') => stopChild(child, exited, signal);

  const deadline = Date.now() + (options.readyTimeoutMs ?? 90_000);
  for (;;) {
    if (hasExited) {
      const { code, signal } = await exited;
      throw new Error(`The server exited before it was ready (code ${code}, signal ${signal}):\n${output()}`);
    }
    if (output().includes('[fitstreak] ready at') && (await answers(`${baseUrl}/healthz`))) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The server was not ready within the time limit:\n${output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return { baseUrl, pid: child.pid ?? 0, port, dataDir: options.dataDir, exited, output, stop };
}

/** Stops a server a test started, if any, and waits until its embedded PostgreSQL has exited too. */
export async function stopServerAndDatabase(server: ServerProcess | undefined): Promise<void> {
  if (!server) return;
  await server.stop();
  await waitForPostgresToExit(server.dataDir, 10_000);
}

/**
 * Runs the server with `env` until it exits by itself (a refused start), or kills it after `timeoutMs`.
 * PUBLIC_URL, which production mode requires, is given unless `env` says otherwise.
 */
export async function runUntilExit(env: Record<string, string>, timeoutMs: number): Promise<FinishedProcess> {
  return waitForExit(
    spawnServer({ LOG_LEVEL: 'error', PUBLIC_URL: 'http://localhost:1337', ...env }),
    timeoutMs,
  );
}

/**
 * Runs a command's script (e.g. `scripts/backup.ts` of `npm run backup`) in its own process with
 * `env`, as npm runs it, until it exits, or kills it after `timeoutMs`.
 */
export async function runScript(
  script: string,
  args: readonly string[],
  env: Record<string, string>,
  timeoutMs: number,
): Promise<FinishedProcess> {
  return waitForExit(spawnScript(script, args, env), timeoutMs);
}

async function waitForExit(
  { child, output }: { child: ChildProcess; output: () => string },
  timeoutMs: number,
): Promise<FinishedProcess> {
  const exited = exitOf(child);
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    void stopChild(child, exited, 'SIGKILL');
  }, timeoutMs);
  const result = await exited;
  clearTimeout(timer);
  return { ...result, output: output(), timedOut };
}
