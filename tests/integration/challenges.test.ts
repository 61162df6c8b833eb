// Issue 31, points 1 and 2: the provisional key, its challenge window and its edges, who
// may challenge, finalisation held by the window and by pending challenges, an upheld
// challenge and a dropped question (both rules) each changing ranks and prizes through
// the documented SQL, the outcome mails, and the key frozen once final. On both databases.
import fs from "node:fs";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { db, pgConstraint, rowsOf } from "~/db/client.server";
import { contest_results, contests, email_outbox, payments, question_challenges, refunds } from "~/db/schema";
import { challengeWindow, CHALLENGE_MESSAGES } from "~/models/contests/challenges/challenges";
import { pendingChallenges, submitChallenge } from "~/models/contests/challenges/challenges.server";
import { startChallengePayment } from "~/models/contests/challenges/challenge-fees.server";
import { settlePayment } from "~/models/fulfilments.server";
import { checkoutSignature, paymentGateway } from "~/models/payments/gateway.server";
import * as callback from "~/routes/api.payment.callback";
import * as feeRoute from "~/routes/contest.$id.challenges.$challengeId.pay";
import { finalizeContest, recordResult } from "~/models/contests/results/scoring.server";
import * as resultsRoute from "~/routes/contest.$id.results";
import { createContest, createEntry, createUser, submitEntry } from "~/seed/factories.server";
import { call, formRequest, getRequest } from "../support/remix";
import { english } from "../support/words";
import { signedInStudent } from "../support/scenarios";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const doc = fs.readFileSync("docs/admin-sql.md", "utf8");
const block = (tag: string) => doc.match(new RegExp("```sql " + tag + "\\n([\\s\\S]*?)```"))![1]!;
let n = 0;

/**
 * A +1/0 paper of four questions that closed two hours ago, with a 24-hour window and
 * prizes for three places. Each student answers question by question: "right", "wrong"
 * or null (not answered), and submits `minutes` after the start.
 */
async function closedContest(students: Array<{ answers: Array<"right" | "wrong" | null>; minutes: number; signedIn?: boolean }>, windowHours = 24, fee = 0) {
  const title = `Challenge Cup ${Date.now()}-${n++}`;
  const start = new Date(Date.now() - 3 * HOUR);
  const contest = await createContest(db, {
    title,
    subject: "Maths",
    start_time: start,
    end_time: new Date(start.getTime() + HOUR),
    duration_minutes: 60,
    prize_pool: { first: 1000, second: 500, third: 200 },
    questions: [
      ["1 + 1?", ["1", "2"], "2"],
      ["2 + 2?", ["4", "5"], "4"],
      ["3 + 3?", ["6", "7"], "6"],
      ["Which is 8?", ["8", "9"], "8"],
    ],
    challenge_window_hours: windowHours,
    challenge_fee: fee,
  });
  const people = [];
  for (const s of students) {
    const person = s.signedIn ? await signedInStudent() : { userId: await createUser(db, { email: `challenger-${Date.now()}-${n++}@example.in`, passwordHash: "x" }), cookie: "" };
    await createEntry(db, { userId: person.userId, contestId: contest.id });
    await submitEntry(db, {
      userId: person.userId,
      contestId: contest.id,
      submittedAt: new Date(start.getTime() + s.minutes * MINUTE),
      answers: contest.questions.flatMap((q, i) => {
        const a = s.answers[i];
        return a === null || a === undefined ? [] : [{ questionId: q.id, selected: a === "right" ? q.correct_answer : q.options.find((o) => o !== q.correct_answer)! }];
      }),
    });
    people.push(person);
  }
  const [row] = await db.select().from(contests).where(eq(contests.id, contest.id));
  return { title, contest, people, window: challengeWindow(row!) };
}

const challenge = (questionId: string) => ({ questionId, reason: "Option 9 is the right one: see the board's own solution." });

async function standings(contestId: string) {
  const rows = await db.select().from(contest_results).where(eq(contest_results.contest_id, contestId));
  return rows;
}

