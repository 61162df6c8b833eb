// How a contest is funded, and which kinds the operator offers (docs/decisions/contests-lawful-kinds.md).
// The database refuses a kind's contradictions (app/db/schema/contests.ts); this module
// says what a student reads about them. Pure, so the cards and the contest page use it.
import type { CONTEST_KINDS } from "~/utils/enums";
import type { Msg } from "~/utils/i18n";

export type ContestKind = (typeof CONTEST_KINDS)[number];

/** Which kinds the operator offers: paid-prize contests only where PAID_PRIZE_CONTESTS is on (app/utils/env.server.ts). */
export type ContestOffer = { paidPrize: boolean };

/** Whether students may enrol in, and pay for, a contest of this kind here. */
export function isOffered(kind: ContestKind, offer: ContestOffer) {
  return kind !== "paid_prize" || offer.paidPrize;
}

/** What a contest's card and page say of its funding: "Free entry · prizes by {sponsor}", "Practice test · no prizes". */
export function fundingLine(contest: { kind: ContestKind; sponsor: string | null; entry_fee: number; prize_pool: Record<string, unknown> }, offer: ContestOffer): Msg {
  const hasPrizes = Object.keys(contest.prize_pool ?? {}).length > 0;
  switch (contest.kind) {
    case "free":
      return hasPrizes && contest.sponsor ? { id: "contests.kind.freeSponsored", values: { sponsor: contest.sponsor } } : { id: "contests.kind.free" };
    case "practice":
      return { id: "contests.kind.practice" };
    case "paid_prize":
      return isOffered(contest.kind, offer) ? { id: "contests.kind.paidPrize" } : { id: "contests.kind.unavailable" };
  }
}

/** Cards with what each says of its funding. */
export function withFunding<C extends Parameters<typeof fundingLine>[0]>(contests: C[], offer: ContestOffer): Array<C & { funding: Msg }> {
  return contests.map((c) => ({ ...c, funding: fundingLine(c, offer) }));
}

/** Start-up's line on the switch (app/server/lifecycle.server.ts). */
export function describeContestOffer(offer: ContestOffer, paidPrizeLeft: number) {
  return offer.paidPrize
    ? `paid-prize contests are on (PAID_PRIZE_CONTESTS=on): only where the law allows them; not in India since 1 May 2026`
    : `paid-prize contests are off (PAID_PRIZE_CONTESTS=off): keeping ${paidPrizeLeft} dark; entries already made keep their tests, results and prizes`;
}
