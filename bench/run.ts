// `npm run bench [-- --quick]`: starts FITSTREAK on a fresh data directory, seeds the dataset of
// seed.ts, starts raw Parse beside it on the same PostgreSQL (a database of its own), runs every scenario and writes
// bench/results/<date>[-quick].json and .md. `--smoke` runs a tiny version of one scenario (the
// harness's own test); BENCH_RESULTS_DIR sends the files elsewhere.
import { spawn, type ChildProcess } from 'node:child_process';
import { restClient, type Account } from '../server/test/rest';
import { connectDatabase, databaseUri, ROOT } from '../server/test/serverProcess';
import { measureChatDelivery } from './chatDelivery';
import {
  measureMixed,
  measureReads,
  measureWrites,
  readSpecs,
  WRITE_KINDS,
  type MixedResult,
  type ReadResult,
  type WriteResult,
} from './scenarios';
import { FULL_DATASET, QUICK_DATASET, seedDataset, SMOKE_DATASET } from './seed';
import {
  APP_ID,
  machine,
  mapConcurrently,
  markdownTable as table,
  mib,
  ms,
  statsOf,
  withBenchServer,
  writeResults,
  type Machine,
  type Stats,
} from './support';

const mode = process.argv.includes('--smoke') ? 'smoke' : process.argv.includes('--quick') ? 'quick' : 'full';
const SETTINGS = {
  full: {
    dataset: FULL_DATASET,
    writeTotal: 300,
    readCalls: 200,
    chatMessages: 60,
    mixedUsers: 50,
    mixedSeconds: 60,
  },
  quick: {
    dataset: QUICK_DATASET,
    writeTotal: 100,
    readCalls: 50,
    chatMessages: 20,
    mixedUsers: 50,
    mixedSeconds: 15,
  },
  smoke: {
    dataset: SMOKE_DATASET,
    writeTotal: 0,
    readCalls: 3,
    chatMessages: 0,
    mixedUsers: 0,
    mixedSeconds: 0,
  },
}[mode];
const CONCURRENCY_LEVELS = [1, 10, 50];
const CHAT_SUBSCRIBERS = 200;
const RAW_DATABASE = 'raw_parse';

/** Aims from the issues: ratios against the baselines beside them, and absolute budgets. */
const AIMS = {
  writeRatio: 1.3,
  readRatio: 3,
  readP95Ms: 100,
  chatP95Ms: 50,
};

interface RawParse {
  baseUrl: string;
  stop(): Promise<void>;
}

/** Starts bench/rawParseServer.ts in its own process on the app's database. */
async function startRawParse(uri: string): Promise<RawParse> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'bench/rawParseServer.ts'], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URI: uri },
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
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

const ratio = (ours: number, base: number) => (base > 0 ? ours / base : Number.POSITIVE_INFINITY);
const verdict = (pass: boolean) => (pass ? 'pass' : 'MISS');

interface Results {
  date: string;
  mode: string;
  machine: Machine;
  dataset: {
    people: number;
    friendships: number;
    workouts: number;
    weighIns: number;
    meals: number;
    seedSeconds: number;
  };
  writes: WriteResult[];
  reads: ReadResult[];
  chat: {
    subscribers: number;
    delivery: Stats;
    lastArrival: Stats;
    saved: Stats;
    kibPerSocket: number;
  } | null;
  mixed: MixedResult | null;
}

const times = (stats: Stats) => [stats.calls, ms(stats.p50), ms(stats.p95), ms(stats.p99)];

