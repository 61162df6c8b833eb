// Who may still join a contest (docs/product/design.md §4, Enrolment: closes at start_time, no late
// entries), in one pure rule that the contest page, the pay guard, the order and the
// capture of a payment all ask.
import { isOffered, type ContestKind, type ContestOffer } from "~/models/contests/catalogue/kinds";

/** Whether a student can still enrol: the operator offers its kind, it is active and has not started. */
export function isEnrolmentOpen(contest: { is_active: boolean; start_time: Date; kind: ContestKind }, now: Date, offer: ContestOffer) {
  return isOffered(contest.kind, offer) && contest.is_active && now < contest.start_time;
}

/** What the contest page's enrol box says. An entry made before a kind went dark keeps its test. */
export function enrolState(contest: { start_time: Date; end_time: Date; enrolled: boolean; is_active: boolean; kind: ContestKind }, now: Date, offer: ContestOffer) {
  if (contest.enrolled) return "enrolled" as const;
  if (!isOffered(contest.kind, offer)) return "unavailable" as const;
  if (isEnrolmentOpen(contest, now, offer)) return "open" as const;
  if (!contest.is_active) return "inactive" as const;
  if (now >= contest.end_time) return "ended" as const;
  return "closed" as const;
}

// The home card's button (docs/product/contests.md §4): not active → 'Coming Soon' (disabled);
// already enrolled → 'Already Enrolled' (disabled); otherwise 'Know more'.
// Each label is a message id, shown in the page's language.
export function homeCardButton(input: { isActive: boolean; enrolled: boolean }) {
  if (!input.isActive) return { label: "contests.comingSoon", disabled: true } as const;
  if (input.enrolled) return { label: "contests.alreadyEnrolled", disabled: true } as const;
  return { label: "contests.knowMore", disabled: false } as const;
}
