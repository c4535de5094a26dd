import { chmod, mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { letOthersThrough } from './embeddedCluster';

const modeOf = async (folder: string) => (await stat(folder)).mode & 0o777;

describe('letOthersThrough', () => {
  let root = '';
  afterEach(async () => {
    if (root) await rm(root, { recursive: true, force: true });
  });

  it('adds only the right to pass through to private folders above the target, and says so', async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'fitstreak-through-'));
    const outer = path.join(root, 'outer');
    const inner = path.join(outer, 'inner');
    await mkdir(inner, { recursive: true });
    await chmod(root, 0o755);
    await chmod(outer, 0o700);
    await chmod(inner, 0o750);
    const lines: string[] = [];

    await letOthersThrough(path.join(inner, 'binary'), (line) => lines.push(line));

    expect(await modeOf(outer)).toBe(0o701);
    expect(await modeOf(inner)).toBe(0o751);
    expect(await modeOf(root)).toBe(0o755);
    expect(lines.filter((line) => line.includes(outer) || line.includes(inner))).toHaveLength(2);
  });

  it('changes nothing when every folder can already be passed through', async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'fitstreak-through-'));
    await chmod(root, 0o711);
    const lines: string[] = [];

    await letOthersThrough(path.join(root, 'file'), (line) => lines.push(line));

    expect(await modeOf(root)).toBe(0o711);
    expect(lines.filter((line) => line.includes(root))).toEqual([]);
  });
});
