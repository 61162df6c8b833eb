// Our rule past the bound (issue 50, point 5; app/models/contests/sitting/outages.server.ts):
// a student whose test an outage broke for longer than OUTAGE_RETEST_MINUTES keeps their
// result, or chooses once a re-test or, for a paid entry, the fee back. Either takes the
// result out of the ranking and its prizes; the refund goes through the ledger once; a
// re-test an admin schedules enrols those who chose it, with the usual mail. Played
// through on a real database, and through the page's action as a stranger would post it.
import { and, eq, sql } from "drizzle-orm";
import { expect, test } from "vitest";
import { db } from "~/db/client.server";
import { contest_results, contests, email_outbox, outage_remedies, refunds, user_contest_entries } from "~/db/schema";
import { startContestPayment } from "~/models/contests/catalogue/enrolment.server";
import { finalizeContest } from "~/models/contests/results/scoring.server";
import { chooseRemedy, creditOutages, enrolRetakers, outageCreditOf, recordOutage, remedyState } from "~/models/contests/sitting/outages.server";
import { settlePayment } from "~/models/fulfilments.server";
import { checkoutSignature, paymentGateway } from "~/models/payments/gateway.server";
import { sendDueRefunds } from "~/models/payments/refunds.server";
import { createContest, moveContestIntoPast, submitEntry } from "~/seed/factories.server";
import * as page from "~/routes/contest.$id.outage";
import * as results from "~/routes/contest.$id.results";
import * as contestPage from "~/routes/contest.$id._index";
import { call, formRequest, getRequest } from "../support/remix";
import { ANSWER_BANK, contestWithResults, signedInStudent } from "../support/scenarios";
import { english } from "../support/words";
import { PROVEN_ON_POSTGRESQL } from "../support/locks";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
let n = 0;

/** Down from five to forty-five minutes into the test: forty minutes, past the bound of thirty. */
async function outageIn(contestId: string) {
  const [c] = await db.select({ start: contests.start_time }).from(contests).where(eq(contests.id, contestId));
  await recordOutage(db, { startedAt: new Date(c!.start.getTime() + 5 * MINUTE), endedAt: new Date(c!.start.getTime() + 45 * MINUTE), cause: "recorded", contestId });
  await creditOutages(db, new Date());
}

/** A free contest with sponsored prizes, ended an hour ago: four students ranked 1 to 4, each submitting after the outage. */
async function brokenFreeContest() {
  const topper = await signedInStudent();
  const made = await contestWithResults({
    start: new Date(Date.now() - 3 * HOUR),
    end: new Date(Date.now() - HOUR),
    durationMinutes: 60,
    prizePool: { first: 300, second: 200 },
    recordResults: true,
    students: [
      { userId: topper.userId, correct: 4, minutes: 50 },
      { correct: 3, minutes: 55 },
      { correct: 2, minutes: 55 },
      { correct: 1, minutes: 55 },
    ],
  });
  await outageIn(made.contestId);
  return { ...made, topper };
}

/** A paid practice test (₹49), paid through the test gateway before it began, sat after our outage and submitted (or, `sat: false`, never started). */
async function brokenPaidEntry({ sat = true } = {}) {
  const student = await signedInStudent();
  const start = new Date(Date.now() + HOUR);
  const title = `Paid Outage Test ${++n}`;
  const contest = await createContest(db, { title, subject: "Maths", kind: "practice", entry_fee: 49, start_time: start, end_time: new Date(start.getTime() + HOUR), duration_minutes: 60, questions: ANSWER_BANK });
  const gateway = paymentGateway()!;
  const order = await startContestPayment(db, gateway, { userId: student.userId, contestId: contest.id, now: new Date() });
  if (order.kind !== "order") throw new Error(order.kind);
  const paymentId = `pay_test_outage_${n}_${Date.now()}`;
  expect(await settlePayment(db, { orderId: order.orderId, paymentId, signature: checkoutSignature(gateway, order.orderId, paymentId), now: new Date() })).toMatchObject({ kind: "enrolled" });
  await moveContestIntoPast(db, contest.id, 3);
  if (sat) await submitEntry(db, { userId: student.userId, contestId: contest.id, answers: [], submittedAt: new Date(start.getTime() - 3 * HOUR + 50 * MINUTE) });
  await outageIn(contest.id);
  return { ...student, contestId: contest.id, title, paymentId };
}

