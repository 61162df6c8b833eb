import type { Funding } from "~/models/contests/catalogue/kinds";
import { isDark } from "~/models/contests/catalogue/kinds";
import { richText, useT } from "~/utils/i18n";

/** A sentence on a contest's funding in the page's language; the sponsor's name as the admin typed it. */
export function FundingText({ funding }: { funding: Funding }) {
  const { tm } = useT();
  return <>{richText(tm(funding.msg), [() => <span translate="no">{funding.typed}</span>])}</>;
}

/** The card's and the contest page's line: green, or grey when the contest is not offered here. */
export function FundingLine({ funding }: { funding: Funding }) {
  return (
    <p className={isDark(funding) ? "card-kind is-unavailable" : "card-kind"}>
      <FundingText funding={funding} />
    </p>
  );
}
