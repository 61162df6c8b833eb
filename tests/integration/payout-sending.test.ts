// Issue 31, point 4: prizes go out through the gateway, never twice. A queued payout is
// sent to its winner's own details (test gateway's books), once under two senders and a
// sender that died mid-call; the payouts webhook (signature checked, a forged one
// refused) and the poll move it forward only, whatever the order and however often
// events come; paid carries the bank's reference; a failure ends the round and the
// winner's new details start the next. Our RazorpayX client is checked against a local
// stand-in that speaks its API.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "~/db/client.server";
import { email_outbox, payouts, test_gateway_payouts } from "~/db/schema";
import { finalizeContest } from "~/models/contests/results/scoring.server";
import { GatewayRefusal, hmacHex } from "~/models/payments/gateway.server";
import { payoutGateway, razorpayxPayouts } from "~/models/payments/payout-gateway.server";
import { savePayoutDetails } from "~/models/payments/payout-details.server";
import { savePan } from "~/models/payments/tax/pan.server";
import { prizeStatement, waitingForDetails } from "~/models/payments/payouts.server";
import { nextPayoutStatus, payoutBackoffMs, payoutKey, payoutPollMs, pollPayouts, sendDuePayouts } from "~/models/payments/payout-sender.server";
import * as webhook from "~/routes/api.payouts.webhook";
import { call } from "../support/remix";
import { contestWithResults, signedInStudent } from "../support/scenarios";
import { startStandIn } from "../support/stand-in";

const gateway = payoutGateway()!;
const HOUR = 3_600_000;
const MINUTE = 60_000;
const SECRET = "whsec_integration_payouts_secret";
/** Far enough ahead that every earlier payout of this file is due; each test looks only at its own. */
let clock = Date.now() + 10 * MINUTE;
const later = () => new Date((clock += 3 * HOUR));

/** A final contest won by `winners` (first ₹1,000, second ₹500), each with the payout details given. */
async function wonPrizes(details: Array<Parameters<typeof savePayoutDetails>[2]>) {
  const winners = [];
  for (const d of details) {
    const s = await signedInStudent();
    // Saved a day ago: the hold on new details is over.
    await savePayoutDetails(db, s.userId, d, new Date(Date.now() - 25 * HOUR));
    // No prize is paid before its winner's PAN (issue 67, point 3; tests/integration/prize-tax.test.ts).
    await savePan(db, s.userId, { pan: "ABCPW1234F", panName: "Prize Winner" });
    winners.push(s);
  }
  const start = new Date(Date.now() - 3 * HOUR);
  const { contestId, contest } = await contestWithResults({
    start,
    end: new Date(start.getTime() + HOUR),
    prizePool: { first: 1000, second: 500 },
    students: winners.map((w, i) => ({ userId: w.userId, correct: 4 - i, minutes: 5 })),
  });
  expect(await finalizeContest(db, contestId, new Date())).toBe("finalized");
  const rows = await db.select().from(payouts).where(eq(payouts.contest_id, contestId));
  const payoutOf = (userId: string) => rows.find((r) => r.user_id === userId)!.id;
  return { contest, winners: winners.map((w) => ({ ...w, payoutId: payoutOf(w.userId) })) };
}

const payout = async (id: string) => (await db.select().from(payouts).where(eq(payouts.id, id)))[0]!;
const books = (id: string) => db.select().from(test_gateway_payouts).where(eq(test_gateway_payouts.reference_id, payoutKey(id, 1)));
const mailsTo = async (to: string, subject: string) => (await db.select().from(email_outbox).where(eq(email_outbox.to_address, to))).filter((m) => m.subject.includes(subject));

function event(name: string, entity: Record<string, unknown>, secret = SECRET) {
  const raw = JSON.stringify({ entity: "event", event: name, contains: ["payout"], payload: { payout: { entity: { entity: "payout", ...entity } } } });
  return new Request("http://localhost:3000/api/payouts/webhook", { method: "POST", body: raw, headers: { "Content-Type": "application/json", "X-Razorpay-Signature": hmacHex(secret, raw) } });
}
const deliver = async (name: string, entity: Record<string, unknown>, secret?: string) => call(webhook.action, event(name, entity, secret));

