import { defineConfig, devices } from '@playwright/test';
import { E2E_ADMIN, E2E_BASE_URL, E2E_PORT, E2E_ROOT } from './e2e/env';

/**
 * Browser suite: Debian's Chromium (never `npx playwright install`) against the real `shop` binary,
 * started by e2e/serve.mjs on a brand-new temporary database with the demo catalogue. The web app
 * must be built first (`npm run e2e` builds it; scripts/test-web.sh too).
 */
export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    ...devices['Desktop Chrome'],
    baseURL: E2E_BASE_URL,
    viewport: { width: 1280, height: 800 },
    locale: 'en-IN',
    screenshot: 'only-on-failure',
    trace: 'off',
    video: 'off',
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
        '--disable-quic',
      ],
    },
  },
  webServer: {
    command: 'node e2e/serve.mjs',
    url: `${E2E_BASE_URL}/api/health`,
    // A debug build seeding the demo on a slow, busy machine takes a while: minutes, not seconds.
    // Playwright stops at once if the server exits first (serve.mjs then prints the shop's log).
    timeout: Number(process.env.SHOP_START_TIMEOUT ?? 300) * 1000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    env: {
      E2E_PORT: String(E2E_PORT),
      E2E_ROOT,
      E2E_ADMIN_EMAIL: E2E_ADMIN.email,
      E2E_ADMIN_PASSWORD: E2E_ADMIN.password,
    },
  },
});
