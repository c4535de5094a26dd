// How fast a chat message reaches a full room, and what each open socket costs the server.
// `npm run bench:chat [-- --quick]`
import type { Account } from '../server/test/rest';
import { measureChatDelivery } from './chatDelivery';
import { mib, ms, printTable, withBenchServer } from './support';

const quick = process.argv.includes('--quick');
const SUBSCRIBERS = 200;
const MESSAGES = quick ? 20 : 60;
const BUDGET_P95_MS = 50;

const { scenarios, rssBefore, rssAfter } = await withBenchServer(
  'bench-chat',
  async ({ baseUrl, server, client }) => {
    const people: Account[] = [];
    for (let index = 0; index < SUBSCRIBERS; index += 1) people.push(await client.signUp());
    return measureChatDelivery(baseUrl, server.pid, people, MESSAGES);
  },
);

console.log('');
const [, each] = printTable(scenarios, 'scenario', 'samples');
console.log('');
console.log(
  `Server memory: ${mib(rssBefore)} MiB before, ${mib(rssAfter)} MiB with ${SUBSCRIBERS} subscribed sockets — ` +
    `${((rssAfter - rssBefore) / SUBSCRIBERS / 1024).toFixed(1)} KiB per socket.`,
);
if (each) {
  const verdict = each.p95 <= BUDGET_P95_MS ? 'within' : 'OVER';
  console.log(`Budget p95 ≤ ${BUDGET_P95_MS} ms per delivery: p95 ${ms(each.p95)} ms, ${verdict} budget.`);
}