const ranks = async (contestId: string) =>
  Object.fromEntries((await db.select().from(contest_results).where(eq(contest_results.contest_id, contestId))).map((r) => [r.user_id, { rank: r.rank, prize: r.prize_amount }]));

test("a re-test takes the result out of the ranking and its prizes: everyone below moves up; the student is enrolled once the re-test is scheduled, with the mail", async () => {
  const c = await brokenFreeContest();
  const [first, second, third, fourth] = c.users as [string, string, string, string];
  const now = new Date();
  expect(await outageCreditOf(db, { contestId: c.contestId, userId: first, now: new Date() })).toEqual({ givenMinutes: 0, pastBound: { minutes: 40, bound: 30 }, chosen: null, missed: false });

  // A free entry has no fee to give back.
  expect(await chooseRemedy(db, { contestId: c.contestId, userId: first, choice: "refund", now })).toEqual({ ok: false, reason: "not-paid" });
  expect(await chooseRemedy(db, { contestId: c.contestId, userId: first, choice: "retest", now })).toEqual({ ok: true });
  expect(await chooseRemedy(db, { contestId: c.contestId, userId: first, choice: "retest", now })).toEqual({ ok: false, reason: "already" });
  expect(await outageCreditOf(db, { contestId: c.contestId, userId: first, now: new Date() })).toMatchObject({ chosen: "retest" });
  expect(await remedyState(db, { contestId: c.contestId, userId: first, now: new Date() })).toMatchObject({ chosen: { choice: "retest" }, retest: null, fee: null });

  expect(await finalizeContest(db, c.contestId, now)).toBe("finalized");
  expect(await ranks(c.contestId)).toEqual({
    [first]: { rank: null, prize: 0 },
    [second]: { rank: 1, prize: 300 },
    [third]: { rank: 2, prize: 200 },
    [fourth]: { rank: 3, prize: 0 },
  });
  // Their results page, final: no rank, and the choice said.
  const shown = await call(results.loader, getRequest(`/contest/${c.contestId}/results`, c.topper.cookie), { params: { id: c.contestId } });
  expect(shown.status).toBe(200);
  expect(shown.data).toMatchObject({ outage: { chosen: "retest" }, mine: { rank: null } });
  // After the results are final, nobody may choose any more: their results stand.
  expect(await chooseRemedy(db, { contestId: c.contestId, userId: second, choice: "retest", now })).toEqual({ ok: false, reason: "final" });

  // The admin schedules the re-test (its own paper, tomorrow): the sweep enrols the one who chose it, once, and mails them.
  const retest = await createContest(db, { title: `${c.contest.title} (re-test)`, subject: "Maths", start_time: new Date(now.getTime() + 24 * HOUR), end_time: new Date(now.getTime() + 25 * HOUR), questions: ANSWER_BANK });
  await db.update(contests).set({ retest_of: c.contestId, is_active: false }).where(eq(contests.id, retest.id));
  expect(await enrolRetakers(db, now)).toBe(1);
  expect(await enrolRetakers(db, now)).toBe(0);
  expect(await db.select({ user: user_contest_entries.user_id }).from(user_contest_entries).where(eq(user_contest_entries.contest_id, retest.id))).toEqual([{ user: first }]);
  const mail = await db.select().from(email_outbox).where(sql`${email_outbox.subject} LIKE ${`%${c.contest.title} (re-test)%`}`);
  expect(mail).toHaveLength(1);
  expect(await remedyState(db, { contestId: c.contestId, userId: first, now: new Date() })).toMatchObject({ retest: { id: retest.id, enrolled: true } });
  // Unlisted, but the student it enrolled reaches it: its page says they are in.
  const page = await call(contestPage.loader, getRequest(`/contest/${retest.id}`, c.topper.cookie), { params: { id: retest.id } });
  expect(page.data).toMatchObject({ state: "enrolled" });
});

