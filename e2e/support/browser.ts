import { existsSync } from 'node:fs';
import type { LaunchOptions } from '@playwright/test';

/**
 * Debian's Chromium builds, lightest first: the headless shell (what Playwright itself runs headless)
 * draws the same pages as the full browser for about 40 % less CPU, without its spare renderers.
 */
const SYSTEM_CHROMIUMS = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'];

/** The desktop build, for what the headless shell lacks (notifications: its permission is always "denied"). */
const DESKTOP_CHROMIUM = '/usr/bin/chromium';

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

/** CHROMIUM_PATH, else Debian's headless shell or Chromium, else Playwright's own browser. */
export function chromiumPath(): string | undefined {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) return fromEnv;
  return SYSTEM_CHROMIUMS.find((candidate) => existsSync(candidate));
}

export function chromiumLaunchOptions(): LaunchOptions {
  const executablePath = chromiumPath();
  return executablePath ? { executablePath, args: QUIET_FLAGS } : {};
}

/** CHROMIUM_PATH, else Debian's desktop Chromium, else Playwright's own browser. */
export function desktopChromiumLaunchOptions(): LaunchOptions {
  const executablePath =
    process.env.CHROMIUM_PATH ?? (existsSync(DESKTOP_CHROMIUM) ? DESKTOP_CHROMIUM : undefined);
  return executablePath ? { executablePath, args: QUIET_FLAGS } : {};
}
