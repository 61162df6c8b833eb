// Issue 44, point 8: docs/admin-sql.md runs as written. Every SQL block of the guide, in
// the guide's order and exactly as printed, against this file's fresh database (both
// drivers), with the world an admin would have between them (students who enrolled, sat
// the paper and challenged a question); after each, what the guide says it does is
// checked. A block added to the guide without a check here fails the first assertion.
import fs from "node:fs";
import { eq, sql } from "drizzle-orm";
import { expect, test } from "vitest";
import { db, pgConstraint, rowsOf } from "~/db/client.server";
import { contests, discarded_images, held_transfers, outage_remedies, question_challenges, questions, user_contest_entries, users } from "~/db/schema";
import { eraseAccountNow } from "~/models/accounts/personal-data.server";
import { paymentGateway } from "~/models/payments/gateway.server";
import { oweRefund, sendDueRefunds } from "~/models/payments/refunds.server";
import { REFUND_REASONS } from "~/models/refund-reasons";
import { buyerRequestsReturn } from "~/models/store/orders/order-life.server";
import { sellerDisputesReturn } from "~/models/store/orders/order-returns.server";
import { submitChallenge } from "~/models/contests/challenges/challenges.server";
import { storeDiagram } from "~/models/contests/paper/diagrams.server";
import { savePan } from "~/models/payments/tax/pan.server";
import { PRIZE_TAX_SECTION } from "~/models/payments/tax/tax-law";
import { finalizeContest } from "~/models/contests/results/scoring.server";
import { creditOutages, enrolRetakers } from "~/models/contests/sitting/outages.server";
import { createContest, createDeliveredLine, createEntry, createProduct, createUser, moveContestIntoPast, submitEntry } from "~/seed/factories.server";

const doc = fs.readFileSync("docs/admin-sql.md", "utf8");
const blocks = [...doc.matchAll(/```sql(?: ([\w-]+))?\n([\s\S]*?)```/g)].map((m) => ({ name: m[1] ?? "example", text: m[2]! }));
const run = async (text: string) => rowsOf<Record<string, unknown>>(await db.execute(sql.raw(text)));
const contestNamed = async (title: string) => (await db.select().from(contests).where(eq(contests.title, title)))[0]!;
const HOUR = 3_600_000;

