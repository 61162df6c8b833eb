import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { db } from "~/db/client.server";
import { createContest, createEntry, createUser } from "~/seed/factories.server";
import { analytics_events } from "~/db/schema";
import { readFlash } from "~/utils/flash.server";
import * as eventsRoute from "~/routes/api.events";
import * as contestsRoute from "~/routes/contests._index";
import * as dashboardRoute from "~/routes/dashboard";
import * as homeRoute from "~/routes/_index";
import * as legacyProduct from "~/routes/marketplace.$id";
import * as legacyStore from "~/routes/marketplace._index";
import { call, cookieFrom, formRequest, getRequest } from "../support/remix";
import { flashInEnglish } from "../support/words";
import { signedInStudent } from "../support/scenarios";
import { manualClock } from "../support/manual-clock";

const MIN = 60_000;
const now = Date.now();
const at = (minutes: number) => new Date(now + minutes * MIN);

const signedIn = (email: string, fullName: string | null = null) => signedInStudent({ email, fullName });

describe("home", () => {
  test("upcoming contests only, soonest first, with enrolment and the first-visit guide", async () => {
    const { userId, cookie } = await signedIn("home@example.in");
    const later = await createContest(db, { title: "Later", subject: "Physics", start_time: at(3000), end_time: at(3060) });
    const soon = await createContest(db, { title: "Soon", subject: "Maths", start_time: at(30), end_time: at(90) });
    await createContest(db, { title: "Running", subject: "Maths", start_time: at(-5), end_time: at(60) });
    await createContest(db, { title: "Hidden", subject: "Maths", start_time: at(60), end_time: at(120), is_active: false });
    await createEntry(db, { userId, contestId: later.id });

    const first = await call(homeRoute.loader, getRequest("/", cookie));
    expect(first.data.contests.map((c: { id: string; title: string }) => [c.id, c.title])).toEqual([[soon.id, "Soon"], [expect.any(String), "Later"]]);
    expect(first.data.contests.map((c: { enrolled: boolean }) => c.enrolled)).toEqual([false, true]);
    expect(first.data.showGuide).toBe(true);
    const guideCookie = first.headers.get("Set-Cookie")!.split(";")[0]!;
    expect(guideCookie).toMatch(/^guide_seen=\w+/); // remembered for the next visit

    const second = await call(homeRoute.loader, getRequest("/", `${cookie}; ${guideCookie}`));
    expect(second.data.showGuide).toBe(false);
  });
});

describe("contest list", () => {
  test("searches title and subject, escapes wildcards, and counts questions", async () => {
    await createContest(db, {
      title: "Organic 100% Chemistry",
      subject: "Chemistry",
      start_time: at(100),
      end_time: at(160),
      questions: [["H2O is", ["water", "salt"], "water"], ["NaCl is", ["water", "salt"], "salt"]],
    });
    const all = await call(contestsRoute.loader, getRequest("/contests"));
    expect(all.data.contests.length).toBeGreaterThan(0);
    const bySubject = await call(contestsRoute.loader, getRequest("/contests?q=chemis"));
    expect(bySubject.data.contests.map((c: { title: string }) => c.title)).toEqual(["Organic 100% Chemistry"]);
    expect(bySubject.data.contests[0].question_count).toBe(2);
    const wildcard = await call(contestsRoute.loader, getRequest("/contests?q=%25"));
    expect(wildcard.data.contests.map((c: { title: string }) => c.title)).toEqual(["Organic 100% Chemistry"]);
    const none = await call(contestsRoute.loader, getRequest("/contests?q=zzzz"));
    expect(none.data.contests).toEqual([]);
  });
});

describe("dashboard", () => {
  test("guests are sent to / with a 'Session Expired' message", async () => {
    const res = await call(dashboardRoute.loader, getRequest("/dashboard"));
    expect(res.status).toBe(302);
    expect(res.location).toBe("/");
    const flash = await readFlash(getRequest("/", cookieFrom(res.headers, "__flash")));
    expect(flashInEnglish(flash.flash)).toEqual({ kind: "info", message: "Session Expired", action: { label: "Go to Login", to: "/login?redirectTo=%2Fdashboard" } });
  });
  test("greets by full name, else by the e-mail's local part", async () => {
    const named = await signedIn("named@example.in", "Asha Rao");
    expect((await call(dashboardRoute.loader, getRequest("/dashboard", named.cookie))).data.name).toBe("Asha Rao");
    const unnamed = await signedIn("rahul.v@example.in");
    const res = await call(dashboardRoute.loader, getRequest("/dashboard", unnamed.cookie));
    expect(res.data.name).toBe("rahul.v");
    expect(res.data.upcoming).toEqual([]);
  });
});

