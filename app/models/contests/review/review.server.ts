// A person decides; the student can answer (issue 47, point 5). Reviewers (users.is_reviewer,
// set in SQL: docs/admin-sql.md, "Reviewers") clear or disqualify an entry of a contest that
// has closed and is not yet final; a disqualified student may appeal once within 48 hours,
// and a second reviewer decides. Every decision is kept with who made it. The contest row
// is locked first, as finalisation locks it (../results/scoring.server.ts), so no decision
// lands after the results became final. A reviewer with an entry in the contest decides
// nothing in it (issue 65, point 3: one who sat it disqualified his rivals and cleared
// himself), checked under the same lock. What a disqualification does to ranks, prizes and
// certificates is the ranking's rule (rankedText in ../results/marking.server.ts).
import { and, eq, sql, type SQL } from "drizzle-orm";
import { rowsOf, type Db, type DbOrTx } from "~/db/client.server";
import { contest_results, review_appeals, review_decisions, users } from "~/db/schema";
import { enqueueEmail, mailLocale, renderMail } from "~/services/email.server";
import { appUrl } from "~/utils/env.server";
import { translator } from "~/utils/i18n.server";
import { CONTEST_OVER_SQL } from "~/models/contests/sitting/deadline.server";
import { openComplaint, resolveComplaintsAbout } from "~/models/support/complaints.server";

import { APPEAL_STATEMENT_MAX, APPEAL_WINDOW_MS, REVIEW_REASON_MAX } from "~/models/contests/review/review";

/** APPEAL_WINDOW_MS (./review.ts) in SQL. */
export const APPEAL_WINDOW_SQL = sql`interval '48 hours'`;

/**
 * Contest `c`'s reviews hold its results provisional: an appeal waits for a second
 * reviewer, or a disqualification is younger than 48 hours and not yet appealed.
 */
export const REVIEW_OPEN_SQL = (now: Date) => sql`EXISTS (
  SELECT 1 FROM contest_results d LEFT JOIN review_appeals a ON a.contest_id = d.contest_id AND a.user_id = d.user_id
   WHERE d.contest_id = c.id AND d.disqualified_at IS NOT NULL
     AND ((a.user_id IS NOT NULL AND a.decided_at IS NULL)
          OR (a.user_id IS NULL AND d.disqualified_at + ${APPEAL_WINDOW_SQL} > ${now.toISOString()}::timestamptz)))`;

/** The student's result row of the contest (what a decision is about). */
const resultOf = (input: { contestId: string; userId: string }) => and(eq(contest_results.contest_id, input.contestId), eq(contest_results.user_id, input.userId));

export async function isReviewer(db: DbOrTx, userId: string) {
  const [row] = await db.select({ yes: users.is_reviewer }).from(users).where(eq(users.id, userId));
  return row?.yes === true;
}

/**
 * Whether `userId` has a stake in contest `contestId`: an entry (enrolled, sat or not) or a
 * result. Such a reviewer decides nothing in that contest, their own entry included.
 */
export const hasEntrySql = (contestId: string | SQL, userId: string) => sql`(
  EXISTS (SELECT 1 FROM user_contest_entries e WHERE e.contest_id = ${contestId} AND e.user_id = ${userId})
  OR EXISTS (SELECT 1 FROM contest_results r WHERE r.contest_id = ${contestId} AND r.user_id = ${userId}))`;

type Locked = { title: string; finalized: boolean; closed: boolean; entered: boolean };

/** The contest, locked until the transaction ends: may it be reviewed now? */
async function lockContest(tx: DbOrTx, contestId: string, now: Date, reviewerId: string | null = null) {
  const [row] = rowsOf<Locked>(
    await tx.execute(sql`
      SELECT c.title, c.finalized_at IS NOT NULL AS finalized, ${CONTEST_OVER_SQL(now)} AS closed,
             ${reviewerId ? hasEntrySql(sql`c.id`, reviewerId) : sql`false`} AS entered
        FROM contests c WHERE c.id = ${contestId} FOR UPDATE OF c`),
  );
  return row;
}

