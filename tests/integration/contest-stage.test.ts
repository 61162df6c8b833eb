// The journey guard against real rows: guests, strangers' entries, bad ids (docs/product/design.md §4).
import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { db } from "~/db/client.server";
import { createContest, createEntry } from "~/seed/factories.server";
import { user_contest_entries } from "~/db/schema";
import { requireContestStage } from "~/models/contests/catalogue/stage.server";
import * as startRoute from "~/routes/contest.$id.start";
import { call, formRequest } from "../support/remix";
import { signedInStudent } from "../support/scenarios";

const MINUTE = 60_000;
const now = new Date("2026-12-01T09:00:00Z");

const signedIn = (email: string) => signedInStudent({ email });

async function guard(path: string, id: string, stage: "pay" | "test" | "results", cookie?: string) {
  const request = new Request(`http://localhost:3000${path}`, { headers: cookie ? { Cookie: cookie } : {} });
  try {
    return { ok: await requireContestStage(db, { request, context: {}, params: { id } }, stage, now) };
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    return { status: thrown.status, location: thrown.headers.get("Location"), text: thrown.status === 404 ? await thrown.text() : "", cookies: thrown.headers.getSetCookie() };
  }
}

test("guests log in first and come back", async () => {
  const c = await createContest(db, { title: "Guard Cup", subject: "Maths", start_time: new Date(now.getTime() + 60 * MINUTE), end_time: new Date(now.getTime() + 120 * MINUTE) });
  const res = await guard(`/contest/${c.id}/pay`, c.id, "pay");
  expect(res).toMatchObject({ status: 302, location: `/login?redirectTo=${encodeURIComponent(`/contest/${c.id}/pay`)}` });
});

test("a malformed or unknown contest is 'Contest Not Found'", async () => {
  const { cookie } = await signedIn("guard-404@example.in");
  expect(await guard("/contest/x/pay", "x", "pay", cookie)).toMatchObject({ status: 404 });
  expect(await guard("/contest/0/pay", "00000000-0000-4000-8000-000000000000", "pay", cookie)).toMatchObject({ status: 404, text: "Contest Not Found" });
});

test("only the student's own entry counts", async () => {
  const c = await createContest(db, { title: "Own Cup", subject: "Maths", start_time: new Date(now.getTime() - 5 * MINUTE), end_time: new Date(now.getTime() + 60 * MINUTE) });
  const other = await signedIn("guard-other@example.in");
  await createEntry(db, { userId: other.userId, contestId: c.id });
  const me = await signedIn("guard-me@example.in");

  // Someone else's entry does not open the test for me…
  const mine = await guard(`/contest/${c.id}/test`, c.id, "test", me.cookie);
  expect(mine).toMatchObject({ status: 302, location: `/contest/${c.id}` });
  expect(mine.cookies?.some((v) => v.startsWith("__flash="))).toBe(true);
  // …while its owner gets in, with their entry.
  const theirs = await guard(`/contest/${c.id}/test`, c.id, "test", other.cookie);
  expect(theirs.ok?.entry).toMatchObject({ has_submitted: false });
  expect(theirs.ok?.user.id).toBe(other.userId);
});

test("pay is closed once the contest has started, and for the enrolled", async () => {
  const started = await createContest(db, { title: "Started Cup", subject: "Maths", start_time: new Date(now.getTime() - MINUTE), end_time: new Date(now.getTime() + 60 * MINUTE) });
  const later = await createContest(db, { title: "Later Cup", subject: "Maths", start_time: new Date(now.getTime() + 60 * MINUTE), end_time: new Date(now.getTime() + 90 * MINUTE) });
  const me = await signedIn("guard-pay@example.in");
  expect(await guard(`/contest/${started.id}/pay`, started.id, "pay", me.cookie)).toMatchObject({ status: 302, location: `/contest/${started.id}` });
  expect((await guard(`/contest/${later.id}/pay`, later.id, "pay", me.cookie)).ok?.contest.title).toBe("Later Cup");
  await createEntry(db, { userId: me.userId, contestId: later.id });
  expect(await guard(`/contest/${later.id}/pay`, later.id, "pay", me.cookie)).toMatchObject({ status: 302, location: `/contest/${later.id}` });
});

test("'Start Now' opens the test only while it is open, and marks nothing: an entry starts when the test island has its paper", async () => {
  const real = Date.now();
  const open = await createContest(db, { title: "Start Cup", subject: "Maths", start_time: new Date(real - MINUTE), end_time: new Date(real + 60 * MINUTE), duration_minutes: 30 });
  const later = await createContest(db, { title: "Later Start Cup", subject: "Maths", start_time: new Date(real + 60 * MINUTE), end_time: new Date(real + 120 * MINUTE) });
  const me = await signedIn("starter@example.in");
  const stranger = await signedIn("not-entered@example.in");
  await createEntry(db, { userId: me.userId, contestId: open.id });
  await createEntry(db, { userId: me.userId, contestId: later.id });
  const press = (contestId: string, cookie: string) => call(startRoute.action, formRequest(`/contest/${contestId}/start`, {}, cookie), { params: { id: contestId } });

  expect((await press(later.id, me.cookie)).location).toBe("/dashboard");
  expect((await press(open.id, stranger.cookie)).location).toBe(`/contest/${open.id}`);
  expect((await press(open.id, me.cookie)).location).toBe(`/contest/${open.id}/test`);
  const [entry] = await db.select().from(user_contest_entries).where(eq(user_contest_entries.contest_id, open.id));
  expect(entry).toMatchObject({ status: false, started_at: null });
});
