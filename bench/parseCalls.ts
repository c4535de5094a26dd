// `npm run bench:parse-calls`: what Parse Server does inside one write on our server and on the
// three raw Parse baselines of `npm run bench` (contract, empty trigger, raw): copies of its whole
// configuration, schema loads (each by the Parse function that asked for it), SQL statements
// (Parse's and ours) and promises, counted inside each process by bench/countParseCalls.mjs, with
// the time one copy and one load take there; then a CPU profile of each process over the same
// writes by 50 people at once, its samples put in a few groups (Parse's configuration copies, its
// schema controller, the rest of Parse, the database driver, garbage collection, our own files…).
// Counts do not move with the machine's load, so they say where the write table's gaps come from.
// Writes bench/results/<date>-parse-calls.json and .md.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import type { Account } from '../server/test/restClient';
import { connectDatabase, ROOT } from '../server/test/serverProcess';
import { RAW_APP_ID, startRawParse, type RawParse } from './rawParse';
import { timeWrites, WRITE_CLASSES, WRITE_KINDS, type Target, type WriteKind } from './scenarios';
import { APP_ID, machine, markdownTable, withBenchServer, writeResults } from './support';

const PEOPLE = 10;
const WRITES = 200;
/** People writing at once while the profiler runs, as at the write table's highest level. */
const PROFILED_PEOPLE = 50;
const PROFILED_WRITES = 1000;
const SIDES = ['ours', 'contract', 'emptyTrigger', 'raw'] as const;
type Side = (typeof SIDES)[number];

/** What bench/countParseCalls.mjs counts: since the process started, or per write. */
interface CallCounts {
  configCopies: number;
  schemaLoads: number;
  promises: number;
  sqlByParse: number;
  sqlByUs: number;
  byCaller: Record<string, number>;
}

/** The counters of CallCounts, each a number. */
type Counter = Exclude<keyof CallCounts, 'byCaller'>;

/** What bench/countParseCalls.mjs answers `timing` with: one copy's and one load's time (µs). */
interface Timing {
  configCopyUs?: number;
  schemaLoadUs?: number;
}

interface SideTarget {
  target: Target;
  people: readonly Account[];
  pid: number;
  /** The baselines get the owner and ACL our server sets itself. */
  withOwner: boolean;
}

interface PerWrite extends CallCounts {
  kind: WriteKind;
  side: Side;
  writes: number;
  errors: number;
}

const callsDir = await mkdtemp(path.join(os.tmpdir(), 'parse-calls-'));
const countingEnv = {
  NODE_OPTIONS: `--import=${pathToFileURL(path.join(import.meta.dirname, 'countParseCalls.mjs')).href}`,
  PARSE_CALLS_DIR: callsDir,
};

/** Sends `command` to the process (bench/countParseCalls.mjs) and waits for its answer. */
async function ask<T>(
  pid: number,
  command: 'counts' | 'timing' | 'profile-start' | 'profile-stop',
): Promise<T> {
  const answer = path.join(callsDir, `${pid}.json`);
  await rm(answer, { force: true });
  await writeFile(path.join(callsDir, `${pid}.command`), command);
  process.kill(pid, 'SIGUSR2');
  for (let attempt = 0; attempt < 1200; attempt += 1) {
    const text = await readFile(answer, 'utf8').catch(() => undefined);
    if (text !== undefined) return JSON.parse(text) as T;
    await sleep(25);
  }
  throw new Error(`Process ${pid} did not answer ${command}.`);
}

const countsOf = (pid: number) => ask<CallCounts>(pid, 'counts');

async function measure(
  kind: WriteKind,
  side: Side,
  { target, people, pid, withOwner }: SideTarget,
): Promise<PerWrite> {
  const writeSide = { targets: [target], people };
  await timeWrites(kind, PEOPLE, 2 * PEOPLE, writeSide, withOwner); // warm caches and sessions
  const before = await countsOf(pid);
  const stats = await timeWrites(kind, PEOPLE, WRITES, writeSide, withOwner);
  const after = await countsOf(pid);
  // timeWrites sends one untimed write per person first.
  const writes = stats.calls + stats.errors + PEOPLE;
  const per = (key: Counter) => (after[key] - before[key]) / writes;
  const byCaller = Object.fromEntries(
    Object.entries(after.byCaller)
      .map(([caller, count]) => [caller, (count - (before.byCaller[caller] ?? 0)) / writes] as const)
      .filter(([, count]) => count >= 0.05),
  );
  return {
    kind,
    side,
    writes,
    errors: stats.errors,
    configCopies: per('configCopies'),
    schemaLoads: per('schemaLoads'),
    promises: per('promises'),
    sqlByParse: per('sqlByParse'),
    sqlByUs: per('sqlByUs'),
    byCaller,
  };
}

