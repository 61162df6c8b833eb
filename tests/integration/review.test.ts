// Issue 47, points 5 and 6: a person decides, the student can answer, and the ranking obeys.
// A reviewer disqualifies with a reason; the student appeals once within 48 hours; a second
// reviewer decides. Results cannot be final while an appeal is open or a disqualification
// is still open to appeal; once final, the disqualified entry has no rank, percentile,
// prize or certificate, everyone below moves up, and payouts follow exactly once. Nobody
// else can decide, and nothing is decided after the results are final. Both databases.
import { and, eq, sql } from "drizzle-orm";
import { expect, test } from "vitest";
import { db, rowsOf } from "~/db/client.server";
import { certificates, contest_results, email_outbox, payouts, review_appeals, review_decisions, users } from "~/db/schema";
import { PERCENTILE_SQL } from "~/models/contests/results/marking.server";
import { finalizeContest } from "~/models/contests/results/scoring.server";
import { appeal, decideAppeal, decideEntry } from "~/models/contests/review/review.server";
import { reviewBoard } from "~/models/contests/review/review-board.server";
import { createSession } from "~/models/accounts/auth.server";
import * as appealPage from "~/routes/contest.$id.appeal";
import * as resultsPage from "~/routes/contest.$id.results";
import * as reviewPage from "~/routes/contest.$id.review";
import { createEntry, createUser } from "~/seed/factories.server";
import { call, cookieFrom, formRequest, getRequest, jsonRequest } from "../support/remix";
import { contestWithResults } from "../support/scenarios";
import { english } from "../support/words";

const HOUR = 3_600_000;
let n = 0;

async function reviewer() {
  const id = await createUser(db, { email: `reviewer${++n}-${Date.now()}@example.in`, passwordHash: "x", fullName: `Reviewer ${n}` });
  await db.update(users).set({ is_reviewer: true }).where(eq(users.id, id));
  return id;
}

/** Four students ranked 1 to 4 (the first is the one under review), prizes for the top two, ended two hours ago. */
async function reviewedContest(kind: "free" | "practice" = "free") {
  const made = await contestWithResults({
    start: new Date(Date.now() - 3 * HOUR),
    end: new Date(Date.now() - 2 * HOUR),
    prizePool: kind === "free" ? { first: 300, second: 200 } : {},
    kind,
    ...(kind === "practice" ? { entryFee: 49 } : {}),
    recordResults: true,
    students: [
      { correct: 4, minutes: 5 },
      { correct: 3, minutes: 10 },
      { correct: 2, minutes: 10 },
      { correct: 1, minutes: 10 },
    ],
  });
  const [cheat, second, third, fourth] = made.users as [string, string, string, string];
  return { ...made, cheat, second, third, fourth };
}

const results = (contestId: string) =>
  db.select({ user_id: contest_results.user_id, rank: contest_results.rank, prize: contest_results.prize_amount }).from(contest_results).where(eq(contest_results.contest_id, contestId));
const byUser = async (contestId: string) => Object.fromEntries((await results(contestId)).map((r) => [r.user_id, r]));