test("a paid entry's fee comes back through the ledger once, for our outage; a student whose outage stayed under the bound, or who has not submitted, is refused", async () => {
  const paid = await brokenPaidEntry();
  const now = new Date();
  expect(await remedyState(db, { contestId: paid.contestId, userId: paid.userId, now: new Date() })).toMatchObject({ fee: 49, chosen: null, submitted: true, finalized: false });
  expect(await chooseRemedy(db, { contestId: paid.contestId, userId: paid.userId, choice: "refund", now })).toEqual({ ok: true });
  expect(await chooseRemedy(db, { contestId: paid.contestId, userId: paid.userId, choice: "refund", now })).toEqual({ ok: false, reason: "already" });
  const owed = await db.select().from(refunds).where(eq(refunds.razorpay_payment_id, paid.paymentId));
  expect(owed).toMatchObject([{ amount: 49, status: "queued", reason_code: "contest_outage", reason_values: { title: paid.title } }]);
  // Sent to the gateway that took it, as every refund is.
  expect(await sendDueRefunds(db, paymentGateway(), new Date(Date.now() + 1000))).toContainEqual({ id: owed[0]!.id, outcome: "sent" });
  expect(english({ id: "account.reason.contestOutage" })).toBe('For "<0></0>", after our service failed during your test.');

  // Under the bound: nothing to choose (the page is a 404).
  const short = await contestWithResults({ start: new Date(Date.now() - 2 * HOUR), end: new Date(Date.now() - HOUR), students: [{ correct: 1, minutes: 20 }] });
  const [c0] = await db.select({ start: contests.start_time }).from(contests).where(eq(contests.id, short.contestId));
  await recordOutage(db, { startedAt: new Date(c0!.start.getTime() + MINUTE), endedAt: new Date(c0!.start.getTime() + 11 * MINUTE), cause: "recorded", contestId: short.contestId });
  await creditOutages(db, now);
  expect(await remedyState(db, { contestId: short.contestId, userId: short.users[0]!, now: new Date() })).toBeNull();
  expect(await chooseRemedy(db, { contestId: short.contestId, userId: short.users[0]!, choice: "retest", now })).toEqual({ ok: false, reason: "not-offered" });

  // Still taking the test: the time given back counts first.
  const taking = await contestWithResults({ start: new Date(Date.now() - HOUR), end: new Date(Date.now() + 3 * HOUR), durationMinutes: 120, students: [{ correct: 0, minutes: 0, submitted: false }] });
  await outageIn(taking.contestId);
  expect(await chooseRemedy(db, { contestId: taking.contestId, userId: taking.users[0]!, choice: "retest", now })).toEqual({ ok: false, reason: "not-submitted" });
  expect(await db.$count(outage_remedies, and(eq(outage_remedies.contest_id, taking.contestId)))).toBe(0);
});

test("a student our outage kept from starting chooses too, once the test's time is over: the results page says so, and the fee comes back", async () => {
  const missed = await brokenPaidEntry({ sat: false });
  const [entry] = await db.select().from(user_contest_entries).where(and(eq(user_contest_entries.contest_id, missed.contestId), eq(user_contest_entries.user_id, missed.userId)));
  expect(entry).toMatchObject({ started_at: null, has_submitted: false });
  // No result to show, but the outage and the choice are said.
  const shown = await call(results.loader, getRequest(`/contest/${missed.contestId}/results`, missed.cookie), { params: { id: missed.contestId } });
  expect(shown.data).toMatchObject({ state: "none", outage: { pastBound: { minutes: 40, bound: 30 }, chosen: null, missed: true } });
  expect(await remedyState(db, { contestId: missed.contestId, userId: missed.userId, now: new Date() })).toMatchObject({ submitted: false, missed: true, fee: 49 });
  // One who started and has not been submitted yet (the sweep submits what was saved) did not miss it.
  const started = await brokenPaidEntry({ sat: false });
  const [s] = await db.select({ start: contests.start_time }).from(contests).where(eq(contests.id, started.contestId));
  await db.update(user_contest_entries).set({ status: true, started_at: new Date(s!.start.getTime() + MINUTE) }).where(and(eq(user_contest_entries.contest_id, started.contestId), eq(user_contest_entries.user_id, started.userId)));
  expect(await outageCreditOf(db, { contestId: started.contestId, userId: started.userId, now: new Date() })).toMatchObject({ pastBound: { minutes: 40, bound: 30 }, missed: false });
  expect(await remedyState(db, { contestId: started.contestId, userId: started.userId, now: new Date() })).toMatchObject({ submitted: false, missed: false });
  // While the test's time is still running it could yet be taken: not yet.
  const [c] = await db.select({ start: contests.start_time }).from(contests).where(eq(contests.id, missed.contestId));
  expect(await chooseRemedy(db, { contestId: missed.contestId, userId: missed.userId, choice: "refund", now: new Date(c!.start.getTime() + 10 * MINUTE) })).toEqual({ ok: false, reason: "not-submitted" });
  const chosen = await call(page.action, formRequest(`/contest/${missed.contestId}/outage`, { choice: "refund" }, missed.cookie), { params: { id: missed.contestId } });
  // The results page finalised the contest as it was read (its window is over): a missed test has no result to rank, so it still chooses.
  expect(await db.select({ finalized: contests.finalized_at }).from(contests).where(eq(contests.id, missed.contestId))).toEqual([{ finalized: expect.any(Date) }]);
  expect(chosen.status).toBe(302);
  expect(await db.select({ amount: refunds.amount, reason: refunds.reason_code }).from(refunds).where(eq(refunds.razorpay_payment_id, missed.paymentId))).toEqual([{ amount: 49, reason: "contest_outage" }]);
});

