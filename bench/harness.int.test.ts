import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../server/test/serverProcess';

let resultsDir: string | undefined;

afterAll(async () => {
  if (resultsDir) await rm(resultsDir, { recursive: true, force: true });
});

describe('npm run bench', () => {
  it('starts its own server, seeds a tiny dataset and measures the reads beside SQL (--smoke)', async () => {
    resultsDir = await mkdtemp(path.join(os.tmpdir(), 'fitstreak-bench-'));

    await promisify(execFile)(process.execPath, ['--import', 'tsx', 'bench/run.ts', '--smoke'], {
      cwd: ROOT,
      env: { ...process.env, BENCH_RESULTS_DIR: resultsDir },
      timeout: 150_000,
    });

    const files = (await readdir(resultsDir)).sort();
    expect(files).toHaveLength(2);
    expect(files[0]).toMatch(/^\d{4}-\d{2}-\d{2}-smoke\.json$/);
    expect(files[1]).toMatch(/^\d{4}-\d{2}-\d{2}-smoke\.md$/);
    const results = JSON.parse(await readFile(path.join(resultsDir, files[0] ?? ''), 'utf8')) as {
      dataset: { people: number; workouts: number };
      reads: { name: string; ours: { calls: number; p50: number }; sql: { calls: number; p50: number } }[];
    };
    expect(results.dataset.people).toBe(8);
    expect(results.dataset.workouts).toBeGreaterThan(0);
    expect(results.reads.map((read) => read.name)).toContain(
      'weight: weightSummary 1 year (trend over the whole history)',
    );
    for (const read of results.reads) {
      expect(read.ours.calls).toBe(3);
      expect(read.sql.calls).toBe(3);
      expect(read.ours.p50).toBeGreaterThan(0);
      expect(read.sql.p50).toBeGreaterThan(0);
    }
    const table = await readFile(path.join(resultsDir, files[1] ?? ''), 'utf8');
    expect(table).toContain('| read | ours p50 |');
  }, 180_000);
});
