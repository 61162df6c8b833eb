// Contests: the contest, its questions, each entry, its answers, results and
// proctoring events.
import { sql } from "drizzle-orm";
import { type AnyPgColumn, bigint, boolean, check, foreignKey, index, integer, jsonb, numeric, pgTable, primaryKey, smallint, text, unique, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { CHALLENGE_STATUSES, CONTEST_KINDS, DROPPED_MARKS, OUTAGE_CAUSES, OUTAGE_REMEDIES, PROCTORING_EVENT_KINDS, QUESTION_KINDS, REVIEW_DECISIONS, SAVE_RULES, SUBMIT_REASONS, TIE_BREAKS } from "../../utils/enums";
import { createdAt, id, keptFor, oneOf, time } from "./columns";
import { userRef, users } from "./accounts";
import { payments } from "./payments";

/** A column naming the contest a row describes: it goes with it (cascade). */
export const contestRef = () => uuid("contest_id").notNull().references(() => contests.id, { onDelete: "cascade" });

export const contests = pgTable(
  "contests",
  {
    id: id(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    subject: text("subject").notNull(),
    entry_fee: integer("entry_fee").notNull().default(0),
    // How the contest is funded (CONTEST_KINDS); free by default, the kind that is lawful everywhere.
    kind: text("kind", { enum: CONTEST_KINDS }).notNull().default("free"),
    // Who funds the prizes, as the contest page names them ("StudyArena" when the platform does).
    sponsor: text("sponsor"),
    duration_minutes: integer("duration_minutes").notNull(),
    start_time: time("start_time").notNull(),
    end_time: time("end_time").notNull(),
    is_active: boolean("is_active").notNull().default(true),
    // The on-device face check during the test (issue 47, point 1): on unless an admin turns it off
    // for a contest (docs/admin-sql.md). No image leaves the device either way.
    face_detection: boolean("face_detection").notNull().default(true),
    // { "first": 5000, "second": 2000, "grand_total": 7000, "bonus": "Certificate" }
    prize_pool: jsonb("prize_pool").$type<Record<string, unknown>>().notNull().default({}),
    // Set once prizes are assigned; makes finalisation idempotent.
    finalized_at: time("finalized_at"),
    created_at: createdAt(),
    // The paper's default marking scheme (a section or a question may set its own):
    // marks for a right answer, marks taken for a wrong one. Old contests are +1/0.
    marks: integer("marks").notNull().default(1),
    penalty: integer("penalty").notNull().default(0),
    // Each entry sees its own question order (per section) and option order.
    shuffle: boolean("shuffle").notNull().default(true),
    // The largest extra time of any entry (kept by a trigger on user_contest_entries):
    // the test closes for everyone only after the last deadline.
    longest_extra_minutes: integer("longest_extra_minutes").notNull().default(0),
    // After the close the key is provisional for this many hours: entrants may challenge
    // it; results and prizes are final only after it, with no challenge pending.
    challenge_window_hours: integer("challenge_window_hours").notNull().default(24),
    // What one challenge costs, in whole rupees (0: free); refunded when it is upheld.
    challenge_fee: integer("challenge_fee").notNull().default(0),
    // A question dropped after a challenge gives its marks to every entrant who sat (NTA's
    // rule) or only to those who attempted it.
    dropped_question_marks: text("dropped_question_marks", { enum: DROPPED_MARKS }).notNull().default("all"),
    // How equal marks are ranked (TIE_BREAKS): 'time' keeps every existing contest's ranks as they were.
    tie_break: text("tie_break", { enum: TIE_BREAKS }).notNull().default("time"),
    // When a choice counts (SAVE_RULES): NTA's rule for new papers; drizzle/0034 gave every
    // contest made before it 'every_choice', the rule its students were told.
    save_rule: text("save_rule", { enum: SAVE_RULES }).notNull().default("nta"),
    // A numerical answer may be typed on the physical keyboard too (NTA's: the on-screen keypad only).
    physical_keyboard: boolean("physical_keyboard").notNull().default(false),
    // The re-test of a contest our outage broke (docs/decisions/contests-shift-when-we-fail.md, "When we fail"):
    // its own paper, unlisted; those who chose it are enrolled by the server (app/models/contests/sitting/outages.server.ts).
    retest_of: uuid("retest_of").references((): AnyPgColumn => contests.id, { onDelete: "set null" }),
  },
  (t) => [
    check("contests_time_order", sql`${t.end_time} > ${t.start_time}`),
    check("contests_duration_positive", sql`${t.duration_minutes} > 0`),
    check("contests_entry_fee_nonnegative", sql`${t.entry_fee} >= 0`),
    check("contests_marks_positive", sql`${t.marks} > 0`),
    check("contests_penalty_within_marks", sql`${t.penalty} BETWEEN 0 AND ${t.marks}`),
    check("contests_challenge_window_hours", sql`${t.challenge_window_hours} BETWEEN 0 AND 720`),
    check("contests_challenge_fee", sql`${t.challenge_fee} BETWEEN 0 AND 10000`),
    check("contests_dropped_question_marks", oneOf(t.dropped_question_marks, DROPPED_MARKS)),
    check("contests_tie_break", oneOf(t.tie_break, TIE_BREAKS)),
    check("contests_save_rule", oneOf(t.save_rule, SAVE_RULES)),
    // The lawful kinds (docs/decisions/contests-lawful-kinds.md): what each kind may not be.
    check("contests_kind", oneOf(t.kind, CONTEST_KINDS)),
    check("contests_free_has_no_fee", sql`${t.kind} <> 'free' OR ${t.entry_fee} = 0`),
    check("contests_free_prizes_sponsored", sql`${t.kind} <> 'free' OR ${t.prize_pool} = '{}'::jsonb OR (${t.sponsor} IS NOT NULL AND length(btrim(${t.sponsor})) > 0)`),
    check("contests_practice_has_no_prize", sql`${t.kind} <> 'practice' OR ${t.prize_pool} = '{}'::jsonb`),
    check("contests_paid_prize_has_fee", sql`${t.kind} <> 'paid_prize' OR ${t.entry_fee} > 0`),
    check("contests_sponsor_length", sql`${t.sponsor} IS NULL OR length(${t.sponsor}) BETWEEN 1 AND 120`),
    index("contests_active_start_idx").on(t.is_active, t.start_time),
    // The server's sweep looks only at contests not finalised yet.
    index("contests_unfinalized_start_idx").on(t.start_time).where(sql`${t.finalized_at} IS NULL`),
    index("contests_retest_of_idx").on(t.retest_of).where(sql`${t.retest_of} IS NOT NULL`),
  ],
);

// A paper's parts, in order (Physics, Chemistry, Mathematics). Old contests have one
// unnamed section. Marks and penalty, when set, are the default of its questions.
export const contest_sections = pgTable(
  "contest_sections",
  {
    id: id(),
    contest_id: contestRef(),
    position: integer("position").notNull(),
    title: text("title").notNull().default(""),
    title_hi: text("title_hi"),
    marks: integer("marks"),
    penalty: integer("penalty"),
    // Under the NTA tie-break, this section's marks decide a tie in this order (1 first); null: not used.
    tie_break_order: integer("tie_break_order"),
  },
  (t) => [
    uniqueIndex("contest_sections_contest_position_key").on(t.contest_id, t.position),
    uniqueIndex("contest_sections_contest_tie_break_key").on(t.contest_id, t.tie_break_order),
    check("contest_sections_tie_break_order", sql`${t.tie_break_order} > 0`),
    unique("contest_sections_id_contest_key").on(t.id, t.contest_id),
    check("contest_sections_marks_positive", sql`${t.marks} > 0`),
    check("contest_sections_penalty_within_marks", sql`${t.penalty} >= 0 AND ${t.penalty} <= COALESCE(${t.marks}, ${t.penalty})`),
  ],
);

// A question: single correct, multiple correct or numerical. Options are named by their
// number in `options` (1, 2, …), never by where a student saw them or by their text;
// `correct_answer` (the spec's column) is the right option's text of a single-correct
// question and `correct_options` the numbers (a trigger keeps the two in step, so
// admin SQL may give either). A trigger also puts a question without a section into
// its contest's first section (docs/admin-sql.md).
export const questions = pgTable(
  "questions",
  {
    id: id(),
    contest_id: contestRef(),
    // Left out of an insert, the trigger puts the question in the contest's first section.
    section_id: uuid("section_id").notNull().$defaultFn(() => sql`NULL`),
    position: integer("position").notNull().default(0),
    kind: text("kind", { enum: QUESTION_KINDS }).notNull().default("single"),
    question_text: text("question_text").notNull(),
    question_text_hi: text("question_text_hi"),
    options: text("options").array().notNull().default(sql`'{}'::text[]`),
    options_hi: text("options_hi").array(),
    correct_answer: text("correct_answer"),
    correct_options: smallint("correct_options").array(),
    // JEE Advanced's partial marking for a multiple-correct question (else all or nothing).
    partial_marking: boolean("partial_marking").notNull().default(false),
    // A numerical question is right from answer_min to answer_max, both included.
    answer_min: numeric("answer_min"),
    answer_max: numeric("answer_max"),
    marks: integer("marks"),
    penalty: integer("penalty"),
    // A diagram from the image store (npm run contests:image), described for screen readers.
    image_key: text("image_key"),
    image_alt: text("image_alt"),
    explanation: text("explanation"),
    // The explanation in Hindi (issue 48, point 5): a Hindi reader's breakdown shows it.
    explanation_hi: text("explanation_hi"),
    // A topic within the section ('Kinematics'), for accuracy by topic in the analysis.
    topic: text("topic"),
    // Dropped after a challenge (docs/admin-sql.md): nobody loses marks on it; who gains
    // its marks is the contest's dropped_question_marks.
    dropped: boolean("dropped").notNull().default(false),
    // The question's id on a response sheet (issue 48, point 4): a short number, as NTA's,
    // that an admin never gives; an option's id is this × 100 + its number (response-sheet.ts).
    public_id: bigint("public_id", { mode: "number" }).notNull().generatedAlwaysAsIdentity({ startWith: 1000001 }),
  },
  (t) => [
    uniqueIndex("questions_public_id_key").on(t.public_id),
    check("questions_kind", oneOf(t.kind, QUESTION_KINDS)),
    check("questions_topic", sql`${t.topic} IS NULL OR char_length(btrim(${t.topic})) BETWEEN 1 AND 60`),
    check("questions_two_options", sql`${t.kind} = 'numerical' OR cardinality(${t.options}) >= 2`),
    check("questions_correct_answer_is_option", sql`${t.correct_answer} IS NULL OR ${t.correct_answer} = ANY(${t.options})`),
    check(
      "questions_correct_options",
      sql`CASE ${t.kind} WHEN 'numerical' THEN ${t.correct_options} IS NULL
            WHEN 'single' THEN COALESCE(cardinality(${t.correct_options}), 0) = 1
            ELSE COALESCE(cardinality(${t.correct_options}), 0) >= 1 END
          AND 1 <= ALL(${t.correct_options}) AND cardinality(${t.options}) >= ALL(${t.correct_options})`,
    ),
    check("questions_numerical_range", sql`(${t.kind} = 'numerical') = (${t.answer_min} IS NOT NULL AND ${t.answer_max} IS NOT NULL) AND ${t.answer_min} <= ${t.answer_max}`),
    check("questions_partial_is_multiple", sql`NOT ${t.partial_marking} OR ${t.kind} = 'multiple'`),
    check("questions_hindi_options", sql`${t.options_hi} IS NULL OR cardinality(${t.options_hi}) = cardinality(${t.options})`),
    check("questions_marks_positive", sql`${t.marks} > 0`),
    check("questions_penalty_within_marks", sql`${t.penalty} >= 0 AND ${t.penalty} <= COALESCE(${t.marks}, ${t.penalty})`),
    check("questions_image_has_alt", sql`${t.image_key} IS NULL OR length(btrim(${t.image_alt})) > 0`),
    // One question per place; (id, contest_id) lets an answer name both.
    uniqueIndex("questions_contest_position_key").on(t.contest_id, t.position),
    unique("questions_id_contest_key").on(t.id, t.contest_id),
    // A question's section is one of its own contest's.
    foreignKey({
      name: "questions_section_fk",
      columns: [t.section_id, t.contest_id],
      foreignColumns: [contest_sections.id, contest_sections.contest_id],
    }).onDelete("cascade"),
  ],
);

// One entry per user and contest, created only by a verified payment (or directly
// for a free contest). "Enrolled" means this row exists.
export const user_contest_entries = pgTable(
  "user_contest_entries",
  {
    id: id(),
    user_id: userRef("user_id"),
    contest_id: contestRef(),
    // Spec: true once the user starts the test.
    status: boolean("status").notNull().default(false),
    started_at: time("started_at"),
    has_submitted: boolean("has_submitted").notNull().default(false),
    submitted_at: time("submitted_at"),
    // Why it was submitted, a code (SUBMIT_REASONS in app/models/contests/sitting/test-rules.ts),
    // and whether an answer or the submission itself did not get through.
    submit_reason: text("submit_reason"),
    submitted_with_errors: boolean("submitted_with_errors").notNull().default(false),
    // Recorded when the device has no Fullscreen API (e.g. iPhone Safari).
    fullscreen_unavailable: boolean("fullscreen_unavailable").notNull().default(false),
    // The verified payment that created this entry; null for a free contest.
    payment_id: keptFor("payment_id", () => payments.id),
    created_at: createdAt(),
    // An accommodation set by admin SQL: this entry's deadline only moves by it.
    extra_minutes: integer("extra_minutes").notNull().default(0),
    // The student agreed (an adult, on the camera check) that a snapshot is kept with each flag (issue 47, point 3).
    evidence_consent_at: time("evidence_consent_at"),
    // Keyed hashes of the device's cookie and the network address the test started from
    // (never the address itself): many entrants from one device is a signal (issue 47, point 4).
    device_hash: text("device_hash"),
    address_hash: text("address_hash"),
    // The part of extra_minutes given back for our own outages (docs/decisions/contests-shift-when-we-fail.md, "When we fail").
    outage_minutes: integer("outage_minutes").notNull().default(0),
  },
  (t) => [
    uniqueIndex("user_contest_entries_user_contest_key").on(t.user_id, t.contest_id),
    index("user_contest_entries_contest_idx").on(t.contest_id),
    uniqueIndex("user_contest_entries_payment_key").on(t.payment_id),
    // Entries still open, for the server's auto-submission after the deadline.
    index("user_contest_entries_open_idx").on(t.contest_id).where(sql`NOT ${t.has_submitted}`),
    // The flags are the timestamps' shadows: neither can say something the other does not.
    check("user_contest_entries_started_when", sql`${t.status} = (${t.started_at} IS NOT NULL)`),
    check("user_contest_entries_submitted_when", sql`${t.has_submitted} = (${t.submitted_at} IS NOT NULL)`),
    // Only a submitted entry has a reason, one of the codes; only a reason can carry errors.
    check(
      "user_contest_entries_submit_reason",
      sql`(${t.submit_reason} IS NULL OR (${t.has_submitted} AND ${oneOf(t.submit_reason, SUBMIT_REASONS)})) AND (${t.submit_reason} IS NOT NULL OR NOT ${t.submitted_with_errors})`,
    ),
    check("user_contest_entries_extra_minutes", sql`${t.extra_minutes} BETWEEN 0 AND 600`),
    check("user_contest_entries_outage_minutes", sql`${t.outage_minutes} BETWEEN 0 AND ${t.extra_minutes}`),
  ],
);

/**
 * A time the service was not there for students (docs/decisions/contests-shift-when-we-fail.md,
 * "When we fail"): recorded by an instance that lost its database and found it again, or by
 * an admin with SQL. Each entry whose test it overlapped is credited once (outage_credits).
 */
export const service_outages = pgTable(
  "service_outages",
  {
    id: id(),
    started_at: time("started_at").notNull(),
    ended_at: time("ended_at").notNull(),
    cause: text("cause", { enum: OUTAGE_CAUSES }).notNull(),
    // An outage of one contest only (a fault in its paper, say); null: every contest running then.
    contest_id: uuid("contest_id").references(() => contests.id, { onDelete: "cascade" }),
    detail: text("detail"),
    // Set once its credits are given (app/models/contests/sitting/outages.server.ts).
    credited_at: time("credited_at"),
    created_at: createdAt(),
  },
  (t) => [
    check("service_outages_cause", oneOf(t.cause, OUTAGE_CAUSES)),
    check("service_outages_span", sql`${t.ended_at} > ${t.started_at}`),
    index("service_outages_to_credit_idx").on(t.ended_at).where(sql`${t.credited_at} IS NULL`),
  ],
);

/**
 * Each instance's last sign of life, written every 5 seconds: an instance that starts after a
 * silence of every instance records that span as an outage (app/server/outage-watch.server.ts).
 */
export const instance_beats = pgTable("instance_beats", {
  instance: text("instance").primaryKey(),
  beat_at: time("beat_at").notNull(),
});

/** What one outage gave one entry: minutes of time back, and whether it passed the bound for a re-test or a refund. */
export const outage_credits = pgTable(
  "outage_credits",
  {
    outage_id: uuid("outage_id")
      .notNull()
      .references(() => service_outages.id, { onDelete: "cascade" }),
    entry_id: uuid("entry_id")
      .notNull()
      .references(() => user_contest_entries.id, { onDelete: "cascade" }),
    minutes: integer("minutes").notNull(),
    past_bound: boolean("past_bound").notNull(),
    created_at: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.outage_id, t.entry_id] }), index("outage_credits_entry_idx").on(t.entry_id), check("outage_credits_minutes", sql`${t.minutes} > 0`)],
);

