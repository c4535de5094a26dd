// `npm run bench:cluster [-- --quick]`: the scale-out topology of server/test/cluster.ts (one
// PostgreSQL, one Redis, one S3 store, three app nodes) measured beside one node, in the same run:
// chat delivery through Redis against one node without Redis, writes on one node against three,
// Redis commands per request, memory per LiveQuery socket, and the load one node carries at
// p95 ≤ 100 ms. Writes bench/results/<date>-cluster[-quick].json and .md (BENCH_RESULTS_DIR
// sends them elsewhere).
import os from 'node:os';
import { createClient } from 'redis';
import type { RedisClient } from '../server/cluster/redis';
import { startCluster, type Cluster, type ClusterNode } from '../server/test/cluster';
import { requestFromTo, restClient, type Account, type RequestOptions } from '../server/test/restClient';
import {
  createDataDir,
  removeDataDir,
  startServerProcess,
  type ServerProcess,
} from '../server/test/serverProcess';
import { localDay } from '../src/domain/calendarDays';
import { topicRoomKey } from '../src/domain/chatRooms';
import { ACTIVITY_TYPES } from '../src/domain/contract';
import {
  AUTHORS,
  closeSubscriptions,
  deliveryScenarios,
  PAUSE_MS,
  subscribeToRoom,
  timeOneMessage,
  WARM_UP,
  type RoomSubscription,
  type TimedMessage,
} from './chatDelivery';
import {
  commandsBetween,
  cpuStallSeconds,
  databaseConnectionsOf,
  postmasterPid,
  processTreeCpuSeconds,
  redisCommandCounts,
  redisCpuSeconds,
  redisKeyspaceMisses,
} from './clusterProbes';
import {
  measureMixed,
  timeWrites,
  WRITE_KINDS,
  writeBody,
  type WriteKind,
  type WriteStats,
} from './scenarios';
import { seedDataset } from './seed';
import {
  APP_ID,
  machine,
  mapConcurrently,
  markdownTable as table,
  mib,
  ms,
  mulberry32,
  processStats,
  settledRss,
  statsOf,
  writeResults,
  type Machine,
  type Stats,
} from './support';

const mode = process.argv.includes('--quick') ? 'quick' : 'full';
const SETTINGS = {
  full: {
    recentDays: 28,
    chatMessages: 60,
    writeTotal: 1500,
    redisRequests: 100,
    /** 1: every one of the 1 000 sockets has a session of its own (750 extra log-ins). */
    socketsPerSession: 1,
    stepSeconds: 15,
    quietMessages: 3,
  },
  quick: {
    recentDays: 14,
    chatMessages: 20,
    writeTotal: 300,
    redisRequests: 30,
    socketsPerSession: 4,
    stepSeconds: 6,
    quietMessages: 2,
  },
}[mode];
const NODES = 3;
const PEOPLE = 250;
const SUBSCRIBERS = 200;
const WRITERS = 50;
const SOCKETS = 1000;
/** Concurrent people in the sizing load (no think time), stepped up until p95 passes the limit. */
const SIZING_STEPS = [1, 2, 4, 6, 8, 12, 16, 24, 32, 48, 64];
const SIZING_P95_MS = 100;
const CHAT_RATIO_AIM = 1.3;
/** Parse's pool (pg's default of 10 connections; DATABASE_URI sets no other) and the app's own pool. */
const PARSE_POOL_MAX = 10;
const APP_POOL_MAX = 4;
/** Longer than Parse's session cache (5 s, in LiveQuery's own cache and in Redis): a cold start. */
const CACHE_EXPIRY_MS = 6_000;

const log = (line: string) => console.log(`[bench:cluster] ${line}`);
/** 127.0.0.1, not localhost: requests from there are what the benchmarks time, never rate-limited. */
const urlOf = (node: { port: number }) => `http://127.0.0.1:${node.port}`;
const ratio = (value: number, base: number) => (base > 0 ? value / base : Number.POSITIVE_INFINITY);
const times = (stats: Stats) => [stats.calls, ms(stats.p50), ms(stats.p95), ms(stats.p99)];

interface ChatSide {
  label: string;
  saved: Stats;
  delivery: Stats;
  lastArrival: Stats;
}

interface ChatResult {
  subscribers: number;
  messages: number;
  single: ChatSide;
  cluster: ChatSide & { byNode: Stats[] };
  ratioP50: number;
  ratioP95: number;
  ratioP99: number;
  /** Messages after a quiet spell longer than the session cache, to each setup in turn. */
  quiet: {
    messages: number;
    single: Stats;
    cluster: Stats;
    /** Redis commands and cache misses per message to the cluster's room. */
    commandsPerMessage: number;
    missesPerMessage: number;
  };
}

interface WriteRow {
  kind: WriteKind;
  oneNode: WriteStats;
  threeNodes: WriteStats;
}