test("a disqualified entry loses its rank, percentile and prize; everyone below moves up; payouts follow once", async () => {
  const c = await reviewedContest();
  const first = await reviewer();
  const second = await reviewer();
  const now = new Date();
  expect(await decideEntry(db, { contestId: c.contestId, userId: c.cheat, reviewerId: first, decision: "disqualify", reason: "Identical wrong answers to another entrant.", now })).toEqual({ ok: true });
  const mail = (await db.select().from(email_outbox).where(sql`${email_outbox.subject} LIKE ${`Your entry in ${c.contest.title}%`}`))[0];
  expect(mail!.text).toContain("Identical wrong answers to another entrant.");

  // Within the 48 hours a disqualification may be appealed, the results stay provisional.
  expect(await finalizeContest(db, c.contestId, now)).toBe("in-review");
  expect(await appeal(db, { contestId: c.contestId, userId: c.cheat, statement: "I worked alone.", now })).toMatchObject({ ok: true });
  expect(await appeal(db, { contestId: c.contestId, userId: c.cheat, statement: "Again.", now })).toEqual({ ok: false, reason: "already" });
  expect(await appeal(db, { contestId: c.contestId, userId: c.second, statement: "Me too.", now })).toEqual({ ok: false, reason: "not-disqualified" });
  // An open appeal holds the results even after the 48 hours.
  expect(await finalizeContest(db, c.contestId, new Date(now.getTime() + 49 * HOUR))).toBe("in-review");
  // The reviewer who disqualified may not decide the appeal; a second one does.
  expect(await decideAppeal(db, { contestId: c.contestId, userId: c.cheat, reviewerId: first, upheld: true, reason: "", now })).toEqual({ ok: false, reason: "same-reviewer" });
  expect(await decideAppeal(db, { contestId: c.contestId, userId: c.cheat, reviewerId: second, upheld: false, reason: "The answers match too closely.", now })).toEqual({ ok: true });

  expect(await finalizeContest(db, c.contestId, now)).toBe("finalized");
  const rows = await byUser(c.contestId);
  expect(rows[c.cheat]).toMatchObject({ rank: null, prize: 0 });
  expect(rows[c.second]).toMatchObject({ rank: 1, prize: 300 });
  expect(rows[c.third]).toMatchObject({ rank: 2, prize: 200 });
  expect(rows[c.fourth]).toMatchObject({ rank: 3, prize: 0 });
  const percentiles = rowsOf<{ user_id: string; percentile: number | null }>(
    await db.execute(sql`SELECT t.user_id, ${PERCENTILE_SQL(c.contestId)} AS percentile FROM contest_results t WHERE t.contest_id = ${c.contestId}`),
  );
  expect(Object.fromEntries(percentiles.map((p) => [p.user_id, p.percentile]))).toEqual({ [c.cheat]: null, [c.second]: 100, [c.third]: 66.6666666, [c.fourth]: 33.3333333 });
  const paid = await db.select({ user_id: payouts.user_id, gross: payouts.gross }).from(payouts).where(eq(payouts.contest_id, c.contestId));
  expect(paid.sort((a, b) => b.gross - a.gross)).toEqual([{ user_id: c.second, gross: 300 }, { user_id: c.third, gross: 200 }]);
  expect(await finalizeContest(db, c.contestId, now)).toBe("already");
  expect(await db.$count(payouts, eq(payouts.contest_id, c.contestId))).toBe(2);

  // Every decision is kept with who made it.
  const decisions = await db.select({ decision: review_decisions.decision, reviewer: review_decisions.reviewer_id }).from(review_decisions).where(eq(review_decisions.contest_id, c.contestId));
  expect(decisions).toEqual(expect.arrayContaining([{ decision: "disqualify", reviewer: first }, { decision: "appeal_rejected", reviewer: second }]));

  // Once final, nothing more is decided.
  const before = await db.$count(review_decisions, eq(review_decisions.contest_id, c.contestId));
  expect(await decideEntry(db, { contestId: c.contestId, userId: c.second, reviewerId: first, decision: "disqualify", reason: "Late.", now })).toEqual({ ok: false, reason: "final" });
  expect(await db.$count(review_decisions, eq(review_decisions.contest_id, c.contestId))).toBe(before);
  expect((await byUser(c.contestId))[c.second]).toMatchObject({ rank: 1, prize: 300 });
});

test("an appeal upheld restores everything: rank, prize and, on a practice test, the certificate", async () => {
  const c = await reviewedContest("practice");
  const first = await reviewer();
  const second = await reviewer();
  const now = new Date();
  await decideEntry(db, { contestId: c.contestId, userId: c.cheat, reviewerId: first, decision: "disqualify", reason: "Looked away for ten minutes.", now });
  await appeal(db, { contestId: c.contestId, userId: c.cheat, statement: "My camera slipped; I never left the desk.", now });
  expect(await decideAppeal(db, { contestId: c.contestId, userId: c.cheat, reviewerId: second, upheld: true, reason: "The snapshots show the camera fell.", now })).toEqual({ ok: true });
  expect(await finalizeContest(db, c.contestId, now)).toBe("finalized");
  expect((await byUser(c.contestId))[c.cheat]).toMatchObject({ rank: 1 });
  expect(await db.$count(certificates, and(eq(certificates.contest_id, c.contestId), eq(certificates.user_id, c.cheat)))).toBe(1);
});