/** The parts of a V8 CPU profile this bench reads. */
interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string } }[];
  samples: number[];
  timeDeltas: number[];
}

const OURS = new RegExp(`^file://${ROOT}/(server|cloud|src)/`);
const DATABASE_DRIVER = /node_modules\/(pg|pg-promise|pg-pool|pg-protocol|pg-types|spex|assert-options)\//;

/** Where a sample falls; undefined for the idle ones. In the order of the table. */
const GROUPS = [
  'Parse: configuration copies',
  'Parse: schema controller',
  'Parse: the rest',
  'Parse SDK, inside the server',
  'database driver',
  'ours: server/',
  'ours: cloud/ and src/',
  'async context (AsyncLocalStorage)',
  'other libraries (express, HTTP, metrics…)',
  'Node and native (HTTP, sockets, promises)',
  'garbage collection',
] as const;
type Group = (typeof GROUPS)[number];

function groupOf(functionName: string, url: string): Group | undefined {
  if (functionName === '(idle)') return undefined;
  if (functionName === '(garbage collector)') return 'garbage collection';
  if (url.includes('/node_modules/parse/')) return 'Parse SDK, inside the server';
  if (url.includes('/parse-server/')) {
    if (url.endsWith('/Config.js')) return 'Parse: configuration copies';
    if (/\/Schema(Controller|Cache)\.js$/.test(url)) return 'Parse: schema controller';
    return 'Parse: the rest';
  }
  if (DATABASE_DRIVER.test(url)) return 'database driver';
  const ours = OURS.exec(url);
  if (ours) return ours[1] === 'server' ? 'ours: server/' : 'ours: cloud/ and src/';
  if (url.includes('async_hooks')) return 'async context (AsyncLocalStorage)';
  if (url.includes('/node_modules/')) return 'other libraries (express, HTTP, metrics…)';
  return 'Node and native (HTTP, sockets, promises)';
}

/** CPU time per write by group (µs), from a profile of the three writes by 50 people at once. */
async function profile({ target, people, pid, withOwner }: SideTarget): Promise<Record<Group, number>> {
  const writeSide = { targets: [target], people };
  await ask(pid, 'profile-start');
  let writes = 0;
  for (const kind of WRITE_KINDS) {
    const stats = await timeWrites(kind, PROFILED_PEOPLE, PROFILED_WRITES, writeSide, withOwner);
    writes += stats.calls + stats.errors + PROFILED_PEOPLE;
  }
  const { profile: samples } = await ask<{ profile: CpuProfile }>(pid, 'profile-stop');
  const frames = new Map(samples.nodes.map((node) => [node.id, node.callFrame]));
  const groups = Object.fromEntries(GROUPS.map((group) => [group, 0])) as Record<Group, number>;
  samples.samples.forEach((id, index) => {
    const frame = frames.get(id);
    const group = frame && groupOf(frame.functionName, frame.url);
    if (group) groups[group] += (samples.timeDeltas[index] ?? 0) / writes;
  });
  return groups;
}

const one = (value: number) => value.toFixed(1);

