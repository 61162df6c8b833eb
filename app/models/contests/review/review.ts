// What the review screen and the appeal page share with the server's rules (./review.server.ts).
import type { Credibility } from "~/models/contests/review/credibility";
import type { ReviewDecision } from "~/utils/enums";
import type { Msg } from "~/utils/i18n";

export const APPEAL_WINDOW_MS = 48 * 60 * 60 * 1000;
export const REVIEW_REASON_MAX = 1000;
export const APPEAL_STATEMENT_MAX = 2000;

/** Until when a disqualification may be appealed. */
export const appealEndsAt = (disqualifiedAt: Date | string) => new Date(new Date(disqualifiedAt).getTime() + APPEAL_WINDOW_MS);

/** One entry on the review screen (./review-board.server.ts reads it). */
export type BoardEntry = {
  user_id: string;
  name: string | null;
  score: number;
  answered: number;
  rank: number | null;
  disqualified_at: string | null;
  disqualification_reason: string | null;
  events: number;
  statement: string | null;
  appealed_at: string | null;
  appeal_decided_at: string | null;
  /** The student was under 18 when the test started, so no camera watched it (docs/decisions/privacy-minors-not-filmed.md). */
  unfilmed: boolean;
  /** `snapshot`: the URL of the flag's picture (reviewers only), where one was kept with consent. */
  /** `during`: from the entry's start to its submission (or deadline); only those events count toward a signal. */
  timeline: Array<{ kind: string; at: string; detail: string | null; durationMs: number | null; during: boolean; snapshot: string | null }>;
  decisions: Array<{ decision: ReviewDecision; reason: string | null; at: string; reviewer: string; reviewer_id: string }>;
  /** What the answers and the browser say (./credibility.ts): never a decision by itself. */
  credibility: Credibility;
  reasons: Msg[];
};
