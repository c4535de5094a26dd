import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { compiledCatalogues } from './build/catalogues.ts';
import { nativeBuiltins } from './build/nativeBuiltins.ts';

const API_TARGET = process.env.API_URL ?? 'http://localhost:1337';

/**
 * Component tests share one module graph and page per worker, except those that replace modules or
 * globals, fake the Parse server or keep data in IndexedDB: each of these gets a graph of its own.
 */
const DOM_TESTS = readdirSync(new URL('./src', import.meta.url), { recursive: true, encoding: 'utf8' })
  .map((file) => `src/${file}`)
  .filter((file) => /\.test\.tsx?$/.test(file) && !file.startsWith('src/domain/'));
const OWN_MODULE_GRAPH = DOM_TESTS.filter((file) =>
  /vi\.(mock|doMock|stubGlobal|resetModules)|fakeParseServer|indexedDB/.test(
    readFileSync(new URL(`./${file}`, import.meta.url), 'utf8'),
  ),
);

/** The hostile-input properties of every class and cloud function, and the oracles (server/test/fuzz.ts). */
const FUZZ_FILES = ['cloud/**/fuzz.int.test.ts', 'cloud/classes/oracle.int.test.ts'];

/** Integration tests that start server processes, backups or restores of their own. */
const OWN_SERVER_FILES = [
  'server/*.int.test.ts',
  'server/auth/signup.int.test.ts',
  'server/backup/*.int.test.ts',
  'server/observability/metrics.int.test.ts',
  'cloud/catalogue/seed.int.test.ts',
  'server/foods/*.int.test.ts',
  'bench/**/*.int.test.ts',
];

/**
 * Server tests: one file at a time against the server its global setup starts (each project its
 * own), so `npm test` can run the projects side by side.
 */
