import type { PrizeLine } from "~/models/contests/catalogue/prizes";
import { useT } from "~/utils/i18n";

/** A contest's prizes (prizeLines), as the contest page and its rules sheet list them. */
export function PrizeList({ prizes }: { prizes: PrizeLine[] }) {
  const { t } = useT();
  return (
    <ul className="prize-list">
      {prizes.map((p) => (
        <li key={p.name}>
          {/* A place's prize in the page's language; a prize the admin named otherwise, as named. */}
          {p.place ? <span>{t("contest.prize.place", { place: String(p.place) })}</span> : p.bonus ? <span>{t("contest.prize.bonus")}</span> : <span translate="no">{p.name}</span>} <strong>{p.value}</strong>
        </li>
      ))}
    </ul>
  );
}
