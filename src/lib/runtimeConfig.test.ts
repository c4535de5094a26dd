import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import common from '@/locales/en/common.json';

const CONFIG = {
  appId: 'fitstreak',
  serverURL: 'http://localhost:1337/parse',
  liveQueryServerURL: 'ws://localhost:1337/parse',
};

// A fresh module per test: it keeps the configuration it loaded. Its errors are messages, so the
// fresh copy of the i18n module speaks English, as src/test/setup.ts makes the first one do.
async function load() {
  vi.resetModules();
  const { i18n } = await import('@/i18n');
  i18n.load('en', common);
  i18n.activate('en');
  const { loadRuntimeConfig } = await import('./runtimeConfig');
  return loadRuntimeConfig();
}

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('loadRuntimeConfig', () => {
  it('keeps the configuration and starts from it when the server cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response(JSON.stringify(CONFIG)))),
    );
    await expect(load()).resolves.toEqual(CONFIG);

    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(load()).resolves.toEqual(CONFIG);
  });

  it('fails without a network when it never had a configuration', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );

    await expect(load()).rejects.toThrow('Failed to fetch');
  });

  it('reports a server error rather than starting from the kept copy', async () => {
    localStorage.setItem('fitstreak:config', JSON.stringify(CONFIG));
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response('busy', { status: 503 }))),
    );

    await expect(load()).rejects.toThrow('HTTP 503');
  });
});