describe("challenging the provisional key", () => {
  test("the window's edges: not before the close, then once per question, not at or after the end", async () => {
    const { contest, people, window } = await closedContest([{ answers: ["right", "right", "right", "wrong"], minutes: 10 }]);
    const me = { contestId: contest.id, userId: people[0]!.userId };
    const [q1, q2, q3] = contest.questions;
    const before = await submitChallenge(db, { ...me, challenge: challenge(q1!.id), now: new Date(window.opensAt.getTime() - 1) });
    expect(before).toEqual({ ok: false, status: 409, message: CHALLENGE_MESSAGES.notYet });
    expect(await submitChallenge(db, { ...me, challenge: challenge(q1!.id), now: window.opensAt })).toMatchObject({ ok: false, message: CHALLENGE_MESSAGES.notYet });
    expect(await submitChallenge(db, { ...me, challenge: challenge(q1!.id), now: new Date(window.opensAt.getTime() + 1) })).toMatchObject({ ok: true });
    expect(await submitChallenge(db, { ...me, challenge: challenge(q1!.id), now: new Date(window.opensAt.getTime() + 2) })).toEqual({ ok: false, status: 409, message: CHALLENGE_MESSAGES.twice });
    expect(await submitChallenge(db, { ...me, challenge: challenge(q2!.id), now: new Date(window.endsAt.getTime() - 1) })).toMatchObject({ ok: true });
    expect(await submitChallenge(db, { ...me, challenge: challenge(q3!.id), now: window.endsAt })).toEqual({ ok: false, status: 409, message: CHALLENGE_MESSAGES.closed });
    expect(await submitChallenge(db, { ...me, challenge: challenge(q3!.id), now: new Date(window.endsAt.getTime() + HOUR) })).toMatchObject({ message: CHALLENGE_MESSAGES.closed });
    const stored = await db.select().from(question_challenges).where(eq(question_challenges.contest_id, contest.id));
    expect(stored.map((c) => [c.question_id, c.status, c.reason])).toEqual(
      expect.arrayContaining([
        [q1!.id, "pending", challenge(q1!.id).reason],
        [q2!.id, "pending", challenge(q2!.id).reason],
      ]),
    );
    expect(stored).toHaveLength(2);
  });

  test("only an entrant who submitted may challenge, and only this contest's questions", async () => {
    const { contest, people, window } = await closedContest([{ answers: ["right", "right", "right", "right"], minutes: 10 }]);
    const other = await closedContest([{ answers: ["right", "right", "right", "right"], minutes: 10 }]);
    const now = new Date(window.opensAt.getTime() + HOUR);
    const stranger = await createUser(db, { email: `stranger-${Date.now()}@example.in`, passwordHash: "x" });
    const enrolledOnly = await createUser(db, { email: `enrolled-${Date.now()}@example.in`, passwordHash: "x" });
    await createEntry(db, { userId: enrolledOnly, contestId: contest.id });
    const q = contest.questions[0]!.id;
    for (const userId of [stranger, enrolledOnly]) {
      expect(await submitChallenge(db, { contestId: contest.id, userId, challenge: challenge(q), now })).toMatchObject({ ok: false, status: 404 });
    }
    // Another contest's question, by a student of this one.
    expect(await submitChallenge(db, { contestId: contest.id, userId: people[0]!.userId, challenge: challenge(other.contest.questions[0]!.id), now })).toMatchObject({ ok: false, status: 404 });
    expect(await db.$count(question_challenges, eq(question_challenges.contest_id, contest.id))).toBe(0);
  });

  test("the form's post: a message in the form with the input kept, a 404 for another contest's question, a 413 for a 20 MB reason, and nothing written", async () => {
    const { contest, people } = await closedContest([{ answers: ["right", "right", "right", "wrong"], minutes: 10, signedIn: true }]);
    const other = await closedContest([{ answers: ["right", "right", "right", "right"], minutes: 10 }]);
    const cookie = people[0]!.cookie;
    const path = `/contest/${contest.id}/results?tab=breakdown`;
    const post = (fields: Record<string, string>) => call(resultsRoute.action as never, formRequest(path, fields, cookie), { params: { id: contest.id } });
    const q4 = contest.questions[3]!.id;

    const empty = await post({ questionId: q4, reason: "   ", source: "ftp://example.com" });
    expect(empty.status).toBe(400);
    expect(empty.data.questionId).toBe(q4);
    expect(empty.data.reply.error).toMatchObject({ reason: ["Say why you think the key is wrong."], source: ["Give a link that starts with http:// or https://, or leave it empty."] });
    expect(empty.data.reply.initialValue).toMatchObject({ source: "ftp://example.com" });
    const long = await post({ questionId: q4, reason: "x".repeat(501) });
    expect(long.data.reply.error.reason).toEqual(["Keep the reason to 500 characters or fewer."]);
    expect((await post({ questionId: other.contest.questions[0]!.id, reason: "Wrong key" })).status).toBe(404);
    expect((await post({ questionId: "not-a-question", reason: "Wrong key" })).status).toBe(400);
    expect((await post({ questionId: q4, reason: "x".repeat(20 * 1024 * 1024) })).status).toBe(413);
    expect(await db.$count(question_challenges, eq(question_challenges.contest_id, contest.id))).toBe(0);

    const sent = await post({ questionId: q4, reason: "9 is right", source: "https://ncert.nic.in/textbook.php" });
    expect(sent.status).toBe(302);
    expect(sent.location).toBe(`/contest/${contest.id}/results?tab=breakdown#q-${q4}`);
    const again = await post({ questionId: q4, reason: "Still 9" });
    expect([again.status, again.data.reply.error[""]]).toEqual([409, [english(CHALLENGE_MESSAGES.twice)]]);
    const [stored] = await db.select().from(question_challenges).where(eq(question_challenges.contest_id, contest.id));
    expect(stored).toMatchObject({ question_id: q4, reason: "9 is right", source_url: "https://ncert.nic.in/textbook.php", status: "pending" });
  });
});