function markdown(results: Results): string {
  const { machine, dataset } = results;
  const lines: string[] = [`# Benchmark ${results.date} (${results.mode})`, ''];
  lines.push(
    `Machine: ${machine.cpus} × ${machine.model}, ${machine.memoryGiB} GiB, Node ${machine.node}, ${machine.platform}. ` +
      `Dataset: ${dataset.people} people, ${dataset.friendships} friendships, ${dataset.workouts} workouts, ` +
      `${dataset.weighIns} weigh-ins, ${dataset.meals} meals, seeded in ${dataset.seedSeconds.toFixed(0)} s.`,
    '',
  );
  if (results.writes.length > 0) {
    lines.push('## Writes: our cloud validation against raw Parse (no cloud code)', '');
    lines.push(
      ...table(
        [
          'write',
          'users',
          'ours p50',
          'ours p95',
          'ours p99',
          'raw p50',
          'raw p95',
          'ratio p50',
          'ratio p95',
          'errors',
          `aim ≤ ${AIMS.writeRatio}×`,
        ],
        results.writes.map((write) => {
          const r50 = ratio(write.ours.p50, write.raw.p50);
          return [
            write.kind,
            write.concurrency,
            ms(write.ours.p50),
            ms(write.ours.p95),
            ms(write.ours.p99),
            ms(write.raw.p50),
            ms(write.raw.p95),
            `${r50.toFixed(2)}×`,
            `${ratio(write.ours.p95, write.raw.p95).toFixed(2)}×`,
            `${write.ours.errors}/${write.raw.errors}`,
            verdict(r50 <= AIMS.writeRatio && write.ours.errors === 0),
          ];
        }),
      ),
    );
  }
  lines.push('## Reads: our answer against the same numbers from one SQL statement', '');
  lines.push(
    ...table(
      [
        'read',
        'ours p50',
        'ours p95',
        'SQL p50',
        'SQL p95',
        'ratio p50',
        'ratio p95',
        `p95 ≤ ${AIMS.readP95Ms} ms`,
        `aim ≤ ${AIMS.readRatio}×`,
      ],
      results.reads.map((read) => {
        const r95 = ratio(read.ours.p95, read.sql.p95);
        return [
          read.name,
          ms(read.ours.p50),
          ms(read.ours.p95),
          ms(read.sql.p50),
          ms(read.sql.p95),
          `${ratio(read.ours.p50, read.sql.p50).toFixed(1)}×`,
          `${r95.toFixed(1)}×`,
          verdict(read.ours.p95 <= AIMS.readP95Ms),
          verdict(r95 <= AIMS.readRatio),
        ];
      }),
    ),
  );
  if (results.chat) {
    const { chat } = results;
    lines.push(
      `## Chat: one topic room with ${chat.subscribers} LiveQuery subscribers (on a fresh server)`,
      '',
    );
    lines.push(
      ...table(
        ['measure', 'samples', 'p50', 'p95', 'p99', `p95 ≤ ${AIMS.chatP95Ms} ms`],
        [
          ['message saved (POST answered)', ...times(chat.saved), ''],
          [
            'delivered to each subscriber',
            ...times(chat.delivery),
            verdict(chat.delivery.p95 <= AIMS.chatP95Ms),
          ],
          ['delivered to the last subscriber', ...times(chat.lastArrival), ''],
        ],
      ),
    );
    lines.push(`Server memory per subscribed socket: ${chat.kibPerSocket.toFixed(1)} KiB.`, '');
  }
  if (results.mixed) {
    const { mixed } = results;
    lines.push(`## Mixed load: ${mixed.users} simulated people for ${mixed.seconds.toFixed(0)} s`, '');
    lines.push(
      `${mixed.operations} operations, ${mixed.throughputPerSecond.toFixed(1)} per second, ${mixed.errors} errors; ` +
        `server CPU ${mixed.serverCpuPercent.toFixed(0)} % of one core, peak RSS ${mib(mixed.serverPeakRssBytes)} MiB.`,
      '',
    );
    lines.push(
      ...table(
        ['action', 'count', 'p50', 'p95', 'p99'],
        [mixed.overall, ...mixed.byAction].map((action) => [action.name, ...times(action)]),
      ),
    );
  }
  lines.push('Times in ms.');
  return `${lines.join('\n')}\n`;
}

