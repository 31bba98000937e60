import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests: Debian's Chromium (`npx playwright install` cannot download a browser here)
 * against the real headless server with the platform simulator (tests/e2e/support). Run with
 * `npm run test:e2e`, which builds the web UI first.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/playwright',
  fullyParallel: false,
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    viewport: { width: 1280, height: 800 },
    locale: 'en-US',
    colorScheme: 'light',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
        '--autoplay-policy=no-user-gesture-required',
      ],
    },
  },
});
