import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { topicRoomKey } from '../../src/domain/chatRooms';
import { ChatFollower } from '../test/chatFollower';
import { startCluster, waitUntil, type Cluster, type ClusterNode } from '../test/cluster';
import { parseDate, restClient, type Account } from '../test/rest';

/**
 * A cluster keeps its promises while its parts fail: a node killed, Redis gone for a while,
 * PostgreSQL restarted. Acknowledged writes are never lost, requests are answered rather than left
 * hanging, and chat readers end up with every message once.
 */

/** A request that has not answered by then counts as hanging. */
const ANSWER_WITHIN_MS = 10_000;

let cluster: Cluster;

beforeAll(async () => {
  cluster = await startCluster(3);
});

afterAll(async () => {
  await cluster?.stop();
});

const alive = (): ClusterNode[] => cluster.nodes.filter((node) => !node.killed);

interface WriteLog {
  /** Ids of weigh-ins whose create answered 201. */
  acknowledged: string[];
  /** Answers other than 201, by status (0: no answer, connection refused or timed out). */
  refused: Map<number, number>;
  slowest: number;
  /** One answer (or error) per status, to say what went wrong. */
  samples: Map<number, string>;
}

/**
 * `people.length` writers, each logging weigh-ins one after another, spread over the live nodes in
 * turn, until `stop` resolves.
 */
