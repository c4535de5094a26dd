import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { seedDemo } from '../server/demo';
import { e2eServer, uniqueName } from './support/api';
import { takeScreenshots } from './support/screenshots';

test.describe('screenshots', () => {
  test('sign in as a demo account and picture a page at a phone width once its chart is drawn', async () => {
    test.setTimeout(60_000);
    const { baseUrl } = e2eServer();
    const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const demo = await seedDemo({ baseUrl, username: uniqueName('demo'), timeZone });
    const outDir = await mkdtemp(path.join(os.tmpdir(), 'fitstreak-screenshots-'));
    try {
      const files = await takeScreenshots({
        baseUrl,
        username: demo.people.me.username,
        password: demo.password,
        outDir,
        widths: [375],
        pages: ['weight-tracking'],
      });
      const file = path.join(outDir, 'weight-tracking-375.png');
      expect(files).toEqual([file]);
      const png = await readFile(file);
      expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
      // The IHDR chunk: width and height of the viewport, nothing more.
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([375, 812]);
    } finally {
      await rm(outDir, { recursive: true, force: true });
    }
  });
});
