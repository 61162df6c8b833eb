// The answers' signals of a closed contest's entries (issue 47, point 4), read from the
// database in four statements, whatever the number of entrants. The words and the
// credibility they give are ./credibility.ts.
import { sql } from "drizzle-orm";
import { rowsOf, type DbOrTx } from "~/db/client.server";
import { MARKS_TEXT, RESPONDED_TEXT } from "~/models/contests/results/scoring.server";
import { COPY_SHARED_MEDIUM, FAST_SECONDS, NOTHING, type Signals } from "~/models/contests/review/credibility";
import { ENTRY_DEADLINE_TEXT } from "~/models/contests/sitting/deadline.server";

/**
 * A wrong choice is rare when at most this share of those who sat gave it (and at least
 * two did). Only rare choices are compared, so a common mistake shared by many proves
 * nothing, and the comparison stays small: a rare choice has few takers.
 */
export const RARE_SHARE = 0.2;
/** The names a device signal lists (the count says how many in all). */
const DEVICE_NAMES_MAX = 3;

// Each submitted entry's responses: what was chosen (the option numbers, or the number
// typed) and whether it earned marks.
const RESPONSES = (contestId: string) => sql`
  SELECT a.user_id, a.question_id, a.answered_at,
         COALESCE(array_to_string(a.selected_options, ','), a.numeric_answer::text) AS choice,
         (${sql.raw(MARKS_TEXT)}) > 0 AS right
    FROM user_answers a
    JOIN user_contest_entries e ON e.user_id = a.user_id AND e.contest_id = a.contest_id AND e.has_submitted
    JOIN questions q ON q.id = a.question_id
    LEFT JOIN contest_sections sec ON sec.id = q.section_id
    JOIN contests c ON c.id = a.contest_id
   WHERE a.contest_id = ${contestId} AND ${sql.raw(RESPONDED_TEXT)} AND NOT q.dropped`;

/**
 * A proctoring event `ev` of entry `e` (contest `c`) happened while the test was sat: from
 * the entry's start to its submission, or its deadline while it has none. Events are
 * recorded from the waiting room too (a page left in a background tab before the start),
 * and after the submission while the page is open, but only these count (issue 65).
 */
export const DURING_TEST_TEXT = `(ev.occurred_at >= e.started_at AND ev.occurred_at <= COALESCE(e.submitted_at, ${ENTRY_DEADLINE_TEXT}))`;

