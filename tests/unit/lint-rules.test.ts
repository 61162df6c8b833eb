// The import rules of docs/architecture.md are enforced by `npm run lint`; this proves
// each is switched on (a misconfigured plugin reports nothing, silently). It lints with
// the real eslint.config.js, its files, settings and options, but only the rules these
// tests are about: the rest (the React Compiler's checks above all) are `npm run lint`'s
// to run, once (issue 66). Cycles are dependency-cruiser's (tests/unit/layers.test.ts).
import { ESLint, type Linter } from "eslint";
import { expect, test } from "vitest";
import config from "../../eslint.config.js";

const underTest = new Set(["import-x/no-restricted-paths", "no-restricted-imports", "@typescript-eslint/no-restricted-imports", "react-hooks/rules-of-hooks"]);
const only = (rules: Partial<Linter.RulesRecord>) => Object.fromEntries(Object.entries(rules).filter(([id]) => underTest.has(id)));
const eslint = new ESLint({ overrideConfigFile: true, overrideConfig: (config as Linter.Config[]).map((c) => (c.rules ? { ...c, rules: only(c.rules) } : c)) });

async function ruleIds(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((m) => m.ruleId);
}

const importing = (specifier: string) => `import * as probe from "${specifier}";\nexport const x = probe;\n`;

test("no route imports a route", async () => {
  expect(await ruleIds("app/routes/zz-probe.tsx", importing("~/routes/about"))).toContain("import-x/no-restricted-paths");
  expect(await ruleIds("app/routes/zz-probe.tsx", importing("~/utils/money"))).toEqual([]);
}, 60_000);

test("browser-side code never imports a .server module or the database, but may import a domain's shared rules", async () => {
  for (const file of ["app/components/zz-probe.tsx", "app/components/contests/zz-probe.tsx", "app/models/contests/zz-probe.ts", "app/utils/zz-probe.ts"]) {
    expect(await ruleIds(file, importing("~/db/client.server"))).toContain("no-restricted-imports");
    expect(await ruleIds(file, importing("~/db/schema"))).toContain("no-restricted-imports");
    expect(await ruleIds(file, importing("~/models/contests/catalogue/catalogue.server"))).toContain("no-restricted-imports");
    expect(await ruleIds(file, importing("./zz-other.server"))).toContain("no-restricted-imports");
  }
  expect(await ruleIds("app/components/zz-probe.tsx", importing("~/models/contests/catalogue/prizes"))).toEqual([]);
  // Server modules may import server modules.
  expect(await ruleIds("app/models/contests/zz-probe.server.ts", importing("~/db/client.server"))).toEqual([]);
}, 60_000);

test("only the server's i18n module reads the catalogs; their types are for everyone", async () => {
  expect(await ruleIds("app/components/zz-probe.tsx", importing("~/locales/catalogs"))).toContain("@typescript-eslint/no-restricted-imports");
  expect(await ruleIds("app/routes/zz-probe.tsx", importing("~/locales/en/common"))).toContain("@typescript-eslint/no-restricted-imports");
  expect(await ruleIds("app/utils/zz-probe.ts", 'import type { MessageId } from "~/locales/catalogs";\nexport type X = MessageId;\n')).toEqual([]);
}, 60_000);

test("payments know no purpose: the ledger never imports contests or the store", async () => {
  expect(await ruleIds("app/models/payments/zz-probe.server.ts", importing("~/models/contests/catalogue/catalogue.server"))).toContain("import-x/no-restricted-paths");
  expect(await ruleIds("app/models/payments/zz-probe.server.ts", importing("~/models/store/listings/products.server"))).toContain("import-x/no-restricted-paths");
  expect(await ruleIds("app/models/payments/zz-probe.server.ts", importing("~/utils/money"))).toEqual([]);
}, 60_000);

test("app/db imports no domain and no seed; utils import no domain; nothing but start-up imports the seed", async () => {
  expect(await ruleIds("app/db/zz-probe.server.ts", importing("~/models/contests/catalogue/catalogue.server"))).toContain("import-x/no-restricted-paths");
  expect(await ruleIds("app/db/zz-probe.server.ts", importing("~/seed/factories.server"))).toContain("import-x/no-restricted-paths");
  expect(await ruleIds("app/utils/zz-probe.server.ts", importing("~/models/accounts/auth.server"))).toContain("import-x/no-restricted-paths");
  expect(await ruleIds("app/models/contests/zz-probe.server.ts", importing("~/seed/factories.server"))).toContain("import-x/no-restricted-paths");
  expect(await ruleIds("app/routes/zz-probe.tsx", importing("~/seed/factories.server"))).toContain("import-x/no-restricted-paths");
}, 60_000);

test("hooks follow React's rules", async () => {
  const code = 'import { useState } from "react";\nexport function C({ on }: { on: boolean }) {\n  if (on) useState(0);\n  return null;\n}\n';
  expect(await ruleIds("app/components/zz-probe.tsx", code)).toContain("react-hooks/rules-of-hooks");
}, 60_000);

test("app/server (the front door, start-up) is imported by routes and itself only", async () => {
  for (const file of ["app/models/contests/zz-probe.server.ts", "app/utils/zz-probe.server.ts", "app/db/zz-probe.server.ts"]) {
    expect(await ruleIds(file, importing("~/server/front-door.server"))).toContain("import-x/no-restricted-paths");
  }
  expect(await ruleIds("app/routes/zz-probe.tsx", importing("~/server/policy"))).toEqual([]);
}, 60_000);

test("app/utils reaches no database and no service; app/services no domain", async () => {
  expect(await ruleIds("app/utils/zz-probe.server.ts", importing("~/db/client.server"))).toContain("import-x/no-restricted-paths");
  expect(await ruleIds("app/utils/zz-probe.server.ts", importing("~/services/email.server"))).toContain("import-x/no-restricted-paths");
  expect(await ruleIds("app/services/zz-probe.server.ts", importing("~/models/contests/catalogue/catalogue.server"))).toContain("import-x/no-restricted-paths");
  expect(await ruleIds("app/services/zz-probe.server.ts", importing("~/db/client.server"))).toEqual([]);
  expect(await ruleIds("app/models/contests/zz-probe.server.ts", importing("~/services/email.server"))).toEqual([]);
}, 60_000);

test("accounts know no other domain: a guest's action is resumed by its own domain", async () => {
  expect(await ruleIds("app/models/accounts/zz-probe.ts", importing("~/models/store/cart/cart"))).toContain("import-x/no-restricted-paths");
  expect(await ruleIds("app/models/accounts/zz-probe.ts", importing("~/models/blog/schemas"))).toContain("import-x/no-restricted-paths");
  expect(await ruleIds("app/models/accounts/zz-probe.ts", importing("~/utils/text"))).toEqual([]);
}, 60_000);
