// Money held at the gateway for someone until it is theirs (docs/decisions/money-held-until-delivery.md):
// Razorpay Route's transfers from a captured payment to a linked account, on hold, then
// released or reversed; or the test gateway's own books, the same way. Both answer in one
// language, and each call may be made again with the same arguments: a transfer is found
// by our reference before one is made, a release of a released one changes nothing, and a
// reversal reverses only what is not reversed yet.
import { createHash, randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { linked_accounts, test_gateway_transfers } from "~/db/schema";
import { GatewayRefusal, paymentGateway } from "~/models/payments/gateway.server";
import { env } from "~/utils/env.server";

export type TransferGateway = {
  kind: "razorpay" | "test";
  /** Holds `amount` rupees of a captured payment for `accountId`, under `reference` (the same reference answers the same transfer). */
  hold(db: DbOrTx, input: { reference: string; paymentId: string; accountId: string; amount: number }): Promise<{ transferId: string }>;
  /** Lets the held money go to its linked account (settled on the gateway's schedule). */
  release(db: DbOrTx, transferId: string): Promise<void>;
  /** Takes `amount` rupees of the transfer back to the platform's balance, where a refund is paid from. */
  reverse(db: DbOrTx, input: { transferId: string; amount: number }): Promise<void>;
};

// The test gateway's books: a transfer per reference, on hold until released; `releases`
// and `reversals` count the calls that changed it, so a test and the chaos run can see each
// happened once.
const testTransfers: TransferGateway = {
  kind: "test",
  async hold(db, { reference, paymentId, accountId, amount }) {
    await db
      .insert(test_gateway_transfers)
      .values({ id: `trf_test_${randomBytes(9).toString("base64url")}`, reference, payment_id: paymentId, account_id: accountId, amount })
      .onConflictDoNothing({ target: test_gateway_transfers.reference });
    const [made] = await db.select().from(test_gateway_transfers).where(eq(test_gateway_transfers.reference, reference));
    if (made!.amount !== amount || made!.payment_id !== paymentId) throw new GatewayRefusal("the same reference was held with another payment or amount");
    return { transferId: made!.id };
  },
  async release(db, transferId) {
    const [found] = await db.select({ reversed: test_gateway_transfers.amount_reversed }).from(test_gateway_transfers).where(eq(test_gateway_transfers.id, transferId));
    if (!found) throw new GatewayRefusal(`the test gateway has no transfer ${transferId}`);
    if (found.reversed > 0) throw new GatewayRefusal("a reversed transfer cannot be released");
    await db.update(test_gateway_transfers).set({ on_hold: false, releases: sql`${test_gateway_transfers.releases} + 1`, released_at: new Date() }).where(and(eq(test_gateway_transfers.id, transferId), eq(test_gateway_transfers.on_hold, true)));
  },
  async reverse(db, { transferId, amount }) {
    const [found] = await db.select().from(test_gateway_transfers).where(eq(test_gateway_transfers.id, transferId));
    if (!found) throw new GatewayRefusal(`the test gateway has no transfer ${transferId}`);
    if (!found.on_hold) throw new GatewayRefusal("a released transfer is the linked account's");
    await db
      .update(test_gateway_transfers)
      .set({ amount_reversed: amount, reversals: sql`${test_gateway_transfers.reversals} + 1`, reversed_at: new Date() })
      .where(and(eq(test_gateway_transfers.id, transferId), sql`${test_gateway_transfers.amount_reversed} < ${amount}`));
  },
};

/** Razorpay Route's REST API at `baseUrl`. */
export function routeTransfers(keyId: string, keySecret: string, baseUrl = env().RAZORPAY_BASE_URL): TransferGateway {
  const auth = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString("base64")}`;
  async function call(path: string, what: string, init: { method?: string; body?: object } = {}) {
    const res = await fetch(`${baseUrl}${path}`, {
      method: init.method ?? (init.body ? "POST" : "GET"),
      headers: { Authorization: auth, "Content-Type": "application/json" },
      body: init.body ? JSON.stringify(init.body) : undefined,
      signal: AbortSignal.timeout(15_000),
    });
    const body = (await res.json().catch(() => ({}))) as Record<string, unknown> & { error?: { description?: unknown } };
    if (res.status >= 400 && res.status < 500 && res.status !== 409 && res.status !== 429) {
      throw new GatewayRefusal(`Razorpay refused the ${what} (${res.status}): ${String(body.error?.description ?? "no reason given").slice(0, 200)}`);
    }
    if (!res.ok) throw new Error(`Razorpay ${what} failed: ${res.status}`);
    return body;
  }
  type Transfer = { id?: unknown; notes?: { reference?: unknown } | unknown[]; amount_reversed?: unknown };
  const items = (body: Record<string, unknown>) => (Array.isArray(body.items) ? (body.items as Transfer[]) : []);
  const ours = (reference: string) => (t: Transfer) => typeof t.id === "string" && !Array.isArray(t.notes) && t.notes?.reference === reference;
  return {
    kind: "razorpay",
    async hold(_db, { reference, paymentId, accountId, amount }) {
      // A transfer made by an earlier try whose answer was lost is found by our reference first.
      const path = `/v1/payments/${encodeURIComponent(paymentId)}/transfers`;
      const before = items(await call(path, "transfer lookup")).find(ours(reference));
      if (before) return { transferId: before.id as string };
      const made = await call(path, "transfer", { body: { transfers: [{ account: accountId, amount: amount * 100, currency: "INR", notes: { reference }, on_hold: true }] } });
      const transfer = items(made).find(ours(reference)) ?? items(made)[0];
      if (typeof transfer?.id !== "string") throw new Error("Razorpay answered the transfer without its id");
      return { transferId: transfer.id };
    },
    async release(_db, transferId) {
      await call(`/v1/transfers/${encodeURIComponent(transferId)}`, "release", { method: "PATCH", body: { on_hold: false } });
    },
    async reverse(_db, { transferId, amount }) {
      const transfer = (await call(`/v1/transfers/${encodeURIComponent(transferId)}`, "transfer lookup")) as Transfer;
      const left = amount * 100 - Number(transfer.amount_reversed ?? 0);
      if (left > 0) await call(`/v1/transfers/${encodeURIComponent(transferId)}/reversals`, "reversal", { body: { amount: left } });
    },
  };
}

/** The gateway that holds money (the payments gateway's own: Route with Razorpay, its books with the test gateway), or null. */
export function transferGateway(): TransferGateway | null {
  const payments = paymentGateway();
  if (payments?.kind === "test") return testTransfers;
  const config = env();
  return payments?.kind === "razorpay" ? routeTransfers(config.RAZORPAY_KEY_ID!, config.RAZORPAY_KEY_SECRET!) : null;
}

/**
 * Where a person's held money goes: with Razorpay, the linked account Route onboarded them
 * with (the operator writes it: docs/admin-sql.md), else none, and their money is paid as
 * before; with the test gateway, an account of its books named after them.
 */
export async function linkedAccountOf(db: DbOrTx, userId: string, gateway: "razorpay" | "test") {
  if (gateway === "test") return `acc_test_${createHash("sha256").update(userId).digest("hex").slice(0, 14)}`;
  const [row] = await db.select({ id: linked_accounts.account_id }).from(linked_accounts).where(eq(linked_accounts.user_id, userId));
  return row?.id ?? null;
}
