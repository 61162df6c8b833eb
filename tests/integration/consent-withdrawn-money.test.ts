// Issue 65, point 4: a withdrawn consent stops money at once. A minor's prize payout is
// queued when the parent withdraws: erasure is refused while it is open, so the only guard is
// mayActSql's `withdrawn_at IS NULL`. Nothing is sent (the test gateway's books and
// RazorpayX's stand-in stay empty, even for a payout the sender had already claimed when
// the parent withdrew), support is mailed what is open, and no login or session acts for the
// account. Both databases.
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { db } from "~/db/client.server";
import { email_outbox, parental_consents, payouts, test_gateway_payouts, users } from "~/db/schema";
import { attemptLogin } from "~/models/accounts/account.server";
import { createSession } from "~/models/accounts/auth.server";
import { consentTextVersion } from "~/models/accounts/parents/parental-consent.server";
import { finalizeContest } from "~/models/contests/results/scoring.server";
import { savePayoutDetails } from "~/models/payments/payout-details.server";
import { savePan } from "~/models/payments/tax/pan.server";
import { payoutGateway, razorpayxPayouts } from "~/models/payments/payout-gateway.server";
import { payoutKey, sendDuePayouts } from "~/models/payments/payout-sender.server";
import * as consentPage from "~/routes/consent.$token";
import * as accountPage from "~/routes/account";
import { createUser } from "~/seed/factories.server";
import { sha256Hex } from "~/utils/hash.server";
import { supportEmail } from "~/utils/env.server";
import { call, cookieFrom, formRequest, getRequest } from "../support/remix";
import { contestWithResults } from "../support/scenarios";
import { startStandIn, type Seen } from "../support/stand-in";

