import { spawn } from 'node:child_process';
import { mkdir, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBackupRecord } from '../../cloud/backupRecord';
import { s3ClientFor } from './backupFiles';
import type { S3Config } from '../config';
import { parseDate, restClientFor, type Account, type RestClient } from '../test/rest';
import {
  connectDatabase,
  createDataDir,
  freePort,
  removeDataDir,
  ROOT,
  runScript,
  startServerProcess,
  stopServerAndDatabase,
  type FinishedProcess,
  type ServerProcess,
} from '../test/serverProcess';

const COMMAND_TIMEOUT_MS = 120_000;

/** A real 1×1 PNG, as an avatar. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

function outputLines(output: string): string[] {
  return output.split('\n').filter((line) => line.trim() !== '');
}

async function until(condition: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting until ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function weighIn(client: RestClient, account: Account, note: string): Promise<number> {
  const { status } = await client.request('POST', '/parse/classes/WeightEntry', {
    sessionToken: account.sessionToken,
    body: { measuredAt: parseDate(new Date()), weightKg: 80.5, note },
  });
  return status;
}

interface WeighInLoop {
  /** Notes of the weigh-ins the server answered 201 for, in the order the answers came. */
  readonly acknowledged: string[];
  readonly failures: number[];
  stop(): Promise<void>;
}

/** One person per loop logging weigh-ins back to back, each with a note of its own, until stopped. */
function keepWeighingIn(client: RestClient, accounts: readonly Account[]): WeighInLoop {
  const acknowledged: string[] = [];
  const failures: number[] = [];
  let running = true;
  const loops = accounts.map(async (account) => {
    for (let sequence = 0; running; sequence += 1) {
      const note = `${account.username} ${sequence}`;
      const status = await weighIn(client, account, note);
      if (status === 201) acknowledged.push(note);
      else failures.push(status);
    }
  });
  return {
    acknowledged,
    failures,
    stop: async () => {
      running = false;
      await Promise.all(loops);
    },
  };
}

async function uploadAvatar(client: RestClient, account: Account): Promise<string> {
  const uploaded = await client.request('POST', '/parse/files/avatar.png', {
    sessionToken: account.sessionToken,
    raw: Uint8Array.from(PNG),
    headers: { 'Content-Type': 'image/png' },
  });
  const { name, url } = uploaded.body;
  if (uploaded.status !== 201 || typeof name !== 'string' || typeof url !== 'string') {
    throw new Error(`Upload failed: ${uploaded.text}`);
  }
  const saved = await client.request('PUT', `/parse/users/${account.objectId}`, {
    sessionToken: account.sessionToken,
    body: { avatar: { __type: 'File', name, url } },
  });
  if (saved.status !== 200) throw new Error(`Setting the avatar failed: ${saved.text}`);
  return name;
}

/** The notes of the person's weigh-ins, read in the restored database. */
async function notesOf(dataDir: string, account: Account): Promise<string[]> {
  const sql = await connectDatabase(dataDir);
  try {
    const { rows } = await sql.query<{ note: string }>('SELECT note FROM "WeightEntry" WHERE "user" = $1', [
      account.objectId,
    ]);
    return rows.map((row) => row.note);
  } finally {
    await sql.end();
  }
}

