// What the largest query the server accepts costs, beside a trivial query run in the same loop, and
// how fast a hostile one (a 200 000-value $in) is refused. Seeds one person with 1 000 workouts,
// then alternates the two queries with their session and reports time per call (p50, p95), the
// server's CPU per call and its memory before and at its peak.
// `npm run bench:queries [-- --quick]`
import { QUERY_LIMITS } from '../server/http/queryGuard';
import {
  batchWithMasterKey,
  DAY_MS,
  mib,
  ms,
  printTable,
  processStats,
  sessionRequest,
  settledRss,
  withBenchServer,
  type BatchRequest,
  type Scenario,
  type Session,
} from './support';

const quick = process.argv.includes('--quick');
const ROWS = 1000;
const CALLS = quick ? 20 : 100;
const WARM_UP = 5;
const RSS_SAMPLE_MS = 10;

const ids = (count: number, prefix = 'x') => Array.from({ length: count }, (_, index) => `${prefix}${index}`);

/** A find as the SDK sends it; answers the time to the parsed body and the status. */
async function find(
  session: Session,
  className: string,
  params: object,
): Promise<{ ms: number; status: number }> {
  const started = performance.now();
  const { status } = await sessionRequest(session, 'POST', `/parse/classes/${className}`, {
    body: { _method: 'GET', ...params },
  });
  return { ms: performance.now() - started, status };
}

const result = await withBenchServer('bench-queries', async ({ baseUrl, server, client }) => {
  const person = await client.signUp();
  const session = { baseUrl, sessionToken: person.sessionToken };
  const owned = {
    user: { __type: 'Pointer', className: '_User', objectId: person.objectId },
    ACL: { [person.objectId]: { read: true, write: true } },
  };
  const now = Date.now();
  const workouts: BatchRequest[] = Array.from({ length: ROWS }, (_, index) => ({
    method: 'POST',
    path: '/parse/classes/Activity',
    body: {
      ...owned,
      type: 'run',
      startedAt: { __type: 'Date', iso: new Date(now - (index + 1) * DAY_MS).toISOString() },
      durationMin: 30 + (index % 60),
      notes: `Workout ${index}`,
    },
  }));
  await batchWithMasterKey(client, workouts);
  const found = await client.request('GET', `/parse/classes/Activity?keys=objectId&limit=${ROWS}`, {
    sessionToken: person.sessionToken,
  });
  const rowIds = (found.body.results ?? []).map((row) => row.objectId);

  // As large as every limit lets it be: a full list, a second list, 50 names in keys, limit 1000.
  const largest = {
    where: {
      objectId: { $in: rowIds.slice(0, QUERY_LIMITS.listValues) },
      notes: { $nin: ids(QUERY_LIMITS.values - QUERY_LIMITS.listValues - QUERY_LIMITS.names - 20, 'n') },
      durationMin: { $gte: 0 },
    },
    keys: Array.from(
      { length: QUERY_LIMITS.names },
      (_, index) => ['type', 'startedAt', 'durationMin', 'notes', 'caloriesKcal'][index % 5],
    ).join(','),
    limit: 1000,
  };
  const trivial = { where: { durationMin: { $gte: 0 } }, limit: 1 };
  const hostile = { where: { objectId: { $in: ids(200_000) } } };

  const check = async (name: string, params: object, status: number) => {
    const answer = await find(session, 'Activity', params);
    if (answer.status !== status) throw new Error(`${name} answered ${answer.status}, not ${status}.`);
  };
  for (let index = 0; index < WARM_UP; index += 1) {
    await check('trivial', trivial, 200);
    await check('largest', largest, 200);
    await check('hostile', hostile, 400);
  }

  const rssBefore = await settledRss(server.pid);
  let rssPeak = rssBefore;
  const sampler = setInterval(() => {
    void processStats(server.pid).then(({ rssBytes }) => (rssPeak = Math.max(rssPeak, rssBytes)));
  }, RSS_SAMPLE_MS);
  const times: Record<'trivial' | 'largest' | 'hostile', number[]> = {
    trivial: [],
    largest: [],
    hostile: [],
  };
  const cpu: Record<'trivial' | 'largest' | 'hostile', number> = { trivial: 0, largest: 0, hostile: 0 };
  try {
    for (let index = 0; index < CALLS; index += 1) {
      for (const [name, params] of [
        ['trivial', trivial],
        ['largest', largest],
        ['hostile', hostile],
      ] as const) {
        const before = (await processStats(server.pid)).cpuSeconds;
        const answer = await find(session, 'Activity', params);
        cpu[name] += (await processStats(server.pid)).cpuSeconds - before;
        if (answer.status !== (name === 'hostile' ? 400 : 200))
          throw new Error(`${name} answered ${answer.status}.`);
        times[name].push(answer.ms);
      }
    }
  } finally {
    clearInterval(sampler);
  }
  return { times, cpu, rssBefore, rssPeak, rows: rowIds.length };
});

const scenarios: Scenario[] = [
  { name: 'trivial: 1 row, one condition', times: result.times.trivial },
  {
    name: `largest accepted: $in ${QUERY_LIMITS.listValues} ids, $nin, 50 keys, limit 1000`,
    times: result.times.largest,
  },
  { name: 'refused: $in of 200 000 values (400)', times: result.times.hostile },
];
console.log(`\n${result.rows} workouts of one person, ${CALLS} calls of each query, alternating.\n`);
const [trivial, largest, hostile] = printTable(scenarios, 'query', 'calls');
if (trivial && largest && hostile) {
  console.log('');
  console.log(
    `Largest accepted vs trivial: p50 ${ms(largest.p50)} / ${ms(trivial.p50)} ms (${(largest.p50 / trivial.p50).toFixed(1)}×), ` +
      `p95 ${ms(largest.p95)} / ${ms(trivial.p95)} ms (${(largest.p95 / trivial.p95).toFixed(1)}×).`,
  );
  console.log(`Refusing the hostile query: p50 ${ms(hostile.p50)} ms (mostly reading its 2.4 MB body).`);
}
const cpuMs = (seconds: number) => ((seconds * 1000) / CALLS).toFixed(1);
console.log(
  `Server CPU per call (10 ms clock ticks, averaged): trivial ${cpuMs(result.cpu.trivial)} ms, ` +
    `largest ${cpuMs(result.cpu.largest)} ms, refused ${cpuMs(result.cpu.hostile)} ms.`,
);
console.log(
  `Server memory: ${mib(result.rssBefore)} MiB settled before, ${mib(result.rssPeak)} MiB at its peak during the runs.`,
);
