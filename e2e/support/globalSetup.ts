import { existsSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import {
  createDataDir,
  freePort,
  readMasterKey,
  removeDataDir,
  startServerProcess,
} from '../../server/test/serverProcess';
import { chromiumPath } from './browser';
import { E2E_OIDC, startOidcProvider } from './oidcProvider';
import { E2E_TILE_URL } from './tiles';

function assertBrowser(): void {
  const executable = chromiumPath() ?? chromium.executablePath();
  if (!existsSync(executable)) {
    throw new Error(
      'No Chromium for the end-to-end tests. Install one with `apt-get install -y chromium` (Debian) or ' +
        '`npx playwright install chromium`, or point CHROMIUM_PATH at a Chromium binary.',
    );
  }
}

/** Serves the production build the way `npm start` does, on a free port with a fresh data directory. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  assertBrowser();
  if (!existsSync(path.resolve('dist/index.html'))) {
    throw new Error('dist/ is missing: `npm run test:e2e` builds it first (vite build).');
  }
  const dataDir = await createDataDir('e2e');
  const port = await freePort();
  // The organisation's sign-in the login page offers (e2e/auth.spec.ts logs in through it).
  const provider = await startOidcProvider(`http://localhost:${port}/auth/oidc/callback`);
  const server = await startServerProcess({
    dataDir,
    port,
    env: {
      // A tile server the workout window draws routes over; e2e/import.spec.ts answers its requests.
      MAP_TILE_URL: E2E_TILE_URL,
      MAP_TILE_ATTRIBUTION: '© Test tiles',
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: E2E_OIDC.clientId,
      OIDC_CLIENT_SECRET: E2E_OIDC.clientSecret,
      OIDC_NAME: E2E_OIDC.name,
    },
  }).catch(async (error: unknown) => {
    await provider.close();
    throw error;
  });
  process.env.E2E_BASE_URL = server.baseUrl;
  process.env.E2E_DATA_DIR = dataDir;
  process.env.E2E_APP_ID = 'fitstreak';
  process.env.E2E_MASTER_KEY = await readMasterKey(dataDir);
  return async () => {
    await server.stop();
    await provider.close();
    await removeDataDir(dataDir);
  };
}