const results: Results = await withBenchServer('bench', async ({ baseUrl, server, dataDir, client }) => {
  const log = (line: string) => console.log(`[bench] ${line}`);
  log(`Seeding the ${mode} dataset…`);
  const dataset = await seedDataset(client, SETTINGS.dataset);
  log(`Seeded in ${dataset.seedSeconds.toFixed(0)} s: ${JSON.stringify(dataset.rows)}.`);
  const sql = await connectDatabase(dataDir);
  let raw: RawParse | null = null;
  if (SETTINGS.writeTotal > 0) {
    // Its own database on the same PostgreSQL: Parse keeps its schema in a table of the database.
    await sql.query(`CREATE DATABASE ${RAW_DATABASE}`);
    raw = await startRawParse(await databaseUri(dataDir, RAW_DATABASE));
  }
  try {
    const writes: WriteResult[] = [];
    if (raw) {
      const rawClient = restClient({ baseUrl: raw.baseUrl, appId: 'raw', masterKey: 'raw-master-key' });
      const rawPeople = await mapConcurrently(
        Array.from({ length: Math.max(...CONCURRENCY_LEVELS) }),
        4,
        () => rawClient.signUp(),
      );
      const writers = dataset.people.slice(1, Math.max(...CONCURRENCY_LEVELS) + 1);
      for (const kind of WRITE_KINDS) {
        for (const concurrency of CONCURRENCY_LEVELS) {
          log(`Writes: ${kind} × ${concurrency} users…`);
          writes.push(
            await measureWrites(
              kind,
              concurrency,
              SETTINGS.writeTotal,
              { target: { baseUrl, appId: APP_ID }, people: writers },
              { target: { baseUrl: raw.baseUrl, appId: 'raw' }, people: rawPeople },
            ),
          );
        }
      }
    }

    log('Reads…');
    const heavy = dataset.heavy[0] as Account;
    const friendIds = dataset.people
      .slice(1, SETTINGS.dataset.hubFriends + 1)
      .map((person) => person.objectId);
    const reads = await measureReads(readSpecs(baseUrl, sql, dataset.hub, heavy, friendIds), {
      warmUp: Math.min(10, SETTINGS.readCalls),
      calls: SETTINGS.readCalls,
    });

    let mixed: MixedResult | null = null;
    if (SETTINGS.mixedUsers > 0) {
      log(`Mixed load: ${SETTINGS.mixedUsers} people for ${SETTINGS.mixedSeconds} s…`);
      mixed = await measureMixed(
        baseUrl,
        APP_ID,
        server.pid,
        dataset.people.slice(1, SETTINGS.mixedUsers + 1),
        SETTINGS.mixedSeconds,
      );
    }

    return {
      date: new Date().toISOString().slice(0, 10),
      mode,
      machine: machine(),
      dataset: { people: dataset.people.length, ...dataset.rows, seedSeconds: dataset.seedSeconds },
      writes,
      reads,
      chat: null,
      mixed,
    } satisfies Results;
  } finally {
    await sql.end();
    await raw?.stop();
  }
});

if (SETTINGS.chatMessages > 0) {
  // On a server of its own: its memory before the sockets open is not blurred by the seeding.
  console.log(`[bench] Chat: ${CHAT_SUBSCRIBERS} subscribers on a fresh server…`);
  results.chat = await withBenchServer('bench-chat', async ({ baseUrl, server, client }) => {
    const subscribers = await mapConcurrently(Array.from({ length: CHAT_SUBSCRIBERS }), 4, () =>
      client.signUp(),
    );
    const delivery = await measureChatDelivery(baseUrl, server.pid, subscribers, SETTINGS.chatMessages);
    const [saved, each, last] = delivery.scenarios.map(statsOf);
    return {
      subscribers: subscribers.length,
      saved: saved as Stats,
      delivery: each as Stats,
      lastArrival: last as Stats,
      kibPerSocket: (delivery.rssAfter - delivery.rssBefore) / subscribers.length / 1024,
    };
  });
}

await writeResults(mode === 'full' ? results.date : `${results.date}-${mode}`, results, markdown(results));