interface RedisRow {
  request: string;
  requests: number;
  /** Commands per request by name, and their sum. */
  byCommand: Record<string, number>;
  commands: number;
  /** Commands minus those sent together in one MULTI…EXEC (the rate limiter's MULTI, SET, INCR, EXEC). */
  roundTrips: number;
  /** Reads of a missing key per request: a session or role not in the cache, read from the database. */
  misses: number;
}

interface MemoryResult {
  node: string;
  sockets: number;
  sessions: number;
  rooms: number;
  rssBefore: number;
  rssAfter: number;
  kibPerSocket: number;
  /** One message to every room, a second time at once: what each delivery then costs in Redis. */
  secondRound: {
    deliveries: number;
    commandsPerDelivery: number;
    missesPerDelivery: number;
    byCommand: Record<string, number>;
  };
}

interface SizingStep {
  concurrency: number;
  seconds: number;
  operations: number;
  opsPerSecond: number;
  errors: number;
  overall: Stats;
  /** CPU used over the step, in percent of one core. */
  nodeCpuPercent: number;
  databaseCpuPercent: number;
  redisCpuPercent: number;
  loadGeneratorCpuPercent: number;
  /** Share of the step in which some task waited for a CPU (Linux PSI), null where not reported. */
  cpuStallPercent: number | null;
  peakDatabaseConnections: number;
  peakRssBytes: number;
}

interface Results {
  date: string;
  mode: string;
  machine: Machine;
  /** 1-minute load average before and after: other work on the same cores. */
  loadAverage: { before: number; after: number };
  /** Share of the run in which some task waited for a CPU (Linux PSI), null where not reported. */
  cpuStallPercent: number | null;
  setup: { nodes: number; clusterStartSeconds: number; people: number; seedSeconds: number };
  chat: ChatResult;
  writes: { concurrency: number; rows: WriteRow[]; oneNodePerSecond: number; threeNodesPerSecond: number };
  redis: { idleCommands: number; idleSeconds: number; rows: RedisRow[] };
  memory: MemoryResult;
  sizing: {
    p95LimitMs: number;
    stepSeconds: number;
    steps: SizingStep[];
    sustained: SizingStep | null;
    opsPerCore: number | null;
  };
  connections: { parsePoolMax: number; appPoolMax: number; peakOfLoadedNode: number; idleByNode: number[] };
}

/**
 * 200 people subscribed to one topic room on one node without Redis, and the same 200 spread over
 * the three nodes in another room; messages go to each in turn (the order alternating), posted
 * through REST on one node, each arrival timed from the POST.
 */
