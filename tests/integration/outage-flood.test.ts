// Issue 65, point 1: our outage is ours, never a client's order. An attacker's probe held a
// lone instance's shedder with slow bodies from one address; the test API's students got
// 503s, the instance recorded an `errors` outage, and every running test got a minute back.
// Here the real front door, load shedder, watches and outage rule run on a real database,
// with the clock injected into the watches: the flood records nothing and credits nobody,
// and a database lost during the test is still recorded, and credited, once.
import http from "node:http";
import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { db } from "~/db/client.server";
import { service_outages, user_contest_entries } from "~/db/schema";
import { createContest, createEntry } from "~/seed/factories.server";
import { creditOutages, recordOutage } from "~/models/contests/sitting/outages.server";
import { createFrontDoor } from "~/server/front-door.server";
import { watchedReply } from "~/server/lifecycle.server";
import { createDatabaseWatch, createErrorWatch } from "~/server/outage-watch.server";
import { createRouteTable, type RouteEntry } from "~/server/route-table";
import { createLoadShedder } from "~/utils/load-shedding.server";
import { createPageCache } from "~/utils/page-cache.server";
import { JSON_API_BODY } from "~/utils/request-guard";
import { listening } from "../support/listening";
import { signedInStudent } from "../support/scenarios";

const T0 = Date.now();
const at = (seconds: number) => new Date(T0 + seconds * 1000);

const ROUTES: Record<string, RouteEntry> = {
  root: { id: "root", path: "", module: {} },
  contact: { id: "contact", parentId: "root", path: "contact", module: {} },
  test: { id: "test", parentId: "root", path: "api/contest/:id/test", module: { requestPolicy: { body: JSON_API_BODY } } },
};

// What answers behind the door: it reads the body, then answers as the app does when its
// database is there (200) or lost (500, "Something went wrong").
let databaseLost = false;
const errorWatch = createErrorWatch({ now: at(0), record: (span) => recordOutage(db, { ...span, cause: "errors" }) });
const databaseWatch = createDatabaseWatch({
  ping: async () => {
    if (databaseLost) throw new Error("ECONNREFUSED");
    return "ok";
  },
  record: (span) => recordOutage(db, { ...span, cause: "database" }),
});
const shedder = createLoadShedder({ maxInFlight: 40, maxLagMs: 10_000, maxPerClient: 8 }, { sample: false });
const door = createFrontDoor({
  routes: createRouteTable(ROUTES),
  appUrl: "http://app.test",
  securityHeaders: {},
  trustedProxies: 1,
  publicFiles: new Set(),
  pages: createPageCache(),
  shedder,
  renderForCache: async () => new Response("page"),
  renderer: (req, res) => {
    req.resume();
    req.on("end", () => res.writeHead(databaseLost ? 500 : 200).end(databaseLost ? "Something went wrong." : "ok"));
  },
  forgetCachedPages: () => {},
  isDraining: () => false,
  onReply: (reply) => errorWatch.count(watchedReply(reply)),
});

const served = listening(door);

/** A POST from `address`; `announced` past the body's length holds the request open (a slow body). */
function post(path: string, input: { address: string; cookie?: string; body: string; announced?: number }) {
  const req = http.request({
    host: "127.0.0.1",
    port: served.port(),
    method: "POST",
    path,
    agent: false,
    headers: {
      Host: "app.test",
      "Content-Type": path.startsWith("/api/") ? "application/json" : "application/x-www-form-urlencoded",
      "Content-Length": String(input.announced ?? Buffer.byteLength(input.body)),
      "X-Forwarded-For": input.address,
      ...(input.cookie ? { Cookie: input.cookie } : {}),
    },
  });
  const status = new Promise<number>((resolve, reject) => {
    req.on("response", (res) => (res.resume(), res.on("end", () => resolve(res.statusCode!))));
    req.on("error", reject);
  });
  if (input.announced) req.write(input.body);
  else req.end(input.body);
  return { req, status };
}