const PASSWORD = "Minor@Pass-2026";
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Far enough ahead that the payouts made here are due (and their details' hold over). */
let clock = Date.now() + 2 * DAY;
const later = () => new Date((clock += 3 * HOUR));

const bornYearsAgo = (years: number) => {
  const d = new Date(Date.now() - DAY);
  return `${d.getUTCFullYear() - years}-${String(d.getUTCMonth() + 1).padStart(2, "0")}-${String(d.getUTCDate()).padStart(2, "0")}`;
};

/** A 16-year-old whose parent consented, with a UPI ID saved a day ago; the consent link's token. */
async function consentedMinor() {
  const email = `withdrawn-${randomBytes(4).toString("hex")}@example.in`;
  const userId = await createUser(db, { email, password: PASSWORD, fullName: "Minor Winner" });
  await db.update(users).set({ birth_date: bornYearsAgo(16) }).where(eq(users.id, userId));
  const token = randomBytes(32).toString("base64url");
  await db.insert(parental_consents).values({
    user_id: userId,
    parent_email: `parent-of-${email}`,
    token_hash: sha256Hex(token),
    text_version: consentTextVersion(),
    asked_at: new Date(Date.now() - DAY),
    expires_at: new Date(Date.now() + 6 * DAY),
    consented_at: new Date(Date.now() - DAY),
  });
  await savePayoutDetails(db, userId, { method: "upi", upiId: `${email.split("@")[0]}@okaxis` }, new Date(Date.now() - 25 * HOUR));
  await savePan(db, userId, { pan: "ABCPM1234F", panName: "Minor Winner" });
  return { userId, email, token };
}

/** A final contest the minors won (first ₹1,000, second ₹500): their payouts, queued. */
async function wonPrizes(userIds: string[]) {
  const { contestId } = await contestWithResults({
    start: new Date(Date.now() - 3 * HOUR),
    end: new Date(Date.now() - 2 * HOUR),
    prizePool: { first: 1000, second: 500 },
    students: userIds.map((userId, i) => ({ userId, correct: 4 - i, minutes: 5 })),
  });
  expect(await finalizeContest(db, contestId, new Date())).toBe("finalized");
  const rows = await db.select().from(payouts).where(eq(payouts.contest_id, contestId));
  return userIds.map((id) => rows.find((r) => r.user_id === id)!);
}

const withdraw = (token: string) => call(consentPage.action, formRequest(`/consent/${token}`, { intent: "withdraw", understand: "on" }), { params: { token } });
const payout = async (id: string) => (await db.select().from(payouts).where(eq(payouts.id, id)))[0]!;
const supportMails = async (userId: string) => (await db.select().from(email_outbox).where(eq(email_outbox.to_address, supportEmail()))).filter((m) => m.subject.includes(userId));

test("a parent withdraws while the prize is queued: nothing is sent, support is told, and neither a login nor a session acts for the account", async () => {
  const minor = await consentedMinor();
  const [prize] = await wonPrizes([minor.userId]);
  expect(prize!.status).toBe("queued");

  expect((await withdraw(minor.token)).location).toBe(`/consent/${minor.token}`);
  // Erasure waits for the payout: the account is closed, not gone.
  expect((await db.select().from(users).where(eq(users.id, minor.userId)))[0]!.erased_at).toBeNull();

  const sent = await sendDuePayouts(db, payoutGateway()!, later(), 500);
  expect(sent.map((s) => s.id)).not.toContain(prize!.id);
  expect(await db.select().from(test_gateway_payouts).where(eq(test_gateway_payouts.reference_id, payoutKey(prize!.id, 1)))).toEqual([]);
  expect(await payout(prize!.id)).toMatchObject({ status: "queued", gateway_payout_id: null, attempts: 0 });

  const [notice] = await supportMails(minor.userId);
  expect(notice!.subject).toBe(`[Consent withdrawn] Account ${minor.userId} is closed with money or an order open`);
  expect(notice!.text).toContain(minor.email);
  expect(notice!.text).toContain(`Payout ${prize!.id}: ₹700`);
  expect(notice!.text).toContain("queued, held");

  // A fresh login makes no session; a session made anyway (a login that raced the withdrawal) is a guest's.
  const login = await attemptLogin(db, { email: minor.email, password: PASSWORD, ip: "198.51.100.65", device: null, now: new Date() });
  expect(login).toMatchObject({ ok: false, reason: "awaiting-parent" });
  const cookie = cookieFrom(new Headers({ "Set-Cookie": await createSession(db, minor.userId) }))!;
  expect((await call(accountPage.loader, getRequest("/account", cookie))).location).toMatch(/^\/login\?redirectTo=/);

  // Still nothing later, however often the sender runs.
  await sendDuePayouts(db, payoutGateway()!, later(), 500);
  expect((await payout(prize!.id)).status).toBe("queued");
  // Withdrawing again tells support nothing new.
  expect((await withdraw(minor.token)).status).toBe(409);
  expect(await supportMails(minor.userId)).toHaveLength(1);
});

let standIn: Awaited<ReturnType<typeof startStandIn>>;
let onPayout: (seen: Seen) => Promise<void> = async () => {};
beforeAll(async () => {
  standIn = await startStandIn(async (seen) => {
    if (seen.method === "GET") return [200, { entity: "collection", count: 0, items: [] }];
    await onPayout(seen);
    return [200, { id: `pout_${randomBytes(6).toString("hex")}`, entity: "payout", status: "queued", utr: null, reference_id: seen.body.reference_id }];
  });
});
afterAll(() => standIn.close());

test("a parent who withdraws while the sender is already sending the batch stops their child's payout in it", async () => {
  const razorpayx = razorpayxPayouts("rzp_test_key", "rzp_test_secret", "7878780080316316", standIn.baseUrl);
  const [first, second] = [await consentedMinor(), await consentedMinor()];
  const [firstPrize, secondPrize] = await wonPrizes([first.userId, second.userId]);
  // Both are claimed together; while RazorpayX takes the one sent first, the other's parent withdraws.
  const pair = [
    { prize: firstPrize!, minor: first },
    { prize: secondPrize!, minor: second },
  ];
  let stopped: (typeof pair)[number] | undefined;
  onPayout = async (seen) => {
    const sending = pair.find((p) => seen.body.reference_id === payoutKey(p.prize.id, 1));
    if (!sending || stopped) return;
    stopped = pair.find((p) => p !== sending)!;
    expect((await withdraw(stopped.minor.token)).location).toBe(`/consent/${stopped.minor.token}`);
  };
  const at = later();
  const outcomes = await sendDuePayouts(db, razorpayx, at, 500);
  onPayout = async () => {};
  const paid = pair.find((p) => p !== stopped)!;
  expect(outcomes.filter((o) => o.id === paid.prize.id || o.id === stopped!.prize.id).sort((a, b) => a.outcome.localeCompare(b.outcome))).toEqual([
    { id: stopped!.prize.id, outcome: "held" },
    { id: paid.prize.id, outcome: "sent" },
  ]);
  const posted = standIn.seen.filter((s) => s.method === "POST").map((s) => s.body.reference_id);
  expect(posted).toContain(payoutKey(paid.prize.id, 1));
  expect(posted).not.toContain(payoutKey(stopped!.prize.id, 1));
  expect(await payout(stopped!.prize.id)).toMatchObject({ status: "queued", gateway_payout_id: null });
  expect(await supportMails(stopped!.minor.userId)).toHaveLength(1);
  // Its lease over, the sender never takes it again.
  await sendDuePayouts(db, razorpayx, new Date(at.getTime() + DAY), 500);
  expect(standIn.seen.filter((s) => s.method === "POST").map((s) => s.body.reference_id)).not.toContain(payoutKey(stopped!.prize.id, 1));
});
