// Answer-key challenges (docs/product/design.md §4, "Provisional, then final"): an
// entrant challenges a question of the provisional key once, within the contest's
// window; an admin decides with SQL (docs/admin-sql.md); finalisation mails each
// challenger the outcome (../results/scoring.server.ts). The window's rules are in ./challenges.ts.
import type { Msg } from "~/utils/i18n";
import { and, eq, sql } from "drizzle-orm";
import { rowsOf, type DbOrTx } from "~/db/client.server";
import { question_challenges } from "~/db/schema";
import { CHALLENGE_MESSAGES, challengeWindow } from "~/models/contests/challenges/challenges";
import type { Challenge } from "~/models/contests/challenges/challenge-schema";
import { enqueueEmail, mailLocale, renderMail } from "~/services/email.server";
import { translator } from "~/utils/i18n.server";
import { appUrl } from "~/utils/env.server";
import { formatDateTime } from "~/utils/dates";
import { formatINR } from "~/utils/money";
import { refundUpheldFees } from "~/models/contests/challenges/challenge-fees.server";

export type ChallengeOutcome =
  /** Recorded: waiting for review, or (`fee` > 0) for its fee first. */
  | { ok: true; challengeId: string; fee: number }
  /** Not a question of this contest, or no submitted entry: nothing to challenge (404). */
  | { ok: false; status: 404; message: Msg }
  /** Too early, too late, or a second time: said beside the form (409); an option the question does not have (400). */
  | { ok: false; status: 400 | 409; message: Msg };

const NOT_FOUND = { ok: false, status: 404, message: { id: "results.challenge.noSuchQuestion" } } as const;

/**
 * Records an entrant's challenge to one question, if the window is open at `now` and
 * they have not challenged it before (the unique key decides a race). Only a student
 * who submitted this contest's test may challenge, and only its own questions.
 */
export async function submitChallenge(db: DbOrTx, input: { contestId: string; userId: string; challenge: Challenge; now: Date }): Promise<ChallengeOutcome> {
  const [contest] = rowsOf<{ start_time: Date; end_time: Date; duration_minutes: number; longest_extra_minutes: number; challenge_window_hours: number; challenge_fee: number; option_count: number }>(
    await db.execute(sql`
      SELECT c.start_time, c.end_time, c.duration_minutes, c.longest_extra_minutes, c.challenge_window_hours, c.challenge_fee, cardinality(q.options) AS option_count
        FROM contests c
        JOIN user_contest_entries e ON e.contest_id = c.id AND e.user_id = ${input.userId} AND e.has_submitted
        JOIN questions q ON q.contest_id = c.id AND q.id = ${input.challenge.questionId}
       WHERE c.id = ${input.contestId}`),
  );
  if (!contest) return NOT_FOUND;
  const window = challengeWindow({ ...contest, start_time: new Date(contest.start_time), end_time: new Date(contest.end_time) });
  if (input.now <= window.opensAt) return { ok: false, status: 409, message: CHALLENGE_MESSAGES.notYet };
  if (input.now >= window.endsAt) return { ok: false, status: 409, message: CHALLENGE_MESSAGES.closed };
  const claimed = [...new Set(input.challenge.claimed ?? [])].sort((a, b) => a - b);
  if (claimed.some((n) => n > contest.option_count)) return { ok: false, status: 400, message: CHALLENGE_MESSAGES.badOption };
  const inserted = await db
    .insert(question_challenges)
    .values({
      contest_id: input.contestId,
      question_id: input.challenge.questionId,
      user_id: input.userId,
      reason: input.challenge.reason,
      source_url: input.challenge.source ?? null,
      claimed_options: claimed.length > 0 ? claimed : null,
      // A fee waits for its payment (./challenge-fees.server.ts) before the challenge counts.
      status: contest.challenge_fee > 0 ? "unpaid" : "pending",
      fee: contest.challenge_fee,
    })
    .onConflictDoNothing()
    .returning({ id: question_challenges.id });
  return inserted[0] ? { ok: true, challengeId: inserted[0].id, fee: contest.challenge_fee } : { ok: false, status: 409, message: CHALLENGE_MESSAGES.twice };
}

/** `claimed`: the options the student said are right, by number (the breakdown names each by its letter, id and text). */
export type MyChallenge = { id: string; questionId: string; status: "unpaid" | "pending" | "upheld" | "rejected"; response: string | null; fee: number; claimed: number[] | null };