export type DecisionResult = { ok: true } | { ok: false; reason: "not-reviewer" | "missing" | "open" | "final" | "no-result" | "appealed" | "reason" | "same-reviewer" | "no-appeal" | "entered" };

/**
 * Clears or disqualifies a student's entry. A disqualification needs a reason (the
 * student reads it) and is mailed to them; an entry under appeal is the appeal's to decide.
 */
export async function decideEntry(
  db: Db,
  input: { contestId: string; userId: string; reviewerId: string; decision: "clear" | "disqualify"; reason: string; now: Date },
): Promise<DecisionResult> {
  const reason = input.reason.trim();
  if (input.decision === "disqualify" && (reason === "" || reason.length > REVIEW_REASON_MAX)) return { ok: false, reason: "reason" };
  return db.transaction(async (tx) => {
    const { contest, refused } = await openForDecision(tx, input);
    if (refused) return refused;
    const [result] = await tx
      .select({ disqualifiedAt: contest_results.disqualified_at })
      .from(contest_results)
      .where(resultOf(input))
      .for("update");
    if (!result) return { ok: false, reason: "no-result" } as const;
    const [appealed] = await tx.select({ at: review_appeals.appealed_at }).from(review_appeals).where(and(eq(review_appeals.contest_id, input.contestId), eq(review_appeals.user_id, input.userId)));
    if (appealed) return { ok: false, reason: "appealed" } as const;
    const disqualify = input.decision === "disqualify";
    await tx
      .update(contest_results)
      .set(disqualify ? { disqualified_at: input.now, disqualification_reason: reason } : { disqualified_at: null, disqualification_reason: null })
      .where(resultOf(input));
    await tx.insert(review_decisions).values({ contest_id: input.contestId, user_id: input.userId, reviewer_id: input.reviewerId, decision: input.decision, reason: reason || null, decided_at: input.now });
    if (disqualify) await mailStudent(tx, { ...input, title: contest!.title, kind: "disqualified", reason });
    return { ok: true } as const;
  });
}

/** A reviewer without an entry in it, and the contest locked, closed and not final: else why not. */
async function openForDecision(tx: DbOrTx, input: { contestId: string; reviewerId: string; now: Date }): Promise<{ contest?: Locked; refused?: DecisionResult }> {
  if (!(await isReviewer(tx, input.reviewerId))) return { refused: { ok: false, reason: "not-reviewer" } };
  const contest = await lockContest(tx, input.contestId, input.now, input.reviewerId);
  if (!contest) return { refused: { ok: false, reason: "missing" } };
  if (contest.entered) return { refused: { ok: false, reason: "entered" } };
  if (contest.finalized) return { refused: { ok: false, reason: "final" } };
  if (!contest.closed) return { refused: { ok: false, reason: "open" } };
  return { contest };
}

export type AppealResult = { ok: true; ticket: string } | { ok: false; reason: "not-disqualified" | "late" | "already" | "final" | "statement" };

/** An appeal is a complaint on a clock (issue 67, point 4): this names it, and its decision resolves it. */
const appealRef = (input: { contestId: string; userId: string }) => `appeal:${input.contestId}:${input.userId}`;

/**
 * The disqualified student's one appeal, within 48 hours of the decision, before the
 * results are final; with its complaint's ticket number, acknowledged by mail at once.
 */
export async function appeal(db: Db, input: { contestId: string; userId: string; statement: string; now: Date }): Promise<AppealResult> {
  const statement = input.statement.trim();
  if (statement === "" || statement.length > APPEAL_STATEMENT_MAX) return { ok: false, reason: "statement" };
  return db.transaction(async (tx) => {
    const contest = await lockContest(tx, input.contestId, input.now);
    if (!contest || contest.finalized) return { ok: false, reason: "final" } as const;
    const [result] = await tx
      .select({ disqualifiedAt: contest_results.disqualified_at })
      .from(contest_results)
      .where(resultOf(input));
    if (!result?.disqualifiedAt) return { ok: false, reason: "not-disqualified" } as const;
    if (input.now.getTime() - result.disqualifiedAt.getTime() > APPEAL_WINDOW_MS) return { ok: false, reason: "late" } as const;
    const inserted = await tx
      .insert(review_appeals)
      .values({ contest_id: input.contestId, user_id: input.userId, statement, appealed_at: input.now })
      .onConflictDoNothing()
      .returning({ at: review_appeals.appealed_at });
    if (inserted.length === 0) return { ok: false, reason: "already" } as const;
    const [who] = await tx.select({ email: users.email, locale: users.locale }).from(users).where(eq(users.id, input.userId));
    const { ticket } = await openComplaint(tx, { kind: "appeal", ref: appealRef(input), userId: input.userId, from: { email: who!.email, locale: mailLocale(who!.locale) }, now: input.now });
    return { ok: true, ticket } as const;
  });
}

