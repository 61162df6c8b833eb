// Our published rule for when we fail (issue 50, point 5; app/models/contests/sitting/outages.server.ts),
// played through on a real database: an outage during a test gives each affected student
// the lost time back once, moving their deadline (their screen and results say so); past
// the bound it offers a re-test or refund; an instance that loses its database records the
// span once; the rule is on the rules sheet.
import { and, eq, gte, lte } from "drizzle-orm";
import { expect, test } from "vitest";
import { db } from "~/db/client.server";
import { instance_beats, outage_credits, service_outages, user_contest_entries } from "~/db/schema";
import { createContest, createEntry } from "~/seed/factories.server";
import { creditOutages, outageCreditOf, recordOutage } from "~/models/contests/sitting/outages.server";
import { beat, createDatabaseWatch, SILENCE_MS, wakeUp } from "~/server/outage-watch.server";
import { submitTest } from "~/models/contests/sitting/test-taking.server";
import { testPaperReply } from "~/models/contests/sitting/test-api.server";
import * as sheet from "~/routes/contest.$id.rules";
import { call, getRequest } from "../support/remix";
import { signedInStudent } from "../support/scenarios";
import { english } from "../support/words";
import { PROVEN_ON_POSTGRESQL } from "../support/locks";

const MINUTE = 60_000;
let n = 0;

/** A contest started `startedMinutesAgo` ago, `duration` minutes long, with students A (taking it), B (submitted early) and C (submitted during the outage). */
async function runningContest(now: Date, startedMinutesAgo: number, duration: number) {
  const start = new Date(now.getTime() - startedMinutesAgo * MINUTE);
  const contest = await createContest(db, { title: `Outage Cup ${++n}`, subject: "General", start_time: start, end_time: new Date(start.getTime() + 4 * 60 * MINUTE), duration_minutes: duration, questions: [["1 + 1?", ["1", "2"], "2"]] });
  const students = await Promise.all([signedInStudent(), signedInStudent(), signedInStudent()]);
  const [a, b, c] = await Promise.all(students.map(async (s) => ({ ...s, entryId: await createEntry(db, { userId: s.userId, contestId: contest.id }) })));
  return { contest: { ...contest, start_time: start }, a: a!, b: b!, c: c! };
}

const entryOf = async (entryId: string) => (await db.select().from(user_contest_entries).where(eq(user_contest_entries.id, entryId)))[0]!;

test("an outage during a test gives its students the minutes lost back once, as extra time their screen shows; one who submitted before it is not touched", async () => {
  const now = new Date();
  const { contest, a, b, c } = await runningContest(now, 10, 30);
  await submitTest({ userId: b.userId, contestId: contest.id, reason: "manual", now: new Date(now.getTime() - 8 * MINUTE) });
  await submitTest({ userId: c.userId, contestId: contest.id, reason: "manual", now: new Date(now.getTime() - 4 * MINUTE) });

  // Down for two and a half minutes, five minutes ago: three minutes back (rounded up).
  await recordOutage(db, { startedAt: new Date(now.getTime() - 5 * MINUTE), endedAt: new Date(now.getTime() - 2.5 * MINUTE), cause: "recorded", detail: "test" });
  expect(await creditOutages(db, now)).toBeGreaterThanOrEqual(1);
  expect(await entryOf(a.entryId)).toMatchObject({ extra_minutes: 3, outage_minutes: 3 });
  expect(await entryOf(b.entryId)).toMatchObject({ extra_minutes: 0, outage_minutes: 0 });
  // C submitted during it: nothing to give back, and under the bound no re-test either.
  expect(await entryOf(c.entryId)).toMatchObject({ extra_minutes: 0, outage_minutes: 0 });
  expect(await outageCreditOf(db, { contestId: contest.id, userId: c.userId, now: new Date() })).toBeNull();

  // Credited once: the sweep again changes nothing.
  await creditOutages(db, new Date(now.getTime() + MINUTE));
  expect(await entryOf(a.entryId)).toMatchObject({ extra_minutes: 3, outage_minutes: 3 });

  // The deadline moved by the time given, and the screen is told how much was given.
  const paper = (await testPaperReply({ cookie: a.cookie, contestId: contest.id, now })).body as { deadline: string; outageMinutes: number };
  expect(Date.parse(paper.deadline)).toBe(contest.start_time.getTime() + 33 * MINUTE);
  expect(paper.outageMinutes).toBe(3);
  expect(await outageCreditOf(db, { contestId: contest.id, userId: a.userId, now: new Date() })).toEqual({ givenMinutes: 3, pastBound: null, chosen: null, missed: false });
  expect(english({ id: "results.outage.given", values: { minutes: 3 } })).toBe("Our service was down during your test: 3 minutes were given back to you as extra time.");
  expect(english({ id: "results.outage.given", values: { minutes: 1 } })).toBe("Our service was down during your test: 1 minute was given back to you as extra time.");
});