describe("prizes are sent through the gateway, once", () => {
  test("each payout goes to its own winner's details (UPI, bank), is sent once, and the poll marks it paid with the bank's reference", async () => {
    const { contest, winners } = await wonPrizes([
      { method: "upi", upiId: "first.winner@okaxis" },
      { method: "bank", holder: "Second Winner", accountNumber: "123456789012", ifsc: "SBIN0001234" },
    ]);
    const [first, second] = winners;
    const at = later();
    await sendDuePayouts(db, gateway, at, 500);
    expect((await books(first!.payoutId)).map((b) => [b.amount, b.mode, b.destination])).toEqual([[700, "UPI", "upi:first.winner@okaxis"]]);
    expect((await books(second!.payoutId)).map((b) => [b.amount, b.mode, b.destination])).toEqual([[350, "IMPS", "bank:123456789012@SBIN0001234"]]);
    const sent = await payout(first!.payoutId);
    expect(sent).toMatchObject({ status: "processing", gateway: "test", gateway_payout_id: (await books(first!.payoutId))[0]!.id, bank_reference: null });
    expect(sent.next_attempt_at).toEqual(new Date(at.getTime() + payoutPollMs(0)));

    // Another sender later finds nothing queued: no second payout.
    await sendDuePayouts(db, gateway, later(), 500);
    expect(await books(first!.payoutId)).toHaveLength(1);

    await pollPayouts(db, gateway, later(), 500);
    const [book] = await books(first!.payoutId);
    expect(book!.utr).toMatch(/^[0-9]{12}$/);
    expect(await payout(first!.payoutId)).toMatchObject({ status: "paid", bank_reference: book!.utr });
    expect(await mailsTo(first!.email, `Your prize in ${contest.title} is paid: ₹700`)).toHaveLength(1);
    expect((await mailsTo(first!.email, "is paid"))[0]!.text).toContain(`Bank reference (UTR): ${book!.utr}`);
    // Polling again changes nothing and mails nobody twice.
    await pollPayouts(db, gateway, later(), 500);
    expect(await mailsTo(first!.email, "is paid")).toHaveLength(1);
  });

  test("a sender that died after the gateway took the payout, and two senders at once: one payout at the gateway each", async () => {
    const { winners } = await wonPrizes([{ method: "upi", upiId: "dies@okhdfc" }, { method: "upi", upiId: "races@okhdfc" }]);
    const [dead, raced] = winners;
    // What a sender killed between the gateway's yes and our write left behind: the gateway has it, we do not.
    await gateway.send(db, { key: payoutKey(dead!.payoutId, 1), amount: 700, destination: { method: "upi", upiId: "dies@okhdfc" }, contact: { name: "x", email: dead!.email, userId: dead!.userId } });
    expect(await payout(dead!.payoutId)).toMatchObject({ status: "queued", gateway_payout_id: null });
    const at = later();
    await Promise.all([sendDuePayouts(db, gateway, at, 500), sendDuePayouts(db, gateway, at, 500)]);
    expect(await books(dead!.payoutId)).toHaveLength(1);
    expect(await books(raced!.payoutId)).toHaveLength(1);
    expect((await payout(dead!.payoutId)).gateway_payout_id).toBe((await books(dead!.payoutId))[0]!.id);
  });

  test("the webhook: a forged one is refused; events three times in any order move a payout forward once; paid can be reversed, never back", async () => {
    const { contest, winners } = await wonPrizes([{ method: "upi", upiId: "hooked@oksbi" }]);
    const [w] = winners;
    await sendDuePayouts(db, gateway, later(), 500);
    const id = (await payout(w!.payoutId)).gateway_payout_id!;
    const entity = (status: string, utr: string | null = null) => ({ id, status, utr, reference_id: payoutKey(w!.payoutId, 1), amount: 70000 });

    const forged = await deliver("payout.processed", entity("processed", "999999999999"), "not-the-secret");
    expect(forged.status).toBe(400);
    expect(await payout(w!.payoutId)).toMatchObject({ status: "processing", bank_reference: null });

    // Each of three events delivered three times, shuffled (a fixed shuffle: the same every run).
    const events: Array<[string, ReturnType<typeof entity>]> = [
      ["payout.initiated", entity("processing")],
      ["payout.processed", entity("processed", "123456789012")],
      ["payout.updated", entity("processing")],
    ];
    const order = [1, 0, 2, 1, 2, 0, 0, 1, 2];
    const answers = [];
    for (const i of order) answers.push(JSON.parse((await deliver(...events[i]!)).data).status);
    expect(answers).toEqual(["paid", ...Array(8).fill("unchanged")]);
    expect(await payout(w!.payoutId)).toMatchObject({ status: "paid", bank_reference: "123456789012" });
    expect(await mailsTo(w!.email, "is paid")).toHaveLength(1);

    // The bank sends it back: reversed, the winner is told; a late "processed" does not undo that.
    expect(JSON.parse((await deliver("payout.reversed", { ...entity("reversed"), failure_reason: "Beneficiary account is closed" })).data).status).toBe("reversed");
    expect(JSON.parse((await deliver("payout.processed", entity("processed", "123456789012"))).data).status).toBe("unchanged");
    expect(await payout(w!.payoutId)).toMatchObject({ status: "reversed", failure_reason: "Beneficiary account is closed" });
    const told = await mailsTo(w!.email, `Your prize in ${contest.title} could not be paid`);
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toContain("Beneficiary account is closed");

    // Other events, or a payout nobody here knows, are acknowledged and change nothing.
    expect(JSON.parse((await deliver("payment.captured", entity("processed", "1"))).data)).toMatchObject({ ok: true, ignored: true });
    expect(JSON.parse((await deliver("payout.processed", { id: "pout_unknown", status: "processed", utr: "1", reference_id: "x" })).data).status).toBe("unchanged");
    expect((await call(webhook.action, new Request("http://localhost:3000/api/payouts/webhook", { method: "POST", body: "{not json", headers: { "Content-Type": "application/json" } }))).status).toBe(400);
    // A body far past what a payout event needs is refused before its signature is computed.
    const huge = await call(webhook.action, event("payout.processed", { ...entity("processed", "1"), padding: "x".repeat(20 * 1024 * 1024) }));
    expect(huge.status).toBe(413);
    expect(await payout(w!.payoutId)).toMatchObject({ status: "reversed" });
  });

  test("an event before the send's reply is found by its reference; a failure ends the round, and new details send it again as a new round", async () => {
    const { winners } = await wonPrizes([{ method: "upi", upiId: "early@okicici" }]);
    const [w] = winners;
    // The gateway took it and told the webhook before our sender wrote its reply down.
    const taken = await gateway.send(db, { key: payoutKey(w!.payoutId, 1), amount: 700, destination: { method: "upi", upiId: "early@okicici" }, contact: { name: "x", email: w!.email, userId: w!.userId } });
    expect(JSON.parse((await deliver("payout.failed", { id: taken.id, status: "failed", reference_id: payoutKey(w!.payoutId, 1), failure_reason: "Invalid VPA" })).data).status).toBe("failed");
    expect(await payout(w!.payoutId)).toMatchObject({ status: "failed", gateway_payout_id: taken.id, failure_reason: "Invalid VPA" });
    // The winner's screens ask for new details: the dashboard's notice and the statement's reason.
    expect(await waitingForDetails(db, w!.userId)).toEqual({ count: 1, net: 700 });
    expect(await prizeStatement(db, { contestId: (await payout(w!.payoutId)).contest_id!, userId: w!.userId })).toMatchObject({ status: "failed", failureReason: "Invalid VPA" });
    // The sender's lease ends: the payout is no longer queued, so it is not sent again.
    await sendDuePayouts(db, gateway, later(), 500);
    expect(await books(w!.payoutId)).toHaveLength(1);

    const fixedAt = later();
    await savePayoutDetails(db, w!.userId, { method: "upi", upiId: "fixed@okicici" }, fixedAt);
    expect(await payout(w!.payoutId)).toMatchObject({ status: "queued", send_round: 2, gateway_payout_id: null, failure_reason: null });
    expect(await waitingForDetails(db, w!.userId)).toEqual({ count: 0, net: 0 });
    // The new details are held: nothing leaves before the hold ends, and the statement says until when.
    expect(await sendDuePayouts(db, gateway, new Date(fixedAt.getTime() + 23 * HOUR), 500)).toContainEqual({ id: w!.payoutId, outcome: "held" });
    expect(await db.select().from(test_gateway_payouts).where(eq(test_gateway_payouts.reference_id, payoutKey(w!.payoutId, 2)))).toHaveLength(0);
    const held = await prizeStatement(db, { contestId: (await payout(w!.payoutId)).contest_id!, userId: w!.userId }, new Date(fixedAt.getTime() + 23 * HOUR));
    expect(held).toMatchObject({ status: "queued", heldUntil: new Date(fixedAt.getTime() + 24 * HOUR).toISOString() });
    clock = fixedAt.getTime() + 24 * HOUR;
    await sendDuePayouts(db, gateway, later(), 500);
    const round2 = await db.select().from(test_gateway_payouts).where(eq(test_gateway_payouts.reference_id, payoutKey(w!.payoutId, 2)));
    expect(round2.map((b) => b.destination)).toEqual(["upi:fixed@okicici"]);
    // A late event about round 1's payout touches nothing of round 2.
    expect(JSON.parse((await deliver("payout.processed", { id: taken.id, status: "processed", utr: "111111111111", reference_id: payoutKey(w!.payoutId, 1) })).data).status).toBe("unchanged");
    expect(await payout(w!.payoutId)).toMatchObject({ status: "processing", gateway_payout_id: round2[0]!.id });
  });

  test("the probe's sequence: the gateway takes round 1 to UPI A, the sender dies before writing, the winner saves UPI B, the retry finds round 1: one payout, to A", async () => {
    const { winners } = await wonPrizes([{ method: "upi", upiId: "first.details@okaxis" }]);
    const [w] = winners;
    // A sender that dies between the gateway's yes and our write: the real gateway takes it, then the process is gone.
    const dying = { ...gateway, send: async (...args: Parameters<typeof gateway.send>) => (await gateway.send(...args), Promise.reject(new Error("killed before the write"))) };
    expect(await sendDuePayouts(db, dying, later(), 500)).toContainEqual({ id: w!.payoutId, outcome: "retry" });
    expect(await payout(w!.payoutId)).toMatchObject({ status: "queued", send_round: 1, gateway_payout_id: null, round_destination: { method: "upi", upiId: "first.details@okaxis" } });

    // The winner changes their details before the retry (the hold long over by then).
    const changedAt = later();
    await savePayoutDetails(db, w!.userId, { method: "upi", upiId: "second.details@okaxis" }, changedAt);
    clock = changedAt.getTime() + 25 * HOUR;
    await sendDuePayouts(db, gateway, later(), 500);
    await pollPayouts(db, gateway, later(), 500);
    await savePayoutDetails(db, w!.userId, { method: "upi", upiId: "second.details@okaxis" }, later());
    clock += 25 * HOUR;
    await sendDuePayouts(db, gateway, later(), 500);
    await pollPayouts(db, gateway, later(), 500);

    const everyRound = await db.select().from(test_gateway_payouts).where(sql`${test_gateway_payouts.reference_id} LIKE ${`${w!.payoutId}.%`}`);
    expect(everyRound.map((b) => [b.reference_id, b.destination])).toEqual([[payoutKey(w!.payoutId, 1), "upi:first.details@okaxis"]]);
    expect(await payout(w!.payoutId)).toMatchObject({ status: "paid", send_round: 1, gateway_payout_id: everyRound[0]!.id });
  });

  test("a refusal that is about the key, not the payout, does not end the round: the gateway is asked, and the payout it holds is recorded", async () => {
    const { winners } = await wonPrizes([{ method: "upi", upiId: "refused.key@okaxis" }]);
    const [w] = winners;
    // The round was taken, and the gateway says no to a second call with the same key (as RazorpayX does for a changed body).
    await gateway.send(db, { key: payoutKey(w!.payoutId, 1), amount: 700, destination: { method: "upi", upiId: "refused.key@okaxis" }, contact: { name: "x", email: w!.email, userId: w!.userId } });
    const refusing = { ...gateway, send: async () => Promise.reject(new GatewayRefusal("the same idempotency key was sent with another amount or destination")) };
    expect(await sendDuePayouts(db, refusing, later(), 500)).toContainEqual({ id: w!.payoutId, outcome: "sent" });
    expect(await payout(w!.payoutId)).toMatchObject({ status: "processing", send_round: 1, failure_reason: null });
    // A refusal with nothing under the round's reference does end it.
    const { winners: others } = await wonPrizes([{ method: "upi", upiId: "never.taken@okaxis" }]);
    expect(await sendDuePayouts(db, refusing, later(), 500)).toContainEqual({ id: others[0]!.payoutId, outcome: "failed" });
  });

  test("a database error after the send: last_error keeps the message, never the query's parameters; the retry records the round the gateway took", async () => {
    const { winners } = await wonPrizes([{ method: "upi", upiId: "db.error@okaxis" }]);
    const [w] = winners;
    const failingWrite = { ...gateway, send: async (...args: Parameters<typeof gateway.send>) => (await gateway.send(...args), db.execute(sql`SELECT 1 / ${0}::int AS x WHERE ${"db.error@okaxis"} = ${"db.error@okaxis"}`)).then(() => gateway.send(...args)) };
    expect(await sendDuePayouts(db, failingWrite, later(), 500)).toContainEqual({ id: w!.payoutId, outcome: "retry" });
    const row = await payout(w!.payoutId);
    expect(row.last_error).toMatch(/division by zero/);
    expect(row.last_error).not.toContain("db.error@okaxis");
    expect(row.last_error).not.toContain("params");
    await sendDuePayouts(db, gateway, later(), 500);
    expect(await books(w!.payoutId)).toHaveLength(1);
    expect(await payout(w!.payoutId)).toMatchObject({ status: "processing", gateway_payout_id: (await books(w!.payoutId))[0]!.id });
  });

  test("forward only: the rule itself", () => {
    expect(nextPayoutStatus("queued", "processing")).toBe("processing");
    expect(nextPayoutStatus("processing", "processing")).toBeNull();
    expect(nextPayoutStatus("processing", "paid")).toBe("paid");
    expect(nextPayoutStatus("paid", "processing")).toBeNull();
    expect(nextPayoutStatus("paid", "failed")).toBeNull();
    expect(nextPayoutStatus("paid", "reversed")).toBe("reversed");
    expect(nextPayoutStatus("reversed", "paid")).toBeNull();
    expect(nextPayoutStatus("failed", "paid")).toBeNull();
    expect(nextPayoutStatus("awaiting_details", "paid")).toBeNull();
  });
});

