import { mkdir, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDate, restClientFor, type Account } from './test/rest';
import {
  createDataDir,
  freePort,
  postgresProcessesFor,
  removeDataDir,
  runUntilExit,
  startServerProcess,
  waitForPostgresToExit,
  type ExitResult,
  type ServerProcess,
} from './test/serverProcess';

function outputLines(output: string): string[] {
  return output.split('\n').filter((line) => line.trim() !== '');
}

describe('server process stop and restart on one DATA_DIR', () => {
  let dataDir: string;
  let restarted: ServerProcess | undefined;
  let account: Account;
  let activityId: string;
  let firstStop: ExitResult;
  let firstStopOutput: string;
  let postgresAfterFirstStop: string[];

  beforeAll(async () => {
    dataDir = await createDataDir('lifecycle');
    const first = await startServerProcess({ dataDir });
    try {
      const client = await restClientFor(first);
      account = await client.signUp();
      const created = await client.request('POST', '/parse/classes/Activity', {
        sessionToken: account.sessionToken,
        body: { type: 'hike', startedAt: parseDate(new Date()), durationMin: 95, notes: 'before restart' },
      });
      expect(created.status).toBe(201);
      activityId = String(created.body.objectId);
    } finally {
      firstStop = await first.stop('SIGTERM');
      firstStopOutput = first.output();
      postgresAfterFirstStop = await postgresProcessesFor(dataDir);
    }
    // Restarting while the old postgres still shuts down would fail for another reason than the one tested.
    await waitForPostgresToExit(dataDir, 10_000);
    restarted = await startServerProcess({ dataDir, port: first.port });
  });

  afterAll(async () => {
    await restarted?.stop();
    await waitForPostgresToExit(dataDir, 10_000);
    await removeDataDir(dataDir);
  });

  it('exits with code 0 and logs "stopped." when sent SIGTERM', () => {
    expect(firstStop, firstStopOutput).toEqual({ code: 0, signal: null });
    expect(firstStopOutput).toContain('[fitstreak] stopped.');
  });

  it('leaves no postgres process for its DATA_DIR once it has exited', () => {
    expect(postgresAfterFirstStop).toEqual([]);
  });

  it('keeps the master key in DATA_DIR/secrets.json across the restart', async () => {
    const client = await restClientFor(restarted ?? expect.unreachable());
    const { status } = await client.request('GET', '/parse/classes/Activity?limit=1', { masterKey: true });

    expect(status).toBe(200);
  });

  it('logs in an account created before the restart', async () => {
    const client = await restClientFor(restarted ?? expect.unreachable());
    const again = await client.logIn(account.username, account.password);

    expect(again.objectId).toBe(account.objectId);
  });

  it('reads back an Activity saved before the restart', async () => {
    const client = await restClientFor(restarted ?? expect.unreachable());
    const { sessionToken } = await client.logIn(account.username, account.password);

    const { status, body } = await client.request('GET', `/parse/classes/Activity/${activityId}`, {
      sessionToken,
    });

    expect(status).toBe(200);
    expect(body).toMatchObject({ type: 'hike', durationMin: 95, notes: 'before restart' });
  });

  it('exits with code 0 and stops postgres when sent SIGINT', async () => {
    const server = restarted ?? expect.unreachable();
    const client = await restClientFor(server);
    // Open several pooled database connections, as a busy server has them, before stopping.
    await Promise.all(
      Array.from({ length: 20 }, () =>
        client.request('GET', '/parse/classes/Activity?count=1', { masterKey: true }),
      ),
    );

    const result = await server.stop('SIGINT');
    const leftovers = await postgresProcessesFor(dataDir);

    expect(result, server.output()).toEqual({ code: 0, signal: null });
    expect(leftovers).toEqual([]);
  });
});

describe('server process refused start', () => {
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await createDataDir('refused');
  });

  afterAll(async () => {
    await removeDataDir(dataDir);
  });

  it('exits 1 with one line naming PORT when PORT=abc', async () => {
    const result = await runUntilExit({ PORT: 'abc', DATA_DIR: dataDir }, 20_000);

    expect(result.code).toBe(1);
    expect(outputLines(result.output)).toHaveLength(1);
    expect(result.output).toMatch(/^\[fitstreak\] cannot start: PORT .*"abc"/);
  });

  it('exits 1 with one line saying the port is in use when another program holds PORT', async () => {
    const port = await freePort();
    const holder = net.createServer();
    await new Promise<void>((resolve) => holder.listen(port, '0.0.0.0', resolve));
    try {
      const result = await runUntilExit({ PORT: String(port), DATA_DIR: dataDir }, 20_000);

      expect(result.code).toBe(1);
      expect(outputLines(result.output)).toHaveLength(1);
      expect(result.output).toMatch(
        new RegExp(`^\\[fitstreak\\] cannot start: Port ${port} is already in use`),
      );
    } finally {
      await new Promise((resolve) => holder.close(resolve));
    }
  });

  it('exits 1 with one line naming DATA_DIR when DATA_DIR is under a file', async () => {
    const file = path.join(dataDir, 'a-file');
    await mkdir(dataDir, { recursive: true });
    await writeFile(file, 'not a directory');

    const result = await runUntilExit(
      { PORT: String(await freePort()), DATA_DIR: path.join(file, 'data') },
      20_000,
    );

    expect(result.code).toBe(1);
    expect(outputLines(result.output)).toHaveLength(1);
    expect(result.output).toMatch(/^\[fitstreak\] cannot start: DATA_DIR /);
  });

  it('exits 1 with one line naming DATA_DIR when DATA_DIR=/proc/fitstreak-nope', async () => {
    const result = await runUntilExit(
      { PORT: String(await freePort()), DATA_DIR: '/proc/fitstreak-nope' },
      15_000,
    );

    expect(result.timedOut, `still running after 15 s:\n${result.output}`).toBe(false);
    expect(result.code).toBe(1);
    expect(outputLines(result.output)).toHaveLength(1);
    expect(result.output).toMatch(/^\[fitstreak\] cannot start: DATA_DIR \/proc\/fitstreak-nope/);
  });
});
