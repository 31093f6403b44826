import { defineConfig } from '@playwright/test';
import { chromiumExecutable } from './test/e2e/browser.js';

// Two suites: `web` drives the built renderer through the web host in the Chromium the environment
// provides (COSCI_CHROMIUM or PATH, test/e2e/browser.ts; the browser Playwright would download is
// not used here); `electron` drives the packaged shape of
// the app through Playwright's _electron where an Electron binary exists.
// Both need `npm run build` first: they test dist/, exactly what users run.
export default defineConfig({
  outputDir: 'test-results/',
  // Each run has its own temp directory and fails if a test leaves a cosci-* folder in it.
  globalSetup: './test/e2e/globalSetup.ts',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // Every test starts its own host and research server; keep the machine from oversubscribing.
  workers: process.env.CI ? 2 : 3,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // The JSON report feeds scripts/test-summary.mjs, which prints skip reasons (the list reporter does not).
  reporter: [['list'], ['json', { outputFile: '.cache/test-reports/playwright.json' }]],
  projects: [
    {
      name: 'web',
      testDir: 'test/e2e/web',
      use: {
        browserName: 'chromium',
        headless: true,
        viewport: { width: 1280, height: 800 },
        trace: 'retain-on-failure',
        screenshot: 'only-on-failure',
        launchOptions: {
          executablePath: chromiumExecutable(),
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
            '--disable-quic',
          ],
        },
      },
    },
    {
      name: 'electron',
      testDir: 'test/e2e/electron',
    },
  ],
});
