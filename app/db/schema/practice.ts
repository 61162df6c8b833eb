// Practice and revision (issue 48, point 6): a finished contest's paper taken again by an
// entrant, as often as they like, unscored, unranked and without proctoring; and the
// questions a student keeps for revision. Nothing here touches a score, a rank or a prize.
import { sql } from "drizzle-orm";
import { check, index, integer, numeric, pgTable, primaryKey, smallint, text, uniqueIndex, uuid, boolean } from "drizzle-orm/pg-core";
import { PRACTICE_SCOPES } from "../../utils/enums";
import { createdAt, id, oneOf, time } from "./columns";
import { userRef } from "./accounts";
import { contestRef, questions, user_contest_entries } from "./contests";

/**
 * One attempt: the entry it practises, the questions it holds (in the order the entry
 * saw them), and its own clock. One attempt of an entry is open at a time; the oldest
 * beyond the kept number go when a new one starts (models/contests/practice/practice.server.ts).
 */
export const practice_attempts = pgTable(
  "practice_attempts",
  {
    id: id(),
    entry_id: uuid("entry_id")
      .notNull()
      .references(() => user_contest_entries.id, { onDelete: "cascade" }),
    user_id: userRef("user_id"),
    contest_id: contestRef(),
    scope: text("scope", { enum: PRACTICE_SCOPES }).notNull(),
    question_ids: uuid("question_ids").array().notNull(),
    // The attempt's length: the paper's, in proportion to the questions it holds.
    minutes: integer("minutes").notNull(),
    started_at: time("started_at").notNull().defaultNow(),
    submitted_at: time("submitted_at"),
  },
  (t) => [
    check("practice_attempts_scope", oneOf(t.scope, PRACTICE_SCOPES)),
    check("practice_attempts_minutes", sql`${t.minutes} > 0`),
    index("practice_attempts_entry_idx").on(t.entry_id, t.started_at),
    index("practice_attempts_user_idx").on(t.user_id),
    uniqueIndex("practice_attempts_one_open").on(t.entry_id).where(sql`${t.submitted_at} IS NULL`),
  ],
);

/** A question's state in a practice attempt: the same columns as user_answers, so the one marking rule reads both. */
export const practice_answers = pgTable(
  "practice_answers",
  {
    attempt_id: uuid("attempt_id")
      .notNull()
      .references(() => practice_attempts.id, { onDelete: "cascade" }),
    question_id: uuid("question_id")
      .notNull()
      .references(() => questions.id, { onDelete: "cascade" }),
    selected_options: smallint("selected_options").array(),
    numeric_answer: numeric("numeric_answer"),
    marked: boolean("marked").notNull().default(false),
    draft_options: smallint("draft_options").array(),
    draft_value: text("draft_value"),
    seconds_spent: integer("seconds_spent").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.attempt_id, t.question_id] }),
    check("practice_answers_draft_value", sql`length(${t.draft_value}) <= 18`),
    check("practice_answers_seconds_spent", sql`${t.seconds_spent} >= 0`),
  ],
);

/** A question a student keeps for revision ("My revision"); a student keeps at most BOOKMARK_CAP (models/contests/practice/practice.ts). */
export const question_bookmarks = pgTable(
  "question_bookmarks",
  {
    user_id: userRef("user_id"),
    question_id: uuid("question_id")
      .notNull()
      .references(() => questions.id, { onDelete: "cascade" }),
    created_at: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.question_id] }), index("question_bookmarks_user_idx").on(t.user_id, t.created_at), index("question_bookmarks_question_idx").on(t.question_id)],
);
