// Starts the raw Parse baseline (bench/rawParseServer.ts) in a process of its own, on a database of
// its own created on the bench server's PostgreSQL: Parse keeps its schema in a table of the database.
import { spawn, type ChildProcess } from 'node:child_process';
import type pg from 'pg';
import { restClient, type Account } from '../server/test/restClient';
import { databaseUri, ROOT } from '../server/test/serverProcess';
import { mapConcurrently } from './support';

export const RAW_APP_ID = 'raw';
const RAW_MASTER_KEY = 'raw-master-key';

export interface RawParse {
  baseUrl: string;
  pid: number;
  /** Signs up `count` people on it, a few at a time. */
  signUp(count: number): Promise<Account[]>;
  stop(): Promise<void>;
}

export interface RawParseOptions {
  /** Classes that get an empty beforeSave. */
  emptyTriggers?: readonly string[];
  /** Our class definitions as its locked schema (fields, class-level permissions, indexes). */
  contract?: boolean;
  /** More environment for its process. */
  env?: Record<string, string>;
}

/** Creates `database` through `sql` and starts raw Parse on it. */
export async function startRawParse(
  sql: pg.Client,
  dataDir: string,
  database: string,
  { emptyTriggers = [], contract = false, env = {} }: RawParseOptions = {},
): Promise<RawParse> {
  await sql.query(`CREATE DATABASE ${database}`);
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'bench/rawParseServer.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URI: await databaseUri(dataDir, database),
      RAW_PARSE_EMPTY_TRIGGERS: emptyTriggers.join(','),
      RAW_PARSE_CONTRACT: contract ? '1' : '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const port = await new Promise<number>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const found = /raw parse ready on (\d+)/.exec(output);
      if (found) resolve(Number(found[1]));
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`Raw Parse exited (${code}):\n${output}`)));
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const client = restClient({ baseUrl, appId: RAW_APP_ID, masterKey: RAW_MASTER_KEY });
  return {
    baseUrl,
    pid: child.pid ?? 0,
    signUp: (count) => mapConcurrently(Array.from({ length: count }), 4, () => client.signUp()),
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