async function writeUntil(people: readonly Account[], stop: Promise<void>): Promise<WriteLog> {
  const log: WriteLog = { acknowledged: [], refused: new Map(), slowest: 0, samples: new Map() };
  let stopped = false;
  void stop.then(() => (stopped = true));
  let turn = 0;
  await Promise.all(
    people.map(async (person) => {
      while (!stopped) {
        const nodes = alive();
        const node = nodes[turn++ % nodes.length];
        if (!node) break;
        const started = Date.now();
        let status = 0;
        try {
          const answer = await restClient(node.target).request('POST', '/parse/classes/WeightEntry', {
            sessionToken: person.sessionToken,
            body: { measuredAt: parseDate(new Date()), weightKg: 70 + (turn % 20) / 10 },
            signal: AbortSignal.timeout(ANSWER_WITHIN_MS),
          });
          status = answer.status;
          const { text, body } = answer;
          if (status === 201 && body.objectId) log.acknowledged.push(body.objectId);
          else log.samples.set(status, text.slice(0, 200));
        } catch (error) {
          log.samples.set(status, `${String(error)} ${String((error as { cause?: unknown }).cause)}`);
        }
        log.slowest = Math.max(log.slowest, Date.now() - started);
        if (status !== 201) {
          log.refused.set(status, (log.refused.get(status) ?? 0) + 1);
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
    }),
  );
  return log;
}

/** Which of `ids` the database holds, asked with SQL of the test's own. */
async function storedWeighIns(ids: readonly string[]): Promise<Set<string>> {
  const rows = await cluster.database.query<{ objectId: string }>(
    'SELECT "objectId" FROM "WeightEntry" WHERE "objectId" = ANY($1)',
    [ids],
  );
  return new Set(rows.map((row) => row.objectId));
}

async function signUpMany(count: number): Promise<Account[]> {
  const client = restClient((alive()[0] as ClusterNode).target);
  const people: Account[] = [];
  for (let index = 0; index < count; index++) people.push(await client.signUp());
  return people;
}

async function post(node: ClusterNode, author: Account, room: string, text: string): Promise<string> {
  const { status, body } = await restClient(node.target).request('POST', '/parse/classes/ChatMessage', {
    sessionToken: author.sessionToken,
    body: { room, text },
  });
  if (status !== 201) throw new Error(`Posting failed (${status}): ${JSON.stringify(body)}`);
  return String(body.objectId);
}

async function health(node: ClusterNode): Promise<{ status: number; body: Record<string, string> }> {
  const response = await fetch(`${node.baseUrl}/healthz`, { signal: AbortSignal.timeout(ANSWER_WITHIN_MS) });
  return { status: response.status, body: (await response.json()) as Record<string, string> };
}

const ids = (follower: ChatFollower) => follower.messages.map((message) => message.id);

describe('a cluster whose parts fail', () => {
  it('keeps every acknowledged write when a node is killed under 8 writers, and its chat readers catch up elsewhere', async () => {
    const writers = await signUpMany(8);
    const [poster, reader] = await signUpMany(2);
    if (!poster || !reader) throw new Error('Sign-up failed.');
    const victim = cluster.nodes[2] as ClusterNode;
    const room = topicRoomKey('hike');
    const follower = new ChatFollower(
      () => [victim, ...alive().filter((node) => node !== victim)].map((node) => node.target),
      reader,
      room,
    );
    await follower.start();
    expect(follower.baseUrl).toBe(victim.baseUrl);

    let stop = () => undefined as void;
    const writing = writeUntil(writers, new Promise<void>((resolve) => (stop = resolve)));
    const posted: string[] = [];
    const survivor = cluster.nodes[0] as ClusterNode;
    posted.push(await post(survivor, poster, room, 'Before'));
    await waitUntil('the first message on the reader', () => ids(follower).length === 1);

    await victim.stop('SIGKILL');
    victim.killed = true;
    for (const text of ['While', 'it', 'was', 'down']) posted.push(await post(survivor, poster, room, text));
    await waitUntil('the reader on another node', () => follower.opens >= 2, 30_000);
    posted.push(await post(survivor, poster, room, 'After'));
    stop();
    const log = await writing;

    await waitUntil('every message on the reader', () => ids(follower).length >= posted.length, 10_000);
    await follower.stop();
    expect(ids(follower)).toEqual(posted);
    expect(log.acknowledged.length).toBeGreaterThan(8);
    const stored = await storedWeighIns(log.acknowledged);
    expect(log.acknowledged.filter((id) => !stored.has(id))).toEqual([]);
    expect(log.slowest).toBeLessThan(ANSWER_WITHIN_MS);
  });

  it('answers REST while Redis is gone for 10 s, then delivers live again, and a reader shows what was posted meanwhile once', async () => {
    const nodes = alive();
    const [poster, reader, walker] = await signUpMany(3);
    if (!poster || !reader || !walker) throw new Error('Sign-up failed.');
    const room = topicRoomKey('walk');
    const readerNode = nodes[1] as ClusterNode;
    const follower = new ChatFollower(() => [readerNode.target], reader, room);
    await follower.start();
    const posted = [await post(nodes[0] as ClusterNode, poster, room, 'Before')];
    await waitUntil('the first message on the reader', () => ids(follower).length === 1);
    const opensBefore = follower.opens;
    // A walk of an hour: (3.5 − 1) × kg. The reader's node remembers the stated 70 kg.
    const walkOn = async (node: ClusterNode) => {
      const client = restClient(node.target);
      const created = await client.request('POST', '/parse/classes/Activity', {
        sessionToken: walker.sessionToken,
        body: { type: 'walk', startedAt: parseDate(new Date()), durationMin: 60 },
      });
      const row = await client.request('GET', `/parse/classes/Activity/${String(created.body.objectId)}`, {
        sessionToken: walker.sessionToken,
      });
      return row.body.caloriesKcal;
    };
    expect(await walkOn(readerNode)).toBe(175);

    await cluster.redis.stop();
    // Cut off from the others' changes, a node remembers no weight: it reads the one saved elsewhere.
    const weighIn = await restClient((nodes[0] as ClusterNode).target).request(
      'POST',
      '/parse/classes/WeightEntry',
      {
        sessionToken: walker.sessionToken,
        body: { measuredAt: parseDate(new Date()), weightKg: 64 },
      },
    );
    expect(weighIn.status).toBe(201);
    await waitUntil(
      "the reader's node estimating with 64 kg",
      async () => (await walkOn(readerNode)) === 160,
      5_000,
    );
    const outageEnds = Date.now() + 10_000;
    const answers: number[] = [];
    let slowest = 0;
    let turn = 0;
    while (Date.now() < outageEnds) {
      const node = nodes[turn++ % nodes.length] as ClusterNode;
      const started = Date.now();
      const write = await restClient(node.target).request('POST', '/parse/classes/WeightEntry', {
        sessionToken: walker.sessionToken,
        body: { measuredAt: parseDate(new Date()), weightKg: 64 },
      });
      const read = await restClient(node.target).request('POST', '/parse/functions/dashboardSummary', {
        sessionToken: walker.sessionToken,
        body: { date: new Date().toISOString().slice(0, 10) },
      });
      slowest = Math.max(slowest, Date.now() - started);
      answers.push(write.status, read.status);
      if (turn % 4 === 0) posted.push(await post(node, poster, room, `Meanwhile ${turn}`));
    }
    const during = await health(nodes[0] as ClusterNode);
    await cluster.redis.start();

    expect(new Set(answers)).toEqual(new Set([201, 200]));
    expect(slowest).toBeLessThan(ANSWER_WITHIN_MS);
    expect(during.status).toBe(200);
    expect(during.body).toMatchObject({ status: 'degraded', database: 'ok' });
    expect(during.body.redis).not.toBe('ok');
    // The reader's node closes its socket once its subscriber is back; the reader catches up.
    await waitUntil('the reader reconnected', () => follower.opens > opensBefore, 30_000);
    await waitUntil('every node reporting Redis', async () =>
      (await Promise.all(nodes.map(health))).every((report) => report.body.redis === 'ok'),
    );
    // Live again: a new message arrives without another reconnection.
    const opensAfter = follower.opens;
    posted.push(await post(nodes.at(-1) as ClusterNode, poster, room, 'After'));
    await waitUntil('every message on the reader', () => ids(follower).length >= posted.length, 15_000);
    expect(follower.opens).toBe(opensAfter);
    await follower.stop();
    expect([...ids(follower)].sort()).toEqual([...posted].sort());
    expect(ids(follower)).toHaveLength(posted.length);
  });

  it('answers errors while PostgreSQL restarts under load, says so on /healthz, recovers by itself and loses no acknowledged write', async () => {
    const writers = await signUpMany(4);
    let stop = () => undefined as void;
    const writing = writeUntil(writers, new Promise<void>((resolve) => (stop = resolve)));
    await new Promise((resolve) => setTimeout(resolve, 1_000));

    await cluster.database.stop();
    const down = await Promise.all(alive().map(health));
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    await cluster.database.start();
    await waitUntil(
      'every node healthy again',
      async () => (await Promise.all(alive().map(health))).every((report) => report.status === 200),
      60_000,
    );
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    stop();
    const log = await writing;

    for (const report of down) {
      expect(report.status).toBe(503);
      expect(report.body.status).toBe('error');
      expect(report.body.database).not.toBe('ok');
    }
    expect(log.slowest).toBeLessThan(ANSWER_WITHIN_MS);
    expect(
      [...log.refused.keys()].every((status) => status >= 400),
      `${JSON.stringify([...log.refused])} ${JSON.stringify([...log.samples])}\n${alive()
        .map((node) => node.output().slice(-3000))
        .join('\n')}`,
    ).toBe(true);
    const stored = await storedWeighIns(log.acknowledged);
    expect(log.acknowledged.filter((id) => !stored.has(id))).toEqual([]);
    // Writes go through on every node again without a restart.
    for (const node of alive()) {
      const writer = writers[0] as Account;
      const { status } = await restClient(node.target).request('POST', '/parse/classes/WeightEntry', {
        sessionToken: writer.sessionToken,
        body: { measuredAt: parseDate(new Date()), weightKg: 71 },
      });
      expect(status, node.name).toBe(201);
    }
  });
});
