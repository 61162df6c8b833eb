import { contestTimingLabel, homeCountdown } from "~/models/contests/catalogue/countdown";
import { useT } from "~/utils/i18n";
import { useServerClock } from "~/utils/use-hydrated";

// Server-rendered with the server's time, then ticking each second in the browser on
// the same clock (so the first client render matches the HTML). Their words are the
// contests namespace's: a page that shows them loads it.
export function HomeCountdown({ start, serverNow }: { start: Date | string; serverNow: string }) {
  const now = useServerClock(serverNow);
  const { tm } = useT();
  const { message, tone } = homeCountdown(new Date(start), now);
  return <span className={`badge tone-${tone}`}>{tm(message)}</span>;
}

export function ContestTiming({ start, end, serverNow }: { start: Date | string; end: Date | string; serverNow: string }) {
  const now = useServerClock(serverNow);
  const { tm } = useT();
  const { message, tone } = contestTimingLabel(new Date(start), new Date(end), now);
  return <span className={`badge tone-${tone}`}>{tm(message)}</span>;
}
