// Issue 45, point 2: the layers hold through other files too. dependency-cruiser
// (.dependency-cruiser.cjs, run by `npm run lint`) follows every chain of imports; this
// proves its rules are on by adding forbidden chains that eslint's direct checks let
// through (each hop allowed on its own), and one allowed chain.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterEach, expect, test } from "vitest";

const written: string[] = [];
afterEach(() => {
  for (const file of written.splice(0)) fs.rmSync(file, { force: true });
});

function write(file: string, code: string) {
  fs.writeFileSync(file, code);
  written.push(file);
}

/** The rules broken by the chains that start at `entry`. */
function violations(entry: string): string[] {
  let out: string;
  try {
    out = execFileSync(process.execPath, ["node_modules/dependency-cruiser/bin/dependency-cruise.mjs", entry, "--config", ".dependency-cruiser.cjs", "--output-type", "json"], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
      // The whole app's report is past Node's 1 MiB default, which would cut it mid-JSON.
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch (error) {
    // It exits non-zero when a rule is broken; the report is still on stdout.
    out = (error as { stdout: string }).stdout;
  }
  const report = JSON.parse(out) as { summary: { violations: Array<{ rule: { name: string }; from: string; to: string }> } };
  return report.summary.violations.map((v) => v.rule.name);
}

const bridge = path.join("app", "models", "zz-probe-bridge.ts");

test("a payments module that reaches the store through a shared models module breaks the ledger's rule", () => {
  write(bridge, 'import { orderTotals } from "~/models/store/checkout/checkout";\nexport const bridged = orderTotals;\n');
  write(path.join("app", "models", "payments", "zz-probe.server.ts"), 'import { bridged } from "~/models/zz-probe-bridge";\nexport const probe = bridged;\n');
  expect(violations("app/models/payments/zz-probe.server.ts")).toContain("payments-know-no-purpose");
}, 60_000);

test("accounts that reach a domain through a shared models module break the accounts rule; a chain into utils is fine", () => {
  write(bridge, 'import { prizeLines } from "~/models/contests/catalogue/prizes";\nexport const bridged = prizeLines;\n');
  write(path.join("app", "models", "accounts", "zz-probe.server.ts"), 'import { bridged } from "~/models/zz-probe-bridge";\nexport const probe = bridged;\n');
  expect(violations("app/models/accounts/zz-probe.server.ts")).toContain("accounts-know-no-domain");
  write(path.join("app", "models", "accounts", "zz-probe-ok.server.ts"), 'import { formatINR } from "~/utils/money";\nexport const probe = formatINR;\n');
  expect(violations("app/models/accounts/zz-probe-ok.server.ts")).toEqual([]);
}, 60_000);

test("a catalog that writes a model's figure into its sentence breaks the catalogs' rule and, through the translator that stands on it, the utils' rule", () => {
  const catalog = path.join("app", "locales", "en", "zz-probe.ts");
  write(catalog, 'import { POLICY } from "~/models/support/policy";\nexport default { "zz.days": `${POLICY.returnDays} days` };\n');
  write(path.join("app", "utils", "zz-probe.server.ts"), 'import words from "~/locales/en/zz-probe";\nexport const probe = words;\n');
  expect(violations("app/locales/en/zz-probe.ts")).toContain("catalogs-are-only-words");
  expect(violations("app/utils/zz-probe.server.ts")).toContain("utils-are-domain-free");
}, 60_000);

test("the app as it is breaks no layer", () => {
  expect(violations("app")).toEqual([]);
}, 60_000);
