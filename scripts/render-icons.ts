// Renders the app icons of the web app manifest from public/favicon.svg with the system Chromium:
// `npx tsx scripts/render-icons.ts`. Run it again when the logo changes; the PNGs are committed.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../e2e/support/browser';
import { ROOT } from '../server/test/serverProcess';

const svg = await readFile(path.join(ROOT, 'public', 'favicon.svg'), 'utf8');
const browser = await chromium.launch(chromiumLaunchOptions());
try {
  const page = await browser.newPage();
  const icons = [
    // Any purpose: the logo as it is, rounded corners included.
    { file: 'icon-192.png', size: 192, padding: 0, background: 'transparent' },
    { file: 'icon-512.png', size: 512, padding: 0, background: 'transparent' },
    // Maskable: the platform crops to its own shape, so the logo keeps to the inner 80 %.
    { file: 'icon-maskable-512.png', size: 512, padding: 0.1, background: '#0f766e' },
  ];
  for (const { file, size, padding, background } of icons) {
    await page.setViewportSize({ width: size, height: size });
    const inset = Math.round(size * padding);
    await page.setContent(
      `<body style="margin:0;background:${background}"><div style="padding:${inset}px;width:${size - 2 * inset}px;height:${size - 2 * inset}px">${svg.replace('<svg ', '<svg width="100%" height="100%" ')}</div></body>`,
    );
    await page.screenshot({
      path: path.join(ROOT, 'public', file),
      omitBackground: background === 'transparent',
    });
  }
} finally {
  await browser.close();
}