describe('npm run backup while the app takes writes, then npm run restore into a new DATA_DIR', () => {
  let sourceDir: string;
  let restoredDir: string;
  let archive: string;
  let source: ServerProcess | undefined;
  let restored: ServerProcess | undefined;
  let accounts: Account[];
  let avatarName: string;
  let acknowledgedBeforeBackup: string[];
  let acknowledgedDuringBackup: number;
  let failedWrites: number[];
  let backup: FinishedProcess;
  let restore: FinishedProcess;

  beforeAll(async () => {
    sourceDir = await createDataDir('backup-source');
    restoredDir = await createDataDir('backup-restored');
    archive = path.join(await createDataDir('backup-archive'), 'fitstreak.tar.gz');
    source = await startServerProcess({ dataDir: sourceDir });
    const client = await restClientFor(source);
    accounts = [await client.signUp(), await client.signUp()];
    const [first] = accounts;
    avatarName = await uploadAvatar(client, first ?? expect.unreachable());

    const writes = keepWeighingIn(client, accounts);
    try {
      await until(() => writes.acknowledged.length >= 100, 60_000, '100 weigh-ins are saved');
      acknowledgedBeforeBackup = [...writes.acknowledged];
      backup = await runScript('scripts/backup.ts', [archive], { DATA_DIR: sourceDir }, COMMAND_TIMEOUT_MS);
      acknowledgedDuringBackup = writes.acknowledged.length - acknowledgedBeforeBackup.length;
    } finally {
      await writes.stop();
    }
    failedWrites = writes.failures;
    await stopServerAndDatabase(source);
    source = undefined;

    restore = await runScript('scripts/restore.ts', [archive], { DATA_DIR: restoredDir }, COMMAND_TIMEOUT_MS);
    restored = await startServerProcess({ dataDir: restoredDir });
    // The numbers docs/operations.md quotes: the backup's and the restore's lines, and the first start's.
    const ready = restored.output().match(/^\[fitstreak\] ready at .*$/m)?.[0] ?? '';
    const load = `${acknowledgedBeforeBackup.length} weigh-ins saved before the backup, ${acknowledgedDuringBackup} while it ran`;
    console.log([load, backup.output.trim(), restore.output.trim(), ready].join('\n'));
  }, 300_000);

  afterAll(async () => {
    await stopServerAndDatabase(source);
    await stopServerAndDatabase(restored);
    await removeDataDir(sourceDir);
    await removeDataDir(restoredDir);
    await removeDataDir(path.dirname(archive));
  });

  it('writes the archive and says so in one line, exit code 0', () => {
    expect(backup, backup.output).toMatchObject({ code: 0, timedOut: false });
    expect(outputLines(backup.output)).toEqual([
      expect.stringMatching(
        /^\[fitstreak\] Backup written to .*: base backup of the running database, 1 file and secrets\.json;/,
      ),
    ]);
  });

  it('notes the backup in DATA_DIR for the admin page: when, its size and its file', async () => {
    const record = await readBackupRecord(sourceDir);
    expect(record).toMatchObject({ file: archive, bytes: (await stat(archive)).size });
    expect(Date.parse(record?.at ?? '')).not.toBeNaN();
  });

  it('took the backup while weigh-ins kept being saved, and none failed', () => {
    expect(acknowledgedDuringBackup).toBeGreaterThan(0);
    expect(failedWrites).toEqual([]);
  });

  it('restores into the new DATA_DIR and says so in one line, exit code 0', () => {
    expect(restore, restore.output).toMatchObject({ code: 0, timedOut: false });
    expect(outputLines(restore.output)).toEqual([
      expect.stringMatching(/^\[fitstreak\] Restored the backup of /),
    ]);
  });

  it('logs every account in with its password on the restored server', async () => {
    const client = await restClientFor(restored ?? expect.unreachable());
    for (const account of accounts) {
      const again = await client.logIn(account.username, account.password);

      expect(again.objectId).toBe(account.objectId);
    }
  });

  it('holds every weigh-in saved before the backup began', async () => {
    for (const account of accounts) {
      const notes = new Set(await notesOf(restoredDir, account));
      const expected = acknowledgedBeforeBackup.filter((note) => note.startsWith(`${account.username} `));

      expect(expected.length).toBeGreaterThan(0);
      expect(expected.filter((note) => !notes.has(note))).toEqual([]);
    }
  });

  it('holds no weigh-in twice', async () => {
    for (const account of accounts) {
      const notes = await notesOf(restoredDir, account);

      expect(notes.length).toBe(new Set(notes).size);
    }
  });

  it("serves the avatar file, and the person's avatar names it", async () => {
    const server = restored ?? expect.unreachable();
    const client = await restClientFor(server);
    const account = accounts[0] ?? expect.unreachable();
    const { sessionToken } = await client.logIn(account.username, account.password);

    const me = await client.request('GET', '/parse/users/me', { sessionToken });
    const file = await fetch(`${server.baseUrl}/parse/files/fitstreak/${avatarName}`);

    expect(me.body.avatar).toMatchObject({ __type: 'File', name: avatarName });
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer())).toEqual(PNG);
  });

  it('refuses, in one line with exit code 1, to restore into a DATA_DIR that holds a database', async () => {
    const again = await runScript(
      'scripts/restore.ts',
      [archive],
      { DATA_DIR: restoredDir },
      COMMAND_TIMEOUT_MS,
    );
    const client = await restClientFor(restored ?? expect.unreachable());
    const account = accounts[1] ?? expect.unreachable();

    expect(again.code).toBe(1);
    expect(outputLines(again.output)).toEqual([
      `[fitstreak] cannot restore: ${restoredDir} already holds a database (postgres/ is not empty): restore into a new DATA_DIR, or move that one away first.`,
    ]);
    expect((await client.logIn(account.username, account.password)).objectId).toBe(account.objectId);
    expect(await readdir(restoredDir)).not.toContain('postgres.restoring');
  });

  it('refuses, in one line with exit code 1, to write over an existing archive', async () => {
    const again = await runScript(
      'scripts/backup.ts',
      [archive],
      { DATA_DIR: restoredDir },
      COMMAND_TIMEOUT_MS,
    );

    expect(again.code).toBe(1);
    expect(outputLines(again.output)).toEqual([
      `[fitstreak] cannot back up: ${archive} exists already: choose a new name.`,
    ]);
  });
});