describe("the options a challenge claims (issue 65, point 7)", () => {
  test("the breakdown names each option by its letter, id and text, and a challenge sent shows the ones it claimed, with their text", async () => {
    const { contest, people } = await closedContest([{ answers: ["right", "right", "right", "wrong"], minutes: 10, signedIn: true }]);
    const cookie = people[0]!.cookie;
    const path = `/contest/${contest.id}/results?tab=breakdown`;
    const params = { id: contest.id };
    const q4 = contest.questions[3]!;
    const page = async () => (await call(resultsRoute.loader as never, getRequest(path, cookie), { params })).data;

    // The result the server records at submission (the breakdown is of a scored entry).
    await recordResult(db, { contestId: contest.id, userId: people[0]!.userId });
    const shown = (await page()).breakdown.find((q: { id: string }) => q.id === q4.id).options as Array<{ n: number; letter: string; id: string; html: string }>;
    // In the order this student saw them, each with its own text ("Which is 8?": 8, then 9, by number).
    expect(shown.map((o) => o.letter)).toEqual(["A", "B"]);
    expect(Object.fromEntries(shown.map((o) => [o.n, o.html]))).toEqual({ 1: "8", 2: "9" });
    for (const o of shown) expect(o.id).toMatch(/^\d+$/);

    const nine = shown.find((o) => o.html === "9")!;
    expect((await call(resultsRoute.action as never, formRequest(path, { questionId: q4.id, reason: "9 is right", claimed: String(nine.n) }, cookie), { params })).status).toBe(302);
    const after = await page();
    expect(after.challenges).toMatchObject([{ questionId: q4.id, status: "pending", claimed: [nine.n] }]);
  });
});