test("an outage past the bound offers a re-test or a refund, to those still taking the test and those who submitted during it", async () => {
  const now = new Date();
  const { contest, a, c } = await runningContest(now, 60, 120);
  await submitTest({ userId: c.userId, contestId: contest.id, reason: "time_up", now: new Date(now.getTime() - 20 * MINUTE) });
  await recordOutage(db, { startedAt: new Date(now.getTime() - 41 * MINUTE), endedAt: new Date(now.getTime() - MINUTE), cause: "recorded" });
  await creditOutages(db, now);
  expect(await outageCreditOf(db, { contestId: contest.id, userId: a.userId, now: new Date() })).toEqual({ givenMinutes: 40, pastBound: { minutes: 40, bound: 30 }, chosen: null, missed: false });
  // C lost the 21 minutes before submitting; that is under the bound.
  expect(await outageCreditOf(db, { contestId: contest.id, userId: c.userId, now: new Date() })).toBeNull();
  const [credit] = await db.select().from(outage_credits).where(eq(outage_credits.entry_id, a.entryId));
  expect(credit).toMatchObject({ minutes: 40, past_bound: true });
});

test("an outage of one contest gives time back to that contest's tests only", async () => {
  const now = new Date();
  const hit = await runningContest(now, 10, 30);
  const beside = await runningContest(now, 10, 30);
  await recordOutage(db, { startedAt: new Date(now.getTime() - 6 * MINUTE), endedAt: new Date(now.getTime() - 4 * MINUTE), cause: "recorded", contestId: hit.contest.id });
  await creditOutages(db, now);
  expect(await entryOf(hit.a.entryId)).toMatchObject({ extra_minutes: 2, outage_minutes: 2 });
  expect(await entryOf(beside.a.entryId)).toMatchObject({ extra_minutes: 0, outage_minutes: 0 });
});

test("an instance that lost its database records the span when it is back, once however many instances saw it; the rule is on the rules sheet", async () => {
  const now = Date.now();
  const spans: Array<{ startedAt: Date; endedAt: Date }> = [];
  const record = async (span: { startedAt: Date; endedAt: Date }) => {
    spans.push(span);
    await recordOutage(db, { ...span, cause: "database" });
  };
  // Refused, then too slow (the health check's "late"), then an answer.
  const answers: Array<() => Promise<"ok" | "late">> = [() => Promise.reject(new Error("ECONNREFUSED")), async () => "late"];
  const watch = createDatabaseWatch({ ping: () => (answers.shift() ?? (async () => "ok" as const))(), record });
  expect(await watch(new Date(now))).toBe("down");
  expect(await watch(new Date(now + 5000))).toBe("down");
  expect(await watch(new Date(now + 10_000))).toBe("recorded");
  expect(await watch(new Date(now + 15_000))).toBe("up");
  expect(spans).toEqual([{ startedAt: new Date(now), endedAt: new Date(now + 10_000) }]);
  // A second instance saw the same outage, a tick later and ending later: only its last two seconds are added;
  // a third saw only its middle: nothing is added. An admin's record of the same time counts whole.
  await recordOutage(db, { startedAt: new Date(now + 2000), endedAt: new Date(now + 12_000), cause: "database" });
  await recordOutage(db, { startedAt: new Date(now + 3000), endedAt: new Date(now + 9000), cause: "errors" });
  await recordOutage(db, { startedAt: new Date(now + 3000), endedAt: new Date(now + 9000), cause: "recorded", detail: "by hand" });
  // A fourth saw it begin earlier and end later, and recorded it last: only the parts outside the others are added.
  await recordOutage(db, { startedAt: new Date(now - 3000), endedAt: new Date(now + 14_000), cause: "instance" });
  const recorded = await db.select().from(service_outages).where(and(gte(service_outages.started_at, new Date(now - 5000)), lte(service_outages.started_at, new Date(now + 20_000))));
  expect(recorded.map((o) => [o.cause, o.started_at.getTime() - now, o.ended_at.getTime() - now]).sort()).toEqual([
    ["database", 0, 10_000],
    ["database", 10_000, 12_000],
    ["instance", -3000, 0],
    ["instance", 12_000, 14_000],
    ["recorded", 3000, 9000],
  ]);

  const contest = await createContest(db, { title: `Outage Sheet ${++n}`, subject: "General", start_time: new Date(now + 3_600_000), end_time: new Date(now + 7_200_000) });
  const res = await call(sheet.loader, getRequest(`/contest/${contest.id}/rules`), { params: { id: contest.id } });
  expect(res.data.outageBound).toBe(30);
  expect(english({ id: "contest.sheet.outageText", values: { minutes: 30 } })).toContain("the time you lose is given back to you automatically as extra time");
});

