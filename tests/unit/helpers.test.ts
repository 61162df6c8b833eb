import { describe, expect, test } from "vitest";
import { contestDeadline, entryDeadline, isContestOver, isTestClosed, testClosesAt } from "~/models/contests/sitting/deadline";
import { decideStage, STAGE_MESSAGES } from "~/models/contests/catalogue/stage";
import { combineHeaders, invariantResponse, requireUuidParam } from "~/utils/http.server";

const MINUTE = 60_000;
const start = new Date("2026-12-01T10:00:00Z");
const contest = { id: "c1", start_time: start, end_time: new Date(start.getTime() + 60 * MINUTE), duration_minutes: 30, is_active: true, longest_extra_minutes: 0, kind: "free" as const };
const OFFER = { paidPrize: false };
const at = (minutes: number) => new Date(start.getTime() + minutes * MINUTE);

describe("the contest-stage guard (docs/product/design.md §4)", () => {
  test("the deadline is the earlier of start + duration and the end", () => {
    expect(contestDeadline(contest)).toEqual(at(30));
    expect(contestDeadline({ ...contest, duration_minutes: 90 })).toEqual(at(60));
  });

  test("the key never shows in the last millisecond answers are accepted (deadline + grace, inclusive)", () => {
    // Answers are taken while now <= deadline + grace (test-taking.server.ts); the test closes only after.
    const lastAccepted = testClosesAt(contest);
    expect(lastAccepted).toEqual(new Date(at(30).getTime() + 10_000));
    expect(isTestClosed(contest, lastAccepted)).toBe(false);
    expect(isTestClosed(contest, new Date(lastAccepted.getTime() + 1))).toBe(true);
  });

  test("pay: only without an entry, and only before the start", () => {
    expect(decideStage("pay", contest, null, at(-1), OFFER)).toEqual({ ok: true });
    expect(decideStage("pay", contest, null, at(0), OFFER)).toMatchObject({ ok: false, to: "/contest/c1", message: STAGE_MESSAGES.enrolmentClosed });
    expect(decideStage("pay", contest, { has_submitted: false, extra_minutes: 0 }, at(-10), OFFER)).toMatchObject({ ok: false, message: STAGE_MESSAGES.alreadyEnrolled });
    expect(decideStage("pay", { ...contest, is_active: false }, null, at(-10), OFFER)).toMatchObject({ ok: false, message: STAGE_MESSAGES.enrolmentClosed });
    // A paid-prize contest while the operator keeps them dark: no new entry, and the page says why.
    const paidPrize = { ...contest, kind: "paid_prize" as const };
    expect(decideStage("pay", paidPrize, null, at(-10), OFFER)).toMatchObject({ ok: false, to: "/contest/c1", message: STAGE_MESSAGES.unavailable });
    expect(decideStage("pay", paidPrize, null, at(-10), { paidPrize: true })).toEqual({ ok: true });
    // Its entries keep their test.
    expect(decideStage("test", paidPrize, { has_submitted: false, extra_minutes: 0 }, at(5), OFFER)).toEqual({ ok: true });
  });

  test("test: an unsubmitted entry, from the start until the deadline", () => {
    const entry = { has_submitted: false, extra_minutes: 0 };
    expect(decideStage("test", contest, null, at(5), OFFER)).toMatchObject({ ok: false, to: "/contest/c1", message: STAGE_MESSAGES.notEnrolled });
    expect(decideStage("test", contest, entry, at(-0.01), OFFER)).toMatchObject({ ok: false, message: STAGE_MESSAGES.notStarted });
    expect(decideStage("test", contest, entry, at(0), OFFER)).toEqual({ ok: true });
    expect(decideStage("test", contest, entry, at(29.99), OFFER)).toEqual({ ok: true });
    expect(decideStage("test", contest, entry, at(30), OFFER)).toMatchObject({ ok: false, message: STAGE_MESSAGES.timeOver });
    expect(decideStage("test", contest, { has_submitted: true, extra_minutes: 0 }, at(5), OFFER)).toMatchObject({ ok: false, message: STAGE_MESSAGES.alreadySubmitted });
  });

  test("extra time moves that entry's deadline only; the test closes for everyone after the last deadline", () => {
    const given = { has_submitted: false, extra_minutes: 10 };
    const others = { has_submitted: false, extra_minutes: 0 };
    expect(entryDeadline(contest, 10)).toEqual(at(40));
    expect(decideStage("test", contest, given, at(39.99), OFFER)).toEqual({ ok: true });
    expect(decideStage("test", contest, given, at(40), OFFER)).toMatchObject({ ok: false, message: STAGE_MESSAGES.timeOver });
    expect(decideStage("test", contest, others, at(30), OFFER)).toMatchObject({ ok: false, message: STAGE_MESSAGES.timeOver });
    // A late joiner gains nothing: the deadline runs from the start, not from joining.
    expect(decideStage("entry", contest, given, at(40), OFFER)).toMatchObject({ ok: false, message: STAGE_MESSAGES.timeOver });
    const withExtra = { ...contest, longest_extra_minutes: 10 };
    expect(testClosesAt(withExtra)).toEqual(new Date(at(40).getTime() + 10_000));
    expect(isTestClosed(withExtra, new Date(at(40).getTime() + 10_000))).toBe(false);
    expect(isTestClosed(withExtra, new Date(at(40).getTime() + 10_001))).toBe(true);
    // Extra time past the end keeps the contest open until that entry's deadline and grace.
    const late = { ...contest, duration_minutes: 60, longest_extra_minutes: 20 };
    expect(isContestOver(late, new Date(at(60).getTime() + 10_001))).toBe(false);
    expect(isContestOver(late, new Date(at(80).getTime() + 10_001))).toBe(true);
    expect(isContestOver(contest, new Date(at(60).getTime() + 10_001))).toBe(true);
  });

  test("results: always the page, which says itself when there is nothing to show", () => {
    expect(decideStage("results", contest, null, at(90), OFFER)).toEqual({ ok: true });
  });
});

describe("http helpers", () => {
  test("invariantResponse throws a 404 Response by default", () => {
    expect(() => invariantResponse(false)).toThrow(Response);
    try {
      invariantResponse(null, "Contest Not Found");
    } catch (thrown) {
      expect((thrown as Response).status).toBe(404);
    }
    expect(() => invariantResponse(1)).not.toThrow();
  });

  test("requireUuidParam: a UUID passes, anything else is a 404", () => {
    const id = "7f1b4f5e-9a0c-4b4e-8a3a-0d1e2f3a4b5c";
    expect(requireUuidParam({ id })).toBe(id);
    for (const bad of [undefined, "1", `${id}'`, "../etc"]) {
      try {
        requireUuidParam({ id: bad });
        throw new Error("not thrown");
      } catch (thrown) {
        expect((thrown as Response).status).toBe(404);
      }
    }
  });

  test("combineHeaders keeps every Set-Cookie and the last of other headers", () => {
    const h = combineHeaders({ "Set-Cookie": "a=1", "X-One": "1" }, null, new Headers([["Set-Cookie", "b=2"], ["X-One", "2"]]));
    expect(h.getSetCookie()).toEqual(["a=1", "b=2"]);
    expect(h.get("X-One")).toBe("2");
  });
});