async function measureChat(
  cluster: Cluster,
  redis: RedisClient,
  single: ServerProcess,
  people: readonly Account[],
): Promise<ChatResult> {
  const authors = people.slice(0, AUTHORS);
  const subscribers = people.slice(AUTHORS, AUTHORS + SUBSCRIBERS);
  const [poster] = cluster.nodes;
  if (!poster) throw new Error('The cluster has no node.');
  const sides = [
    { label: '1 node, no Redis', room: topicRoomKey('swim'), postTo: urlOf(single), at: () => urlOf(single) },
    {
      label: `${NODES} nodes through Redis`,
      room: topicRoomKey('run'),
      postTo: urlOf(poster),
      at: (index: number) => urlOf(cluster.nodes[index % NODES] as ClusterNode),
    },
  ];
  const opened: RoomSubscription[][] = [];
  try {
    for (const side of sides) opened.push(await subscribeToRoom(subscribers, side.room, side.at));
    const timed: TimedMessage[][] = sides.map(() => []);
    for (let index = 0; index < WARM_UP + SETTINGS.chatMessages; index += 1) {
      const author = authors[index % authors.length] as Account;
      const order = index % 2 === 0 ? [0, 1] : [1, 0];
      for (const which of order) {
        const side = sides[which] as (typeof sides)[number];
        const message = await timeOneMessage(
          side.postTo,
          author,
          side.room,
          opened[which] ?? [],
          `Message ${index}`,
        );
        if (index >= WARM_UP) timed[which]?.push(message);
        await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
      }
    }
    const summary = (which: number): ChatSide => {
      const [saved, delivery, lastArrival] = deliveryScenarios(timed[which] ?? [], subscribers.length).map(
        statsOf,
      );
      return {
        label: sides[which]?.label ?? '',
        saved: saved as Stats,
        delivery: delivery as Stats,
        lastArrival: lastArrival as Stats,
      };
    };
    const singleSide = summary(0);
    const clusterSide = summary(1);

    // A quiet room: every subscriber's session has left the caches, so each delivery reads it again.
    log(`Chat: ${SETTINGS.quietMessages} messages to each setup after ${CACHE_EXPIRY_MS / 1000} s of quiet…`);
    const quietArrivals: number[][] = sides.map(() => []);
    let quietCommands = 0;
    let quietMisses = 0;
    for (let index = 0; index < SETTINGS.quietMessages; index += 1) {
      for (const which of index % 2 === 0 ? [0, 1] : [1, 0]) {
        const side = sides[which] as (typeof sides)[number];
        await new Promise((resolve) => setTimeout(resolve, CACHE_EXPIRY_MS));
        const before = await redisCommandCounts(redis);
        const missesBefore = await redisKeyspaceMisses(redis);
        const message = await timeOneMessage(
          side.postTo,
          authors[index % authors.length] as Account,
          side.room,
          opened[which] ?? [],
          `After a pause ${index}`,
        );
        quietArrivals[which]?.push(...message.arrivalsMs);
        if (which === 1) {
          const sent = commandsBetween(before, await redisCommandCounts(redis));
          quietCommands += [...sent.values()].reduce((sum, calls) => sum + calls, 0);
          quietMisses += (await redisKeyspaceMisses(redis)) - missesBefore;
        }
      }
    }
    const byNode = cluster.nodes.slice(0, NODES).map((node, nodeIndex) =>
      statsOf({
        name: `node ${node.name}`,
        times: (timed[1] ?? []).flatMap((message) =>
          message.arrivalsMs.filter((_, subscriber) => subscriber % NODES === nodeIndex),
        ),
      }),
    );
    return {
      subscribers: subscribers.length,
      messages: SETTINGS.chatMessages,
      single: singleSide,
      cluster: { ...clusterSide, byNode },
      ratioP50: ratio(clusterSide.delivery.p50, singleSide.delivery.p50),
      ratioP95: ratio(clusterSide.delivery.p95, singleSide.delivery.p95),
      ratioP99: ratio(clusterSide.delivery.p99, singleSide.delivery.p99),
      quiet: {
        messages: SETTINGS.quietMessages,
        single: statsOf({ name: sides[0]?.label ?? '', times: quietArrivals[0] ?? [] }),
        cluster: statsOf({ name: sides[1]?.label ?? '', times: quietArrivals[1] ?? [] }),
        commandsPerMessage: quietCommands / SETTINGS.quietMessages,
        missesPerMessage: quietMisses / SETTINGS.quietMessages,
      },
    };
  } finally {
    await Promise.all(opened.map(closeSubscriptions));
  }
}

/** 50 people logging at once on node A alone, then spread over the three nodes (order alternating). */
async function measureClusterWrites(cluster: Cluster, people: readonly Account[]): Promise<WriteRow[]> {
  const targets = cluster.nodes.slice(0, NODES).map((node) => ({ baseUrl: urlOf(node), appId: APP_ID }));
  const writers = people.slice(0, WRITERS);
  const rows: WriteRow[] = [];
  for (const [index, kind] of WRITE_KINDS.entries()) {
    const run = (count: number) =>
      timeWrites(kind, WRITERS, SETTINGS.writeTotal, { targets: targets.slice(0, count), people: writers });
    log(`Writes: ${kind} × ${WRITERS} people, 1 node and ${NODES} nodes…`);
    if (index % 2 === 0) {
      const oneNode = await run(1);
      rows.push({ kind, oneNode, threeNodes: await run(NODES) });
    } else {
      const threeNodes = await run(NODES);
      rows.push({ kind, oneNode: await run(1), threeNodes });
    }
  }
  return rows;
}

/**
 * Redis commands per request, from Redis's own counters before and after `count` requests of each
 * kind, one after another, spread over the nodes. Each request comes from an address of its own
 * other than 127.0.0.1, as a person's through a proxy does, so the rate limits count it.
 */