test("a disqualification never appealed holds the results 48 hours; then final without its certificate; a late appeal is refused", async () => {
  const c = await reviewedContest("practice");
  const first = await reviewer();
  const now = new Date();
  await decideEntry(db, { contestId: c.contestId, userId: c.second, reviewerId: first, decision: "disqualify", reason: "A second person answered.", now });
  expect(await finalizeContest(db, c.contestId, new Date(now.getTime() + 47 * HOUR))).toBe("in-review");
  expect(await appeal(db, { contestId: c.contestId, userId: c.second, statement: "Too late?", now: new Date(now.getTime() + 49 * HOUR) })).toEqual({ ok: false, reason: "late" });
  expect(await db.$count(review_appeals, eq(review_appeals.contest_id, c.contestId))).toBe(0);
  expect(await finalizeContest(db, c.contestId, new Date(now.getTime() + 49 * HOUR))).toBe("finalized");
  const rows = await byUser(c.contestId);
  expect([rows[c.cheat]!.rank, rows[c.second]!.rank, rows[c.third]!.rank, rows[c.fourth]!.rank]).toEqual([1, null, 2, 3]);
  expect(await db.$count(certificates, and(eq(certificates.contest_id, c.contestId), eq(certificates.user_id, c.second)))).toBe(0);
  expect(await db.$count(certificates, eq(certificates.contest_id, c.contestId))).toBe(3);
});

test("a non-reviewer, a contest still open, a blank reason, a clearance then a change of mind: each answered, nothing wrongly written", async () => {
  const c = await reviewedContest();
  const first = await reviewer();
  const stranger = await createUser(db, { email: `stranger${++n}@example.in`, passwordHash: "x" });
  const now = new Date();
  expect(await decideEntry(db, { contestId: c.contestId, userId: c.cheat, reviewerId: stranger, decision: "disqualify", reason: "x", now })).toEqual({ ok: false, reason: "not-reviewer" });
  expect(await decideEntry(db, { contestId: c.contestId, userId: c.cheat, reviewerId: first, decision: "disqualify", reason: "   ", now })).toEqual({ ok: false, reason: "reason" });
  expect(await decideEntry(db, { contestId: c.contestId, userId: c.cheat, reviewerId: first, decision: "disqualify", reason: "x".repeat(1001), now })).toEqual({ ok: false, reason: "reason" });
  expect(await decideEntry(db, { contestId: c.contestId, userId: stranger, reviewerId: first, decision: "clear", reason: "", now })).toEqual({ ok: false, reason: "no-result" });
  expect(await decideEntry(db, { contestId: c.contestId, userId: c.cheat, reviewerId: first, decision: "clear", reason: "", now: new Date(now.getTime() - 3 * HOUR) })).toEqual({ ok: false, reason: "open" });
  expect(await db.$count(review_decisions, eq(review_decisions.contest_id, c.contestId))).toBe(0);
  expect(await decideAppeal(db, { contestId: c.contestId, userId: c.cheat, reviewerId: first, upheld: true, reason: "", now })).toEqual({ ok: false, reason: "no-appeal" });

  // Disqualified, then cleared by the same reviewer before any appeal: the entry ranks again.
  await decideEntry(db, { contestId: c.contestId, userId: c.cheat, reviewerId: first, decision: "disqualify", reason: "Tab hidden for long.", now });
  expect(await decideEntry(db, { contestId: c.contestId, userId: c.cheat, reviewerId: first, decision: "clear", reason: "", now })).toEqual({ ok: true });
  expect(await finalizeContest(db, c.contestId, now)).toBe("finalized");
  expect((await byUser(c.contestId))[c.cheat]).toMatchObject({ rank: 1, prize: 300 });
});

