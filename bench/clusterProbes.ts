// What the cluster benchmark reads beside the latencies: Redis's own command counters and CPU time,
// PostgreSQL's CPU time, and the database connections one app process holds (all from Linux /proc).
import { readdir, readFile, readlink } from 'node:fs/promises';
import pg from 'pg';
import type { RedisClient } from '../server/cluster/redis';

/** Kernel clock ticks per second, as /proc/<pid>/stat counts CPU time on Linux. */
const CLOCK_TICKS = 100;

/** Calls per command since Redis started, from `INFO commandstats` (lower-case names). */
export async function redisCommandCounts(redis: RedisClient): Promise<Map<string, number>> {
  const text = String(await redis.info('commandstats'));
  const counts = new Map<string, number>();
  for (const [, name, calls] of text.matchAll(/^cmdstat_([^:]+):calls=(\d+)/gm)) {
    if (name !== undefined) counts.set(name, Number(calls));
  }
  return counts;
}

/** Commands sent between two readings, by name, leaving out the INFO of the readings themselves. */
export function commandsBetween(
  before: ReadonlyMap<string, number>,
  after: ReadonlyMap<string, number>,
): Map<string, number> {
  const sent = new Map<string, number>();
  for (const [name, calls] of after) {
    const delta = calls - (before.get(name) ?? 0);
    if (name !== 'info' && delta > 0) sent.set(name, delta);
  }
  return sent;
}

/** The CPU time Redis has used (main thread and background threads), in seconds. */
export async function redisCpuSeconds(redis: RedisClient): Promise<number> {
  const text = String(await redis.info('cpu'));
  const field = (name: string) => Number(new RegExp(`^${name}:([\\d.]+)`, 'm').exec(text)?.[1] ?? 0);
  return field('used_cpu_sys') + field('used_cpu_user');
}

interface ProcStat {
  ppid: number;
  /** Own CPU time plus that of children already waited for, in seconds. */
  cpuSeconds: number;
}

async function procStat(pid: number): Promise<ProcStat | undefined> {
  const text = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => undefined);
  if (text === undefined) return undefined;
  // The fields after the command name (which may hold spaces) start at the last ')'.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  const ticks = [11, 12, 13, 14].reduce((sum, index) => sum + Number(fields[index] ?? 0), 0);
  return { ppid: Number(fields[1] ?? 0), cpuSeconds: ticks / CLOCK_TICKS };
}

/** The postmaster of the PostgreSQL at `uri`: the parent of a backend serving our own connection. */
export async function postmasterPid(uri: string): Promise<number> {
  const client = new pg.Client({ connectionString: uri });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    const backend = await procStat(Number(rows[0]?.pid));
    if (!backend) throw new Error('The PostgreSQL backend is not visible in /proc (another machine?).');
    return backend.ppid;
  } finally {
    await client.end();
  }
}

/**
 * The CPU time of a process and every child it has (PostgreSQL's backends and helpers), in seconds:
 * the living children read directly, the ones that exited through their parent's account.
 */
export async function processTreeCpuSeconds(rootPid: number): Promise<number> {
  const pids = (await readdir('/proc')).filter((entry) => /^\d+$/.test(entry)).map(Number);
  const stats = await Promise.all(pids.map(async (pid) => ({ pid, stat: await procStat(pid) })));
  return stats.reduce(
    (sum, { pid, stat }) =>
      stat && (pid === rootPid || stat.ppid === rootPid) ? sum + stat.cpuSeconds : sum,
    0,
  );
}

/** Inodes of established TCP sockets whose far end is `remotePort`, from /proc/<pid>/net/tcp(6). */
async function socketsTo(pid: number, remotePort: number): Promise<Set<string>> {
  const inodes = new Set<string>();
  const port = remotePort.toString(16).toUpperCase().padStart(4, '0');
  for (const table of ['tcp', 'tcp6']) {
    const text = await readFile(`/proc/${pid}/net/${table}`, 'utf8').catch(() => '');
    for (const line of text.split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      // local_address rem_address st … inode: the state 01 is ESTABLISHED.
      if (fields[2]?.endsWith(`:${port}`) && fields[3] === '01' && fields[9]) inodes.add(fields[9]);
    }
  }
  return inodes;
}

/** How many connections to the database on `databasePort` the process `pid` holds open now. */
export async function databaseConnectionsOf(pid: number, databasePort: number): Promise<number> {
  const inodes = await socketsTo(pid, databasePort);
  const descriptors = await readdir(`/proc/${pid}/fd`).catch(() => []);
  const links = await Promise.all(descriptors.map((fd) => readlink(`/proc/${pid}/fd/${fd}`).catch(() => '')));
  return links.filter((link) => inodes.has(/^socket:\[(\d+)\]$/.exec(link)?.[1] ?? '')).length;
}

/** Reads of a missing key since Redis started (`INFO stats`): each is a cache miss on some node. */
export async function redisKeyspaceMisses(redis: RedisClient): Promise<number> {
  const text = String(await redis.info('stats'));
  return Number(/^keyspace_misses:(\d+)/m.exec(text)?.[1] ?? 0);
}

/**
 * Time in which some runnable task waited for a CPU, in seconds since boot (Linux pressure stall
 * information), or undefined where the kernel does not report it. Over an interval, divided by its
 * length, it says how contended the cores were: work of other people on a shared machine shows here.
 */
export async function cpuStallSeconds(): Promise<number | undefined> {
  const text = await readFile('/proc/pressure/cpu', 'utf8').catch(() => undefined);
  const micros = text === undefined ? undefined : /^some .*total=(\d+)/m.exec(text)?.[1];
  return micros === undefined ? undefined : Number(micros) / 1e6;
}
