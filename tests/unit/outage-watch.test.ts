// The watch on an instance's own replies (app/server/outage-watch.server.ts): most replies
// failing for long enough is an outage, recorded once when it ends, from the first bad
// window's start to the last one's end; a blip, or a few failures among many, is not.
import { describe, expect, test } from "vitest";
import { createDatabaseWatch, createErrorWatch, ERROR_OUTAGE, type Span, type WatchedReply } from "~/server/outage-watch.server";

const T0 = Date.parse("2026-11-28T09:00:00Z");
const at = (seconds: number) => new Date(T0 + seconds * 1000);

function watched(options: { shedIsOutage?: boolean } = {}) {
  const spans: Span[] = [];
  const watch = createErrorWatch({ record: async (span) => void spans.push(span), now: at(0), ...options });
  // By default the failures are a classroom's: ten students, each from an address of their own.
  const replies = (ok: number, failed: number, status = 500, who: (i: number) => Omit<WatchedReply, "status"> = classroom) => {
    for (let i = 0; i < ok; i++) watch.count({ status: 200, ...classroom(i) });
    for (let i = 0; i < failed; i++) watch.count({ status, ...who(i) });
  };
  return { watch, replies, spans };
}
const classroom = (i: number) => ({ address: `10.0.0.${i % 10}`, session: `student-${i % 10}` });

test("half the replies failing for three ticks is recorded when it ends, from the first bad window to the last", async () => {
  const { watch, replies, spans } = watched();
  replies(40, 0);
  expect(await watch.tick(at(5))).toBe("up");
  for (const s of [10, 15, 20]) {
    replies(10, 10, s === 15 ? 503 : 500);
    expect(await watch.tick(at(s))).toBe("down");
  }
  expect(spans).toEqual([]);
  replies(30, 1);
  expect(await watch.tick(at(25))).toBe("recorded");
  expect(spans).toEqual([{ startedAt: at(5), endedAt: at(20) }]);
  expect(await watch.tick(at(30))).toBe("up");
  expect(spans).toHaveLength(1);
});

test("a blip shorter than the minimum, errors under the share, and too few replies to judge are not outages", async () => {
  const { watch, replies, spans } = watched();
  replies(0, 30);
  expect(await watch.tick(at(5))).toBe("down");
  replies(30, 0);
  expect(await watch.tick(at(10))).toBe("up");
  // Just under half.
  replies(11, 9);
  expect(await watch.tick(at(15))).toBe("up");
  // All failing, but fewer than the replies a judgement needs: a quiet window ends nothing and starts nothing.
  replies(0, ERROR_OUTAGE.minReplies - 1);
  expect(await watch.tick(at(20))).toBe("up");
  expect(spans).toEqual([]);
});

// Issue 65, point 1: one stranger's flood, or one address's errors, is never our outage.
describe("an outage by errors is ours only when it is spread wide", () => {
  /** Ticks every 5 s from 5 s to `until`, each after `each` counted its replies; the states the ticks said. */
  async function run(watch: ReturnType<typeof watched>["watch"], each: () => void, until = 30) {
    const states: string[] = [];
    for (let s = 5; s <= until; s += 5) {
      each();
      states.push(await watch.tick(at(s)));
    }
    return states;
  }

  test("the probe's flood against a lone instance: refusals for the client's own share never count, however many", async () => {
    const { watch, replies, spans } = watched();
    const states = await run(watch, () => {
      replies(6, 0);
      replies(0, 400, 503, (i) => ({ address: `203.0.113.${i % 6}`, session: `stranger-${i % 6}`, refused: "client" }));
    });
    // Six good replies a tick are too few to judge, and the 400 refusals (six addresses, each over its share) are not replies of ours at all.
    expect(states.every((state) => state === "up")).toBe(true);
    expect(spans).toEqual([]);
  });

  test("one address's errors count at most a third of a tick's replies: one stranger cannot make most replies errors", async () => {
    const { watch, replies, spans } = watched();
    const states = await run(watch, () => {
      replies(10, 0);
      replies(0, 90, 500, () => ({ address: "203.0.113.9", session: "stranger" }));
    });
    expect(states).toEqual(Array(6).fill("up"));
    expect(spans).toEqual([]);
  });

  test("failures of fewer than five sessions, or from fewer than three addresses, are a narrow run, never recorded", async () => {
    const fourStudents = watched();
    const narrow = await run(fourStudents.watch, () => fourStudents.replies(0, 40, 500, (i) => ({ address: `10.0.0.${i % 4}`, session: `student-${i % 4}` })), 20);
    expect([...narrow, await fourStudents.watch.tick(at(25))]).toEqual(["down", "down", "down", "down", "narrow"]);
    expect(fourStudents.spans).toEqual([]);
    // Many sessions behind two addresses: still narrow.
    const twoAddresses = watched();
    const capped = await run(twoAddresses.watch, () => twoAddresses.replies(0, 40, 500, (i) => ({ address: `10.0.0.${i % 2}`, session: `student-${i}` })), 20);
    expect([...capped, await twoAddresses.watch.tick(at(25))]).toEqual(["down", "down", "down", "down", "narrow"]);
    expect(twoAddresses.spans).toEqual([]);
  });

  test("a real failure seen by a classroom is recorded once, as before", async () => {
    const { watch, replies, spans } = watched();
    expect(await run(watch, () => replies(5, 35), 20)).toEqual(["down", "down", "down", "down"]);
    replies(40, 0);
    expect(await watch.tick(at(25))).toBe("recorded");
    expect(spans).toEqual([{ startedAt: at(0), endedAt: at(20) }]);
  });

  test("on the embedded database a reply shed for load is its known ceiling, not an outage; on PostgreSQL it counts", async () => {
    const shed = (i: number) => ({ ...classroom(i), refused: "load" as const });
    const embedded = watched({ shedIsOutage: false });
    expect(await run(embedded.watch, () => embedded.replies(5, 35, 503, shed), 20)).toEqual(["up", "up", "up", "up"]);
    const server = watched();
    expect(await run(server.watch, () => server.replies(5, 35, 503, shed), 20)).toEqual(["down", "down", "down", "down"]);
    server.replies(40, 0);
    expect(await server.watch.tick(at(25))).toBe("recorded");
  });
});

describe("the watch on the database", () => {
  const answers = (list: Array<"ok" | "late" | "failed">) => {
    const spans: Span[] = [];
    return { spans, ping: async () => { const next = list.shift() ?? "ok"; if (next === "failed") throw new Error("gone"); return next; }, record: async (span: Span) => void spans.push(span) };
  };

  test("a late answer is down on PostgreSQL and the embedded database's ceiling on PGlite; a failure is down on both", async () => {
    const server = answers(["late", "late", "ok"]);
    const serverTick = createDatabaseWatch(server);
    expect([await serverTick(at(5)), await serverTick(at(10)), await serverTick(at(15))]).toEqual(["down", "down", "recorded"]);
    expect(server.spans).toEqual([{ startedAt: at(5), endedAt: at(15) }]);
    const embedded = answers(["late", "late", "ok", "failed", "ok"]);
    const embeddedTick = createDatabaseWatch({ ...embedded, lateIsDown: false });
    const states = [];
    for (const s of [5, 10, 15, 20, 25]) states.push(await embeddedTick(at(s)));
    expect(states).toEqual(["up", "up", "up", "down", "recorded"]);
    expect(embedded.spans).toEqual([{ startedAt: at(20), endedAt: at(25) }]);
  });
});
