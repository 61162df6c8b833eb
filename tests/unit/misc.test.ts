import { describe, expect, test } from "vitest";
import { homeCardButton } from "~/models/contests/catalogue/enrolment";
import { isEmail, normalizeEmail } from "~/utils/email";
import { avatarInitial, displayName } from "~/utils/names";
import { isUuid, safeRedirect } from "~/utils/urls";
import { isCrossSiteWrite } from "~/utils/origin";

describe("safeRedirect", () => {
  test("keeps same-site paths", () => {
    expect(safeRedirect("/contest/abc/pay?x=1")).toBe("/contest/abc/pay?x=1");
  });
  test.each(["https://evil.example", "//evil.example", "/\\evil.example", "javascript:alert(1)", "", null, "/a\nb"])(
    "rejects %j",
    (to) => expect(safeRedirect(to, "/dashboard")).toBe("/dashboard"),
  );
});

describe("ids, names, e-mail", () => {
  test("isUuid", () => {
    expect(isUuid("7f1b4f5e-9a0c-4b4e-8a3a-0d1e2f3a4b5c")).toBe(true);
    expect(isUuid("1")).toBe(false);
    expect(isUuid("7f1b4f5e-9a0c-4b4e-8a3a-0d1e2f3a4b5c' OR 1=1")).toBe(false);
  });
  test("avatar initial and greeting name fall back to the e-mail", () => {
    expect(avatarInitial("asha rao", "x@y.in")).toBe("A");
    expect(avatarInitial("  ", "zoe@y.in")).toBe("Z");
    expect(displayName(null, "rahul.v@example.in")).toBe("rahul.v");
  });
  test("e-mail normalisation and a loose, Unicode-friendly check", () => {
    expect(normalizeEmail("  Zoë@Example.COM ")).toBe("zoë@example.com");
    expect(isEmail("छात्र@उदाहरण.भारत")).toBe(true);
    expect(isEmail("no-at-sign.example")).toBe(false);
    expect(isEmail("a b@example.com")).toBe(false);
    expect(isEmail(`${"a".repeat(250)}@example.com`)).toBe(false);
  });
});

describe("home card button (docs/product/contests.md §4)", () => {
  test("states", () => {
    expect(homeCardButton({ isActive: false, enrolled: false })).toEqual({ label: "contests.comingSoon", disabled: true });
    expect(homeCardButton({ isActive: true, enrolled: true })).toEqual({ label: "contests.alreadyEnrolled", disabled: true });
    expect(homeCardButton({ isActive: true, enrolled: false })).toEqual({ label: "contests.knowMore", disabled: false });
  });
});

describe("cross-site POST check", () => {
  const base = { host: "localhost:3000", appUrl: "http://localhost:3000" };
  test("reads are never refused", () => {
    expect(isCrossSiteWrite({ ...base, method: "GET", origin: "https://evil.example" })).toBe(false);
  });
  test("same origin and header-less clients pass", () => {
    expect(isCrossSiteWrite({ ...base, method: "POST", origin: "http://localhost:3000", secFetchSite: "same-origin" })).toBe(false);
    expect(isCrossSiteWrite({ ...base, method: "POST" })).toBe(false);
    expect(isCrossSiteWrite({ ...base, host: "internal:8080", method: "POST", origin: "http://localhost:3000" })).toBe(false);
  });
  test("another site, a null origin or a cross-site fetch is refused", () => {
    expect(isCrossSiteWrite({ ...base, method: "POST", origin: "https://evil.example" })).toBe(true);
    expect(isCrossSiteWrite({ ...base, method: "POST", origin: "null" })).toBe(true);
    expect(isCrossSiteWrite({ ...base, method: "POST", secFetchSite: "cross-site" })).toBe(true);
  });
});

test("counts read in the right number: '1 minute', '2 minutes'", async () => {
  const { countOf } = await import("~/utils/text");
  expect(countOf(1, "minute")).toBe("1 minute");
  expect(countOf(2, "minute")).toBe("2 minutes");
  expect(countOf(0, "question")).toBe("0 questions");
});
