// Which journey route a student may open, and where they go instead (docs/product/design.md §4,
// Guards and Clock). Pure, so every rule has a unit test; the loader guard in
// app/models/contests/catalogue/stage.server.ts reads the rows and applies it.
import { entryDeadline } from "~/models/contests/sitting/deadline";
import { isEnrolmentOpen } from "~/models/contests/catalogue/enrolment";
import { isOffered, type ContestKind, type ContestOffer } from "~/models/contests/catalogue/kinds";
import type { Msg } from "~/utils/i18n";

export type JourneyStage = "pay" | "entry" | "test" | "results";

export type StageContest = { id: string; start_time: Date; end_time: Date; duration_minutes: number; is_active: boolean; kind: ContestKind };
/** `extra_minutes`: the entry's own extra time (an accommodation); it moves this entry's deadline only. */
export type StageEntry = { has_submitted: boolean; extra_minutes: number } | null;

export type StageDecision =
  | { ok: true }
  | { ok: false; to: string; message: Msg; kind: "info" | "error" };

export const STAGE_MESSAGES = {
  alreadyEnrolled: { id: "contest.stage.alreadyEnrolled" },
  enrolmentClosed: { id: "contest.stage.enrolmentClosed" },
  unavailable: { id: "contest.stage.unavailable" },
  tooManyOrders: { id: "contest.stage.tooManyOrders" },
  paymentsOff: { id: "contest.stage.paymentsOff" },
  notEnrolled: { id: "contest.stage.notEnrolled" },
  alreadySubmitted: { id: "contest.stage.alreadySubmitted" },
  notStarted: { id: "contest.stage.notStarted" },
  timeOver: { id: "contest.stage.timeOver" },
} as const satisfies Record<string, Msg>;

/** `offer`: the kinds the operator offers; a kind not offered takes no new entry, and keeps the entries it has. */
export function decideStage(stage: JourneyStage, contest: StageContest, entry: StageEntry, now: Date, offer: ContestOffer): StageDecision {
  const page = `/contest/${contest.id}`;
  const no = (to: string, message: Msg, kind: "info" | "error" = "info"): StageDecision => ({ ok: false, to, message, kind });
  switch (stage) {
    case "pay":
      if (entry) return no(page, STAGE_MESSAGES.alreadyEnrolled);
      if (!isOffered(contest.kind, offer)) return no(page, STAGE_MESSAGES.unavailable, "error");
      if (!isEnrolmentOpen(contest, now, offer)) return no(page, STAGE_MESSAGES.enrolmentClosed, "error");
      return { ok: true };
    case "entry":
      // The camera check and the test's waiting room: open before the start too.
      if (!entry) return no(page, STAGE_MESSAGES.notEnrolled, "error");
      if (entry.has_submitted) return no(`${page}/results`, STAGE_MESSAGES.alreadySubmitted);
      if (now >= entryDeadline(contest, entry.extra_minutes)) return no("/dashboard", STAGE_MESSAGES.timeOver);
      return { ok: true };
    case "test":
      if (!entry) return no(page, STAGE_MESSAGES.notEnrolled, "error");
      if (entry.has_submitted) return no(`${page}/results`, STAGE_MESSAGES.alreadySubmitted);
      if (now < contest.start_time) return no("/dashboard", STAGE_MESSAGES.notStarted);
      if (now >= entryDeadline(contest, entry.extra_minutes)) return no("/dashboard", STAGE_MESSAGES.timeOver);
      return { ok: true };
    case "results":
      // A missing or unsubmitted entry is not a redirect: the page says 'Results Not Available'.
      return { ok: true };
  }
}
