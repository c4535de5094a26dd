// Time from process start to ready (/healthz answers): a first start that initialises the
// embedded database, then later starts on the same data directory. `npm run bench:start [-- --runs N]`
import { createDataDir, removeDataDir, startServerProcess } from '../server/test/serverProcess';

const runsArg = process.argv.indexOf('--runs');
const runs = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 3;

async function timeStart(dataDir: string): Promise<number> {
  const startedAt = performance.now();
  const server = await startServerProcess({ dataDir });
  const elapsed = performance.now() - startedAt;
  const { code, signal } = await server.stop();
  if (code !== 0) throw new Error(`The server stopped with code ${code} (${signal}):\n${server.output()}`);
  return elapsed;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

const first: number[] = [];
const later: number[] = [];
for (let run = 0; run < runs; run += 1) {
  const dataDir = await createDataDir('bench-start');
  first.push(await timeStart(dataDir));
  for (let again = 0; again < 3; again += 1) later.push(await timeStart(dataDir));
  await removeDataDir(dataDir);
}

console.log('| start | runs | median | min | max |');
console.log('|---|---|---|---|---|');
for (const [name, values] of [
  ['first (initialise database)', first],
  ['later (same DATA_DIR)', later],
] as const) {
  console.log(
    `| ${name} | ${values.length} | ${seconds(median(values))} | ${seconds(Math.min(...values))} | ${seconds(Math.max(...values))} |`,
  );
}
