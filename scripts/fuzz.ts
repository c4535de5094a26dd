// `npm run fuzz -- --runs 2000 --seed 7`: the fuzz properties of the integration tests
// (cloud/**/fuzz.int.test.ts and the oracles, cloud/classes/oracle.int.test.ts) with more runs, against a server of their own. Without --seed a new
// one is drawn and printed, so a failure can be replayed.
import { spawn } from 'node:child_process';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '1000' }, seed: { type: 'string' } },
});
const runs = Number(values.runs);
const seed = values.seed === undefined ? Math.floor(Math.random() * 2 ** 31) : Number(values.seed);
if (!Number.isInteger(runs) || runs < 1 || !Number.isInteger(seed)) {
  console.error('Usage: npm run fuzz -- [--runs <whole number ≥ 1>] [--seed <whole number>]');
  process.exit(2);
}
console.log(
  `[fuzz] ${runs} runs per property, seed ${seed} (replay: npm run fuzz -- --runs ${runs} --seed ${seed})`,
);

const child = spawn(
  'npx',
  [
    'vitest',
    'run',
    '--project',
    'integration-fuzz',
    'cloud/classes/fuzz.int.test.ts',
    'cloud/classes/oracle.int.test.ts',
    'cloud/functions/fuzz.int.test.ts',
  ],
  { stdio: 'inherit', env: { ...process.env, FUZZ_RUNS: String(runs), FUZZ_SEED: String(seed) } },
);
child.on('exit', (code, signal) => {
  console.log(`[fuzz] seed ${seed}, ${runs} runs per property: ${code === 0 ? 'no failure' : 'failed'}`);
  process.exit(code ?? (signal ? 1 : 0));
});