async function measureRedisCommands(
  cluster: Cluster,
  redis: RedisClient,
  people: readonly Account[],
  count: number,
): Promise<RedisRow[]> {
  const random = mulberry32(7);
  const today = localDay(new Date(), 'UTC');
  type Request = { path: string; options: RequestOptions; status: number };
  const owned = (person: Account, body: Record<string, unknown>) => ({
    sessionToken: person.sessionToken,
    body,
  });
  const kinds: { name: string; request: (person: Account) => Request; samePerson?: boolean }[] = [
    {
      name: 'log a weigh-in (POST /classes/WeightEntry), each by another person',
      request: (person) => ({
        path: '/parse/classes/WeightEntry',
        options: owned(person, writeBody('weigh-in', random)),
        status: 201,
      }),
    },
    {
      name: 'log a weigh-in, one person again and again',
      samePerson: true,
      request: (person) => ({
        path: '/parse/classes/WeightEntry',
        options: owned(person, writeBody('weigh-in', random)),
        status: 201,
      }),
    },
    {
      name: 'cloud function read (dashboardSummary), each by another person',
      request: (person) => ({
        path: '/parse/functions/dashboardSummary',
        options: owned(person, { date: today, timeZone: 'UTC' }),
        status: 200,
      }),
    },
    {
      name: 'cloud function read (dashboardSummary), one person again and again',
      samePerson: true,
      request: (person) => ({
        path: '/parse/functions/dashboardSummary',
        options: owned(person, { date: today, timeZone: 'UTC' }),
        status: 200,
      }),
    },
    {
      name: 'post a chat message (POST /classes/ChatMessage)',
      request: (person) => ({
        path: '/parse/classes/ChatMessage',
        options: owned(person, { room: topicRoomKey('row'), text: 'Two kilometres, easy pace' }),
        status: 201,
      }),
    },
    {
      name: 'log in (POST /login)',
      request: (person) => ({
        path: '/parse/login',
        options: { body: { username: person.username, password: person.password } },
        status: 200,
      }),
    },
  ];
  const rows: RedisRow[] = [];
  for (const [kindIndex, kind] of kinds.entries()) {
    const send = async (index: number) => {
      const node = cluster.nodes[index % NODES] as ClusterNode;
      const person = people[kind.samePerson ? 0 : index % people.length] as Account;
      const { path, options, status } = kind.request(person);
      // One address per request: the limits (20 log-ins per 5 min per address) never refuse one.
      const address = `127.0.${10 + kindIndex}.${(index % 250) + 1}`;
      const answer = await requestFromTo(node.target, address, 'POST', path, options);
      if (answer.status !== status) {
        throw new Error(`${kind.name} answered ${answer.status}: ${answer.text.slice(0, 300)}`);
      }
    };
    // One person again and again: the first request fills the caches and is not counted. Each by
    // another person: every cached session has expired, as for people who act now and then.
    if (kind.samePerson) await send(count);
    else await new Promise((resolve) => setTimeout(resolve, CACHE_EXPIRY_MS));
    const before = await redisCommandCounts(redis);
    const missesBefore = await redisKeyspaceMisses(redis);
    for (let index = 0; index < count; index += 1) await send(index);
    const sent = commandsBetween(before, await redisCommandCounts(redis));
    const misses = (await redisKeyspaceMisses(redis)) - missesBefore;
    const commands = [...sent.values()].reduce((sum, calls) => sum + calls, 0);
    // The server's only transaction is a rate-limit counter: MULTI, SET, INCR and EXEC in one trip.
    const batched = 3 * (sent.get('exec') ?? 0);
    rows.push({
      request: kind.name,
      requests: count,
      byCommand: Object.fromEntries([...sent].map(([name, calls]) => [name, calls / count])),
      commands: commands / count,
      roundTrips: (commands - batched) / count,
      misses: misses / count,
    });
  }
  return rows;
}

/**
 * The process's resident memory once it has stopped shrinking: V8 gives back the garbage of the
 * start (or of opening 1 000 sockets) only some seconds after the work ends, and a reading taken
 * before that would hide the sockets' memory. At least 20 s, until two readings 5 s apart agree
 * within 1 MiB (at most 90 s); the smaller of the two.
 */
async function quietRss(pid: number): Promise<number> {
  const started = performance.now();
  let last = await settledRss(pid);
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    const now = await settledRss(pid);
    const waited = performance.now() - started;
    if ((Math.abs(now - last) < 1024 * 1024 && waited >= 20_000) || waited >= 90_000) {
      return Math.min(now, last);
    }
    last = now;
  }
}

/**
 * 1 000 sockets on a node started for it (a loaded node keeps memory it no longer uses, which the
 * sockets would fill unseen), each connected with a valid session and subscribed to one of the
 * topic rooms; the node's resident memory settled before and after.
 */
