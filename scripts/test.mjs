// `npm test`: every check and test suite. The checks and the server tests run side by side in a pool
// (each waits on servers or computes on one core), then the browser tests alone. Each stage's output
// is printed whole when it ends, and a table of when each started and how long it took at the end.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

/**
 * The stages before the browser's, run as a pool: as one ends the next ready one starts, longest
 * first, so no core waits for a phase's slowest stage. `after` names the stages one needs (the
 * servers serve the build). Each mostly waits on servers or computes on one core, so four at a time
 * keep two cores busy.
 */
const POOL = [
  { name: 'build', command: 'npm run build' },
  { name: 'lint', command: 'npm run lint' },
  { name: 'typecheck', command: 'npm run typecheck' },
  { name: 'format', command: 'npm run format:check' },
  { name: 'integration, own servers', command: 'vitest run --project integration-servers', after: ['build'] },
  { name: 'integration', command: 'vitest run --project integration', after: ['build'] },
  { name: 'integration, fuzz', command: 'vitest run --project integration-fuzz', after: ['build'] },
  { name: 'cluster', command: 'npm run test:cluster', after: ['build'] },
  { name: 'unit', command: 'npm run test:unit' },
  { name: 'integration without SQL', command: 'vitest run --project integration-nosql', after: ['build'] },
];
const POOL_SIZE = 4;

// Alone, once the pool has passed: two headless browsers keep both cores busy, and waits of 7 s for
// what a page shows are too short beside anything else.
const BROWSER = { name: 'browser', command: 'node scripts/ensure-browser.mjs && playwright test' };

const seconds = (ms) => `${(ms / 1000).toFixed(0)} s`;

/** The machine's CPU time so far, busy and in all (Linux), to tell how busy a phase kept it. */
function cpuTimes() {
  if (!existsSync('/proc/stat')) return undefined;
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const total = fields.reduce((sum, value) => sum + value, 0);
  // Busy: all but the 4th and 5th fields (idle, waiting for I/O).
  return { busy: total - fields[3] - (fields[4] ?? 0), total };
}

function busyShare(before, after) {
  if (!before || !after || after.total === before.total) return '';
  return `${Math.round((100 * (after.busy - before.busy)) / (after.total - before.total))} %`;
}

function run({ name, command }) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, {
      shell: true,
      // Plain text: the stages' output is read in a log, not a terminal.
      env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code, signal) => {
      const ms = Date.now() - started;
      const passed = code === 0;
      process.stdout.write(
        `\n── ${name}: ${passed ? 'passed' : `FAILED (${signal ?? `exit ${code}`})`} in ${seconds(ms)} ──\n`,
      );
      process.stdout.write(Buffer.concat(output));
      resolve({ name, ms, passed });
    });
  });
}

if (!existsSync('node_modules/.bin/vitest')) {
  console.error('Dependencies are missing: run `npm ci` (or `npm install`) first.');
  process.exit(1);
}

const started = Date.now();

/** Runs the pool's stages; once one fails, no other starts (those running finish). */
async function runPool() {
  const waiting = [...POOL];
  const passed = new Set();
  const results = [];
  let failed = false;
  await new Promise((resolve) => {
    let running = 0;
    const next = () => {
      while (!failed && running < POOL_SIZE) {
        const index = waiting.findIndex((stage) => (stage.after ?? []).every((name) => passed.has(name)));
        if (index < 0) break;
        const [stage] = waiting.splice(index, 1);
        running += 1;
        const offset = Date.now() - started;
        void run(stage).then((result) => {
          running -= 1;
          results.push({ ...result, offset });
          if (result.passed) passed.add(result.name);
          else failed = true;
          next();
        });
      }
      if (running === 0) resolve();
    };
    next();
  });
  return { results, failed: failed || waiting.length > 0 };
}

console.log(`\n▶ ${POOL.map((stage) => stage.name).join(', ')} (${POOL_SIZE} at a time)`);
let before = cpuTimes();
const pool = await runPool();
const results = pool.results.map((result) => ({ ...result, cpu: busyShare(before, cpuTimes()) }));
let failed = pool.failed;
if (!failed) {
  console.log(`\n▶ ${BROWSER.name}`);
  before = cpuTimes();
  const offset = Date.now() - started;
  const result = await run(BROWSER);
  results.push({ ...result, offset, cpu: busyShare(before, cpuTimes()) });
  failed = !result.passed;
}

console.log('\nstage                      started    time   result   CPU busy (pool or browser)');
for (const result of results)
  console.log(
    `${result.name.padEnd(26)} ${seconds(result.offset).padStart(6)}  ${seconds(result.ms).padStart(6)}   ${(result.passed ? 'passed' : 'FAILED').padEnd(8)} ${result.cpu}`,
  );
console.log(
  `${'all'.padEnd(26)} ${''.padStart(6)}  ${seconds(Date.now() - started).padStart(6)}   ${failed ? 'FAILED' : 'passed'}`,
);
process.exit(failed ? 1 : 0);
