// Issue 47, point 4: "many entrants from one device or address". Students start through the
// test API as their browsers would: the first start on a device gets its cookie; entrants
// who start on that device again share its hash; a few entrants behind one address are
// Medium, while a crowd behind one address (a mobile network) and a lone student are
// High. Only keyed hashes are stored, never the cookie or the address. Both databases.
import { eq, sql } from "drizzle-orm";
import { expect, test } from "vitest";
import { db } from "~/db/client.server";
import { user_contest_entries } from "~/db/schema";
import { ADDRESS_CROWD } from "~/models/contests/review/credibility";
import { recordResult } from "~/models/contests/results/scoring.server";
import { reviewBoard } from "~/models/contests/review/review-board.server";
import * as testApi from "~/routes/api.contest.$id.test";
import { createContest, createEntry } from "~/seed/factories.server";
import { call } from "../support/remix";
import { signedInStudent, ANSWER_BANK } from "../support/scenarios";
import { english } from "../support/words";

const MINUTE = 60_000;
const json = (outcome: { data: unknown }) => JSON.parse(outcome.data as string);

test("entrants who started on one device are Low together; a few behind one address are Medium; a crowd's address and a lone student say nothing", async () => {
  const start = new Date(Date.now() - 5 * MINUTE);
  const contest = await createContest(db, { title: `Device Cup ${Date.now()}`, subject: "General", start_time: start, end_time: new Date(start.getTime() + 60 * MINUTE), questions: ANSWER_BANK, duration_minutes: 30 });
  const post = (cookie: string, ip: string, body: unknown) =>
    call(testApi.action, new Request(`http://localhost:3000/api/contest/${contest.id}/test`, { method: "POST", body: JSON.stringify(body), headers: { "Content-Type": "application/json", Cookie: cookie } }), {
      params: { id: contest.id },
      ip,
    });
  /** Enrols and starts a student on `device` (a Cookie header part, or none) from `ip`; returns the device cookie the server set, if any. */
  const sit = async (name: string, ip: string, device?: string) => {
    const me = await signedInStudent({ fullName: name });
    await createEntry(db, { userId: me.userId, contestId: contest.id });
    const started = await post(device ? `${me.cookie}; ${device}` : me.cookie, ip, { intent: "start", fullscreen: true });
    expect(started.status).toBe(200);
    expect(json(await post(me.cookie, ip, { intent: "submit", reason: "manual" }))).toEqual({ submitted: true });
    await recordResult(db, { contestId: contest.id, userId: me.userId });
    return { userId: me.userId, device: started.headers.get("Set-Cookie")?.split(";")[0] };
  };

  // One laptop, three accounts, three networks: the first start sets the device's cookie.
  const first = await sit("Laptop One", "198.51.100.1");
  expect(first.device).toMatch(/^sa_device=[A-Za-z0-9_-]{22}$/);
  const second = await sit("Laptop Two", "198.51.100.2", first.device);
  const third = await sit("Laptop Three", "198.51.100.3", first.device);
  expect(second.device).toBeUndefined();
  // Three on their own phones behind one home or coaching-room address.
  const room = [await sit("Room One", "203.0.113.50"), await sit("Room Two", "203.0.113.50"), await sit("Room Three", "203.0.113.50")];
  // A crowd behind a mobile carrier's address, and a student alone.
  const crowd = [];
  for (let i = 0; i < ADDRESS_CROWD + 1; i++) crowd.push(await sit(`Carrier ${i}`, "100.64.0.1"));
  const alone = await sit("Alone", "192.0.2.77");
  // A cookie that is not one of ours in shape is replaced, not trusted.
  const forged = await sit("Forged", "192.0.2.78", "sa_device=' OR 1=1 --");
  expect(forged.device).toMatch(/^sa_device=[A-Za-z0-9_-]{22}$/);

  await db.execute(sql`UPDATE contests SET end_time = now() - interval '1 minute' WHERE id = ${contest.id}`);
  const board = (await reviewBoard(db, contest.id, new Date()))!;
  const of = (userId: string) => board.entries.find((e) => e.user_id === userId)!;
  for (const laptop of [first, second, third]) expect(of(laptop.userId).credibility, "laptop").toBe("low");
  // Named in the order they started.
  expect(of(first.userId).reasons.map(english)).toEqual(["Started the test on the same device as 2 other entrants (Laptop Two, Laptop Three)"]);
  for (const phone of room) expect(of(phone.userId).credibility).toBe("medium");
  expect(of(room[0]!.userId).reasons.map(english)).toEqual([
    "Started from the same network address as 2 other entrants (a home, hostel or mobile network is shared, so this alone proves little)",
  ]);
  for (const phone of crowd) expect(of(phone.userId).credibility).toBe("high");
  expect(of(alone.userId)).toMatchObject({ credibility: "high", reasons: [] });

  // Stored: keyed hashes only, the same for the same device or address.
  const [row] = await db.select().from(user_contest_entries).where(eq(user_contest_entries.user_id, room[0]!.userId));
  expect(row!.address_hash).toMatch(/^[A-Za-z0-9_-]{32}$/);
  expect(JSON.stringify(row)).not.toContain("203.0.113.50");
  expect(JSON.stringify(row)).not.toContain(first.device!.split("=")[1]);
});
