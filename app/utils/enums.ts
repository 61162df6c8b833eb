// Value lists shared by the database schema and the browser (forms, labels). Kept
// out of app/db so that client code never pulls Drizzle into its bundle.
export const CONTACT_SUBJECTS = ["payment", "contest", "technical", "account", "other"] as const;
// What a complaint came from (app/models/support/complaints.server.ts): the contact form, a seller's return dispute sent to support, a student's appeal.
export const COMPLAINT_KINDS = ["contact", "return_dispute", "appeal"] as const;
/**
 * A used book's grade, as Amazon grades used books (issue 49, point 6; docs/decisions/marketplace-condition-grades.md):
 * each explained where it is chosen and where it is shown (store.grade.* in the store's words).
 */
export const PRODUCT_CONDITIONS = ["Like New", "Very Good", "Good", "Acceptable"] as const;
export const ORDER_STATUSES = ["pending", "completed", "failed"] as const;
/** Who cancelled an order line: its buyer, its seller (with a reason), or the sweep (a COD line never shipped). */
export const CANCELLED_BY = ["buyer", "seller", "system"] as const;
export const PAYMENT_METHODS = ["razorpay", "upi", "cod"] as const;
/** How an order reaches its buyer: shipped, or handed over in person in one city (issue 49, point 4). */
export const DELIVERIES = ["ship", "meet"] as const;
export const PAYMENT_PURPOSES = ["contest", "order", "challenge"] as const;
export const PAYMENT_STATUSES = ["created", "paid", "failed"] as const;
export const PAYMENT_GATEWAYS = ["razorpay", "test"] as const;
/** Money held at the gateway for someone (held_transfers): what its owner wants of it, and what the gateway has done (`none`: no transfer yet). */
export const HELD_GOALS = ["held", "released", "reversed"] as const;
export const HELD_STATES = ["none", "held", "released", "reversed"] as const;
/** Why a captured payment is kept for a person to look at: a second payment of a paid order, or a payment id already recorded on another order. */
export const PAYMENT_REVIEW_REASONS = ["second_payment", "payment_id_elsewhere"] as const;
/** A refund owed: waiting to be sent (or retried), accepted by the gateway, or refused by it (support is told). */
export const REFUND_STATUSES = ["queued", "sent", "failed"] as const;
/** Why a refund is owed (models/refund-reasons.ts reads each into a message); `other`: a reason written before codes, kept as its text. */
export const REFUND_REASON_CODES = ["contest_late", "contest_twice", "order_twice", "order_late", "line", "payment_twice", "challenge_twice", "challenge_late", "challenge_upheld", "contest_unavailable", "cod_deposit", "contest_outage", "other"] as const;
/** Where a prize is paid: a UPI ID, or a bank account with its IFSC. */
export const PAYOUT_METHODS = ["upi", "bank"] as const;
/** What a payout pays: a contest prize, or a seller's marketplace earnings. */
export const PAYOUT_PURPOSES = ["prize", "earnings"] as const;
/**
 * A prize on its way out: waiting for the winner's payout details, queued for the
 * gateway, processing there, paid (with the bank's reference), failed, or reversed; or
 * declined by its winner while it waited (issue 65: never paid, its record kept).
 */
export const PAYOUT_STATUSES = ["awaiting_details", "queued", "processing", "paid", "failed", "reversed", "declined"] as const;
export const EMAIL_STATUSES = ["pending", "sent", "failed", "logged"] as const;
/**
 * What the test page noticed: the browser's events, and the on-device face check's
 * (issue 47): no face or more than one, each sustained; `not_monitored` when the device
 * cannot run the check (never a penalty by itself).
 */
export const PROCTORING_EVENT_KINDS = ["fullscreen_exit", "tab_hidden", "camera_lost", "fullscreen_unavailable", "no_face", "multiple_faces", "looking_away", "not_monitored"] as const;
/** A reviewer's decisions on an entry (issue 47): clear it, disqualify it; on its appeal, uphold the appeal (restore it) or reject it. */
export const REVIEW_DECISIONS = ["clear", "disqualify", "appeal_upheld", "appeal_rejected"] as const;
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];
/** What a question asks for (docs/product/design.md §4, Papers are exams): one option, some options, or a number in a range. */
export const QUESTION_KINDS = ["single", "multiple", "numerical"] as const;
/** An answer-key challenge: waiting for an admin, or decided (upheld: the key changed or the question was dropped). */
export const CHALLENGE_STATUSES = ["unpaid", "pending", "upheld", "rejected"] as const;
/** Who gets a dropped question's marks: every entrant who sat (NTA's rule), or only those who attempted it. */
export const DROPPED_MARKS = ["all", "attempted"] as const;
/**
 * How equal marks are ranked (issue 48, point 3): `time`, less time taken first (the rule
 * so far); `nta`, JEE Main's rule since 2025: marks in the sections in their stated order
 * (contest_sections.tie_break_order), then fewer incorrect answers per correct one, then
 * the same rank.
 */
export const TIE_BREAKS = ["time", "nta"] as const;
/**
 * When a choice counts (issue 48, point 1): `nta`, only on Save & Next or Mark for Review
 * & Next, as NTA's screen (the default for new papers); `every_choice`, the moment an
 * option is chosen (every contest made before the rule existed).
 */
export const SAVE_RULES = ["nta", "every_choice"] as const;
/** Why a test was submitted (user_contest_entries.submit_reason; said by app/models/contests/sitting/test-rules.ts). */
export const SUBMIT_REASONS = ["manual", "time_up", "left"] as const;
export type SubmitReason = (typeof SUBMIT_REASONS)[number];
export type SaveRule = (typeof SAVE_RULES)[number];
export type TieBreak = (typeof TIE_BREAKS)[number];
/**
 * How a contest is funded (docs/decisions/contests-lawful-kinds.md): free entry with prizes
 * (if any) from a named sponsor or the platform; practice, a fee or none and no prize of
 * money's worth; paid-prize, a fee and cash prizes, offered only where the operator turns it on.
 */
export const CONTEST_KINDS = ["free", "practice", "paid_prize"] as const;
/**
 * What a practice attempt of a finished paper holds (issue 48, point 6): every question,
 * or only those the first attempt got wrong (incorrect or partly right).
 */
export const PRACTICE_SCOPES = ["all", "wrong"] as const;
export type PracticeScope = (typeof PRACTICE_SCOPES)[number];

/**
 * A parcel's states as a carrier reports them (issue 49, point 2), in the only order they
 * may come: a parcel never goes back (models/store/orders/shipments.ts). Delivered and
 * returned to origin are the ends.
 */
export const PARCEL_STATES = ["booked", "picked_up", "in_transit", "out_for_delivery", "delivered", "undelivered", "returned_to_origin"] as const;

/**
 * Why the service was not there (docs/decisions/contests-shift-when-we-fail.md, "When we fail"): an instance lost its
 * database, no instance was running, most replies were errors, or an admin's record of anything else.
 */
export const OUTAGE_CAUSES = ["database", "instance", "errors", "recorded"] as const;
/** The causes the server records by itself: two instances may see one outage, so a span of these is recorded once. */
export const WATCHED_OUTAGE_CAUSES = ["database", "instance", "errors"] as const;

/** What a student whose test an outage broke past the bound may choose instead of their result (the same record): a re-test, or a paid entry's fee back. */
export const OUTAGE_REMEDIES = ["retest", "refund"] as const;
