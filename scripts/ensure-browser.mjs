// Before the browser tests: a Chromium must be there. CHROMIUM_PATH, else Debian's headless shell or
// Chromium (e2e/support/browser.ts picks among them), else Playwright's own browser, which is
// downloaded the ecosystem's way when it is missing.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

const SYSTEM_CHROMIUMS = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'];

function found() {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) return existsSync(fromEnv) ? fromEnv : undefined;
  const system = SYSTEM_CHROMIUMS.find((candidate) => existsSync(candidate));
  if (system) return system;
  const own = chromium.executablePath();
  return own && existsSync(own) ? own : undefined;
}

if (process.env.CHROMIUM_PATH && !existsSync(process.env.CHROMIUM_PATH)) {
  console.error(`CHROMIUM_PATH names ${process.env.CHROMIUM_PATH}, which does not exist.`);
  process.exit(1);
}

if (!found()) {
  console.log('No Chromium found; downloading Playwright’s own (npx playwright install chromium)…');
  const install = spawnSync('npx', ['playwright', 'install', 'chromium'], { stdio: 'inherit' });
  if (install.status !== 0 || !found()) {
    console.error(
      'No Chromium for the browser tests, and Playwright could not download one: install one (Debian: apt-get install -y chromium-headless-shell) or set CHROMIUM_PATH.',
    );
    process.exit(1);
  }
}