describe("first-party analytics", () => {
  test("a card press records a page view and an 'Outbound click' labelled 'User'", async () => {
    const res = await call(eventsRoute.action, formRequest("/api/events", { name: ["Page view", "Outbound click"], label: "User", path: "/", target: "/contest/x" }));
    expect(res.status).toBe(204);
    const rows = await db.select().from(analytics_events).where(eq(analytics_events.label, "User"));
    expect(rows.map((r) => r.name).sort()).toEqual(["Outbound click", "Page view"]);
    const junk = await call(eventsRoute.action, formRequest("/api/events", { name: "anything" }));
    expect(junk.status).toBe(400);
  });

  test("one address cannot flood the events table", async () => {
    const statuses = new Set<number>();
    for (let i = 0; i < 301; i++) {
      statuses.add((await call(eventsRoute.action, formRequest("/api/events", { name: "Page view" }), { ip: "192.0.2.77" })).status);
    }
    expect([...statuses]).toEqual([204, 429]);
    // 300 from this address, 1 from the test above.
    expect(await db.$count(analytics_events, eq(analytics_events.name, "Page view"))).toBe(301);
  });
});

describe("legacy paths", () => {
  test("301 to the new paths; a malformed id is 404", async () => {
    const store = await call(legacyStore.loader, getRequest("/marketplace?page=2"));
    expect([store.status, store.location]).toEqual([301, "/store?page=2"]);
    const id = "7f1b4f5e-9a0c-4b4e-8a3a-0d1e2f3a4b5c";
    const product = await call(legacyProduct.loader, getRequest(`/marketplace/${id}`), { params: { id } });
    expect([product.status, product.location]).toEqual([301, `/store/${id}/productdetails`]);
    const bad = await call(legacyProduct.loader, getRequest("/marketplace/1"), { params: { id: "1" } });
    expect(bad.status).toBe(404);
  });
});

test("/healthz answers 200 after reading a real table of the app's", async () => {
  const { loader } = await import("~/routes/healthz");
  const { queriesDuring } = await import("~/db/client.server");
  let res!: Response;
  const queries = await queriesDuring(async () => {
    // A clock that never moves: the deadline is not what this test is about, so a slow machine never hits it.
    res = await loader({ request: new Request("http://localhost:3000/healthz"), params: {}, context: { clock: manualClock() } });
  });
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ status: "ok" });
  expect(res.headers.get("Cache-Control")).toBe("no-store");
  expect(queries).toEqual(["SELECT count(*) FROM (SELECT 1 FROM contests LIMIT 1) AS one"]);
});

describe("Hall of Champions", () => {
  test("names prize winners of finished, finalised contests only, by first name and initial, never by e-mail", async () => {
    const { finalizeContest } = await import("~/models/contests/results/scoring.server");
    const { submitEntry } = await import("~/seed/factories.server");
    const now = new Date();
    const hour = 3_600_000;
    const bank: Array<[string, string[], string]> = [["1+1?", ["1", "2"], "2"]];
    const finished = await createContest(db, { title: "Champions Finished Cup", subject: "Maths", start_time: new Date(now.getTime() - 3 * hour), end_time: new Date(now.getTime() - 2 * hour), prize_pool: { first: 700 }, questions: bank });
    const running = await createContest(db, { title: "Champions Running Cup", subject: "Maths", start_time: new Date(now.getTime() - hour), end_time: new Date(now.getTime() + hour), prize_pool: { first: 9000 }, questions: bank });
    const winner = await createUser(db, { email: "champion.secret@example.in", passwordHash: "x", fullName: "Kavya Rao" });
    const nameless = await createUser(db, { email: "nameless.secret@example.in", passwordHash: "x" });
    for (const [contest, users] of [[finished, [winner, nameless]], [running, [winner]]] as const) {
      for (const [i, userId] of users.entries()) {
        await createEntry(db, { userId, contestId: contest.id });
        await submitEntry(db, { userId, contestId: contest.id, submittedAt: new Date(contest === finished ? now.getTime() - 3 * hour + (i + 1) * 60_000 : now.getTime() - 30 * 60_000), answers: [{ questionId: contest.questions[0]!.id, selected: i === 0 ? "2" : "1" }] });
      }
    }
    await finalizeContest(db, finished.id, now);
    const home = await call(homeRoute.loader, getRequest("/"));
    // Public lists show a first name and an initial unless the winner chose otherwise (issue 67, point 5; public-names.test.ts).
    expect(home.data.champions).toEqual([{ name: "Kavya R.", rank: 1, prize: 700, contest: "Champions Finished Cup" }]);
    expect(JSON.stringify(home.data)).not.toContain("secret@example.in");
    expect(JSON.stringify(home.data.champions)).not.toContain("Running");
  });
});
