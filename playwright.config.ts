import { execFileSync } from "node:child_process";
import { defineConfig } from "@playwright/test";

// Free ports, chosen once by the main process (workers inherit the environment), so a
// leftover server or another run never collides. E2E_PORT / E2E_FIXTURES_PORT pin them.
function freePort() {
  const script = "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})";
  return execFileSync(process.execPath, ["-e", script], { encoding: "utf8" }).trim();
}
process.env.E2E_PORT ||= freePort();
process.env.E2E_FIXTURES_PORT ||= freePort();
const PORT = Number(process.env.E2E_PORT);

// Browsers cannot be downloaded here: Playwright drives Debian's Chromium.
const chromium = {
  executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--use-fake-device-for-media-stream",
    "--use-fake-ui-for-media-stream",
  ],
};

// Started by the spec itself, not the shared e2e server: the cluster behind nginx and `npm start`.
const SERVERS = /\/(cluster|start-and-stop)\.js\.spec\.ts$/;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  // Three on two cores: many tests wait (for hydration on a throttled CPU, a slow client's
  // timeout, the face check's frames) rather than compute; the whole suite took 10.4 min
  // against 11.6 with two, from the same build (docs/performance.md, "CI again, step by step").
  workers: 3,
  forbidOnly: true,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  globalTeardown: "./tests/e2e/support/global-teardown.ts",
  use: {
    baseURL: `http://localhost:${PORT}`,
    // A student's phone.
    viewport: { width: 390, height: 844 },
    launchOptions: chromium,
    trace: "retain-on-failure",
  },
  projects: [
    // The specs that start servers of their own (two instances behind nginx, `npm start`
    // itself) open no page: one run proves them, one at a time beside the browser tests
    // (each start-up takes a core for seconds). First, so their long chain is not the
    // run's tail.
    { name: "servers", testMatch: SERVERS, workers: 1 },
    // A test tagged @same-without-js reads a page or an answer that no script changes (a
    // policy page, a 404, headers, a layout at 360 px): the JavaScript-off project proves it.
    { name: "js", use: { javaScriptEnabled: true }, grepInvert: /@same-without-js/, testIgnore: SERVERS },
    // Every form must work with JavaScript off; *.js.spec.ts files test enhancements only.
    { name: "no-js", use: { javaScriptEnabled: false }, testIgnore: [/\.js\.spec\.ts$/, SERVERS] },
  ],
  webServer: {
    command: "node scripts/e2e-server.js",
    url: `http://localhost:${PORT}/about`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: { E2E_PORT: String(PORT), E2E_FIXTURES_PORT: process.env.E2E_FIXTURES_PORT },
  },
});
