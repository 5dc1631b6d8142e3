import { defineConfig } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3100);
export const BASE_URL = `http://localhost:${PORT}`;
/** The delivery events' signing secret of the test server only (tests/email-delivery.spec.ts signs with it). */
export const E2E_MAIL_EVENTS_SECRET = "whsec_ZTJlLW9ubHktbWFpbC1ldmVudHMtc2VjcmV0";

/**
 * Browser tests: Debian's Chromium against the real server (built web app, API, built-in
 * sign-in) started on a fresh embedded database with the demo portfolio.
 */
export default defineConfig({
  testDir: "./tests",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"]],
  outputDir: "../test-results",
  use: {
    baseURL: BASE_URL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    // Accessibility checks inject axe as an inline script, which the portal's policy forbids;
    // tests/security.spec.ts runs with the policy enforced.
    bypassCSP: true,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  webServer: {
    command: `DATA_DIR=$(mktemp -d /tmp/portico-e2e-XXXX) SKIP_WEB_BUILD=1 node scripts/start.mjs`,
    cwd: "..",
    url: `${BASE_URL}/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: {
      PORT: String(PORT),
      PUBLIC_URL: BASE_URL,
      LOG_LEVEL: "warn",
      NODE_ENV: "production",
      DEMO_DATA: "1",
      MAIL_EVENTS_SECRET: E2E_MAIL_EVENTS_SECRET,
    },
  },
});