async function measureSocketMemory(
  cluster: Cluster,
  redis: RedisClient,
  people: readonly Account[],
): Promise<MemoryResult> {
  log('Memory: starting a fresh node…');
  const [node] = await cluster.startNodes(1);
  if (!node) throw new Error('The fresh node did not start.');
  const sessionsNeeded = Math.ceil(SOCKETS / SETTINGS.socketsPerSession);
  const extra = Math.max(0, sessionsNeeded - people.length);
  log(`Memory: ${extra} more log-ins for ${sessionsNeeded} sessions…`);
  const more = await mapConcurrently(Array.from({ length: extra }), 4, (_, index) => {
    const person = people[index % people.length] as Account;
    const through = cluster.nodes[index % NODES] as ClusterNode;
    return restClient(through.target).logIn(person.username, person.password);
  });
  const sessions = [...people, ...more].slice(0, sessionsNeeded);
  const holders = Array.from({ length: SOCKETS }, (_, index) => sessions[index % sessions.length] as Account);
  const rooms = ACTIVITY_TYPES.map((type) => topicRoomKey(type));
  const rssBefore = await quietRss(node.pid);
  log(`Memory: opening ${SOCKETS} sockets on node ${node.name}…`);
  const opened: RoomSubscription[][] = [];
  try {
    for (const [roomIndex, room] of rooms.entries()) {
      const share = holders.filter((_, index) => index % rooms.length === roomIndex);
      opened.push(await subscribeToRoom(share, room, () => urlOf(node)));
    }
    const rssAfter = await quietRss(node.pid);

    // LiveQuery keeps the sessions of its subscribers in a cache of its own (at most 500 per node,
    // for 5 s): a second message to every room at once shows whether deliveries still ask Redis.
    const poster = people[0] as Account;
    const round = async () => {
      for (const [roomIndex, room] of rooms.entries()) {
        await timeOneMessage(urlOf(node), poster, room, opened[roomIndex] ?? [], 'One more set of intervals');
      }
    };
    await round();
    const before = await redisCommandCounts(redis);
    const missesBefore = await redisKeyspaceMisses(redis);
    await round();
    const sent = commandsBetween(before, await redisCommandCounts(redis));
    const misses = (await redisKeyspaceMisses(redis)) - missesBefore;
    const commands = [...sent.values()].reduce((sum, calls) => sum + calls, 0);
    return {
      node: `${node.name} (fresh)`,
      sockets: SOCKETS,
      sessions: sessions.length,
      rooms: rooms.length,
      rssBefore,
      rssAfter,
      kibPerSocket: (rssAfter - rssBefore) / SOCKETS / 1024,
      secondRound: {
        deliveries: SOCKETS,
        commandsPerDelivery: commands / SOCKETS,
        missesPerDelivery: misses / SOCKETS,
        byCommand: Object.fromEntries([...sent].map(([name, calls]) => [name, calls / SOCKETS])),
      },
    };
  } finally {
    await Promise.all(opened.map(closeSubscriptions));
    await node.stop();
  }
}

/**
 * The mixed load of `npm run bench` on node A with no think time, stepping the number of people
 * up until p95 passes the limit; CPU of the node, PostgreSQL and Redis measured over each step.
 */
async function measureSizing(
  cluster: Cluster,
  redis: RedisClient,
  people: readonly Account[],
): Promise<SizingStep[]> {
  const node = cluster.nodes[0] as ClusterNode;
  const postmaster = await postmasterPid(cluster.database.uri);
  const steps: SizingStep[] = [];
  for (const concurrency of SIZING_STEPS) {
    if (concurrency > people.length) break;
    log(`Sizing: ${concurrency} people at once on node ${node.name} for ${SETTINGS.stepSeconds} s…`);
    let peakConnections = 0;
    const sampler = setInterval(() => {
      void databaseConnectionsOf(node.pid, cluster.database.port).then(
        (count) => (peakConnections = Math.max(peakConnections, count)),
        () => undefined,
      );
    }, 250);
    const databaseBefore = await processTreeCpuSeconds(postmaster);
    const redisBefore = await redisCpuSeconds(redis);
    const ownBefore = process.cpuUsage();
    const stallBefore = await cpuStallSeconds();
    const mixed = await measureMixed(
      urlOf(node),
      APP_ID,
      node.pid,
      people.slice(0, concurrency),
      SETTINGS.stepSeconds,
      { thinkMs: 0 },
    );
    const own = process.cpuUsage(ownBefore);
    const stallAfter = await cpuStallSeconds();
    const databaseSeconds = (await processTreeCpuSeconds(postmaster)) - databaseBefore;
    const redisSeconds = (await redisCpuSeconds(redis)) - redisBefore;
    clearInterval(sampler);
    const percent = (cpuSeconds: number) => (cpuSeconds / mixed.seconds) * 100;
    const step: SizingStep = {
      concurrency,
      seconds: mixed.seconds,
      operations: mixed.operations,
      opsPerSecond: mixed.throughputPerSecond,
      errors: mixed.errors,
      overall: mixed.overall,
      nodeCpuPercent: mixed.serverCpuPercent,
      databaseCpuPercent: percent(databaseSeconds),
      redisCpuPercent: percent(redisSeconds),
      loadGeneratorCpuPercent: percent((own.user + own.system) / 1e6),
      cpuStallPercent:
        stallBefore === undefined || stallAfter === undefined ? null : percent(stallAfter - stallBefore),
      peakDatabaseConnections: peakConnections,
      peakRssBytes: mixed.serverPeakRssBytes,
    };
    steps.push(step);
    log(
      `  ${step.opsPerSecond.toFixed(0)} ops/s, p95 ${ms(step.overall.p95)} ms, ${step.errors} errors, ` +
        `node ${step.nodeCpuPercent.toFixed(0)} %, PostgreSQL ${step.databaseCpuPercent.toFixed(0)} % of a core.`,
    );
    if (step.overall.p95 > SIZING_P95_MS) break;
  }
  return steps;
}