function integrationProject(
  name: string,
  include: string[],
  { exclude, globalSetup = 'server/test/globalSetup.ts' }: { exclude?: string[]; globalSetup?: string } = {},
): TestProjectInlineConfiguration {
  return {
    extends: true,
    test: {
      name,
      environment: 'node',
      include,
      ...(exclude ? { exclude } : {}),
      globalSetup: [globalSetup],
      testTimeout: 30_000,
      hookTimeout: 120_000,
      fileParallelism: false,
      isolate: false,
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    nativeBuiltins(),
    compiledCatalogues(),
    // Installable, and the shell opens without a network after one visit: the service worker
    // precaches the built files and answers every page with index.html. Parse's answers are never
    // cached (src/lib/runtimeConfig.ts keeps /config.json for a start offline).
    VitePWA({
      registerType: 'autoUpdate',
      injectRegister: 'script-defer',
      includeAssets: ['favicon.svg'],
      manifest: {
        name: 'FITSTREAK',
        short_name: 'FITSTREAK',
        description: 'Log workouts and weigh-ins, see your trends, and keep your streak with friends.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: '#0f766e',
        background_color: '#ffffff',
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // A new version takes over at once, and the first visit is served by the worker too.
        skipWaiting: true,
        clientsClaim: true,
        globPatterns: ['**/*.{js,css,html,svg,png}'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/parse/, /^\/healthz/, /^\/metrics/, /^\/config\.json/, /^\/auth\//],
        // Shows web pushes and opens their page on a tap (src/lib/push.ts subscribes).
        importScripts: ['push-sw.js'],
        // The WebAssembly barcode decoder (its chunk and .wasm, 475 kB gzip) is not precached: it
        // loads on the first scan and is kept then, so later scans work offline too.
        globIgnores: ['**/webAssemblyDecoder-*.js'],
        runtimeCaching: [
          {
            urlPattern: /\/assets\/(webAssemblyDecoder-[^/]+\.js|[^/]+\.wasm)$/,
            handler: 'CacheFirst',
            options: { cacheName: 'barcode-decoder', expiration: { maxEntries: 2 } },
          },
        ],
      },
    }),
  ],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      // The Parse SDK needs an EventEmitter in the browser; without this alias Vite externalises Node's.
      events: 'events/',
    },
  },
  server: {
    // scripts/dev.mjs gives the API this origin as PUBLIC_URL: another port would not match it.
    port: 5173,
    strictPort: true,
    proxy: {
      '/parse': { target: API_TARGET, ws: true },
      '/auth': API_TARGET,
      '/config.json': API_TARGET,
    },
  },
  build: {
    target: 'es2022',
    // dist/.vite/manifest.json: which chunk holds which module (npm run bench:languages reads it).
    manifest: true,
    // Maps for the operator's tools, referenced by no file; the server never serves them (they hold the source).
    sourcemap: 'hidden',
    chunkSizeWarningLimit: 300,
    rolldownOptions: {
      // Everything index.html loads before the first paint goes in one chunk. Without this group, each
      // module the shell shares with a lazy page (errors, dates, the cloud call…) became a chunk of its
      // own: nine requests where one does, and about 2 KB more gzip for their headers and exports.
      output: { codeSplitting: { groups: [{ name: 'shell', tags: ['$initial'] }] } },
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'happy-dom',
          include: DOM_TESTS.filter((file) => !OWN_MODULE_GRAPH.includes(file)),
          setupFiles: ['src/test/setup.ts'],
          isolate: false,
          // A few tests read a 24-hour activity or unpack a zip bomb: seconds of work on a busy
          // two-core machine, where the 5 s default is too close.
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'unit-isolated',
          environment: 'happy-dom',
          include: OWN_MODULE_GRAPH,
          setupFiles: ['src/test/setup.ts'],
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          // Pure code without a page: no DOM to build, no components to clean up, one module graph.
          name: 'unit-node',
          environment: 'node',
          include: [
            'src/domain/**/*.test.ts',
            'server/**/*.unit.test.ts',
            'cloud/**/*.unit.test.ts',
            'build/**/*.test.ts',
          ],
          setupFiles: ['src/test/english.ts'],
          isolate: false,
          testTimeout: 20_000,
        },
      },
      integrationProject('integration', ['server/**/*.int.test.ts', 'cloud/**/*.int.test.ts'], {
        exclude: [...OWN_SERVER_FILES, ...FUZZ_FILES],
      }),
      integrationProject('integration-fuzz', FUZZ_FILES),
      // The files that start servers of their own (and a shared one for what they compare), which
      // spend their time starting PostgreSQL.
      integrationProject('integration-servers', OWN_SERVER_FILES),
      // The files of cloud functions with a PostgreSQL statement and a Parse-query fallback, run
      // again against a server started with CLOUD_SQL=false: the fallbacks MongoDB would use.
      integrationProject(
        'integration-nosql',
        [
          'cloud/classes/activity.int.test.ts',
          'cloud/classes/strengthWorkout.int.test.ts',
          'cloud/functions/activity.int.test.ts',
          'cloud/functions/challenges.int.test.ts',
          'cloud/functions/coaching.int.test.ts',
          'cloud/functions/dashboard.int.test.ts',
          'cloud/functions/friends.int.test.ts',
          'cloud/functions/nutrition.int.test.ts',
          'cloud/functions/social.int.test.ts',
          'cloud/functions/strength.int.test.ts',
          'cloud/functions/weight.int.test.ts',
          // What has no fallback, refused there (runs only here).
          'cloud/functions/sqlOnly.nosql.test.ts',
        ],
        { globalSetup: 'server/test/globalSetupParseQueries.ts' },
      ),
      {
        extends: true,
        test: {
          // Several app nodes with their own PostgreSQL, Redis and S3 store, started by each file.
          name: 'cluster',
          environment: 'node',
          include: ['server/**/*.cluster.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 240_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          // docker-compose.yml's stack under podman, started by scripts/test-compose.ts (npm run test:compose).
          name: 'compose',
          environment: 'node',
          include: ['server/compose/*.compose.test.ts'],
          testTimeout: 180_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