test("the review screen and the appeal page: a 404 for everyone else, a guest logs in first, a malformed id or body is answered, nothing written", async () => {
  const c = await reviewedContest();
  const first = await reviewer();
  const asUser = async (userId: string) => cookieFrom(new Headers({ "Set-Cookie": await createSession(db, userId) }))!;
  const reviewerCookie = await asUser(first);
  const studentCookie = await asUser(c.second);
  const params = { id: c.contestId };
  const path = `/contest/${c.contestId}/review`;

  expect((await call(reviewPage.loader, getRequest(path), { params })).location).toMatch(/^\/login\?redirectTo=/);
  expect((await call(reviewPage.loader, getRequest(path, studentCookie), { params })).status).toBe(404);
  expect((await call(reviewPage.action, formRequest(path, { intent: "disqualify", userId: c.cheat, reason: "x" }, studentCookie), { params })).status).toBe(404);
  expect((await call(reviewPage.loader, getRequest("/contest/not-a-uuid/review", reviewerCookie), { params: { id: "not-a-uuid" } })).status).toBe(404);
  const board = await call(reviewPage.loader, getRequest(path, reviewerCookie), { params });
  expect(board.data.entries.map((e: { user_id: string }) => e.user_id)).toHaveLength(4);
  expect(board.data.entries.find((e: { user_id: string }) => e.user_id === c.cheat)).toMatchObject({ rank: 1, disqualified_at: null });

  expect((await call(reviewPage.action, formRequest(path, { intent: "disqualify", userId: "x[99999999]" }, reviewerCookie), { params })).status).toBe(400);
  expect((await call(reviewPage.action, formRequest(path, { intent: "explode", userId: c.cheat }, reviewerCookie), { params })).status).toBe(400);
  const blank = await call(reviewPage.action, formRequest(path, { intent: "disqualify", userId: c.cheat, reason: "" }, reviewerCookie), { params });
  expect(blank.status).toBe(400);
  expect(blank.data.reply.error.reason).toEqual([english({ id: "review.error.reason" })]);
  expect(await db.$count(review_decisions, eq(review_decisions.contest_id, c.contestId))).toBe(0);

  const done = await call(reviewPage.action, formRequest(path, { intent: "disqualify", userId: c.cheat, reason: "Too fast to read." }, reviewerCookie), { params });
  expect(done.location).toBe(`${path}#entry-${c.cheat}`);

  // The appeal page: only the disqualified student's own entry.
  const appealPath = `/contest/${c.contestId}/appeal`;
  expect((await call(appealPage.loader, getRequest(appealPath, studentCookie), { params })).status).toBe(404);
  const cheatCookie = await asUser(c.cheat);
  const page = await call(appealPage.loader, getRequest(appealPath, cheatCookie), { params });
  expect(page.data.entry).toMatchObject({ disqualification_reason: "Too fast to read.", appealed_at: null });
  const empty = await call(appealPage.action, formRequest(appealPath, { statement: "   " }, cheatCookie), { params });
  expect(empty.status).toBe(400);
  const long = await call(appealPage.action, formRequest(appealPath, { statement: "x".repeat(2001) }, cheatCookie), { params });
  expect(long.status).toBe(400);
  expect(await db.$count(review_appeals, eq(review_appeals.contest_id, c.contestId))).toBe(0);
  expect((await call(appealPage.action, formRequest(appealPath, { statement: "I read fast." }, cheatCookie), { params })).location).toBe(`/contest/${c.contestId}/results`);
  const twice = await call(appealPage.action, formRequest(appealPath, { statement: "Again." }, cheatCookie), { params });
  expect(twice.status).toBe(409);
  expect(twice.data.error[""]).toEqual([english({ id: "review.appeal.already" })]);
});