/**
 * A student's choice after an outage past the bound, once: a re-test, or (a paid entry) the
 * fee back. Either withdraws the entry's result from the ranking and prizes (rankedText in
 * app/models/contests/results/marking.server.ts); the marks stay theirs to read.
 */
export const outage_remedies = pgTable(
  "outage_remedies",
  {
    contest_id: uuid("contest_id").notNull(),
    user_id: uuid("user_id").notNull(),
    choice: text("choice", { enum: OUTAGE_REMEDIES }).notNull(),
    chosen_at: time("chosen_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.contest_id, t.user_id] }),
    foreignKey({ columns: [t.user_id, t.contest_id], foreignColumns: [user_contest_entries.user_id, user_contest_entries.contest_id] }).onDelete("cascade"),
    check("outage_remedies_choice", oneOf(t.choice, OUTAGE_REMEDIES)),
  ],
);

// A question the student has seen (the row exists once visited), what they answered
// and whether they marked it for review. An answer belongs to an entry and to a
// question of the same contest (both composite keys share contest_id). Whether it is
// right is never stored: scoring compares selected_options (option numbers) or
// numeric_answer with the question's key (question_marks() in drizzle/0008_exam_papers.sql).
// selected_answer is the same answer as text, for people reading SQL.
export const user_answers = pgTable(
  "user_answers",
  {
    id: id(),
    user_id: uuid("user_id").notNull(),
    contest_id: uuid("contest_id").notNull(),
    question_id: uuid("question_id").notNull(),
    selected_answer: text("selected_answer"),
    selected_options: smallint("selected_options").array(),
    numeric_answer: numeric("numeric_answer"),
    marked: boolean("marked").notNull().default(false),
    answered_at: time("answered_at").notNull().defaultNow(),
    // The response on screen but not saved (issue 48, point 1): options chosen ('{}' for
    // none) or the number as typed so far, so a reload restores the screen. Never scored.
    draft_options: smallint("draft_options").array(),
    draft_value: text("draft_value"),
    // Seconds the question was on screen, as the island measured it (issue 48, point 5):
    // never more than the test's length (answer-batch.server.ts), never going down.
    seconds_spent: integer("seconds_spent").notNull().default(0),
  },
  (t) => [
    check("user_answers_draft_value", sql`length(${t.draft_value}) <= 18`),
    check("user_answers_seconds_spent", sql`${t.seconds_spent} >= 0`),
    uniqueIndex("user_answers_user_question_key").on(t.user_id, t.question_id),
    index("user_answers_user_contest_idx").on(t.user_id, t.contest_id),
    foreignKey({
      name: "user_answers_entry_fk",
      columns: [t.user_id, t.contest_id],
      foreignColumns: [user_contest_entries.user_id, user_contest_entries.contest_id],
    }).onDelete("cascade"),
    foreignKey({
      name: "user_answers_question_fk",
      columns: [t.question_id, t.contest_id],
      foreignColumns: [questions.id, questions.contest_id],
    }).onDelete("cascade"),
  ],
);

export const contest_results = pgTable(
  "contest_results",
  {
    contest_id: contestRef(),
    user_id: userRef("user_id"),
    score: integer("score").notNull(),
    // How many questions had a saved answer: a blank paper (0) gets no rank and no prize.
    answered: integer("answered").notNull().default(0),
    rank: integer("rank"),
    prize_amount: integer("prize_amount").notNull().default(0),
    // Milliseconds from the contest's start_time to the submission.
    response_time: integer("response_time").notNull(),
    // For the NTA tie-break (TIE_BREAKS): responses that earned marks and that did not, and the
    // marks of each section with a tie_break_order, in that order.
    correct: integer("correct").notNull().default(0),
    incorrect: integer("incorrect").notNull().default(0),
    section_scores: integer("section_scores").array(),
    updated_at: time("updated_at").notNull().defaultNow(),
    // A reviewer's decision (models/contests/review/review.server.ts): a disqualified entry keeps its
    // marks but has no rank, percentile place, prize or certificate; everyone below moves up.
    disqualified_at: time("disqualified_at"),
    disqualification_reason: text("disqualification_reason"),
  },
  (t) => [
    primaryKey({ columns: [t.contest_id, t.user_id] }),
    check("contest_results_disqualified_why", sql`(${t.disqualified_at} IS NULL) = (${t.disqualification_reason} IS NULL)`),
    index("contest_results_contest_rank_idx").on(t.contest_id, t.rank),
    // The live leaderboard's order before the contest is finalised.
    index("contest_results_contest_order_idx").on(t.contest_id, t.score.desc(), t.response_time),
    index("contest_results_user_idx").on(t.user_id),
  ],
);

// Every review decision, kept (issue 47, point 5): who decided what about whose entry, when
// and why. A decision on an appeal is by a second reviewer, never the one who disqualified.
export const review_decisions = pgTable(
  "review_decisions",
  {
    id: id(),
    contest_id: contestRef(),
    user_id: userRef("user_id"),
    reviewer_id: uuid("reviewer_id").notNull().references(() => users.id),
    decision: text("decision", { enum: REVIEW_DECISIONS }).notNull(),
    reason: text("reason"),
    decided_at: time("decided_at").notNull(),
  },
  (t) => [
    check("review_decisions_decision", oneOf(t.decision, REVIEW_DECISIONS)),
    check("review_decisions_reason_length", sql`char_length(${t.reason}) <= 1000`),
    index("review_decisions_entry_idx").on(t.contest_id, t.user_id, t.decided_at),
  ],
);

// A disqualified student's one appeal (issue 47, point 5): a written statement within 48
// hours of the decision; the results stay provisional until a second reviewer decides it.
export const review_appeals = pgTable(
  "review_appeals",
  {
    contest_id: contestRef(),
    user_id: userRef("user_id"),
    statement: text("statement").notNull(),
    appealed_at: time("appealed_at").notNull(),
    decided_at: time("decided_at"),
  },
  (t) => [
    primaryKey({ columns: [t.contest_id, t.user_id] }),
    check("review_appeals_statement_length", sql`char_length(${t.statement}) BETWEEN 1 AND 2000`),
    index("review_appeals_open_idx").on(t.contest_id).where(sql`${t.decided_at} IS NULL`),
  ],
);

// A practice test's certificate (issue 46, point 3): one per result, issued when the
// contest is finalised (models/contests/results/certificates.server.ts). The code is what
// anyone types at /certificates to see that it is genuine: 20 random hex digits, or 12 for
// the certificates issued before issue 65 (drizzle/0052_certificate_codes.sql).
export const certificates = pgTable(
  "certificates",
  {
    code: text("code").primaryKey(),
    contest_id: uuid("contest_id").notNull(),
    user_id: uuid("user_id").notNull(),
    issued_at: time("issued_at").notNull().defaultNow(),
  },
  (t) => [
    check("certificates_code", sql`${t.code} ~ '^[0-9A-F]{12}([0-9A-F]{8})?$'`),
    uniqueIndex("certificates_contest_user_key").on(t.contest_id, t.user_id),
    // It certifies a result: it goes with it.
    foreignKey({ name: "certificates_result_fk", columns: [t.contest_id, t.user_id], foreignColumns: [contest_results.contest_id, contest_results.user_id] }).onDelete("cascade"),
  ],
);

// An entrant's challenge to the provisional key of one question, once per question,
// within the contest's window (models/contests/challenges/challenges.server.ts); an admin decides
// it with SQL (docs/admin-sql.md). The question is one of the same contest's.
export const question_challenges = pgTable(
  "question_challenges",
  {
    id: id(),
    contest_id: uuid("contest_id").notNull(),
    question_id: uuid("question_id").notNull(),
    user_id: uuid("user_id").notNull(),
    reason: text("reason").notNull(),
    source_url: text("source_url"),
    // `unpaid` while its fee (the contest's, when it was made) waits for its payment; then pending.
    status: text("status", { enum: CHALLENGE_STATUSES }).notNull().default("pending"),
    fee: integer("fee").notNull().default(0),
    // The admin's answer, mailed to the challenger with the outcome.
    response: text("response"),
    created_at: createdAt(),
    resolved_at: time("resolved_at"),
    // Set when the outcome mail is queued (once, at finalisation).
    notified_at: time("notified_at"),
    // The options the student says are right, by number (issue 48, point 4): the form names
    // them by the letter the student saw and by their ids, so the admin knows which is meant.
    claimed_options: smallint("claimed_options").array(),
  },
  (t) => [
    uniqueIndex("question_challenges_user_question_key").on(t.user_id, t.question_id),
    // Pending challenges hold a contest's finalisation; the sweep asks per contest.
    index("question_challenges_contest_status_idx").on(t.contest_id, t.status),
    check("question_challenges_status", oneOf(t.status, CHALLENGE_STATUSES)),
    check("question_challenges_reason", sql`char_length(btrim(${t.reason})) BETWEEN 1 AND 500`),
    check("question_challenges_source_url", sql`${t.source_url} IS NULL OR (char_length(${t.source_url}) <= 500 AND ${t.source_url} ~ '^https?://')`),
    check("question_challenges_resolved_when", sql`(${t.status} IN ('unpaid', 'pending')) = (${t.resolved_at} IS NULL)`),
    check("question_challenges_fee", sql`${t.fee} >= 0 AND (${t.status} <> 'unpaid' OR ${t.fee} > 0)`),
    check("question_challenges_claimed_options", sql`1 <= ALL(${t.claimed_options}) AND cardinality(${t.claimed_options}) BETWEEN 1 AND 26`),
    foreignKey({
      name: "question_challenges_entry_fk",
      columns: [t.user_id, t.contest_id],
      foreignColumns: [user_contest_entries.user_id, user_contest_entries.contest_id],
    }).onDelete("cascade"),
    foreignKey({
      name: "question_challenges_question_fk",
      columns: [t.question_id, t.contest_id],
      foreignColumns: [questions.id, questions.contest_id],
    }).onDelete("cascade"),
  ],
);

/**
 * Snapshot keys whose event is gone (retention, erasure, a deleted account): filled by a
 * trigger on proctoring_events (migration 0032), so every way a row goes is covered;
 * app/models/contests/review/evidence.server.ts removes them from the image store.
 */
export const discarded_snapshots = pgTable("discarded_snapshots", {
  key: text("key").primaryKey(),
  discarded_at: time("discarded_at").notNull().defaultNow(),
});

export const proctoring_events = pgTable(
  "proctoring_events",
  {
    id: id(),
    entry_id: uuid("entry_id")
      .notNull()
      .references(() => user_contest_entries.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: PROCTORING_EVENT_KINDS }).notNull(),
    occurred_at: time("occurred_at").notNull().defaultNow(),
    detail: text("detail"),
    // How long what was flagged lasted (the face check's flags; issue 47, point 3).
    duration_ms: integer("duration_ms"),
    // A small JPEG kept with the flag in the image store, only with consent (evidence.server.ts).
    snapshot_key: text("snapshot_key"),
  },
  (t) => [
    check("proctoring_events_kind", oneOf(t.kind, PROCTORING_EVENT_KINDS)),
    check("proctoring_events_duration", sql`${t.duration_ms} IS NULL OR ${t.duration_ms} BETWEEN 0 AND 3600000`),
    index("proctoring_events_entry_idx").on(t.entry_id, t.occurred_at),
    // The media route refuses a snapshot's key: evidence is served only to reviewers.
    index("proctoring_events_snapshot_idx").on(t.snapshot_key).where(sql`${t.snapshot_key} IS NOT NULL`),
  ],
);
