// The rules shown to students (docs/product/contests.md §1), in one place for every page that lists them.
// Message ids (app/locales/*/contest.ts): each page shows them in its language.
import type { Msg } from "~/utils/i18n";
import { isOffered, type ContestKind, type ContestOffer } from "~/models/contests/catalogue/kinds";

type Ruled = { kind: ContestKind; challenge_window_hours: number };

/**
 * A contest's rules (issue 67, point 6). The spec's "prizes are paid after evaluation;
 * judges' decisions are final" is said only where it is true: a practice test has no
 * prize (its recognition is a certificate), a free contest's prizes are its sponsor's,
 * and where results can be challenged the judges' first word is not final.
 */
export function contestRules(contest: Ruled, offer: ContestOffer): Msg[] {
  const prizes: Msg["id"] =
    contest.kind === "practice"
      ? "contest.rule.prizes.practice"
      : contest.kind === "free"
        ? "contest.rule.prizes.free"
        : isOffered(contest.kind, offer)
          ? "contest.rule.prizes"
          : "contest.rule.prizes.dark";
  const decisions: Msg = contest.challenge_window_hours > 0 ? { id: "contest.rule.challenges", values: { hours: contest.challenge_window_hours } } : { id: "contest.rule.final" };
  return [{ id: "contest.rule.noLate" }, { id: "contest.rule.oneEntry" }, { id: "contest.rule.camera" }, { id: "contest.rule.cheating" }, { id: prizes }, decisions];
}

/** Every id contestRules says, for a page outside the contest namespace (pickMessages). */
export const CONTEST_RULE_IDS = [
  "contest.rule.noLate",
  "contest.rule.oneEntry",
  "contest.rule.camera",
  "contest.rule.cheating",
  "contest.rule.prizes",
  "contest.rule.prizes.practice",
  "contest.rule.prizes.free",
  "contest.rule.prizes.dark",
  "contest.rule.challenges",
  "contest.rule.final",
] as const;

export const CONTEST_REQUIREMENTS = ["contest.need.javascript", "contest.need.camera", "contest.need.internet", "contest.need.fullscreen"] as const;
