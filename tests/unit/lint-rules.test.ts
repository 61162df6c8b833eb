// The import rules of STYLE.md are enforced by `npm run lint`; this proves they are
// switched on (a misconfigured plugin reports nothing, silently).
import { ESLint } from "eslint";
import { expect, test } from "vitest";

const eslint = new ESLint();

async function ruleIds(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((m) => m.ruleId);
}

test("a route importing a route, or UI importing the database or a model, is an error", async () => {
  expect(await ruleIds("app/routes/zz-probe.tsx", 'import { loader } from "~/routes/about";\nexport const x = loader;\n')).toContain("import-x/no-restricted-paths");
  expect(await ruleIds("app/components/zz-probe.tsx", 'import { db } from "~/db/client.server";\nexport const y = db;\n')).toContain("import-x/no-restricted-paths");
  expect(await ruleIds("app/components/zz-probe.tsx", 'import { getContest } from "~/models/contest.server";\nexport const z = getContest;\n')).toContain("import-x/no-restricted-paths");
  expect(await ruleIds("app/routes/zz-probe.tsx", 'import { formatINR } from "~/utils/money";\nexport const ok = formatINR;\n')).toEqual([]);
}, 60_000);

test("hooks follow React's rules", async () => {
  const code = 'import { useState } from "react";\nexport function C({ on }: { on: boolean }) {\n  if (on) useState(0);\n  return null;\n}\n';
  expect(await ruleIds("app/components/zz-probe.tsx", code)).toContain("react-hooks/rules-of-hooks");
}, 60_000);