/** The last step within the limit, without errors. */
function sustainedStep(steps: readonly SizingStep[]): SizingStep | null {
  let sustained: SizingStep | null = null;
  for (const step of steps) {
    if (step.overall.p95 > SIZING_P95_MS || step.errors > 0) break;
    sustained = step;
  }
  return sustained;
}

const percentOf = (value: number) => `${value.toFixed(0)} %`;

async function cpuStallSince(before: number | undefined, startedAt: number): Promise<number | null> {
  const after = await cpuStallSeconds();
  if (before === undefined || after === undefined) return null;
  return ((after - before) / ((performance.now() - startedAt) / 1000)) * 100;
}

function markdown(results: Results): string {
  const { machine: host, chat, writes, redis, memory, sizing, connections } = results;
  const lines: string[] = [`# Cluster benchmark ${results.date} (${results.mode})`, ''];
  lines.push(
    `Machine: ${host.cpus} × ${host.model}, ${host.memoryGiB} GiB, Node ${host.node}, ${host.platform}; ` +
      `load average ${results.loadAverage.before.toFixed(1)} before, ${results.loadAverage.after.toFixed(1)} after` +
      (results.cpuStallPercent === null
        ? ''
        : `, some task waiting for a CPU ${percentOf(results.cpuStallPercent)} of the time`) +
      ` (the cores are shared with other work: absolute times are noisy, the ratios are taken in the same run). ` +
      `${results.setup.nodes} app nodes, one PostgreSQL, one Redis and one S3 store (s3rver), all on these cores ` +
      `with the load generator; the cluster started in ${results.setup.clusterStartSeconds.toFixed(0)} s; ` +
      `${results.setup.people} people with ${SETTINGS.recentDays} days of workouts and friendships, seeded in ` +
      `${results.setup.seedSeconds.toFixed(0)} s.`,
    '',
  );

  lines.push(
    `## Chat: ${chat.subscribers} subscribers of one topic room, ${chat.messages} messages to each setup`,
    '',
  );
  lines.push(
    ...table(
      ['setup', 'measure', 'samples', 'p50', 'p95', 'p99'],
      [chat.single, chat.cluster].flatMap((side) => [
        [side.label, 'message saved (POST answered)', ...times(side.saved)],
        [side.label, 'delivered to each subscriber', ...times(side.delivery)],
        [side.label, 'delivered to the last subscriber', ...times(side.lastArrival)],
      ]),
    ),
  );
  lines.push(
    `Through Redis against one node: ${chat.ratioP50.toFixed(2)}× at p50, ${chat.ratioP95.toFixed(2)}× at p95, ` +
      `${chat.ratioP99.toFixed(2)}× at p99 (aim ≤ ${CHAT_RATIO_AIM}× at p95: ` +
      `${chat.ratioP95 <= CHAT_RATIO_AIM ? 'pass' : 'MISS'}). Messages posted through node A; deliveries by the ` +
      `subscriber's node: ${chat.cluster.byNode.map((row) => `${row.name} p50 ${ms(row.p50)}, p95 ${ms(row.p95)}`).join('; ')}.`,
    '',
    `After ${CACHE_EXPIRY_MS / 1000} s of quiet (${chat.quiet.messages} messages to each setup), every ` +
      `subscriber's session has left the caches and each delivery reads it again: p50 ` +
      `${ms(chat.quiet.single.p50)} / p95 ${ms(chat.quiet.single.p95)} on 1 node, p50 ` +
      `${ms(chat.quiet.cluster.p50)} / p95 ${ms(chat.quiet.cluster.p95)} on ${NODES} nodes, where each message ` +
      `cost ${chat.quiet.commandsPerMessage.toFixed(0)} Redis commands and ` +
      `${chat.quiet.missesPerMessage.toFixed(0)} cache misses (each a database read).`,
    '',
  );

  lines.push(`## Writes: ${writes.concurrency} people logging at once, 1 node against ${NODES}`, '');
  lines.push(
    ...table(
      ['write', 'nodes', 'writes', 'per second', 'p50', 'p95', 'p99', 'errors'],
      writes.rows.flatMap((row) =>
        (
          [
            [1, row.oneNode],
            [NODES, row.threeNodes],
          ] as const
        ).map(([nodes, stats]) => [
          row.kind,
          nodes,
          stats.calls,
          stats.throughputPerSecond.toFixed(0),
          ms(stats.p50),
          ms(stats.p95),
          ms(stats.p99),
          stats.errors,
        ]),
      ),
    ),
  );
  lines.push(
    `All writes: ${writes.oneNodePerSecond.toFixed(0)} per second on 1 node, ` +
      `${writes.threeNodesPerSecond.toFixed(0)} on ${NODES} (${ratio(writes.threeNodesPerSecond, writes.oneNodePerSecond).toFixed(2)}×). ` +
      `All nodes share the same ${host.cpus} cores with PostgreSQL and the load generator, so three nodes cannot ` +
      `do more work than one here; what the table shows is the cost of spreading it.`,
    '',
  );

  lines.push('## Redis commands per request', '');
  lines.push(
    ...table(
      ['request', 'requests', 'commands', 'round trips', 'cache misses', 'by command'],
      redis.rows.map((row) => [
        row.request,
        row.requests,
        row.commands.toFixed(2),
        row.roundTrips.toFixed(2),
        row.misses.toFixed(2),
        Object.entries(row.byCommand)
          .map(([name, perRequest]) => `${name} ${perRequest.toFixed(2)}`)
          .join(', '),
      ]),
    ),
  );
  lines.push(
    `Read from \`INFO commandstats\` before and after each batch (each request from an address of its own, ` +
      `so the rate limits count it). MULTI, SET, INCR and EXEC of a rate-limit counter travel in one round ` +
      `trip. A cache miss is a read of a key Redis does not hold (a session or a person's roles), which ` +
      `the node then reads from the database. With no requests, ${redis.idleCommands} commands in ` +
      `${redis.idleSeconds} s.`,
    '',
  );

  lines.push(`## Memory: ${memory.sockets} LiveQuery sockets on node ${memory.node}`, '');
  lines.push(
    `${memory.sockets} sockets, each connected with a valid session (${memory.sessions} sessions) and subscribed ` +
      `to one of ${memory.rooms} topic rooms: resident memory ${mib(memory.rssBefore)} MiB before, ` +
      `${mib(memory.rssAfter)} MiB after, ${memory.kibPerSocket.toFixed(1)} KiB per socket ` +
      `(${((memory.kibPerSocket * 1000) / 1024).toFixed(0)} MiB per 1 000).`,
    '',
    `A message to every room, then a second round at once (${memory.secondRound.deliveries} deliveries): ` +
      `${memory.secondRound.commandsPerDelivery.toFixed(2)} Redis commands and ` +
      `${memory.secondRound.missesPerDelivery.toFixed(2)} cache misses per delivery in the second round (` +
      Object.entries(memory.secondRound.byCommand)
        .map(([name, perDelivery]) => `${name} ${perDelivery.toFixed(2)}`)
        .join(', ') +
      "); LiveQuery's own session cache holds at most 500 sessions per node.",
    '',
  );

  lines.push(
    `## Sizing: the mixed load on one node with no think time, until p95 passes ${sizing.p95LimitMs} ms`,
    '',
  );
  lines.push(
    ...table(
      [
        'people at once',
        'ops/s',
        'p50',
        'p95',
        'p99',
        'errors',
        'node CPU',
        'PostgreSQL CPU',
        'Redis CPU',
        'load generator CPU',
        'CPU stall',
        'DB connections',
        'peak RSS MiB',
      ],
      sizing.steps.map((step) => [
        step.concurrency,
        step.opsPerSecond.toFixed(0),
        ms(step.overall.p50),
        ms(step.overall.p95),
        ms(step.overall.p99),
        step.errors,
        percentOf(step.nodeCpuPercent),
        percentOf(step.databaseCpuPercent),
        percentOf(step.redisCpuPercent),
        percentOf(step.loadGeneratorCpuPercent),
        step.cpuStallPercent === null ? '–' : percentOf(step.cpuStallPercent),
        step.peakDatabaseConnections,
        mib(step.peakRssBytes),
      ]),
    ),
  );
  const sustained = sizing.sustained;
  lines.push(
    sustained
      ? `One node sustains about ${sustained.opsPerSecond.toFixed(0)} operations per second at p95 ≤ ` +
          `${sizing.p95LimitMs} ms (${sustained.concurrency} people at once, p95 ${ms(sustained.overall.p95)} ms); ` +
          `node, PostgreSQL and Redis used ${((sustained.nodeCpuPercent + sustained.databaseCpuPercent + sustained.redisCpuPercent) / 100).toFixed(2)} ` +
          `cores for it: about ${sizing.opsPerCore?.toFixed(0)} operations per second per core.`
      : `No step stayed within p95 ≤ ${sizing.p95LimitMs} ms without errors.`,
    '',
  );
  lines.push(
    `Database connections per node: Parse's pool (at most ${connections.parsePoolMax}) and the app's own ` +
      `(at most ${connections.appPoolMax}); the loaded node held at most ${connections.peakOfLoadedNode} at once, ` +
      `each node ${connections.idleByNode.join(', ')} when idle at the end.`,
    '',
  );
  lines.push(
    'Times in ms; CPU in percent of one core. CPU stall: share of the time in which some task waited for a ' +
      'CPU (Linux pressure stall information, /proc/pressure/cpu); other work on the machine shows there.',
  );
  return `${lines.join('\n')}\n`;
}

