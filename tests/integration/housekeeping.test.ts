import { expect, test } from "vitest";
import { db } from "~/db/client.server";
import { eq } from "drizzle-orm";
import { createContest, createEntry, createUser } from "~/seed/factories.server";
import { contests, email_outbox, password_reset_tokens, proctoring_events, rate_limits, sessions } from "~/db/schema";
import { purgeExpired } from "~/models/accounts/housekeeping.server";
import { createSession } from "~/models/accounts/auth.server";
import { recordHit } from "~/services/rate-limit.server";

test("expired sessions, old tokens and finished rate-limit windows are purged; live ones stay", async () => {
  const now = new Date("2026-11-22T12:00:00Z");
  const DAY = 86_400_000;
  const userId = await createUser(db, { email: "keep@example.in", passwordHash: "x" });
  await createSession(db, userId, new Date(now.getTime() - 31 * DAY)); // expired yesterday
  await createSession(db, userId, now); // live
  await db.insert(password_reset_tokens).values([
    { user_id: userId, token_hash: "old", expires_at: new Date(now.getTime() - 2 * DAY) },
    { user_id: userId, token_hash: "fresh", expires_at: new Date(now.getTime() + 3_600_000) },
  ]);
  await recordHit(db, "old-window", { max: 1, windowMs: 60_000 }, new Date(now.getTime() - DAY));
  await recordHit(db, "open-window", { max: 1, windowMs: 60_000 }, now);

  const old = new Date(now.getTime() - 2 * 3_600_000);
  await db.insert(email_outbox).values([
    { to_address: "a@example.in", subject: "Reset", html: "<a href='/reset-password?token=old'>", text: "token=old", status: "logged", created_at: old },
    { to_address: "b@example.in", subject: "Reset", html: "<a href='/reset-password?token=new'>", text: "token=new", status: "logged", created_at: now },
    { to_address: "c@example.in", subject: "Queued", html: "<p>queued</p>", text: "queued", status: "pending", created_at: old },
  ]);

  expect(await purgeExpired(db, now)).toEqual({ sessions: 1, resetTokens: 1, rateLimits: 1, mailsRedacted: 1, proctoringEvents: 0, lapsedAccounts: 0, withdrawnErased: 0, unprovenAccounts: 0 });
  const mails = await db.select().from(email_outbox).orderBy(email_outbox.to_address);
  // A delivered mail older than any link it can hold keeps no body; a fresh one and an undelivered one keep theirs.
  expect(mails.map((m) => [m.to_address, m.text, m.html])).toEqual([
    ["a@example.in", "[redacted]", ""],
    ["b@example.in", "token=new", "<a href='/reset-password?token=new'>"],
    ["c@example.in", "queued", "<p>queued</p>"],
  ]);
  expect(await db.$count(sessions)).toBe(1);
  expect((await db.select().from(password_reset_tokens)).map((t) => t.token_hash)).toEqual(["fresh"]);
  expect((await db.select().from(rate_limits)).map((r) => r.key)).toEqual(["open-window"]);
});

test("proctoring evidence goes a set time after its contest's results are final, not before, and never while they may change", async () => {
  const now = new Date("2026-11-22T12:00:00Z");
  const DAY = 86_400_000;
  const userId = await createUser(db, { email: "evidence@example.in", passwordHash: "x" });
  const contestFinalisedAt = async (title: string, finalizedAt: Date | null) => {
    const contest = await createContest(db, { title, subject: "Maths", start_time: new Date(now.getTime() - 40 * DAY), end_time: new Date(now.getTime() - 40 * DAY + 3_600_000) });
    await db.update(contests).set({ finalized_at: finalizedAt }).where(eq(contests.id, contest.id));
    const entry = await createEntry(db, { userId, contestId: contest.id });
    await db.insert(proctoring_events).values({ entry_id: entry, kind: "tab_hidden" });
    return entry;
  };
  const old = await contestFinalisedAt("Evidence Old", new Date(now.getTime() - 31 * DAY));
  const recent = await contestFinalisedAt("Evidence Recent", new Date(now.getTime() - 29 * DAY));
  const open = await contestFinalisedAt("Evidence Open", null);
  expect((await purgeExpired(db, now, { proctoringEvidenceDays: 30 })).proctoringEvents).toBe(1);
  const left = (await db.select({ entry: proctoring_events.entry_id }).from(proctoring_events)).map((e) => e.entry);
  expect(left).not.toContain(old);
  expect(left).toEqual(expect.arrayContaining([recent, open]));
  // A shorter setting takes the recent one too; the open contest's stays.
  expect((await purgeExpired(db, now, { proctoringEvidenceDays: 7 })).proctoringEvents).toBe(1);
  expect((await db.select({ entry: proctoring_events.entry_id }).from(proctoring_events)).map((e) => e.entry)).toContain(open);
});
