import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { createAccount, e2eServer, runAs } from './support/api';
import { takeScreenshots } from './support/screenshots';

const DAY_MS = 86_400_000;

test.describe('screenshots', () => {
  test('sign in and picture a page at a phone width once its chart is drawn', async ({ browser }) => {
    const account = await createAccount();
    const rows = [3, 2, 1].map((days, index) => ({
      measuredAt: new Date(Date.now() - days * DAY_MS).toISOString(),
      weightKg: 80 - index * 0.4,
    }));
    await runAs(account, 'importWeightEntries', { rows });
    const outDir = await mkdtemp(path.join(os.tmpdir(), 'fitstreak-screenshots-'));
    try {
      const files = await takeScreenshots({
        baseUrl: e2eServer().baseUrl,
        username: account.username,
        password: account.password,
        outDir,
        widths: [375],
        pages: ['weight-tracking'],
        browser,
      });
      const file = path.join(outDir, 'weight-tracking-375.png');
      expect(files).toEqual([file]);
      const png = await readFile(file);
      expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
      // The IHDR chunk: the viewport's width and height, not the whole page.
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([375, 812]);
    } finally {
      await rm(outDir, { recursive: true, force: true });
    }
  });
});
