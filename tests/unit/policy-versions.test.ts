// The versions of the terms and privacy policy (issue 67, point 7): who must agree again,
// what the agree page says changed, which posted versions count, and the agree form's reading.
import { expect, test } from "vitest";
import { AgreeSchema } from "~/models/accounts/agreements/agree-schema";
import { changesSince, currentVersions, isCurrent, mustAgree, NONE_AGREED, POLICY_HISTORY, type PolicyHistory } from "~/models/accounts/agreements/policy-versions";

const history: PolicyHistory = {
  terms: [
    { version: 1, date: "2026-12-07", changed: "account.policies.changed.terms1" },
    { version: 2, date: "2027-03-01", changed: "account.policies.changed.terms1" },
  ],
  privacy: [{ version: 1, date: "2026-12-07", changed: "account.policies.changed.privacy1" }],
};

test("the module's history is numbered 1, 2, … with dates in order, and its newest is current", () => {
  for (const versions of Object.values(POLICY_HISTORY)) {
    expect(versions.map((v) => v.version)).toEqual(versions.map((_, i) => i + 1));
    expect(versions.every((v) => /^\d{4}-\d{2}-\d{2}$/.test(v.date))).toBe(true);
    expect([...versions.map((v) => v.date)].sort()).toEqual(versions.map((v) => v.date));
  }
  expect(currentVersions()).toEqual({ terms: POLICY_HISTORY.terms.at(-1)!.version, privacy: POLICY_HISTORY.privacy.at(-1)!.version });
});

test("someone behind on either document must agree; someone current need not", () => {
  expect(mustAgree(NONE_AGREED, history)).toBe(true);
  expect(mustAgree({ terms: 1, privacy: 1 }, history)).toBe(true);
  expect(mustAgree({ terms: 2, privacy: 0 }, history)).toBe(true);
  expect(mustAgree({ terms: 2, privacy: 1 }, history)).toBe(false);
  expect(mustAgree(currentVersions())).toBe(false);
});

test("the agree page names each newer version, document by document, oldest first", () => {
  expect(changesSince({ terms: 1, privacy: 1 }, history).map((c) => `${c.document} ${c.version} ${c.date}`)).toEqual(["terms 2 2027-03-01"]);
  expect(changesSince(NONE_AGREED, history).map((c) => `${c.document} ${c.version}`)).toEqual(["terms 1", "terms 2", "privacy 1"]);
  expect(changesSince({ terms: 2, privacy: 1 }, history)).toEqual([]);
});

test("only the current versions, posted back, count as agreed", () => {
  expect(isCurrent({ terms: 2, privacy: 1 }, history)).toBe(true);
  expect(isCurrent({ terms: 1, privacy: 1 }, history)).toBe(false);
  expect(isCurrent({ terms: 3, privacy: 1 }, history)).toBe(false);
});

test("the agree form needs its tick, and reads a version that is not a small whole number as none", () => {
  const read = (fields: Record<string, string>) => AgreeSchema.safeParse(fields);
  expect(read({ terms: "1", privacy: "1" }).success).toBe(false);
  expect(read({ terms: "1", privacy: "1", agree: "on", next: "/checkout" }).data).toEqual({ versions: { terms: 1, privacy: 1 }, next: "/checkout" });
  expect(read({ terms: "1.5", privacy: "1e3", agree: "on" }).data?.versions).toEqual({ terms: 0, privacy: 0 });
  expect(read({ terms: "1", privacy: "1", agree: "on", next: "/x".repeat(1001) }).data?.next).toBeUndefined();
});
