// Issue 46, point 6: docs/operations.md's breach runbook names what to check, whom to tell,
// the 72-hour report and what the logs can reconstruct, and its query of who is affected
// runs as printed.
import fs from "node:fs";
import { sql } from "drizzle-orm";
import { expect, test } from "vitest";
import { db, rowsOf } from "~/db/client.server";
import { payout_details } from "~/db/schema";
import { createUser } from "~/seed/factories.server";

const doc = fs.readFileSync("docs/operations.md", "utf8");
const runbook = doc.slice(doc.indexOf("## A personal data breach"), doc.indexOf("## Past one machine"));

test("the runbook has its parts: contain, what to check, whom to tell and when, the 72-hour report", () => {
  for (const heading of ["### The first hour: contain", "### What to check, and what the logs let us reconstruct", "### Who to tell, and when", "### The 72-hour report"]) {
    expect(runbook).toContain(heading);
  }
  expect(runbook).toMatch(/within 72 hours/);
  expect(runbook).toMatch(/CERT-In \| within 6 hours/);
});

test("its query of who is affected lists every account with its language and what money data it holds", async () => {
  const query = runbook.match(/```sql breach-affected\n([\s\S]*?)```/)![1]!;
  await createUser(db, { email: "breach-plain@example.in", passwordHash: "x", fullName: "Plain Person" });
  const paid = await createUser(db, { email: "breach-paid@example.in", passwordHash: "x" });
  await db.insert(payout_details).values({ user_id: paid, method: "upi", upi_id: "breach@okaxis" });
  const rows = rowsOf<{ email: string; locale: string; full_name: string | null; has_payout_details: boolean; has_orders: boolean }>(await db.execute(sql.raw(query)));
  expect(rows.find((r) => r.email === "breach-plain@example.in")).toMatchObject({ locale: "en", full_name: "Plain Person", has_payout_details: false, has_orders: false });
  expect(rows.find((r) => r.email === "breach-paid@example.in")).toMatchObject({ has_payout_details: true });
});
