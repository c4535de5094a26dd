// `npm test`: every check and test suite. Stages of one phase run side by side (each waits on
// servers more than it computes); a phase starts once the one before has passed. Each stage's output
// is printed whole when it ends, and a table of how long each took at the end.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

const PHASES = [
  [
    { name: 'typecheck', command: 'npm run typecheck' },
    { name: 'lint', command: 'npm run lint' },
    { name: 'format', command: 'npm run format:check' },
    { name: 'build', command: 'npm run build' },
  ],
  // The cluster's tests mostly wait (outages, restarts) while the unit tests compute.
  [
    { name: 'unit', command: 'npm run test:unit' },
    { name: 'cluster', command: 'npm run test:cluster' },
  ],
  [
    { name: 'integration', command: 'vitest run --project integration' },
    { name: 'integration, fuzz', command: 'vitest run --project integration-fuzz' },
    { name: 'integration, own servers', command: 'vitest run --project integration-servers' },
    { name: 'integration without SQL', command: 'vitest run --project integration-nosql' },
  ],
  // Alone: two headless browsers keep both cores busy, and waits of 7 s for what a page shows are
  // too short beside anything else.
  [{ name: 'browser', command: 'node scripts/ensure-browser.mjs && playwright test' }],
];

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
const results = [];
let failed = false;
for (const phase of PHASES) {
  console.log(`\n▶ ${phase.map((stage) => stage.name).join(', ')}`);
  const before = cpuTimes();
  const finished = await Promise.all(phase.map(run));
  const cpu = busyShare(before, cpuTimes());
  results.push(...finished.map((result) => ({ ...result, cpu })));
  if (finished.some((result) => !result.passed)) {
    failed = true;
    break;
  }
}

console.log('\nstage                        time   result   CPU busy in its phase');
for (const result of results)
  console.log(
    `${result.name.padEnd(26)} ${seconds(result.ms).padStart(6)}   ${(result.passed ? 'passed' : 'FAILED').padEnd(8)} ${result.cpu}`,
  );
console.log(
  `${'all'.padEnd(26)} ${seconds(Date.now() - started).padStart(6)}   ${failed ? 'FAILED' : 'passed'}`,
);
process.exit(failed ? 1 : 0);