test("an instance that starts after every instance was silent finds that span, once; a restart among running instances finds nothing", async () => {
  const now = Date.now();
  // A first start: no beat, no outage; but its own beat.
  await db.delete(instance_beats);
  expect(await wakeUp(db, "app-1", new Date(now - 120_000))).toBeNull();
  // Two instances beat, the last a minute before one starts again: the minute is an outage.
  await beat(db, "app-2", new Date(now - 60_000));
  expect(await wakeUp(db, "app-1", new Date(now))).toEqual({ startedAt: new Date(now - 60_000), endedAt: new Date(now) });
  // The second, starting a moment after the first, sees its fresh beat: the service is back.
  expect(await wakeUp(db, "app-2", new Date(now + 2000))).toBeNull();
  // A restart while another instance was running: nothing.
  expect(await wakeUp(db, "app-2", new Date(now + SILENCE_MS))).toBeNull();
  // Beats of instances gone for a day are forgotten.
  await beat(db, "old", new Date(now - 25 * 3_600_000));
  await wakeUp(db, "app-1", new Date(now + SILENCE_MS));
  expect((await db.select().from(instance_beats)).map((b) => b.instance).sort()).toEqual(["app-1", "app-2"]);
});

// Issue 65, point 6: recordOutage's advisory lock, proven where transactions meet. Every instance that lost the database
// sees it come back at about the same moment and records its own view of it at once.
test(`${PROVEN_ON_POSTGRESQL} one outage recorded by six instances at once is recorded once: the time lost is the union of their views, no second counted twice`, async () => {
  const base = Date.now() + 30 * 24 * 3_600_000;
  const views = [0, 0, 1000, -1000, 0, 2000].map((shift, i) => ({ startedAt: new Date(base + shift), endedAt: new Date(base + 20_000 + (i % 2) * 1000) }));
  await Promise.all(views.map((view) => recordOutage(db, { ...view, cause: "database", detail: "at once" })));
  const recorded = await db.select().from(service_outages).where(and(gte(service_outages.started_at, new Date(base - 5000)), lte(service_outages.started_at, new Date(base + 30_000))));
  const seconds = recorded.map((o) => [(o.started_at.getTime() - base) / 1000, (o.ended_at.getTime() - base) / 1000]).sort((a, b) => a[0]! - b[0]!);
  // From the earliest start (-1 s) to the latest end (21 s), in pieces that never overlap.
  expect(seconds.reduce((sum, [from, to]) => sum + to! - from!, 0)).toBe(22);
  for (let i = 1; i < seconds.length; i++) expect(seconds[i]![0]).toBeGreaterThanOrEqual(seconds[i - 1]![1]!);
});
