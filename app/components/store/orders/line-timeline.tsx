import { lineTimeline, type LineLife } from "~/models/store/orders/order-life";
import { PARCEL_WORDS } from "~/models/store/orders/shipments";
import { formatDateTime } from "~/utils/dates";
import { richText, useT } from "~/utils/i18n";

/**
 * One order line's steps with when each happened (IST), as its buyer or its seller reads
 * them, and, for a parcel booked with a carrier, where the carrier says it is (issue 49,
 * point 2). Its words are "orders": the order page and the sales page load it.
 */
export function LineTimeline({ placedAt, line, viewer }: { placedAt: Date | string; line: LineLife; viewer: "buyer" | "seller" }) {
  const { t, locale } = useT();
  const parcel = line.parcel_events ?? [];
  return (
    <>
      <ol className="timeline">
        {lineTimeline(placedAt, line, (when) => formatDateTime(when, locale), viewer, t).map(({ step, when, done }) => (
          <li key={step} className={done ? "done" : undefined}>
            <strong>{step}</strong> <span className="muted">{when}</span>
          </li>
        ))}
      </ol>
      {parcel.length > 0 ? (
        <>
          <h4>{richText(t("orders.parcel.title"), [() => <span translate="no">AWB {line.tracking_number}</span>])}</h4>
          <ol className="timeline">
            {parcel.map((event) => (
              <li key={event.status} className="done">
                <strong>{t(PARCEL_WORDS[event.status])}</strong> <span className="muted">{t("orders.when", { when: formatDateTime(event.at, locale) })}</span>
              </li>
            ))}
          </ol>
        </>
      ) : null}
    </>
  );
}