test("every SQL block of docs/admin-sql.md, in order and as written, does what the guide says", async () => {
  expect(blocks.map((b) => b.name)).toEqual([
    "example",
    "relative",
    "practice",
    "paid-prize",
    "jee",
    "jee-extra-time",
    "outage-record",
    "outage-credits",
    "outage-remedies",
    "outage-retest",
    "challenge-pending",
    "challenge-uphold",
    "challenge-drop",
    "challenge-reject",
    "challenge-window-end",
    "payouts-open",
    "tds-quarter",
    "refunds-failed",
    "refund-by-hand",
    "disputes-open",
    "dispute-for-seller",
    "complaints-open",
    "complaint-answered",
    "complaint-resolved",
    "linked-account",
    "held-stuck",
    "held-settled",
    "reviewers",
    "review-decisions",
    "refused",
  ]);
  const block = (name: string) => blocks.find((b) => b.name === name)!.text;

  // A fixed date in the future; three questions.
  await run(block("example"));
  const marathon = await contestNamed("Weekend Maths Marathon");
  expect(marathon.start_time.getTime()).toBeGreaterThan(Date.now());
  expect(await db.$count(questions, eq(questions.contest_id, marathon.id))).toBe(3);

  // Opens in five minutes: five minutes after a moment while the block ran, however long it took.
  const before = Date.now();
  await run(block("relative"));
  const after = Date.now();
  const warmUp = await contestNamed("Five Minute Warm-up");
  expect(warmUp.start_time.getTime() - 5 * 60_000).toBeGreaterThanOrEqual(before);
  expect(warmUp.start_time.getTime() - 5 * 60_000).toBeLessThanOrEqual(after);

  // The other two kinds: a paid practice test with no prize, and a paid-prize contest.
  expect(await run(block("practice"))).toEqual([{ title: "NEET Biology Practice Test 3", kind: "practice", entry_fee: 29, prize_pool: {} }]);
  expect(await run(block("paid-prize"))).toEqual([{ title: "Maths Cash Cup", kind: "paid_prize", entry_fee: 49 }]);

  // The JEE paper, after its diagram: tomorrow, so it can be entered today, whatever today is.
  expect(await storeDiagram(db, fs.readFileSync("docs/examples/incline.png"))).toMatchObject({ ok: true });
  await run(block("jee"));
  const jee = await contestNamed("JEE Main Mock Test 1");
  expect(jee.start_time.getTime() - Date.now()).toBeGreaterThan(23 * HOUR);
  expect(jee.start_time.getTime() - Date.now()).toBeLessThanOrEqual(24 * HOUR);
  expect(jee.end_time.getTime() - jee.start_time.getTime()).toBe(2 * HOUR);
  expect(await db.$count(questions, eq(questions.contest_id, jee.id))).toBe(9);

  // Extra time for the demo student Asha, once enrolled: the statement names whom it changed.
  const students = [];
  for (const email of ["asha.rao@example.in", "rahul.verma@example.in", "priya.nair@example.in", "arjun.singh@example.in"]) {
    const userId = await createUser(db, { email, passwordHash: "x" });
    await createEntry(db, { userId, contestId: jee.id });
    students.push(userId);
  }
  expect(await run(block("jee-extra-time"))).toEqual([{ email: "asha.rao@example.in", extra_minutes: 20 }]);
  // A mistyped e-mail changes nothing, and says so by returning no row.
  expect(await run(block("jee-extra-time").replace("asha.rao@example.in", "asha@example.in"))).toEqual([]);
  // An outage recorded by hand; the sweep's credits (none here: no test was running then) read back.
  expect(await run(block("outage-record"))).toMatchObject([{ cause: "recorded", detail: "nginx restarted with a bad certificate" }]);
  await creditOutages(db, new Date());
  expect(await run(block("outage-credits"))).toEqual([{ detail: "nginx restarted with a bad certificate", tests: 0, minutes: null, retest_offered: null }]);
  expect((await db.select().from(user_contest_entries).where(eq(user_contest_entries.contest_id, jee.id))).map((e) => e.extra_minutes).sort()).toEqual([0, 0, 0, 20]);
  // Say Rahul's test had been broken past the bound and he chose a re-test: the guide reads it back, and the re-test,
  // made as any contest and then named, takes him (with the mail) when the server's sweep runs. The world is put back after.
  await db.insert(outage_remedies).values({ contest_id: jee.id, user_id: students[1]!, choice: "retest", chosen_at: new Date() });
  expect(await run(block("outage-remedies"))).toEqual([{ title: "JEE Main Mock Test 1", choice: "retest", students: 1 }]);
  const retest = await createContest(db, { title: "JEE Main Mock Test 1 (re-test)", subject: "Physics", start_time: new Date(Date.now() + 48 * HOUR), end_time: new Date(Date.now() + 51 * HOUR), questions: [["1 + 1?", ["1", "2"], "2"]] });
  expect(await run(block("outage-retest"))).toEqual([{ title: "JEE Main Mock Test 1 (re-test)", is_active: false }]);
  expect(await enrolRetakers(db, new Date())).toBe(1);
  expect(await db.select({ user: user_contest_entries.user_id }).from(user_contest_entries).where(eq(user_contest_entries.contest_id, retest.id))).toEqual([{ user: students[1] }]);
  await db.delete(outage_remedies).where(eq(outage_remedies.contest_id, jee.id));

  // The paper is sat and closes; question 4 is challenged, once by each of three students in turn.
  await moveContestIntoPast(db, jee.id, 28);
  const [q3] = await db.select().from(questions).where(sql`${questions.contest_id} = ${jee.id} AND ${questions.position} = 3`);
  const [q4] = await db.select().from(questions).where(sql`${questions.contest_id} = ${jee.id} AND ${questions.position} = 4`);
  // Each answers the SI unit of charge right (+4), and nothing else, all at the same moment (an exact tie).
  const sat = new Date(Date.now() - 3 * HOUR);
  for (const userId of students) await submitEntry(db, { userId, contestId: jee.id, answers: [{ questionId: q3!.id, selected: "coulomb" }], submittedAt: sat });
  const challenge = async (userId: string) =>
    expect(await submitChallenge(db, { contestId: jee.id, userId, challenge: { questionId: q4!.id, reason: "Two of the options are right as printed." }, now: new Date() })).toMatchObject({ ok: true });

  await challenge(students[0]!);
  expect((await run(block("challenge-pending"))).map((r) => [r.title, r.position, r.reason])).toEqual([["JEE Main Mock Test 1", 4, "Two of the options are right as printed."]]);

  await run(block("challenge-uphold"));
  expect((await db.select().from(questions).where(eq(questions.id, q4!.id)))[0]!.correct_options).toEqual([2]);
  const statuses = async () => (await db.select({ status: question_challenges.status }).from(question_challenges).where(eq(question_challenges.question_id, q4!.id))).map((c) => c.status).sort();
  expect(await statuses()).toEqual(["upheld"]);

  await challenge(students[1]!);
  await run(block("challenge-drop"));
  expect((await db.select().from(questions).where(eq(questions.id, q4!.id)))[0]!.dropped).toBe(true);
  expect(await statuses()).toEqual(["upheld", "upheld"]);

  await challenge(students[2]!);
  await run(block("challenge-reject"));
  expect(await statuses()).toEqual(["rejected", "upheld", "upheld"]);

  // Ending the window early: a new challenge is refused, and the results become final now.
  expect(await run(block("challenge-window-end"))).toEqual([{ title: "JEE Main Mock Test 1", challenge_window_hours: 0 }]);
  expect(await submitChallenge(db, { contestId: jee.id, userId: students[3]!, challenge: { questionId: q4!.id, reason: "Too late." }, now: new Date() })).toMatchObject({ ok: false, status: 409 });
  expect(await finalizeContest(db, jee.id, new Date())).toBe("finalized");

  // The dropped question's marks went to everyone who sat: four tied at 8, sharing the three prizes
  // (₹9,000 / 4), each waiting for its winner's payout details.
  const open = await run(block("payouts-open"));
  expect(open.filter((p) => p.title === "JEE Main Mock Test 1").map((p) => [p.email, p.status, p.gross]).sort()).toEqual(
    ["arjun.singh@example.in", "asha.rao@example.in", "priya.nair@example.in", "rahul.verma@example.in"].map((email) => [email, "awaiting_details", 2250]),
  );

  // The quarter's deductions (issue 67, point 3): the prizes made from 1 October 2026 00:00 IST up to 1 January 2027, with
  // the PAN whole where one was given. Each prize's day is set, one minute either side of both of the quarter's edges.
  const winners = rowsOf<{ id: string; user_id: string; email: string }>(
    await db.execute(sql`SELECT p.id, p.user_id, u.email FROM payouts p JOIN users u ON u.id = p.user_id WHERE p.contest_id = ${jee.id} ORDER BY u.email`),
  );
  const days = ["2026-09-30T18:29:00Z", "2026-09-30T18:30:00Z", "2026-12-31T18:29:00Z", "2026-12-31T18:30:00Z"];
  for (const [i, w] of winners.entries()) await db.execute(sql`UPDATE payouts SET created_at = ${days[i]!}::timestamptz WHERE id = ${w.id}`);
  await savePan(db, winners[1]!.user_id, { pan: "ABCPE1234F", panName: "Asha Rao" });
  const quarter = (await run(block("tds-quarter"))).filter((r) => r.contest === "JEE Main Mock Test 1");
  expect(quarter.map((r) => [r.payout_id, r.pan, r.pan_name, r.section, r.credited_on, r.amount_credited, Number(r.rate_percent), r.tax_deducted])).toEqual([
    [winners[1]!.id, "ABCPE1234F", "Asha Rao", PRIZE_TAX_SECTION, "2026-10-01", 2250, 30, 675],
    [winners[2]!.id, null, null, PRIZE_TAX_SECTION, "2026-12-31", 2250, 30, 675],
  ]);

  // A refund the gateway refused: listed, then recorded as refunded by hand (it then holds no erasure).
  const payer = await createUser(db, { email: "payer.pillai@example.in", passwordHash: "x" });
  await oweRefund(db, { userId: payer, gateway: "test", orderId: "order_test_guide", paymentId: "pay_never_captured", amount: 120, reason: REFUND_REASONS.paymentTwice });
  await db.execute(sql`UPDATE refunds SET id = '00000000-0000-4000-8000-0000000f0e1d' WHERE razorpay_payment_id = 'pay_never_captured'`);
  await sendDueRefunds(db, paymentGateway(), new Date(Date.now() + 60_000), 500);
  expect(await run(block("refunds-failed"))).toMatchObject([{ id: "00000000-0000-4000-8000-0000000f0e1d", email: "payer.pillai@example.in", amount: 120, razorpay_payment_id: "pay_never_captured" }]);
  expect(await eraseAccountNow(db, payer, new Date())).toEqual({ ok: false, reason: "open-refund" });
  expect(await run(block("refund-by-hand"))).toEqual([{ id: "00000000-0000-4000-8000-0000000f0e1d", status: "sent" }]);
  expect(await run(block("refunds-failed"))).toEqual([]);
  expect(await eraseAccountNow(db, payer, new Date())).toEqual({ ok: true });

  // A disputed return: listed, then decided for the seller (the line delivered again, its photo discarded).
  const seller = await createUser(db, { email: "seller.sen@example.in", passwordHash: "x" });
  const buyer = await createUser(db, { email: "buyer.bose@example.in", passwordHash: "x" });
  const line = await createDeliveredLine(db, { buyerId: buyer, productId: await createProduct(db, { sellerId: seller, title: "Disputed Atlas", price: 150, category: "Textbooks" }), daysAgo: 1 });
  await db.execute(sql`UPDATE order_items SET id = '00000000-0000-4000-8000-00000000d15e' WHERE id = ${line.itemId}`);
  const itemId = "00000000-0000-4000-8000-00000000d15e";
  expect(await buyerRequestsReturn(db, { buyerId: buyer, orderId: line.orderId, itemId, reason: "Cover torn.", now: new Date() })).toMatchObject({ kind: "requested" });
  await db.execute(sql`UPDATE order_items SET return_photo_url = '/media/${sql.raw("a".repeat(64))}.webp', return_photo_thumb = '/media/${sql.raw("b".repeat(64))}.webp' WHERE id = ${itemId}`);
  expect(await sellerDisputesReturn(db, { sellerId: seller, itemId, words: "Whole when packed.", now: new Date() })).toMatchObject({ kind: "disputed" });
  expect(await run(block("disputes-open"))).toMatchObject([{ id: itemId, buyer_email: "buyer.bose@example.in", return_reason: "Cover torn.", dispute_words: "Whole when packed." }]);
  expect(await run(block("dispute-for-seller"))).toEqual([{ id: itemId }]);
  expect(await run(block("disputes-open"))).toEqual([]);
  expect(rowsOf(await db.execute(sql`SELECT return_requested_at, delivered_at IS NOT NULL AS delivered FROM order_items WHERE id = ${itemId}`))).toEqual([{ return_requested_at: null, delivered: true }]);
  expect(await db.$count(discarded_images)).toBe(2);

  // The dispute is a complaint on a clock (issue 67, point 4): in the register, answered, resolved.
  const [complaint] = await run(block("complaints-open"));
  expect(complaint).toMatchObject({ kind: "return_dispute", ref: `order-line:${itemId}`, email: "seller.sen@example.in", answered_at: null, unanswered_48h: false, past_due: false });
  const ticket = complaint!.ticket as string;
  expect(await run(block("complaint-answered").replace("SA-0000000000", ticket))).toEqual([{ ticket, answered: true }]);
  expect(await run(block("complaint-answered").replace("SA-0000000000", ticket))).toEqual([]);
  expect(await run(block("complaint-resolved").replace("SA-0000000000", ticket))).toEqual([{ ticket }]);
  expect(await run(block("complaints-open"))).toEqual([]);

  // A seller's linked account at Route; held money that got stuck, listed, then recorded as settled by hand.
  expect(await run(block("linked-account"))).toEqual([{ account_id: "acc_IRQWUleX4BqvYn" }]);
  expect(await run(block("linked-account"))).toEqual([{ account_id: "acc_IRQWUleX4BqvYn" }]);
  await db.insert(held_transfers).values({ reference: `order-line:${itemId}`, recipient_id: seller, gateway: "razorpay", payment_id: "pay_stuck", account_id: "acc_IRQWUleX4BqvYn", amount: 150, goal: "reversed", state: "held", transfer_id: "trf_stuck", failed_at: new Date(), last_error: "settled already" });
  expect(await run(block("held-stuck"))).toMatchObject([{ reference: `order-line:${itemId}`, seller: "seller.sen@example.in", goal: "reversed", state: "held", last_error: "settled already" }]);
  expect(await run(block("held-settled"))).toEqual([{ reference: `order-line:${itemId}`, state: "reversed" }]);
  expect(await run(block("held-stuck"))).toEqual([]);

  // A reviewer is made (and unmade) in SQL; the decisions read back.
  const reviewerId = await createUser(db, { email: "reviewer@studyarena.in", passwordHash: "x" });
  expect(await run(block("reviewers"))).toEqual([{ email: "reviewer@studyarena.in", is_reviewer: true }]);
  expect((await db.select({ yes: users.is_reviewer }).from(users).where(eq(users.id, reviewerId)))[0]!.yes).toBe(true);
  expect(await run(block("review-decisions"))).toEqual([]);

  // What the database refuses, each by the constraint its comment names, and nothing of it lands.
  const refused = [...block("refused").matchAll(/^-- (\w+)[^\n]*\n([\s\S]*?)(?=^-- |$(?![\s\S]))/gm)];
  expect(refused.length).toBeGreaterThan(0);
  for (const [, constraint, statement] of refused) {
    const error = await db.execute(sql.raw(statement!.trim())).then(
      () => null,
      (e: unknown) => e,
    );
    expect(pgConstraint(error), statement).toBe(constraint);
  }
  expect(await db.$count(questions, eq(questions.contest_id, marathon.id))).toBe(3);
});