const loadBefore = os.loadavg()[0] ?? 0;
const stallBefore = await cpuStallSeconds();
const runStarted = performance.now();
log(`Starting PostgreSQL, Redis, an S3 store and ${NODES} app nodes…`);
const clusterStarted = performance.now();
const cluster = await startCluster(NODES);
const clusterStartSeconds = (performance.now() - clusterStarted) / 1000;
const redis = createClient({ url: cluster.redis.url });
let single: ServerProcess | undefined;
let singleDir: string | undefined;
let results: Results;
try {
  await redis.connect();
  const [nodeA] = cluster.nodes;
  if (!nodeA) throw new Error('The cluster has no node.');
  log(`Seeding ${PEOPLE} people…`);
  const dataset = await seedDataset(restClient(nodeA.target), {
    people: PEOPLE,
    averageFriends: 10,
    hubFriends: 20,
    heavyPeople: 0,
    heavyDays: 0,
    recentDays: SETTINGS.recentDays,
  });
  const people = dataset.people;

  // The node without Redis shares the database and the file store, so only Redis differs.
  log('Chat: starting one node without Redis beside the cluster…');
  singleDir = await createDataDir('bench-cluster-single');
  single = await startServerProcess({
    dataDir: singleDir,
    env: { DATABASE_URI: cluster.database.uri, MASTER_KEY: cluster.masterKey, ...cluster.s3.env },
    readyTimeoutMs: 120_000,
  });
  log(`Chat: ${SUBSCRIBERS} subscribers on each setup, ${SETTINGS.chatMessages} messages each…`);
  const chat = await measureChat(cluster, redis, single, people);
  await single.stop();
  single = undefined;

  const writeRows = await measureClusterWrites(cluster, people);
  const perSecond = (pick: (row: WriteRow) => WriteStats) =>
    writeRows.reduce((sum, row) => sum + pick(row).calls, 0) /
    writeRows.reduce((sum, row) => sum + pick(row).seconds, 0);

  log('Redis commands: idle, then each kind of request…');
  const idleSeconds = 2;
  const idleBefore = await redisCommandCounts(redis);
  await new Promise((resolve) => setTimeout(resolve, idleSeconds * 1000));
  const idle = commandsBetween(idleBefore, await redisCommandCounts(redis));
  const redisRows = await measureRedisCommands(cluster, redis, people, SETTINGS.redisRequests);

  const memory = await measureSocketMemory(cluster, redis, people);

  const steps = await measureSizing(cluster, redis, people);
  const sustained = sustainedStep(steps);
  const idleConnections = await Promise.all(
    cluster.nodes.slice(0, NODES).map((node) => databaseConnectionsOf(node.pid, cluster.database.port)),
  );
  const coresUsed = sustained
    ? (sustained.nodeCpuPercent + sustained.databaseCpuPercent + sustained.redisCpuPercent) / 100
    : 0;

  results = {
    date: new Date().toISOString().slice(0, 10),
    mode,
    machine: machine(),
    loadAverage: { before: loadBefore, after: os.loadavg()[0] ?? 0 },
    cpuStallPercent: await cpuStallSince(stallBefore, runStarted),
    setup: { nodes: NODES, clusterStartSeconds, people: people.length, seedSeconds: dataset.seedSeconds },
    chat,
    writes: {
      concurrency: WRITERS,
      rows: writeRows,
      oneNodePerSecond: perSecond((row) => row.oneNode),
      threeNodesPerSecond: perSecond((row) => row.threeNodes),
    },
    redis: {
      idleCommands: [...idle.values()].reduce((sum, calls) => sum + calls, 0),
      idleSeconds,
      rows: redisRows,
    },
    memory,
    sizing: {
      p95LimitMs: SIZING_P95_MS,
      stepSeconds: SETTINGS.stepSeconds,
      steps,
      sustained,
      opsPerCore: sustained && coresUsed > 0 ? sustained.opsPerSecond / coresUsed : null,
    },
    connections: {
      parsePoolMax: PARSE_POOL_MAX,
      appPoolMax: APP_POOL_MAX,
      peakOfLoadedNode: Math.max(0, ...steps.map((step) => step.peakDatabaseConnections)),
      idleByNode: idleConnections,
    },
  };
  // Each node's process, to show that none of them ended up holding more than the others.
  for (const node of cluster.nodes.slice(0, NODES)) {
    log(`Node ${node.name}: RSS ${mib((await processStats(node.pid)).rssBytes)} MiB at the end.`);
  }
} finally {
  await redis.close().catch(() => undefined);
  await single?.stop();
  if (singleDir) await removeDataDir(singleDir);
  await cluster.stop();
}

await writeResults(
  mode === 'full' ? `${results.date}-cluster` : `${results.date}-cluster-quick`,
  results,
  markdown(results),
);
