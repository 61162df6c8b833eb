// How a contest is funded, and which kinds the operator offers (docs/decisions/contests-lawful-kinds.md).
// The database refuses a kind's contradictions (app/db/schema/contests.ts); this module
// says what a student reads about them. Pure, so the cards and the contest page use it.
import type { CONTEST_KINDS } from "~/utils/enums";
import type { MessageId, Msg } from "~/utils/i18n";

export type ContestKind = (typeof CONTEST_KINDS)[number];

/** Which kinds the operator offers: paid-prize contests only where PAID_PRIZE_CONTESTS is on (app/utils/env.server.ts). */
export type ContestOffer = { paidPrize: boolean };

/** Whether students may enrol in, and pay for, a contest of this kind here. */
export function isOffered(kind: ContestKind, offer: ContestOffer) {
  return kind !== "paid_prize" || offer.paidPrize;
}

/**
 * A sentence on a contest's funding, and the sponsor's name as the admin typed it, shown
 * where the sentence's `<0></0>` stands (never translated: app/components/contests/catalogue/funding.tsx).
 */
export type Funding = { msg: Msg; typed: string | null };

type Funded = { kind: ContestKind; sponsor: string | null; entry_fee: number; prize_pool: Record<string, unknown> };
const sponsored = (contest: Funded) => Object.keys(contest.prize_pool ?? {}).length > 0 && Boolean(contest.sponsor);

/** The card's and the contest page's words: "Free entry · prizes by {sponsor}", "Practice test · no prizes". */
export function fundingLine(contest: Funded, offer: ContestOffer): Funding {
  switch (contest.kind) {
    case "free":
      return sponsored(contest) ? { msg: { id: "contests.kind.freeSponsored" }, typed: contest.sponsor } : { msg: { id: "contests.kind.free" }, typed: null };
    case "practice":
      return { msg: { id: "contests.kind.practice" }, typed: null };
    case "paid_prize":
      return { msg: { id: isOffered(contest.kind, offer) ? "contests.kind.paidPrize" : "contests.kind.unavailable" }, typed: null };
  }
}

/** The ids fundingLine says, for a page outside the contests namespace (pickMessages). */
export const FUNDING_IDS = ["contests.kind.free", "contests.kind.freeSponsored", "contests.kind.practice", "contests.kind.paidPrize", "contests.kind.unavailable"] as const;

/** Whether a funding line says the contest is not offered here. */
export const isDark = (funding: Funding) => funding.msg.id === "contests.kind.unavailable";

/** The rules sheet's paragraph on who funds the prizes, and why the contest is allowed. */
export function fundingExplanation(contest: Funded, offer: ContestOffer): Funding {
  switch (contest.kind) {
    case "free":
      return sponsored(contest) ? { msg: { id: "contest.sheet.why.freeSponsored" }, typed: contest.sponsor } : { msg: { id: "contest.sheet.why.free" }, typed: null };
    case "practice":
      return { msg: { id: contest.entry_fee > 0 ? "contest.sheet.why.practicePaid" : "contest.sheet.why.practiceFree" }, typed: null };
    case "paid_prize":
      return { msg: { id: isOffered(contest.kind, offer) ? "contest.sheet.why.paidPrize" : "contest.sheet.why.paidPrizeDark" }, typed: null };
  }
}

/** Cards with what each says of its funding. */
export function withFunding<C extends Funded>(contests: C[], offer: ContestOffer): Array<C & { funding: Funding }> {
  return contests.map((c) => ({ ...c, funding: fundingLine(c, offer) }));
}

/** Start-up's line on the switch (app/server/lifecycle.server.ts). */
export function describeContestOffer(offer: ContestOffer, paidPrizeLeft: number) {
  return offer.paidPrize
    ? `paid-prize contests are on (PAID_PRIZE_CONTESTS=on): only where the law allows them; not in India since 1 May 2026`
    : `paid-prize contests are off (PAID_PRIZE_CONTESTS=off): keeping ${paidPrizeLeft} dark; entries already made keep their tests, results and prizes`;
}

/**
 * The site's words on what its contests offer (issue 67, point 6). The spec's (docs/product/contests.md)
 * promise cash prizes for an entry fee; they are said only where this operator offers
 * paid-prize contests. Otherwise the pages say what the kinds it runs are: free contests
 * with sponsored prizes, paid practice tests with certificates.
 */
export function offerWords(offer: ContestOffer): OfferWords {
  return offer.paidPrize
    ? ({ hero: "home.hero.text", whyTitle: "home.why.cash.title", whyText: "home.why.cash.text", guideStep: "home.guide.step2", tagline: "common.footer.tagline" } as const)
    : ({ hero: "home.hero.lawful", whyTitle: "home.why.kinds.title", whyText: "home.why.kinds.text", guideStep: "home.guide.step2Lawful", tagline: "common.footer.taglineLawful" } as const);
}

export type OfferWords = { hero: MessageId; whyTitle: MessageId; whyText: MessageId; guideStep: MessageId; tagline: MessageId };
