import { existsSync } from 'node:fs';
import type { LaunchOptions } from '@playwright/test';

const SYSTEM_CHROMIUM = '/usr/bin/chromium';

/** Flags that keep a headless system Chromium quiet on a machine without outside network. */
const QUIET_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** CHROMIUM_PATH, else Debian's /usr/bin/chromium, else Playwright's own browser. */
export function chromiumPath(): string | undefined {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) return fromEnv;
  return existsSync(SYSTEM_CHROMIUM) ? SYSTEM_CHROMIUM : undefined;
}

export function chromiumLaunchOptions(): LaunchOptions {
  const executablePath = chromiumPath();
  return executablePath ? { executablePath, args: QUIET_FLAGS } : {};
}