/** The student's challenges on a contest, by question (the breakdown shows each beside its question). */
export async function myChallenges(db: DbOrTx, input: { contestId: string; userId: string }): Promise<MyChallenge[]> {
  return db
    .select({
      id: question_challenges.id,
      questionId: question_challenges.question_id,
      status: question_challenges.status,
      response: question_challenges.response,
      fee: question_challenges.fee,
      claimed: question_challenges.claimed_options,
    })
    .from(question_challenges)
    .where(and(eq(question_challenges.contest_id, input.contestId), eq(question_challenges.user_id, input.userId)));
}

/** How many challenges still wait for an admin. */
export async function pendingChallenges(db: DbOrTx, contestId: string) {
  return db.$count(question_challenges, and(eq(question_challenges.contest_id, contestId), eq(question_challenges.status, "pending")));
}

export type OutcomeRow = {
  id: string;
  email: string;
  locale: string;
  name: string | null;
  title: string;
  contest_id: string;
  number: number;
  text: string;
  status: "upheld" | "rejected";
  response: string | null;
  dropped: boolean;
  dropped_question_marks: "all" | "attempted";
  fee: number;
};

/**
 * Each challenger's outcome, queued once in the finalising transaction (notified_at
 * marks it): upheld (the key corrected, or the question dropped) or not, with the
 * admin's answer, and a link to the final results.
 */
export async function queueChallengeOutcomes(tx: DbOrTx, contestId: string, now: Date) {
  const rows = rowsOf<OutcomeRow>(
    await tx.execute(sql`
      WITH numbered AS (
        SELECT q.id, q.question_text, q.dropped, row_number() OVER (ORDER BY sec.position, q.position)::int AS number
          FROM questions q JOIN contest_sections sec ON sec.id = q.section_id
         WHERE q.contest_id = ${contestId})
      UPDATE question_challenges ch SET notified_at = ${now.toISOString()}::timestamptz
        FROM numbered n, contests c, users u
        LEFT JOIN profiles p ON p.id = u.id
       WHERE ch.contest_id = ${contestId} AND ch.notified_at IS NULL AND ch.status IN ('upheld', 'rejected')
         AND n.id = ch.question_id AND c.id = ch.contest_id AND u.id = ch.user_id
      RETURNING ch.id, u.email, u.locale, p.full_name AS name, c.title, c.id AS contest_id, n.number, n.question_text AS text,
                ch.status, ch.response, n.dropped, c.dropped_question_marks, ch.fee`),
  );
  // An upheld challenge costs nothing: its fee goes back.
  await refundUpheldFees(tx, rows.filter((r) => r.status === "upheld" && r.fee > 0).map((r) => r.id));
  for (const row of rows) await enqueueEmail(tx, outcomeMail(row, now));
}

/** A challenger's outcome, in the challenger's language. */
export function outcomeMail(row: OutcomeRow, now: Date) {
  const locale = mailLocale(row.locale);
  const t = translator(locale);
  const excerpt = row.text.length > 80 ? `${row.text.slice(0, 79)}…` : row.text;
  const upheld = row.status === "upheld";
  const what = !upheld ? "mail.challenge.stands" : row.dropped ? (row.dropped_question_marks === "all" ? "mail.challenge.droppedAll" : "mail.challenge.droppedAttempted") : "mail.challenge.corrected";
  return {
    to: row.email,
    subject: t(upheld ? "mail.challenge.upheldSubject" : "mail.challenge.rejectedSubject", { title: row.title }),
    ...renderMail({
      heading: t(upheld ? "mail.challenge.upheld" : "mail.challenge.rejected"),
      paragraphs: [
        t("mail.challenge.intro", { name: row.name?.trim() || row.email.split("@")[0], number: row.number, title: row.title, excerpt }),
        t(what),
        ...(row.response ? [t("mail.challenge.note", { note: row.response })] : []),
        ...(upheld && row.fee > 0 ? [t("mail.challenge.feeBack", { amount: formatINR(row.fee) })] : []),
        t("mail.challenge.final", { when: formatDateTime(now, locale) }),
      ],
      action: { label: t("mail.challenge.action"), url: `${appUrl()}/contest/${row.contest_id}/results?tab=breakdown` },
      locale,
    }),
  };
}
