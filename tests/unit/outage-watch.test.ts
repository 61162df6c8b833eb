// The watch on an instance's own replies (app/server/outage-watch.server.ts): most replies
// failing for long enough is an outage, recorded once when it ends, from the first bad
// window's start to the last one's end; a blip, or a few failures among many, is not.
import { expect, test } from "vitest";
import { createErrorWatch, ERROR_OUTAGE, type Span } from "~/server/outage-watch.server";

const T0 = Date.parse("2026-11-28T09:00:00Z");
const at = (seconds: number) => new Date(T0 + seconds * 1000);

function watched() {
  const spans: Span[] = [];
  const watch = createErrorWatch({ record: async (span) => void spans.push(span), now: at(0) });
  const replies = (ok: number, failed: number, status = 500) => {
    for (let i = 0; i < ok; i++) watch.count(200);
    for (let i = 0; i < failed; i++) watch.count(status);
  };
  return { watch, replies, spans };
}

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