describe("resolution and final results", () => {
  test("finalisation waits for the window and for pending challenges; an upheld key changes ranks and prizes; the challenger is mailed", async () => {
    // A answered question 4 by the key (8), B by what B says is right (9).
    const { title, contest, people, window } = await closedContest([
      { answers: ["right", "right", "right", "right"], minutes: 20 },
      { answers: ["right", "right", "right", "wrong"], minutes: 10 },
    ]);
    const [a, b] = people.map((p) => p.userId);
    const q4 = contest.questions[3]!;
    expect(await submitChallenge(db, { contestId: contest.id, userId: b!, challenge: challenge(q4.id), now: new Date(window.opensAt.getTime() + HOUR) })).toMatchObject({ ok: true });

    const during = new Date(window.opensAt.getTime() + 2 * HOUR);
    expect(await finalizeContest(db, contest.id, during)).toBe("in-review");
    const after = new Date(window.endsAt.getTime() + 1);
    expect(await finalizeContest(db, contest.id, after)).toBe("in-review");
    expect((await standings(contest.id)).every((r) => r.prize_amount === 0)).toBe(true);

    // The admin's list of what waits: this challenge, with the question's position.
    const waiting = rowsOf<{ title: string; position: number; reason: string }>(await db.execute(sql.raw(block("challenge-pending"))));
    expect(waiting.filter((w) => w.title === title).map((w) => [w.position, w.reason])).toEqual([[3, challenge(q4.id).reason]]);
    // The documented uphold: question 4's key becomes option 2 ("9").
    await db.execute(sql.raw(block("challenge-uphold").replaceAll("'JEE Main Mock Test 1'", `'${title}'`).replace("q.position = 4", "q.position = 3")));
    expect(await finalizeContest(db, contest.id, after)).toBe("finalized");
    const final = Object.fromEntries((await standings(contest.id)).map((r) => [r.user_id, [r.score, r.rank, r.prize_amount]]));
    expect(final).toEqual({ [b!]: [4, 1, 1000], [a!]: [3, 2, 500] });

    const mails = await db.select().from(email_outbox).where(sql`${email_outbox.subject} LIKE ${`%${title}`}`);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Your challenge was upheld: ${title}`);
    expect(mails[0]!.text).toContain("question 4 of");
    expect(mails[0]!.text).toContain("Option 2 is right: the key had a typing mistake.");
    // Once final, the key cannot change again.
    const frozen = await db.execute(sql`UPDATE questions SET correct_options = '{1}' WHERE id = ${q4.id}`).catch((e: unknown) => e);
    expect(pgConstraint(frozen)).toBe("questions_key_frozen");
  });

  test("a dropped question: its marks to everyone who sat (NTA's rule) or only to those who attempted it, each changing ranks and prizes", async () => {
    const papers = [
      { answers: ["right", "right", "right", "wrong"] as const, minutes: 10 }, // A: 3, attempted question 4
      { answers: ["right", "right", "right", "right"] as const, minutes: 20 }, // B: 4
      { answers: ["right", "right", "right", null] as const, minutes: 5 }, // C: 3, left question 4
    ];
    const results: Record<string, unknown> = {};
    for (const rule of ["all", "attempted"] as const) {
      const { title, contest, people, window } = await closedContest(papers.map((p) => ({ answers: [...p.answers], minutes: p.minutes })));
      await db.update(contests).set({ dropped_question_marks: rule }).where(eq(contests.id, contest.id));
      await submitChallenge(db, { contestId: contest.id, userId: people[0]!.userId, challenge: challenge(contest.questions[3]!.id), now: new Date(window.opensAt.getTime() + 1) });
      await db.execute(sql.raw(block("challenge-drop").replaceAll("'JEE Main Mock Test 1'", `'${title}'`).replace("q.position = 4", "q.position = 3")));
      expect(await finalizeContest(db, contest.id, new Date(window.endsAt.getTime() + 1))).toBe("finalized");
      const rows = await standings(contest.id);
      results[rule] = people.map((p) => rows.find((r) => r.user_id === p.userId)).map((r) => [r!.score, r!.rank, r!.prize_amount]);
      const [mail] = await db.select().from(email_outbox).where(and(eq(email_outbox.to_address, rowsOf<{ email: string }>(await db.execute(sql`SELECT email FROM users WHERE id = ${people[0]!.userId}`))[0]!.email)));
      expect(mail!.text).toContain(rule === "all" ? "its marks go to every student who sat the test" : "its marks go to every student who attempted it");
    }
    // Everyone sat: 4 marks each, so the fastest (C, 5 minutes) wins.
    expect(results.all).toEqual([[4, 2, 500], [4, 3, 200], [4, 1, 1000]]);
    // Only A and B attempted question 4: C stays at 3.
    expect(results.attempted).toEqual([[4, 1, 1000], [4, 2, 500], [3, 3, 200]]);
  });

  test("a rejected challenge keeps the key and the ranks, and says so by mail", async () => {
    const { title, contest, people, window } = await closedContest([
      { answers: ["right", "right", "right", "right"], minutes: 20 },
      { answers: ["right", "right", "right", "wrong"], minutes: 10 },
    ]);
    await submitChallenge(db, { contestId: contest.id, userId: people[1]!.userId, challenge: challenge(contest.questions[3]!.id), now: new Date(window.opensAt.getTime() + 1) });
    await db.execute(sql.raw(block("challenge-reject").replaceAll("'JEE Main Mock Test 1'", `'${title}'`).replace("q.position = 4", "q.position = 3")));
    expect(await finalizeContest(db, contest.id, new Date(window.endsAt.getTime() + 1))).toBe("finalized");
    expect((await standings(contest.id)).map((r) => [r.user_id, r.rank]).sort()).toEqual(people.map((p, i) => [p.userId, i + 1]).sort());
    const [mail] = await db.select().from(email_outbox).where(sql`${email_outbox.subject} LIKE ${`%${title}`}`);
    expect(mail!.subject).toBe(`Your challenge was not upheld: ${title}`);
    expect(mail!.text).toContain("The provisional key stands.");
    expect(mail!.text).toContain("The key is right: see NCERT Class 11, chapter 5.");
  });

  test("a contest without a window is final at its end, as before", async () => {
    const { contest, window } = await closedContest([{ answers: ["right", "right", "wrong", "wrong"], minutes: 10 }], 0);
    expect(window.endsAt).toEqual(window.opensAt);
    expect(await finalizeContest(db, contest.id, new Date())).toBe("finalized");
  });
});

describe("a fee per challenge, through the ledger", () => {
  const gateway = paymentGateway()!;
  const WRONG_9 = { reason: "Option 9 is the right one: see the board's own solution." };

  /** Opens the fee's order as the page does, and pays it at `at` through the gateway's callback. */
  async function payFee(input: { userId: string; contestId: string; challengeId: string }, at: Date) {
    const started = await startChallengePayment(db, gateway, { ...input, now: new Date(Math.min(at.getTime(), Date.now())) });
    if (started.kind !== "order") throw new Error(started.kind);
    const paymentId = `pay_test_fee_${Date.now()}_${n++}`;
    const outcome = await settlePayment(db, { orderId: started.orderId, paymentId, signature: checkoutSignature(gateway, started.orderId, paymentId), now: at });
    return { orderId: started.orderId, paymentId, outcome: outcome.kind };
  }
  const statusOf = async (id: string) => (await db.select().from(question_challenges).where(eq(question_challenges.id, id)))[0]!.status;

  test("a challenge waits for its fee (holding nothing), is paid through the ledger without JavaScript, then waits for review; paid after the window, it is owed back", async () => {
    const { contest, people, window } = await closedContest([{ answers: ["right", "right", "right", "wrong"], minutes: 10, signedIn: true }, { answers: ["right", "right", "wrong", "wrong"], minutes: 10, signedIn: true }], 24, 50);
    const [a, b] = people;
    const [, q2, , q4] = contest.questions;
    const posted = await call(resultsRoute.action, formRequest(`/contest/${contest.id}/results?tab=breakdown`, { questionId: q4!.id, ...WRONG_9 }, a!.cookie), { params: { id: contest.id } });
    const [mine] = await db.select().from(question_challenges).where(and(eq(question_challenges.user_id, a!.userId), eq(question_challenges.question_id, q4!.id)));
    expect(mine).toMatchObject({ status: "unpaid", fee: 50 });
    expect(posted.location).toBe(`/contest/${contest.id}/challenges/${mine!.id}/pay`);
    // Unpaid, it holds nothing: results could become final over it.
    expect(await pendingChallenges(db, contest.id)).toBe(0);

    const params = { id: contest.id, challengeId: mine!.id };
    const page = await call(feeRoute.loader, getRequest(`/contest/${contest.id}/challenges/${mine!.id}/pay`, a!.cookie), { params });
    expect(page.data.due).toMatchObject({ fee: 50, number: 4, open: true, paid: false });
    const pay = await call(feeRoute.action, formRequest(`/contest/${contest.id}/challenges/${mine!.id}/pay`, { intent: "pay" }, a!.cookie), { params });
    const orderId = new URL(pay.location!, "http://x").searchParams.get("order")!;
    expect(pay.location).toBe(`/payments/test-gateway?order=${orderId}`);
    expect((await db.select().from(payments).where(eq(payments.razorpay_order_id, orderId)))[0]).toMatchObject({ purpose: "challenge", challenge_id: mine!.id, amount: 50, status: "created" });

    // The test gateway's Pay posts the signed fields to the callback, which goes back to the question.
    const paymentId = `pay_test_fee_${Date.now()}`;
    const back = await call(callback.action, formRequest("/api/payment/callback", { razorpay_order_id: orderId, razorpay_payment_id: paymentId, razorpay_signature: checkoutSignature(gateway, orderId, paymentId) }));
    expect(back.location).toBe(`/contest/${contest.id}/results?tab=breakdown#q-${q4!.id}`);
    expect(await statusOf(mine!.id)).toBe("pending");
    expect(await pendingChallenges(db, contest.id)).toBe(1);
    // Paid, its page goes back to the question; another student's (or a malformed) challenge is a 404.
    expect((await call(feeRoute.loader, getRequest(`/contest/${contest.id}/challenges/${mine!.id}/pay`, a!.cookie), { params })).location).toBe(`/contest/${contest.id}/results?tab=breakdown#q-${q4!.id}`);
    const other = await submitChallenge(db, { contestId: contest.id, userId: b!.userId, challenge: { questionId: q2!.id, ...WRONG_9 }, now: new Date() });
    if (!other.ok) throw new Error(other.message.id);
    expect((await call(feeRoute.loader, getRequest(`/contest/${contest.id}/challenges/${other.challengeId}/pay`, a!.cookie), { params: { id: contest.id, challengeId: other.challengeId } })).status).toBe(404);
    expect((await call(feeRoute.loader, getRequest(`/contest/${contest.id}/challenges/nope/pay`, a!.cookie), { params: { id: contest.id, challengeId: "nope" } })).status).toBe(404);
    // Paying someone else's challenge, or with a 20 MB body, writes nothing.
    const before = await db.$count(payments, eq(payments.challenge_id, other.challengeId));
    const theirs = await call(feeRoute.action, formRequest(`/contest/${contest.id}/challenges/${other.challengeId}/pay`, { intent: "pay" }, a!.cookie), { params: { id: contest.id, challengeId: other.challengeId } });
    expect(theirs.status).toBe(404);
    const huge = await call(feeRoute.action, formRequest(`/contest/${contest.id}/challenges/${other.challengeId}/pay`, { intent: "x".repeat(20 * 1024 * 1024) }, b!.cookie), { params: { id: contest.id, challengeId: other.challengeId } });
    expect(huge.status).toBe(413);
    expect(await db.$count(payments, eq(payments.challenge_id, other.challengeId))).toBe(before);

    // B's fee arrives a second after the window: not sent, and the fee is owed back.
    const late = await payFee({ userId: b!.userId, contestId: contest.id, challengeId: other.challengeId }, new Date(window.endsAt.getTime() + 1000));
    expect(late.outcome).toBe("late");
    expect(await statusOf(other.challengeId)).toBe("unpaid");
    expect((await db.select().from(refunds).where(eq(refunds.razorpay_payment_id, late.paymentId)))[0]).toMatchObject({ amount: 50, reason_code: "challenge_late" });
  });

  test("an upheld challenge's fee is refunded when the results become final, a rejected one's is not; the mail says so", async () => {
    const { title, contest, people, window } = await closedContest([{ answers: ["right", "right", "right", "wrong"], minutes: 10 }, { answers: ["right", "right", "wrong", "right"], minutes: 20 }], 24, 75);
    const [a, b] = people.map((p) => p.userId);
    const [, , q3, q4] = contest.questions;
    const during = new Date(window.opensAt.getTime() + HOUR);
    const made = [];
    for (const [userId, q] of [[a!, q4!], [b!, q3!]] as const) {
      const c = await submitChallenge(db, { contestId: contest.id, userId, challenge: { questionId: q.id, ...WRONG_9 }, now: during });
      if (!c.ok) throw new Error(c.message.id);
      made.push({ ...(await payFee({ userId, contestId: contest.id, challengeId: c.challengeId }, during)), challengeId: c.challengeId });
    }
    expect(made.map((m) => m.outcome)).toEqual(["challenged", "challenged"]);
    await db.execute(sql.raw(block("challenge-uphold").replaceAll("'JEE Main Mock Test 1'", `'${title}'`).replace("q.position = 4", "q.position = 3")));
    await db.execute(sql.raw(block("challenge-reject").replaceAll("'JEE Main Mock Test 1'", `'${title}'`).replace("q.position = 4", "q.position = 2")));
    expect(await db.$count(refunds, eq(refunds.razorpay_payment_id, made[0]!.paymentId))).toBe(0);
    expect(await finalizeContest(db, contest.id, new Date(window.endsAt.getTime() + 1))).toBe("finalized");
    expect((await db.select().from(refunds).where(eq(refunds.razorpay_payment_id, made[0]!.paymentId)))[0]).toMatchObject({ amount: 75, status: "queued", reason_code: "challenge_upheld" });
    expect(await db.$count(refunds, eq(refunds.razorpay_payment_id, made[1]!.paymentId))).toBe(0);
    const upheld = (await db.select().from(email_outbox).where(eq(email_outbox.subject, `Your challenge was upheld: ${title}`)))[0]!;
    expect(upheld.text).toContain("Your challenge fee of ₹75 is refunded to how you paid");
    const rejected = (await db.select().from(email_outbox).where(eq(email_outbox.subject, `Your challenge was not upheld: ${title}`)))[0]!;
    expect(rejected.text).not.toContain("refunded");
  });
});
