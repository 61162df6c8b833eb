import { lineTimeline, type LineLife } from "~/models/store/order-life";
import { formatDateTime } from "~/utils/dates";

/** One order line's steps with when each happened (IST), as its buyer or its seller reads them. */
export function LineTimeline({ placedAt, line, viewer }: { placedAt: Date | string; line: LineLife; viewer: "buyer" | "seller" }) {
  return (
    <ol className="timeline">
      {lineTimeline(placedAt, line, formatDateTime, viewer).map(({ step, when, done }) => (
        <li key={step} className={done ? "done" : undefined}>
          <strong>{step}</strong> <span className="muted">{when}</span>
        </li>
      ))}
    </ol>
  );
}