async function classroom(count: number) {
  const contest = await createContest(db, {
    title: "Flood Cup",
    subject: "General",
    start_time: at(-10 * 60),
    end_time: at(4 * 3600),
    duration_minutes: 30,
    questions: [["1 + 1?", ["1", "2"], "2"]],
  });
  const students = await Promise.all(Array.from({ length: count }, () => signedInStudent()));
  const entries = await Promise.all(students.map((s) => createEntry(db, { userId: s.userId, contestId: contest.id })));
  return { contest, students, entries };
}

/** Each student saves an answer `each` times, from an address of their own; the statuses they got. */
const saves = (contestId: string, students: Array<{ cookie: string }>, each: number) =>
  Promise.all(students.flatMap((s, i) => Array.from({ length: each }, () => post(`/api/contest/${contestId}/test`, { address: `10.1.0.${i + 1}`, cookie: s.cookie, body: '{"intent":"answer"}' }).status)));

/** One tick of the instance's watch, as app/server/lifecycle.server.ts runs it: the database first, then the replies. */
const tick = async (seconds: number) => [await databaseWatch(at(seconds)), await errorWatch.tick(at(seconds))];

test("a stranger's slow bodies on a lone instance record no outage and credit nobody; a lost database is recorded and credited once", async () => {
  const { contest, students, entries } = await classroom(10);

  // The probe: 40 posts to /contact from one address, each announcing 60 KB and sending 6 bytes, held open.
  const flood = Array.from({ length: 40 }, () => post("/contact", { address: "203.0.113.9", body: "name=a", announced: 60_000 }));
  flood.forEach((f) => f.status.catch(() => {}));
  // Past its share of 8, every one of the stranger's posts is refused at once, as his.
  const refused = await Promise.all(flood.slice(8).map((f) => f.status));
  expect(new Set(refused)).toEqual(new Set([503]));
  expect(shedder.inFlight()).toBe(8);

  // Twenty seconds of the flood, the class saving all the while: every save is served.
  const ticks = [];
  for (const seconds of [5, 10, 15]) {
    expect(new Set(await saves(contest.id, students, 3))).toEqual(new Set([200]));
    ticks.push(await tick(seconds));
  }
  expect(new Set(await saves(contest.id, students, 3))).toEqual(new Set([200]));
  flood.forEach((f) => f.req.destroy());
  expect(ticks).toEqual(Array(3).fill(["up", "up"]));
  expect(await db.select().from(service_outages)).toEqual([]);
  expect(await creditOutages(db, at(19))).toBe(0);

  // Then the database is lost at 20 s for twenty seconds: the ping fails, and so do the class's saves.
  databaseLost = true;
  expect(await tick(20)).toEqual(["down", "up"]);
  for (const seconds of [25, 30, 35]) {
    expect(new Set(await saves(contest.id, students, 3))).toEqual(new Set([500]));
    expect(await tick(seconds)).toEqual(["down", "down"]);
  }
  await saves(contest.id, students, 3);
  databaseLost = false;
  // Back at 40 s: the database watch records [20 s, 40 s]; the replies' watch, ending a tick later, adds nothing to it.
  expect(await tick(40)).toEqual(["recorded", "down"]);
  await saves(contest.id, students, 3);
  expect(await tick(45)).toEqual(["up", "recorded"]);
  const outages = await db.select().from(service_outages);
  expect(outages.map((o) => [o.cause, (o.started_at.getTime() - T0) / 1000, (o.ended_at.getTime() - T0) / 1000])).toEqual([["database", 20, 40]]);

  // Credited once: twenty seconds lost is one minute back to each of the ten, and a second sweep changes nothing.
  expect(await creditOutages(db, at(50))).toBe(10);
  expect(await creditOutages(db, at(55))).toBe(0);
  const after = await db.select().from(user_contest_entries).where(eq(user_contest_entries.contest_id, contest.id));
  expect(after.map((e) => [entries.includes(e.id), e.extra_minutes, e.outage_minutes])).toEqual(Array(10).fill([true, 1, 1]));
});
