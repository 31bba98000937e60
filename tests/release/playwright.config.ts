import { defineConfig } from '@playwright/test';

/**
 * The release workflow's launch test of the packaged app (.github/workflows/release.yml), apart
 * from `npm test`'s Playwright run (tests/e2e): it needs `npm run package:dir` output and a real
 * Electron, which only the release runners have. Run with
 * `npx playwright test -c tests/release/playwright.config.ts` (under xvfb-run on Linux).
 */
export default defineConfig({
  testDir: '.',
  outputDir: '../../test-results/release',
  workers: 1,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 120_000,
  expect: { timeout: 20_000 },
  reporter: [['list']],
});