test("issue 65, point 3: a reviewer with an entry decides nothing in that contest, appeals included, nor on their own entry; one without an entry still decides", async () => {
  const c = await reviewedContest();
  // The one who sat it (rank 2, tied in the probe with the student above him) is also a reviewer.
  const sat = c.second;
  await db.update(users).set({ is_reviewer: true }).where(eq(users.id, sat));
  // Another reviewer only enrolled (no result): an entry all the same.
  const enrolled = await reviewer();
  await createEntry(db, { userId: enrolled, contestId: c.contestId });
  const outsider = await reviewer();
  const other = await reviewer();
  const now = new Date();
  const written = async () => ({
    decisions: await db.$count(review_decisions, eq(review_decisions.contest_id, c.contestId)),
    disqualified: await db.$count(contest_results, and(eq(contest_results.contest_id, c.contestId), sql`${contest_results.disqualified_at} IS NOT NULL`)),
    decidedAppeals: await db.$count(review_appeals, and(eq(review_appeals.contest_id, c.contestId), sql`${review_appeals.decided_at} IS NOT NULL`)),
    mails: await db.$count(email_outbox),
  });
  const entered = { ok: false, reason: "entered" };
  const before = await written();
  for (const reviewerId of [sat, enrolled]) {
    for (const userId of [c.cheat, c.third, sat]) {
      expect(await decideEntry(db, { contestId: c.contestId, userId, reviewerId, decision: "disqualify", reason: "Tied with me.", now })).toEqual(entered);
      expect(await decideEntry(db, { contestId: c.contestId, userId, reviewerId, decision: "clear", reason: "", now })).toEqual(entered);
    }
  }
  expect(await written()).toEqual(before);

  // A reviewer without an entry disqualifies; the student appeals; the one who sat may not decide the appeal either way.
  expect(await decideEntry(db, { contestId: c.contestId, userId: c.cheat, reviewerId: outsider, decision: "disqualify", reason: "Answers match another entrant's.", now })).toEqual({ ok: true });
  expect(await appeal(db, { contestId: c.contestId, userId: c.cheat, statement: "I worked alone.", now })).toMatchObject({ ok: true });
  const appealed = await written();
  for (const reviewerId of [sat, enrolled]) {
    for (const upheld of [true, false]) expect(await decideAppeal(db, { contestId: c.contestId, userId: c.cheat, reviewerId, upheld, reason: "", now })).toEqual(entered);
  }
  expect(await written()).toEqual(appealed);

  // Through the screen: the reason said, no form, and every refused post a 409 that writes nothing.
  const cookie = cookieFrom(new Headers({ "Set-Cookie": await createSession(db, sat) }))!;
  const params = { id: c.contestId };
  const path = `/contest/${c.contestId}/review`;
  const board = await call(reviewPage.loader, getRequest(path, cookie), { params });
  expect(board.data.contest).toMatchObject({ entered: true });
  for (const fields of <Array<Record<string, string>>>[
    { intent: "disqualify", userId: c.third, reason: "Tied with me." },
    { intent: "clear", userId: sat },
    { intent: "uphold", userId: c.cheat },
    { intent: "reject", userId: c.cheat },
  ]) {
    const refused = await call(reviewPage.action, formRequest(path, fields, cookie), { params });
    expect(refused.status, fields.intent).toBe(409);
    expect(refused.data.reply.error[""]).toEqual([english({ id: "review.error.entered" })]);
  }
  // A stranger's worst through the same door: an empty body 400, 2 MB 413, JSON 415, a huge index or a NUL still the
  // rule's 409; never a 500, nothing written.
  const hostile = [
    new Request(`http://localhost:3000${path}`, { method: "POST", headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" }, body: "" }),
    formRequest(path, { intent: "disqualify", userId: c.third, reason: "x".repeat(2 * 1024 * 1024) }, cookie),
    jsonRequest(path, { intent: "clear", userId: c.third }, { Cookie: cookie }),
    formRequest(path, { "x[99999999]": "1", intent: "clear", userId: c.third }, cookie),
    formRequest(path, { intent: "disqualify", userId: c.third, reason: "Tied\u0000 with me." }, cookie),
  ];
  const statuses = [];
  for (const request of hostile) statuses.push((await call(reviewPage.action, request, { params })).status);
  expect(statuses).toEqual([400, 413, 415, 409, 409]);
  expect(await written()).toEqual(appealed);

  // A reviewer without an entry still decides the appeal; the board names who decided what.
  expect(await decideAppeal(db, { contestId: c.contestId, userId: c.cheat, reviewerId: other, upheld: false, reason: "The answers match too closely.", now })).toEqual({ ok: true });
  const outsiderCookie = cookieFrom(new Headers({ "Set-Cookie": await createSession(db, outsider) }))!;
  const seen = await call(reviewPage.loader, getRequest(path, outsiderCookie), { params });
  expect(seen.data.contest).toMatchObject({ entered: false });
  const history = seen.data.entries.find((e: { user_id: string }) => e.user_id === c.cheat).decisions.map((d: { decision: string; reviewer: string }) => [d.decision, d.reviewer]);
  expect(history).toEqual([
    ["disqualify", `Reviewer ${n - 1}`],
    ["appeal_rejected", `Reviewer ${n}`],
  ]);
});

test("the review screen names a reviewer without a name as the site names anyone (~/utils/names): the e-mail's first part", async () => {
  const c = await reviewedContest();
  const nameless = await createUser(db, { email: `nameless.reviewer-${++n}@example.in`, passwordHash: "x" });
  await db.update(users).set({ is_reviewer: true }).where(eq(users.id, nameless));
  expect(await decideEntry(db, { contestId: c.contestId, userId: c.cheat, reviewerId: nameless, decision: "clear", reason: "", now: new Date() })).toEqual({ ok: true });
  const board = await reviewBoard(db, c.contestId, new Date(), nameless);
  expect(board!.entries.find((e) => e.user_id === c.cheat)!.decisions.map((d) => d.reviewer)).toEqual([`nameless.reviewer-${n}`]);
});

test("issue 65, point 7: once appealed, the results say it was received and who decides, not 'Appeal this decision'; once upheld, the appeal page says so", async () => {
  const c = await reviewedContest();
  const first = await reviewer();
  const second = await reviewer();
  const now = new Date();
  const cookie = cookieFrom(new Headers({ "Set-Cookie": await createSession(db, c.cheat) }))!;
  const params = { id: c.contestId };
  const results = async () => (await call(resultsPage.loader, getRequest(`/contest/${c.contestId}/results`, cookie), { params })).data.mine;
  const appealPageData = async () => (await call(appealPage.loader, getRequest(`/contest/${c.contestId}/appeal`, cookie), { params })).data.entry;

  await decideEntry(db, { contestId: c.contestId, userId: c.cheat, reviewerId: first, decision: "disqualify", reason: "Too fast to read.", now });
  expect(await results()).toMatchObject({ appealed_at: null, appeal_decided_at: null });
  expect(await appeal(db, { contestId: c.contestId, userId: c.cheat, statement: "I read fast.", now })).toMatchObject({ ok: true });
  const sent = await results();
  expect(sent.appealed_at).not.toBeNull();
  expect(sent.appeal_decided_at).toBeNull();
  expect(await appealPageData()).toMatchObject({ appeal_outcome: null });

  expect(await decideAppeal(db, { contestId: c.contestId, userId: c.cheat, reviewerId: second, upheld: true, reason: "", now })).toEqual({ ok: true });
  expect(await results()).toMatchObject({ disqualified_at: null, rank: 1 });
  expect((await results()).appeal_decided_at).not.toBeNull();
  expect(await appealPageData()).toMatchObject({ disqualified_at: null, appeal_outcome: "upheld" });

  // A rejected appeal reads as rejected, the disqualification standing.
  const other = await reviewedContest();
  await decideEntry(db, { contestId: other.contestId, userId: other.cheat, reviewerId: first, decision: "disqualify", reason: "Looked away.", now });
  await appeal(db, { contestId: other.contestId, userId: other.cheat, statement: "I did not.", now });
  await decideAppeal(db, { contestId: other.contestId, userId: other.cheat, reviewerId: second, upheld: false, reason: "", now });
  const otherCookie = cookieFrom(new Headers({ "Set-Cookie": await createSession(db, other.cheat) }))!;
  const rejected = (await call(appealPage.loader, getRequest(`/contest/${other.contestId}/appeal`, otherCookie), { params: { id: other.contestId } })).data.entry;
  expect(rejected).toMatchObject({ disqualification_reason: "Looked away.", appeal_outcome: "rejected" });
});
