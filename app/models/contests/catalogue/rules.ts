// The rules shown to students (docs/product/contests.md §1), in one place for every page that lists them.

// Message ids (app/locales/*/contest.ts): each page shows them in its language.
export const CONTEST_RULES = ["contest.rule.noLate", "contest.rule.oneEntry", "contest.rule.camera", "contest.rule.cheating", "contest.rule.prizes"] as const;

export const CONTEST_REQUIREMENTS = ["contest.need.javascript", "contest.need.camera", "contest.need.internet", "contest.need.fullscreen"] as const;
