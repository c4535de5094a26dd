// How fast a chat message reaches a full room, and what each open socket costs the server:
// 200 people subscribe to one topic room over LiveQuery (each with their own session, so the
// session, ACL and room checks run per subscriber as in production), then messages are posted
// one by one and every arrival is timed from the moment the POST was sent.
// `npm run bench:chat [-- --quick]`
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { LiveQuerySocket } from '../server/test/liveQuery';
import type { Account } from '../server/test/rest';
import { topicRoomKey } from '../src/domain/chatRooms';
import { APP_ID, ms, printTable, sessionHeaders, withBenchServer, type Scenario } from './benchSupport';

const quick = process.argv.includes('--quick');
const SUBSCRIBERS = 200;
const MESSAGES = quick ? 20 : 60;
const WARM_UP = 5;
/** Authors take turns and pause between messages: flood control allows 20 per 10 s per person. */
const AUTHORS = 5;
const PAUSE_MS = 150;
const BUDGET_P95_MS = 50;
const ROOM = topicRoomKey('run');

/** The resident memory of the process listening on `port`, in bytes (Linux). */
async function serverRss(port: number): Promise<number> {
  const { stdout } = await promisify(execFile)('ss', ['-Hltnp', `sport = :${port}`]);
  const pid = /pid=(\d+)/.exec(stdout)?.[1];
  if (!pid) throw new Error(`No process listens on port ${port}: ${stdout}`);
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kilobytes = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
  if (!kilobytes) throw new Error(`No VmRSS for process ${pid}.`);
  return Number(kilobytes) * 1024;
}

/** The server's memory once it has settled: the smallest of a few readings a moment apart. */
async function settledRss(port: number): Promise<number> {
  const readings: number[] = [];
  for (let index = 0; index < 5; index += 1) {
    await new Promise((resolve) => setTimeout(resolve, 400));
    readings.push(await serverRss(port));
  }
  return Math.min(...readings);
}

const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

const result = await withBenchServer('bench-chat', async ({ baseUrl, server, client }) => {
  const people: Account[] = [];
  for (let index = 0; index < SUBSCRIBERS; index += 1) people.push(await client.signUp());
  const authors = people.slice(0, AUTHORS);

  const before = await settledRss(server.port);
  const sockets: { socket: LiveQuerySocket; requestId: number }[] = [];
  for (const person of people) {
    const socket = await LiveQuerySocket.open(baseUrl, APP_ID);
    const connected = await socket.connect(person.sessionToken);
    if (connected.op !== 'connected') throw new Error(`Connect refused: ${JSON.stringify(connected)}`);
    const { requestId, reply } = await socket.subscribe('ChatMessage', { room: ROOM }, person.sessionToken);
    if (reply.op !== 'subscribed') throw new Error(`Subscribe refused: ${JSON.stringify(reply)}`);
    sockets.push({ socket, requestId });
  }
  const after = await settledRss(server.port);

  const delivery: number[] = [];
  const lastArrival: number[] = [];
  const saved: number[] = [];
  for (let index = 0; index < WARM_UP + MESSAGES; index += 1) {
    const author = authors[index % AUTHORS] as Account;
    const sent = performance.now();
    const response = await fetch(`${baseUrl}/parse/classes/ChatMessage`, {
      method: 'POST',
      headers: {
        ...sessionHeaders({ baseUrl, sessionToken: author.sessionToken }),
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ room: ROOM, text: `Message ${index}` }),
    });
    const body = (await response.json()) as { objectId?: string };
    const savedAfter = performance.now() - sent;
    if (response.status !== 201 || !body.objectId) {
      throw new Error(`Posting failed (${response.status}): ${JSON.stringify(body)}`);
    }
    const objectId = body.objectId;
    const arrivals = await Promise.all(
      sockets.map(({ socket, requestId }) =>
        socket.created(requestId, objectId, 10_000).then(() => performance.now() - sent),
      ),
    );
    if (index >= WARM_UP) {
      saved.push(savedAfter);
      delivery.push(...arrivals);
      lastArrival.push(Math.max(...arrivals));
    }
    // Received frames are kept by the test socket: forget them so memory and lookups stay flat.
    for (const { socket } of sockets) socket.messages.length = 0;
    await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
  }

  await Promise.all(sockets.map(({ socket }) => socket.close()));
  return { before, after, delivery, lastArrival, saved };
});

const { before, after, delivery, lastArrival, saved } = result;
console.log('');
const scenarios: Scenario[] = [
  { name: 'baseline: POST /classes/ChatMessage answered (saved)', times: saved },
  { name: `delivered to each of ${SUBSCRIBERS} subscribers`, times: delivery },
  { name: `delivered to the last of ${SUBSCRIBERS} subscribers`, times: lastArrival },
];
const [, each] = printTable(scenarios, 'scenario', 'samples');
console.log('');
console.log(
  `Server memory: ${mib(before)} MiB before, ${mib(after)} MiB with ${SUBSCRIBERS} subscribed sockets — ` +
    `${((after - before) / SUBSCRIBERS / 1024).toFixed(1)} KiB per socket.`,
);
if (each) {
  const verdict = each.p95 <= BUDGET_P95_MS ? 'within' : 'OVER';
  console.log(`Budget p95 ≤ ${BUDGET_P95_MS} ms per delivery: p95 ${ms(each.p95)} ms, ${verdict} budget.`);
}
