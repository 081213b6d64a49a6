// Browser tests against a real brethren-server (tools/run-browser-tests.sh
// starts it and sets BRETHREN_WEB_URL). Chromium is Debian's (/usr/bin/chromium):
// Playwright's own browser download is not used.
import { defineConfig } from "@playwright/test";

export default defineConfig({
  testDir: "tests/browser",
  timeout: 5 * 60_000,
  workers: Number(process.env.BRETHREN_BROWSER_WORKERS ?? 1),
  fullyParallel: true,
  reporter: [["list"]],
  outputDir: "test-results",
  use: {
    baseURL: process.env.BRETHREN_WEB_URL,
    viewport: { width: 1280, height: 800 },
    launchOptions: {
      executablePath: process.env.BRETHREN_CHROMIUM ?? "/usr/bin/chromium",
      args: [
        "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
      ],
    },
  },
});
