import { mkdir, readFile, rm, rmdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import {
  ROOT,
  createDataDir,
  postgresProcessesFor,
  readMasterKey,
  removeDataDir,
  startServerProcess,
  waitForPostgresToExit,
} from './serverProcess';
import { startOidcIssuer, TEST_CLIENT } from './oidcIssuer';
import { startPushService } from './pushService';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    appId: string;
    masterKey: string;
    dataDir: string;
    /** The origin of the push service stand-in (server/test/pushService.ts) the server may push to. */
    pushServiceOrigin: string;
    /** The issuer of the OpenID Connect provider (server/test/oidcIssuer.ts) the server offers. */
    oidcIssuer: string;
  }
}

const PLACEHOLDER_INDEX = '<!doctype html><title>FITSTREAK</title>\n';

/**
 * The server answers 503 for app routes without a build. A placeholder is written only when there
 * is none, and removed afterwards: left behind, it would look newer than the sources and keep
 * `npm start` from building the real app.
 */
async function ensureIndexHtml(): Promise<(() => Promise<void>) | undefined> {
  const distDir = path.join(ROOT, 'dist');
  const file = path.join(distDir, 'index.html');
  const createdDist = (await mkdir(distDir, { recursive: true })) !== undefined;
  try {
    await writeFile(file, PLACEHOLDER_INDEX, { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return undefined;
    throw error;
  }
  return async () => {
    // A build that ran meanwhile replaced the placeholder with the real page: that one stays.
    const now = await readFile(file, 'utf8').catch(() => undefined);
    if (now === PLACEHOLDER_INDEX) await rm(file, { force: true });
    if (createdDist) await rmdir(distDir).catch(() => undefined);
  };
}

export interface SharedServerOptions {
  /** Names the data directory under `.test-data/`. */
  prefix: string;
  /** Settings of this run's server on top of the test defaults. */
  env?: Record<string, string>;
  /** A line the server must print at start, proof that `env` took effect. */
  expectLine?: string;
}

/** One server process for a whole project's run, as `npm start` runs it, on a free port. */
export async function startSharedServer(
  project: TestProject,
  { prefix, env, expectLine }: SharedServerOptions,
): Promise<() => Promise<void>> {
  const removePlaceholder = await ensureIndexHtml();
  const dataDir = await createDataDir(prefix);
  const running = await startServerProcess({ dataDir, env }).catch(async (error: unknown) => {
    await removeDataDir(dataDir);
    await removePlaceholder?.();
    throw error;
  });
  if (expectLine !== undefined && !running.output().includes(expectLine)) {
    await running.stop();
    await waitForPostgresToExit(dataDir, 10_000);
    await removeDataDir(dataDir);
    await removePlaceholder?.();
    throw new Error(`The server did not print "${expectLine}" at start:\n${running.output()}`);
  }

  project.provide('baseUrl', running.baseUrl);
  project.provide('appId', 'fitstreak');
  project.provide('masterKey', await readMasterKey(dataDir));
  project.provide('dataDir', dataDir);

  return async () => {
    const { code, signal } = await running.stop();
    await removePlaceholder?.();
    const leftovers = await postgresProcessesFor(dataDir);
    // The directory can only go once postgres has let go of it; server/lifecycle.int.test.ts is
    // where a stop that leaves postgres behind, or exits with another code than 0, fails a test.
    const lingering = leftovers.length > 0 ? await waitForPostgresToExit(dataDir, 10_000) : [];
    if (lingering.length > 0) {
      throw new Error(
        `postgres still runs for ${dataDir} 10 s after the server stopped (code ${code}, signal ${signal}):\n` +
          `${lingering.join('\n')}\n${running.output()}`,
      );
    }
    await removeDataDir(dataDir);
    if (code !== 0 || leftovers.length > 0) {
      console.warn(
        `[integration] the server stopped with code ${code} (signal ${signal})` +
          `${leftovers.length > 0 ? ' before its postgres had exited' : ''}:\n${running.output()}`,
      );
    }
  };
}

/** An origin other than PUBLIC_URL's that the `integration` server lets call /parse (CORS). */
export const ALLOWED_TEST_ORIGIN = 'https://admin.fitstreak.test';

/**
 * A name the `integration` server lists in ADMIN_USERNAMES with no account behind it: kept from
 * everyone, so nobody becomes admin by taking it.
 */
export const RESERVED_ADMIN_NAME = 'fitstreak.admin';

/** The `integration` project: the server as `npm start` runs it, with a push service beside it. */
export async function setup(project: TestProject): Promise<() => Promise<void>> {
  const pushService = await startPushService();
  const oidc = await startOidcIssuer();
  project.provide('pushServiceOrigin', pushService.origin);
  project.provide('oidcIssuer', oidc.issuer);
  const stop = await startSharedServer(project, {
    prefix: 'int',
    env: {
      ALLOWED_ORIGINS: ALLOWED_TEST_ORIGIN,
      ADMIN_USERNAMES: RESERVED_ADMIN_NAME,
      PUSH_SERVICES: pushService.origin,
      OIDC_ISSUER: oidc.issuer,
      OIDC_CLIENT_ID: TEST_CLIENT.id,
      OIDC_CLIENT_SECRET: TEST_CLIENT.secret,
      OIDC_NAME: 'Test ID',
    },
  }).catch(async (error: unknown) => {
    await Promise.all([pushService.close(), oidc.close()]);
    throw error;
  });
  return async () => {
    await stop();
    await Promise.all([pushService.close(), oidc.close()]);
    if (pushService.refused.length > 0) {
      throw new Error(`The push service refused pushes:\n${pushService.refused.join('\n')}`);
    }
  };
}
