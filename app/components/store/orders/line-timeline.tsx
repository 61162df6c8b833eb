import { lineTimeline, type LineLife } from "~/models/store/orders/order-life";
import { formatDateTime } from "~/utils/dates";
import { useT } from "~/utils/i18n";

/** One order line's steps with when each happened (IST), as its buyer or its seller reads them. Its words are "orders": the order page and the sales page load it. */
export function LineTimeline({ placedAt, line, viewer }: { placedAt: Date | string; line: LineLife; viewer: "buyer" | "seller" }) {
  const { t, locale } = useT();
  return (
    <ol className="timeline">
      {lineTimeline(placedAt, line, (when) => formatDateTime(when, locale), viewer, t).map(({ step, when, done }) => (
        <li key={step} className={done ? "done" : undefined}>
          <strong>{step}</strong> <span className="muted">{when}</span>
        </li>
      ))}
    </ol>
  );
}
