import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './e2e/support/browser';

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './e2e/support/globalSetup.ts',
  // Two files at a time, each in a headless shell of its own (e2e/support/browser.ts): each test has
  // accounts of its own and the tests of a file run in order. E2E_WORKERS sets another number.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  forbidOnly: true,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    launchOptions: chromiumLaunchOptions(),
    // Recording a trace (a screenshot and a DOM snapshot at every step) took a third of the browser
    // tests' time, for files only a local run keeps: E2E_TRACE=1 records one for each failing test.
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    // Tests that route or abort requests must see them; e2e/offline.spec.ts lets the worker run.
    serviceWorkers: 'block',
  },
});