const { rows, timings, profiles } = await withBenchServer(
  'bench-parse-calls',
  async ({ baseUrl, server, dataDir, client }) => {
    const sql = await connectDatabase(dataDir);
    const baselines: RawParse[] = [];
    try {
      const start = async (
        database: string,
        options: { emptyTriggers?: readonly string[]; contract?: boolean },
      ) => {
        const raw = await startRawParse(sql, dataDir, database, { ...options, env: countingEnv });
        baselines.push(raw);
        return raw;
      };
      const contract = await start('calls_contract', { emptyTriggers: WRITE_CLASSES, contract: true });
      const emptyTrigger = await start('calls_trigger', { emptyTriggers: WRITE_CLASSES });
      const raw = await start('calls_raw', {});
      const ourPeople: Account[] = [];
      for (let index = 0; index < PROFILED_PEOPLE; index += 1) ourPeople.push(await client.signUp());
      const baseline = async (parse: RawParse): Promise<SideTarget> => ({
        target: { baseUrl: parse.baseUrl, appId: RAW_APP_ID },
        people: await parse.signUp(PROFILED_PEOPLE),
        pid: parse.pid,
        withOwner: true,
      });
      const sides: Record<Side, SideTarget> = {
        ours: { target: { baseUrl, appId: APP_ID }, people: ourPeople, pid: server.pid, withOwner: false },
        contract: await baseline(contract),
        emptyTrigger: await baseline(emptyTrigger),
        raw: await baseline(raw),
      };
      const rows: PerWrite[] = [];
      for (const kind of WRITE_KINDS) {
        for (const side of SIDES) {
          console.log(`[parse-calls] ${kind} on ${side}…`);
          rows.push(await measure(kind, side, sides[side]));
        }
      }
      const timings = {} as Record<Side, Timing>;
      const profiles = {} as Record<Side, Record<Group, number>>;
      for (const side of SIDES) {
        console.log(`[parse-calls] profiling ${side}…`);
        timings[side] = await ask<Timing>(sides[side].pid, 'timing');
        profiles[side] = await profile(sides[side]);
      }
      return { rows, timings, profiles };
    } finally {
      await Promise.all(baselines.map((baseline) => baseline.stop()));
      await sql.end();
    }
  },
  countingEnv,
);
await rm(callsDir, { recursive: true, force: true });

const averageOf = (side: Side, caller: string) => {
  const mine = rows.filter((row) => row.side === side);
  return mine.reduce((sum, row) => sum + (row.byCaller[caller] ?? 0), 0) / mine.length;
};
const callers = [...new Set(rows.flatMap((row) => Object.keys(row.byCaller)))]
  .filter((caller) => SIDES.some((side) => averageOf(side, caller) >= 0.05))
  .sort();
const date = new Date().toISOString().slice(0, 10);
const thisMachine = machine();
const { cpus, model, memoryGiB, node } = thisMachine;
const report = [
  `# Parse's work per write, ${date}`,
  '',
  `Machine: ${cpus} × ${model}, ${memoryGiB} GiB, Node ${node}. ${WRITES} writes by ${PEOPLE} people per`,
  'write and side, after a warm-up; counted inside each server process. contract: raw Parse with',
  'our class definitions, security settings that bear on a write and an empty beforeSave;',
  'emptyTrigger: an empty beforeSave; raw: no cloud code.',
  '',
  '## Per write',
  '',
  ...markdownTable(
    [
      'write',
      'side',
      'configuration copies',
      'schema loads',
      'promises',
      'SQL by Parse',
      'SQL by us',
      'errors',
    ],
    rows.map((row) => [
      row.kind,
      row.side,
      one(row.configCopies),
      one(row.schemaLoads),
      one(row.promises),
      one(row.sqlByParse),
      one(row.sqlByUs),
      row.errors,
    ]),
  ),
  '## What asked for them (per write, the three writes averaged)',
  '',
  ...markdownTable(
    ['copy or load: Parse function (file)', ...SIDES],
    callers.map((caller) => [caller, ...SIDES.map((side) => one(averageOf(side, caller)))]),
  ),
  '## What one costs in each process (µs)',
  '',
  ...markdownTable(
    ['side', 'configuration copy', 'schema load'],
    SIDES.map((side) => [side, one(timings[side].configCopyUs ?? 0), one(timings[side].schemaLoadUs ?? 0)]),
  ),
  `## Where the server's CPU goes (µs per write, sampled; ${PROFILED_WRITES} of each write by ${PROFILED_PEOPLE} people at once)`,
  '',
  'Sampling slows the process; compare sides, not these times with the write table.',
  '',
  ...markdownTable(
    ['group', ...SIDES],
    [
      ...GROUPS.map((group) => [group, ...SIDES.map((side) => one(profiles[side][group]))]),
      [
        'all',
        ...SIDES.map((side) => one(Object.values(profiles[side]).reduce((sum, value) => sum + value, 0))),
      ],
    ],
  ),
].join('\n');
await writeResults(
  `${date}-parse-calls`,
  { date, machine: thisMachine, rows, timings, profiles },
  `${report}\n`,
);