describe("RazorpayX Payouts, as our client speaks it", () => {
  let standIn: Awaited<ReturnType<typeof startStandIn>>;
  const tries = new Map<string, number>();
  const taken = new Map<string, Record<string, unknown>>();
  beforeAll(async () => {
    // Every payout's first try meets a 503; then the refused VPA gets a 400, the rest are taken (queued at RazorpayX).
    // A search by reference answers the payouts taken under it (none for a try that met the 503).
    standIn = await startStandIn((seen) => {
      const search = new URL(seen.path, "http://x").searchParams.get("reference_id");
      if (seen.method === "GET" && search !== null) return [200, { entity: "collection", count: taken.has(search) ? 1 : 0, items: taken.has(search) ? [taken.get(search)] : [] }];
      if (seen.method === "GET") return [200, { id: seen.path.split("/").pop(), entity: "payout", status: "processed", utr: "RZPUTR000001" }];
      const key = String(seen.headers["x-payout-idempotency"]);
      const n = (tries.get(key) ?? 0) + 1;
      tries.set(key, n);
      if (n === 1) return [503, { error: { description: "try later" } }];
      const vpa = (seen.body.fund_account as { vpa?: { address?: string } }).vpa?.address;
      if (vpa === "refused@okaxis") return [400, { error: { code: "BAD_REQUEST_ERROR", description: "Invalid VPA" } }];
      const payout = { id: `pout_${key.slice(0, 8)}`, entity: "payout", status: "queued", utr: null, reference_id: seen.body.reference_id };
      taken.set(String(seen.body.reference_id), payout);
      return [200, payout];
    });
  });
  afterAll(() => standIn.close());

  test("the composite payout in paise with the idempotency key, retried after a 5xx with the same key and body; a 400 is a refusal; the poll reads the UTR", async () => {
    const razorpayx = razorpayxPayouts("rzp_test_key", "rzp_test_secret", "7878780080316316", standIn.baseUrl);
    const { winners } = await wonPrizes([{ method: "bank", holder: "Bank Winner", accountNumber: "000123456789", ifsc: "HDFC0001234" }, { method: "upi", upiId: "refused@okaxis" }]);
    const [w, refused] = winners;
    const at = later();
    await sendDuePayouts(db, razorpayx, at, 500);
    for (const p of [w!, refused!]) {
      expect(await payout(p.payoutId)).toMatchObject({ status: "queued", attempts: 1, last_error: expect.stringContaining("503") });
      expect((await payout(p.payoutId)).next_attempt_at).toEqual(new Date(at.getTime() + payoutBackoffMs(1)));
    }
    await sendDuePayouts(db, razorpayx, new Date(at.getTime() + payoutBackoffMs(1)), 500);
    expect(await payout(w!.payoutId)).toMatchObject({ status: "processing", gateway: "razorpay", gateway_payout_id: `pout_${w!.payoutId.slice(0, 8)}` });
    expect(await payout(refused!.payoutId)).toMatchObject({ status: "failed", failure_reason: expect.stringContaining("Invalid VPA") });

    const bankCalls = standIn.seen.filter((s) => s.method === "POST" && s.headers["x-payout-idempotency"] === payoutKey(w!.payoutId, 1));
    expect(bankCalls).toHaveLength(2);
    expect(bankCalls[1]!.body).toEqual(bankCalls[0]!.body);
    expect(bankCalls[0]!.body).toEqual({
      account_number: "7878780080316316",
      amount: 70000,
      currency: "INR",
      mode: "IMPS",
      purpose: "payout",
      fund_account: {
        account_type: "bank_account",
        bank_account: { name: "Bank Winner", ifsc: "HDFC0001234", account_number: "000123456789" },
        contact: { name: expect.any(String), email: w!.email, type: "customer", reference_id: w!.userId },
      },
      queue_if_low_balance: true,
      reference_id: payoutKey(w!.payoutId, 1),
      narration: "StudyArena prize",
    });
    expect(bankCalls[0]!.headers.authorization).toBe(`Basic ${Buffer.from("rzp_test_key:rzp_test_secret").toString("base64")}`);
    const upiCall = standIn.seen.find((s) => s.method === "POST" && s.headers["x-payout-idempotency"] === payoutKey(refused!.payoutId, 1));
    expect(upiCall!.body).toMatchObject({ amount: 35000, mode: "UPI", fund_account: { account_type: "vpa", vpa: { address: "refused@okaxis" } } });

    // Before each retry, and after the refusal, RazorpayX was asked by the round's reference (its own account's payouts).
    const searches = standIn.seen.filter((s) => s.method === "GET").map((s) => new URL(s.path, "http://x"));
    expect(searches.map((u) => [u.pathname, u.searchParams.get("account_number"), u.searchParams.get("reference_id")]).sort()).toEqual(
      [
        ["/v1/payouts", "7878780080316316", payoutKey(w!.payoutId, 1)],
        ["/v1/payouts", "7878780080316316", payoutKey(refused!.payoutId, 1)],
        ["/v1/payouts", "7878780080316316", payoutKey(refused!.payoutId, 1)],
      ].sort(),
    );
    // The poll asks about the payout RazorpayX holds, and only that one (the test gateway's are not its).
    const before = standIn.seen.length;
    await pollPayouts(db, razorpayx, later(), 500);
    expect(standIn.seen.slice(before).filter((s) => s.method === "GET").map((s) => s.path)).toEqual([`/v1/payouts/pout_${w!.payoutId.slice(0, 8)}`]);
    expect(await payout(w!.payoutId)).toMatchObject({ status: "paid", bank_reference: "RZPUTR000001" });
  });
});