test("the page: the student's own choice by a form, once; a stranger's post, another's entry and a malformed id are refused without a write", async () => {
  const paid = await brokenPaidEntry();
  const path = `/contest/${paid.contestId}/outage`;
  const shown = await call(page.loader, getRequest(path, paid.cookie), { params: { id: paid.contestId } });
  expect(shown.status).toBe(200);
  expect(shown.data.state).toMatchObject({ fee: 49, pastBound: { minutes: 40, bound: 30 }, chosen: null });

  // A choice that is not one of the two buttons, with a field nobody asked for: a message, nothing echoed, nothing written.
  const bogus = await call(page.action, formRequest(path, { choice: "cash", amount: "999999", note: "<script>" }, paid.cookie), { params: { id: paid.contestId } });
  expect(bogus.status).toBe(400);
  expect(JSON.stringify(bogus.data)).toContain("Choose a re-test or a refund.");
  expect(JSON.stringify(bogus.data)).not.toContain("999999");
  expect(JSON.stringify(bogus.data)).not.toContain("<script>");
  expect(await db.$count(outage_remedies, eq(outage_remedies.contest_id, paid.contestId))).toBe(0);

  // Someone else, signed in, has no such page for this contest; a malformed id is a 404 too.
  const stranger = await signedInStudent();
  expect((await call(page.action, formRequest(path, { choice: "retest" }, stranger.cookie), { params: { id: paid.contestId } })).status).toBe(404);
  expect((await call(page.loader, getRequest("/contest/not-a-uuid/outage", paid.cookie), { params: { id: "not-a-uuid" } })).status).toBe(404);
  expect(await db.$count(outage_remedies, eq(outage_remedies.contest_id, paid.contestId))).toBe(0);

  const chosen = await call(page.action, formRequest(path, { choice: "refund" }, paid.cookie), { params: { id: paid.contestId } });
  expect(chosen.status).toBe(302);
  expect(chosen.location).toBe(path);
  expect(await db.$count(refunds, eq(refunds.razorpay_payment_id, paid.paymentId))).toBe(1);
  const again = await call(page.action, formRequest(path, { choice: "retest" }, paid.cookie), { params: { id: paid.contestId } });
  expect(again.status).toBe(409);
  expect(JSON.stringify(again.data)).toContain("You have already chosen.");
  expect(await db.select({ choice: outage_remedies.choice }).from(outage_remedies).where(eq(outage_remedies.contest_id, paid.contestId))).toEqual([{ choice: "refund" }]);
});

// Issue 65, point 6: the remedy's lock (the entry FOR UPDATE in chooseRemedy), proven where two transactions can meet.
test(`${PROVEN_ON_POSTGRESQL} a remedy chosen twice at once, a refund and a re-test from two tabs: one choice, one refund owed at most, the other told it was made`, async () => {
  const s = await brokenPaidEntry();
  const choices = await Promise.all(
    (["refund", "retest", "refund", "retest"] as const).map((choice) => chooseRemedy(db, { contestId: s.contestId, userId: s.userId, choice, now: new Date() })),
  );
  expect(choices.filter((c) => c.ok)).toHaveLength(1);
  expect(choices.filter((c) => !c.ok).map((c) => !c.ok && c.reason)).toEqual(["already", "already", "already"]);
  const [made] = await db.select().from(outage_remedies).where(and(eq(outage_remedies.contest_id, s.contestId), eq(outage_remedies.user_id, s.userId)));
  const owed = await db.select().from(refunds).where(eq(refunds.user_id, s.userId));
  expect(owed).toHaveLength(made!.choice === "refund" ? 1 : 0);
});
