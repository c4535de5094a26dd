import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { nativeBuiltins } from './build/nativeBuiltins.ts';

const API_TARGET = process.env.API_URL ?? 'http://localhost:1337';

export default defineConfig({
  plugins: [react(), nativeBuiltins()],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      // The Parse SDK needs an EventEmitter in the browser; without this alias Vite externalises Node's.
      events: 'events/',
    },
  },
  server: {
    proxy: {
      '/parse': { target: API_TARGET, ws: true },
      '/config.json': API_TARGET,
    },
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    chunkSizeWarningLimit: 300,
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'happy-dom',
          include: ['src/**/*.test.{ts,tsx}', 'server/**/*.unit.test.ts', 'build/**/*.test.ts'],
          setupFiles: ['src/test/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          environment: 'node',
          include: ['server/**/*.int.test.ts', 'cloud/**/*.int.test.ts', 'bench/**/*.int.test.ts'],
          globalSetup: ['server/test/globalSetup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
