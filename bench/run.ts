// `npm run bench [-- --quick]`: starts FITSTREAK on a fresh data directory, seeds the dataset of
// seed.ts, starts raw Parse beside it on the same PostgreSQL (databases of its own: one without
// cloud code, one with an empty beforeSave), runs every scenario and writes
// bench/results/<date>[-quick].json and .md. `--smoke` runs a tiny version of one scenario (the
// harness's own test); `--only=writes,chat` runs only the parts named (of writes, reads, mixed,
// chat) and adds them to the file names; BENCH_RESULTS_DIR sends the files elsewhere.
import type { Account } from '../server/test/restClient';
import { connectDatabase } from '../server/test/serverProcess';
import { measureChatDelivery } from './chatDelivery';
import { RAW_APP_ID, startRawParse, type RawParse } from './rawParse';
import {
  measureMixed,
  measureReads,
  measureWrites,
  readSpecs,
  WRITE_CLASSES,
  WRITE_KINDS,
  type MixedResult,
  type ReadResult,
  type WriteResult,
  type WriteStats,
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
    writeTotal: 1000,
    readCalls: 200,
    chatMessages: 60,
    mixedUsers: 50,
    mixedSeconds: 60,
  },
  quick: {
    dataset: QUICK_DATASET,
    writeTotal: 300,
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
const PARTS = ['writes', 'reads', 'mixed', 'chat'] as const;
const onlyArgument = process.argv.find((argument) => argument.startsWith('--only='));
const only = onlyArgument ? onlyArgument.slice('--only='.length).split(',') : [...PARTS];
const runs = (part: (typeof PARTS)[number]) => only.includes(part);
const CONCURRENCY_LEVELS = [1, 10, 50];
const CHAT_SUBSCRIBERS = 200;

/** Aims from the issues: ratios against the baselines beside them, and absolute budgets. */
const AIMS = {
  /** Ours against a raw Parse baseline, at p50 and in writes per second. */
  writeRatio: 1.1,
  readRatio: 3,
  readP95Ms: 100,
  chatP95Ms: 50,
  /** Chat delivery at p95 against raw Parse's LiveQuery. */
  chatRawRatio: 1.1,
};

const ratio = (ours: number, base: number) => (base > 0 ? ours / base : Number.POSITIVE_INFINITY);
const cpu = (msPerWrite: number | undefined) => (msPerWrite === undefined ? '–' : msPerWrite.toFixed(2));
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
    /** The same on raw Parse's LiveQuery, the messages taking turns with ours. */
    raw: { delivery: Stats; lastArrival: Stats; saved: Stats };
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
    lines.push(
      '## Writes: ours against three raw Parse baselines',
      '',
      'contract: our class definitions as its schema and an empty beforeSave; trigger: an empty',
      'beforeSave; raw: no cloud code. Ratios are ours over the baseline, larger is slower (for',
      "writes per second, the baseline's rate over ours). CPU: the server process's CPU time (user",
      "and system) per timed write, in ms; the database's is not in it.",
      '',
    );
    lines.push(
      ...table(
        [
          'write',
          'users',
          'ours p50',
          'ours p95',
          'contract p50',
          'trigger p50',
          'raw p50',
          'ours/s',
          'contract/s',
          'trigger/s',
          'raw/s',
          'p50 ÷ contract',
          '/s ÷ contract',
          'p50 ÷ trigger',
          '/s ÷ trigger',
          'p50 ÷ raw',
          'ours CPU',
          'contract CPU',
          'trigger CPU',
          'raw CPU',
          'CPU ÷ contract',
          'CPU ÷ trigger',
          'errors',
          `≤ ${AIMS.writeRatio}× trigger`,
          `≤ ${AIMS.writeRatio}× contract`,
        ],
        results.writes.map((write) => {
          const { ours, contract, emptyTrigger, raw } = write;
          const rates = (base: WriteStats) => [
            ratio(ours.p50, base.p50),
            ratio(base.throughputPerSecond, ours.throughputPerSecond),
          ];
          const [contract50 = 0, contractRate = 0] = rates(contract);
          const [trigger50 = 0, triggerRate = 0] = rates(emptyTrigger);
          const within = (p50: number, rate: number) =>
            verdict(p50 <= AIMS.writeRatio && rate <= AIMS.writeRatio && ours.errors === 0);
          return [
            write.kind,
            write.concurrency,
            ms(ours.p50),
            ms(ours.p95),
            ms(contract.p50),
            ms(emptyTrigger.p50),
            ms(raw.p50),
            ...[ours, contract, emptyTrigger, raw].map((side) => side.throughputPerSecond.toFixed(0)),
            ...[contract50, contractRate, trigger50, triggerRate, ratio(ours.p50, raw.p50)].map(
              (value) => `${value.toFixed(2)}×`,
            ),
            ...[ours, contract, emptyTrigger, raw].map((side) => cpu(side.cpuMsPerWrite)),
            ...[contract, emptyTrigger].map((base) =>
              ours.cpuMsPerWrite && base.cpuMsPerWrite
                ? `${ratio(ours.cpuMsPerWrite, base.cpuMsPerWrite).toFixed(2)}×`
                : '–',
            ),
            [ours, contract, emptyTrigger, raw].map((side) => side.errors).join('/'),
            within(trigger50, triggerRate),
            within(contract50, contractRate),
          ];
        }),
      ),
    );
  }
  if (results.reads.length > 0) {
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
  }
  if (results.chat) {
    const { chat } = results;
    lines.push(
      `## Chat: one topic room with ${chat.subscribers} LiveQuery subscribers (on a fresh server)`,
      '',
    );
    const rawRatio = ratio(chat.delivery.p95, chat.raw.delivery.p95);
    lines.push(
      ...table(
        ['server', 'measure', 'samples', 'p50', 'p95', 'p99', `p95 ≤ ${AIMS.chatP95Ms} ms`],
        [
          ['ours', 'message saved (POST answered)', ...times(chat.saved), ''],
          [
            'ours',
            'delivered to each subscriber',
            ...times(chat.delivery),
            verdict(chat.delivery.p95 <= AIMS.chatP95Ms),
          ],
          ['ours', 'delivered to the last subscriber', ...times(chat.lastArrival), ''],
          ['raw', 'message saved (POST answered)', ...times(chat.raw.saved), ''],
          ['raw', 'delivered to each subscriber', ...times(chat.raw.delivery), ''],
          ['raw', 'delivered to the last subscriber', ...times(chat.raw.lastArrival), ''],
        ],
      ),
    );
    lines.push(
      `Delivered to each subscriber, ours against raw LiveQuery: ` +
        `${ratio(chat.delivery.p50, chat.raw.delivery.p50).toFixed(2)}× at p50, ${rawRatio.toFixed(2)}× at p95 ` +
        `(aim ≤ ${AIMS.chatRawRatio}× at p95: ${verdict(rawRatio <= AIMS.chatRawRatio)}).`,
      '',
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
  const baselines: RawParse[] = [];
  try {
    const writes: WriteResult[] = [];
    if (SETTINGS.writeTotal > 0 && runs('writes')) {
      const raw = await startRawParse(sql, dataDir, 'raw_parse');
      baselines.push(raw);
      const emptyTrigger = await startRawParse(sql, dataDir, 'raw_parse_trigger', {
        emptyTriggers: WRITE_CLASSES,
      });
      baselines.push(emptyTrigger);
      const contract = await startRawParse(sql, dataDir, 'raw_parse_contract', {
        emptyTriggers: WRITE_CLASSES,
        contract: true,
      });
      baselines.push(contract);
      const most = Math.max(...CONCURRENCY_LEVELS);
      const rawPeople = await raw.signUp(most);
      const triggerPeople = await emptyTrigger.signUp(most);
      const contractPeople = await contract.signUp(most);
      const writers = dataset.people.slice(1, most + 1);
      for (const kind of WRITE_KINDS) {
        for (const concurrency of CONCURRENCY_LEVELS) {
          log(`Writes: ${kind} × ${concurrency} users…`);
          writes.push(
            await measureWrites(kind, concurrency, SETTINGS.writeTotal, {
              ours: { target: { baseUrl, appId: APP_ID }, people: writers, pid: server.pid },
              contract: {
                target: { baseUrl: contract.baseUrl, appId: RAW_APP_ID },
                people: contractPeople,
                pid: contract.pid,
              },
              emptyTrigger: {
                target: { baseUrl: emptyTrigger.baseUrl, appId: RAW_APP_ID },
                people: triggerPeople,
                pid: emptyTrigger.pid,
              },
              raw: { target: { baseUrl: raw.baseUrl, appId: RAW_APP_ID }, people: rawPeople, pid: raw.pid },
            }),
          );
        }
      }
    }

    let reads: ReadResult[] = [];
    if (runs('reads')) {
      log('Reads…');
      const heavy = dataset.heavy[0] as Account;
      const friendIds = dataset.people
        .slice(1, SETTINGS.dataset.hubFriends + 1)
        .map((person) => person.objectId);
      reads = await measureReads(readSpecs(baseUrl, sql, dataset.hub, heavy, friendIds), {
        warmUp: Math.min(10, SETTINGS.readCalls),
        calls: SETTINGS.readCalls,
      });
    }

    let mixed: MixedResult | null = null;
    if (SETTINGS.mixedUsers > 0 && runs('mixed')) {
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
    await Promise.all(baselines.map((baseline) => baseline.stop()));
  }
});

if (SETTINGS.chatMessages > 0 && runs('chat')) {
  // On a server of its own: its memory before the sockets open is not blurred by the seeding.
  console.log(`[bench] Chat: ${CHAT_SUBSCRIBERS} subscribers on a fresh server, beside raw Parse…`);
  results.chat = await withBenchServer('bench-chat', async ({ baseUrl, server, dataDir, client }) => {
    const sql = await connectDatabase(dataDir);
    const raw = await startRawParse(sql, dataDir, 'raw_chat').finally(() => sql.end());
    try {
      const subscribers = await mapConcurrently(Array.from({ length: CHAT_SUBSCRIBERS }), 4, () =>
        client.signUp(),
      );
      const delivery = await measureChatDelivery(baseUrl, server.pid, subscribers, SETTINGS.chatMessages, {
        baseUrl: raw.baseUrl,
        people: await raw.signUp(CHAT_SUBSCRIBERS),
      });
      const [saved, each, last] = delivery.scenarios.map(statsOf);
      const [rawSaved, rawEach, rawLast] = (delivery.rawScenarios ?? []).map(statsOf);
      return {
        subscribers: subscribers.length,
        saved: saved as Stats,
        delivery: each as Stats,
        lastArrival: last as Stats,
        kibPerSocket: (delivery.rssAfter - delivery.rssBefore) / subscribers.length / 1024,
        raw: { saved: rawSaved as Stats, delivery: rawEach as Stats, lastArrival: rawLast as Stats },
      };
    } finally {
      await raw.stop();
    }
  });
}

const suffix = [mode === 'full' ? '' : `-${mode}`, onlyArgument ? `-${only.join('-')}` : ''].join('');
await writeResults(`${results.date}${suffix}`, results, markdown(results));