/**
 * A second reviewer decides an appeal: upheld restores the entry (rank, prize and
 * certificate follow at finalisation); rejected keeps the disqualification. The reviewer
 * who disqualified may not decide it.
 */
export async function decideAppeal(db: Db, input: { contestId: string; userId: string; reviewerId: string; upheld: boolean; reason: string; now: Date }): Promise<DecisionResult> {
  const reason = input.reason.trim().slice(0, REVIEW_REASON_MAX);
  return db.transaction(async (tx) => {
    const { contest, refused } = await openForDecision(tx, input);
    if (refused) return refused;
    const [open] = await tx
      .select({ at: review_appeals.appealed_at })
      .from(review_appeals)
      .where(and(eq(review_appeals.contest_id, input.contestId), eq(review_appeals.user_id, input.userId), sql`${review_appeals.decided_at} IS NULL`))
      .for("update");
    if (!open) return { ok: false, reason: "no-appeal" } as const;
    const [first] = rowsOf<{ reviewer_id: string }>(
      await tx.execute(sql`
        SELECT reviewer_id FROM review_decisions
         WHERE contest_id = ${input.contestId} AND user_id = ${input.userId} AND decision = 'disqualify'
         ORDER BY decided_at DESC LIMIT 1`),
    );
    if (first?.reviewer_id === input.reviewerId) return { ok: false, reason: "same-reviewer" } as const;
    await tx.update(review_appeals).set({ decided_at: input.now }).where(and(eq(review_appeals.contest_id, input.contestId), eq(review_appeals.user_id, input.userId)));
    await resolveComplaintsAbout(tx, appealRef(input), input.now);
    if (input.upheld) {
      await tx
        .update(contest_results)
        .set({ disqualified_at: null, disqualification_reason: null })
        .where(resultOf(input));
    }
    await tx.insert(review_decisions).values({
      contest_id: input.contestId,
      user_id: input.userId,
      reviewer_id: input.reviewerId,
      decision: input.upheld ? "appeal_upheld" : "appeal_rejected",
      reason: reason || null,
      decided_at: input.now,
    });
    await mailStudent(tx, { ...input, title: contest!.title, kind: input.upheld ? "upheld" : "rejected", reason });
    return { ok: true } as const;
  });
}

const MAILS = {
  disqualified: ["mail.review.disqualified.subject", "mail.review.disqualified.body"],
  upheld: ["mail.review.upheld.subject", "mail.review.upheld.body"],
  rejected: ["mail.review.rejected.subject", "mail.review.rejected.body"],
} as const;

async function mailStudent(tx: DbOrTx, input: { contestId: string; userId: string; title: string; kind: keyof typeof MAILS; reason: string }) {
  const [who] = await tx.select({ email: users.email, locale: users.locale }).from(users).where(eq(users.id, input.userId));
  if (!who) return;
  const locale = mailLocale(who.locale);
  const t = translator(locale);
  const [subject, body] = MAILS[input.kind];
  const values = { title: input.title, reason: input.reason };
  await enqueueEmail(tx, {
    to: who.email,
    subject: t(subject, values),
    ...renderMail({
      heading: t(subject, values),
      paragraphs: [t(body, values)],
      action: { label: t("mail.review.action"), url: `${appUrl()}/contest/${input.contestId}/results` },
      locale,
    }),
  });
}