/** Every entry's signals, by student: pairs sharing rare wrong answers, right answers saved too fast, shared devices and addresses, browser events. */
export async function answerSignals(db: DbOrTx, contestId: string, nameOf: Map<string, string>) {
  const pairs = rowsOf<{ a: string; b: string; shared: number; wrong_a: number; wrong_b: number }>(
    await db.execute(sql`
      WITH r AS (${RESPONSES(contestId)}),
           sat AS (SELECT count(DISTINCT user_id) AS n FROM r),
           wrong AS (SELECT user_id, count(*) AS k FROM r WHERE NOT r.right GROUP BY user_id),
           rare AS (SELECT question_id, choice FROM r, sat WHERE NOT r.right GROUP BY question_id, choice, sat.n
                     HAVING count(*) >= 2 AND count(*) <= GREATEST(2, sat.n * ${RARE_SHARE}::float8))
      SELECT x.user_id AS a, y.user_id AS b, count(*)::int AS shared, min(wa.k)::int AS wrong_a, min(wb.k)::int AS wrong_b
        FROM rare
        JOIN r x ON x.question_id = rare.question_id AND x.choice = rare.choice AND NOT x.right
        JOIN r y ON y.question_id = rare.question_id AND y.choice = rare.choice AND NOT y.right AND y.user_id > x.user_id
        JOIN wrong wa ON wa.user_id = x.user_id
        JOIN wrong wb ON wb.user_id = y.user_id
       GROUP BY x.user_id, y.user_id
      HAVING count(*) >= ${COPY_SHARED_MEDIUM}`),
  );
  const pace = rowsOf<{ user_id: string; right: number; fast_right: number }>(
    await db.execute(sql`
      WITH r AS (${RESPONSES(contestId)})
      SELECT r.user_id, count(*) FILTER (WHERE r.right)::int AS right,
             count(*) FILTER (WHERE r.right AND r.gap < ${FAST_SECONDS})::int AS fast_right
        FROM (SELECT r.*, EXTRACT(EPOCH FROM r.answered_at - COALESCE(lag(r.answered_at) OVER (PARTITION BY r.user_id ORDER BY r.answered_at), e.started_at)) AS gap
                FROM r JOIN user_contest_entries e ON e.user_id = r.user_id AND e.contest_id = ${contestId}) r
       GROUP BY r.user_id`),
  );
  const events = rowsOf<{ user_id: string; events: number; not_monitored: boolean }>(
    await db.execute(sql`
      SELECT e.user_id, count(*) FILTER (WHERE ev.kind <> 'not_monitored' AND ${sql.raw(DURING_TEST_TEXT)})::int AS events, bool_or(ev.kind = 'not_monitored') AS not_monitored
        FROM proctoring_events ev JOIN user_contest_entries e ON e.id = ev.entry_id JOIN contests c ON c.id = e.contest_id
       WHERE e.contest_id = ${contestId} GROUP BY e.user_id`),
  );
  // Entries sharing a device or an address, by group: never a pair per two entrants, so a
  // crowd behind one mobile network's address costs one row each, not its square.
  const shared = rowsOf<{ user_id: string; device_others: string[] | null; device_count: number | null; address_count: number | null }>(
    await db.execute(sql`
      WITH started AS (SELECT user_id, started_at, device_hash, address_hash FROM user_contest_entries WHERE contest_id = ${contestId} AND started_at IS NOT NULL),
           d AS (SELECT device_hash, (array_agg(user_id ORDER BY started_at, user_id))[1:${DEVICE_NAMES_MAX + 1}] AS users, count(*)::int AS n
                   FROM started WHERE device_hash IS NOT NULL GROUP BY device_hash HAVING count(*) > 1),
           a AS (SELECT address_hash, count(*)::int AS n FROM started WHERE address_hash IS NOT NULL GROUP BY address_hash HAVING count(*) > 1)
      SELECT s.user_id, array_remove(d.users, s.user_id)::text[] AS device_others, d.n - 1 AS device_count, a.n - 1 AS address_count
        FROM started s
        LEFT JOIN d ON d.device_hash = s.device_hash
        LEFT JOIN a ON a.address_hash = s.address_hash
       WHERE d.n IS NOT NULL OR a.n IS NOT NULL`),
  );
  const signals = new Map<string, Signals>();
  const of = (userId: string) => {
    let s = signals.get(userId);
    if (!s) signals.set(userId, (s = { ...NOTHING, copying: [] }));
    return s;
  };
  for (const p of pairs) {
    const ratio = p.shared / Math.max(1, Math.min(p.wrong_a, p.wrong_b));
    of(p.a).copying.push({ name: nameOf.get(p.b) ?? "", shared: p.shared, ratio });
    of(p.b).copying.push({ name: nameOf.get(p.a) ?? "", shared: p.shared, ratio });
  }
  for (const p of pace) Object.assign(of(p.user_id), { right: p.right, fastRight: p.fast_right });
  for (const d of shared) {
    const names = (d.device_others ?? []).slice(0, DEVICE_NAMES_MAX).map((id) => nameOf.get(id) ?? "");
    Object.assign(of(d.user_id), { sameDevice: { names, count: d.device_count ?? 0 }, sameAddress: d.address_count ?? 0 });
  }
  for (const e of events) Object.assign(of(e.user_id), { events: e.events, notMonitored: e.not_monitored });
  return signals;
}
