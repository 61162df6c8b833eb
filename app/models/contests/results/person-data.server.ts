// The contests' person data (issue 66, point 2; docs/decisions/privacy-personal-data.md):
// a student's entries, answers, results, practice and reviews, and what erasure does to
// each. Contests owe no money of their own (a prize is a payout, a fee back a refund: the
// payments' contract). Registered by models/person-data.server.ts.
import { sql } from "drizzle-orm";
import { deleteRowsOf, rowsOfMine, type PersonData } from "~/models/accounts/personal-data.server";

const RANKS = "kept, nameless, so nobody's rank moves";

export const CONTESTS_PERSON_DATA: PersonData = {
  domain: "contests",
  tables: {
    user_contest_entries: { erase: "keep", why: `an entry stays with its result and payment, ${RANKS}` },
    user_answers: { erase: "delete", why: "deleted once the contest is final; before, kept nameless, since a re-scoring after a challenge reads them" },
    contest_results: { erase: "keep", why: RANKS },
    certificates: { erase: "delete", why: "carries the person's name" },
    question_challenges: { erase: "keep", why: "a challenge decides a question's key for every entrant" },
    practice_attempts: { erase: "delete", why: "describes only the person (its answers go with it)" },
    practice_answers: { erase: "delete", why: "deleted with their attempt" },
    question_bookmarks: { erase: "delete", why: "describes only the person" },
    review_decisions: { erase: "keep", why: "a reviewer's decision on an entry, which a result may stand on; an erased reviewer's decisions stay the contest's record" },
    review_appeals: { erase: "delete", why: "what the person wrote" },
    outage_credits: { erase: "keep", why: "time given back to an entry, which its result stands on" },
    outage_remedies: { erase: "keep", why: "a re-test or refund chosen after our outage, which a result and a refund stand on" },
    proctoring_events: { erase: "delete", why: "evidence about the person" },
  },
  download: (me) => ({
    contest_entries: rowsOfMine("user_contest_entries", sql`t.user_id = ${me}`),
    answers: rowsOfMine("user_answers", sql`t.user_id = ${me}`),
    results: rowsOfMine("contest_results", sql`t.user_id = ${me}`),
    certificates: rowsOfMine("certificates", sql`t.user_id = ${me}`),
    challenges: rowsOfMine("question_challenges", sql`t.user_id = ${me}`),
    // Practice of finished papers and the questions kept for revision (issue 48, point 6).
    practice_attempts: rowsOfMine("practice_attempts", sql`t.user_id = ${me}`),
    practice_answers: rowsOfMine("practice_answers", sql`t.attempt_id IN (SELECT id FROM practice_attempts WHERE user_id = ${me})`),
    revision_bookmarks: rowsOfMine("question_bookmarks", sql`t.user_id = ${me}`),
    // Reviewers' decisions on the person's entries and their appeals; not who the reviewer was.
    review_decisions: rowsOfMine("review_decisions", sql`t.user_id = ${me}`, ["reviewer_id"]),
    appeals: rowsOfMine("review_appeals", sql`t.user_id = ${me}`),
    // Time given back for our outages, and a re-test or refund chosen after one (issue 50, point 5).
    outage_credits: rowsOfMine("outage_credits", sql`t.entry_id IN (SELECT id FROM user_contest_entries WHERE user_id = ${me})`),
    outage_remedies: rowsOfMine("outage_remedies", sql`t.user_id = ${me}`),
    proctoring_events: rowsOfMine("proctoring_events", sql`t.entry_id IN (SELECT id FROM user_contest_entries WHERE user_id = ${me})`),
  }),
  owed: [],
  erase: async (tx, { id }) => {
    await deleteRowsOf(tx, id, ["certificates", "review_appeals", "practice_attempts", "question_bookmarks"]);
    await tx.execute(sql`DELETE FROM proctoring_events WHERE entry_id IN (SELECT id FROM user_contest_entries WHERE user_id = ${id})`);
    // Answers of contests still open to challenge stay (a re-scoring reads them), nameless.
    await tx.execute(sql`DELETE FROM user_answers a USING contests c WHERE a.user_id = ${id} AND c.id = a.contest_id AND c.finalized_at IS NOT NULL`);
  },
};