/** An S3-compatible server (s3rver) in its own process, with the named buckets. */
async function startS3(directory: string, buckets: readonly string[]) {
  const port = await freePort();
  const bucketArgs = buckets.flatMap((bucket) => ['--configure-bucket', bucket]);
  const child = spawn(
    process.execPath,
    [
      path.join(ROOT, 'node_modules/s3rver/bin/s3rver.js'),
      ...['-d', directory, '-a', '127.0.0.1', '-p', String(port), '-s'],
      ...bucketArgs,
    ],
    { stdio: 'ignore' },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const endpoint = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    const answered = await fetch(endpoint).then(
      (response) => response.ok,
      () => false,
    );
    if (answered) break;
    if (Date.now() > deadline || child.exitCode !== null) throw new Error('s3rver did not start.');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    endpoint,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

describe('npm run backup of a stopped app whose files are in a bucket', () => {
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  const objects = [
    { key: 'a1b2_avatar.png', body: PNG, contentType: 'image/png' },
    {
      key: 'c3d4_original run.gpx',
      body: Buffer.from('<gpx version="1.1"/>'),
      contentType: 'application/gpx+xml',
    },
  ];
  let workDir: string;
  let sourceDir: string;
  let restoredDir: string;
  let archive: string;
  let s3: Awaited<ReturnType<typeof startS3>> | undefined;
  let restored: ServerProcess | undefined;
  let account: Account;
  let backup: FinishedProcess;
  let restore: FinishedProcess;
  let bucketConfig: (bucket: string) => S3Config;

  const s3Env = (bucket: string, endpoint: string) => ({
    S3_BUCKET: bucket,
    S3_ENDPOINT: endpoint,
    S3_FORCE_PATH_STYLE: 'true',
    S3_ACCESS_KEY_ID: credentials.accessKeyId,
    S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
  });

  beforeAll(async () => {
    workDir = await createDataDir('backup-bucket');
    sourceDir = await createDataDir('backup-stopped');
    restoredDir = await createDataDir('backup-stopped-restored');
    archive = path.join(workDir, 'stopped.tar.gz');
    await mkdir(path.join(workDir, 's3'));
    s3 = await startS3(path.join(workDir, 's3'), ['source-files', 'restored-files']);
    const endpoint = s3.endpoint;
    bucketConfig = (bucket) => ({ bucket, endpoint, region: 'us-east-1', credentials, forcePathStyle: true });
    const client = s3ClientFor(bucketConfig('source-files'));
    for (const { key, body, contentType } of objects) {
      await client.send(
        new PutObjectCommand({ Bucket: 'source-files', Key: key, Body: body, ContentType: contentType }),
      );
    }

    const server = await startServerProcess({ dataDir: sourceDir });
    account = await (await restClientFor(server)).signUp();
    await stopServerAndDatabase(server);

    backup = await runScript(
      'scripts/backup.ts',
      [archive],
      { DATA_DIR: sourceDir, ...s3Env('source-files', endpoint) },
      COMMAND_TIMEOUT_MS,
    );
    restore = await runScript(
      'scripts/restore.ts',
      [archive],
      { DATA_DIR: restoredDir, ...s3Env('restored-files', endpoint) },
      COMMAND_TIMEOUT_MS,
    );
    restored = await startServerProcess({ dataDir: restoredDir });
  }, 300_000);

  afterAll(async () => {
    await stopServerAndDatabase(restored);
    await s3?.stop();
    for (const dir of [sourceDir, restoredDir, workDir]) await removeDataDir(dir);
  });

  it('copies the stopped cluster and every object of the bucket', () => {
    expect(backup, backup.output).toMatchObject({ code: 0, timedOut: false });
    // On Node 20 the AWS SDK adds a warning of its own on stderr; the command's line is the one asked for.
    expect(backup.output).toMatch(
      /^\[fitstreak\] Backup written to .*: copy of the stopped database, 2 files and secrets\.json;/m,
    );
  });

  it('puts every object into the restored bucket with its bytes and content type', async () => {
    expect(restore, restore.output).toMatchObject({ code: 0, timedOut: false });
    const client = s3ClientFor(bucketConfig('restored-files'));
    const listed = await client.send(new ListObjectsV2Command({ Bucket: 'restored-files' }));

    expect((listed.Contents ?? []).map((object) => object.Key).sort()).toEqual(
      objects.map((o) => o.key).sort(),
    );
    for (const { key, body, contentType } of objects) {
      const object = await client.send(new GetObjectCommand({ Bucket: 'restored-files', Key: key }));

      expect(object.ContentType).toBe(contentType);
      expect(Buffer.from((await object.Body?.transformToByteArray()) ?? [])).toEqual(body);
    }
  });

  it('writes no files into DATA_DIR/files when they go to a bucket', async () => {
    const stored = await readdir(path.join(restoredDir, 'files')).catch(() => []);

    expect(stored).toEqual([]);
  });

  it('starts on the restored DATA_DIR and logs the account in', async () => {
    const client = await restClientFor(restored ?? expect.unreachable());

    expect((await client.logIn(account.username, account.password)).objectId).toBe(account.objectId);
  });
});
