// How fast a chat message reaches a full room, beside raw Parse's LiveQuery in the same run, and
// what each open socket costs the server. `npm run bench:chat [-- --quick]`
import type { Account } from '../server/test/restClient';
import { connectDatabase } from '../server/test/serverProcess';
import { measureChatDelivery } from './chatDelivery';
import { startRawParse } from './rawParse';
import { mib, ms, printTable, withBenchServer } from './support';

const quick = process.argv.includes('--quick');
const SUBSCRIBERS = 200;
const MESSAGES = quick ? 20 : 60;
const BUDGET_P95_MS = 50;
const AIM_RAW_RATIO = 1.1;

const { scenarios, rawScenarios, rssBefore, rssAfter } = await withBenchServer(
  'bench-chat',
  async ({ baseUrl, server, dataDir, client }) => {
    const sql = await connectDatabase(dataDir);
    const raw = await startRawParse(sql, dataDir, 'raw_chat').finally(() => sql.end());
    try {
      const people: Account[] = [];
      for (let index = 0; index < SUBSCRIBERS; index += 1) people.push(await client.signUp());
      const rawPeople = await raw.signUp(SUBSCRIBERS);
      return await measureChatDelivery(baseUrl, server.pid, people, MESSAGES, {
        baseUrl: raw.baseUrl,
        people: rawPeople,
      });
    } finally {
      await raw.stop();
    }
  },
);

console.log('');
const [, each] = printTable(scenarios, 'scenario', 'samples');
console.log('');
console.log('Raw Parse (no cloud code), the same messages in turn:');
const [, rawEach] = printTable(rawScenarios ?? [], 'scenario', 'samples');
console.log('');
console.log(
  `Server memory: ${mib(rssBefore)} MiB before, ${mib(rssAfter)} MiB with ${SUBSCRIBERS} subscribed sockets — ` +
    `${((rssAfter - rssBefore) / SUBSCRIBERS / 1024).toFixed(1)} KiB per socket.`,
);
if (each) {
  const verdict = each.p95 <= BUDGET_P95_MS ? 'within' : 'OVER';
  console.log(`Budget p95 ≤ ${BUDGET_P95_MS} ms per delivery: p95 ${ms(each.p95)} ms, ${verdict} budget.`);
}
if (each && rawEach) {
  const ratio = each.p95 / rawEach.p95;
  console.log(
    `Beside raw LiveQuery: p50 ${ms(each.p50)} / ${ms(rawEach.p50)} ms (${(each.p50 / rawEach.p50).toFixed(2)}×), ` +
      `p95 ${ms(each.p95)} / ${ms(rawEach.p95)} ms (${ratio.toFixed(2)}×; aim ≤ ${AIM_RAW_RATIO}×: ` +
      `${ratio <= AIM_RAW_RATIO ? 'pass' : 'MISS'}).`,
  );
}
