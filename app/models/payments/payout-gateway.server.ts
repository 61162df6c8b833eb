// Prizes going out through a gateway (docs/product/design.md §5): RazorpayX Payouts when
// Razorpay's keys and a RazorpayX account number are set, the test gateway's own books
// when the test gateway takes payments, else none (payouts wait, queued). Both answer
// in one language: a payout id, a status we understand, and the bank's reference (UTR).
import { randomBytes, randomInt } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { test_gateway_payouts, type PayoutDestination } from "~/db/schema";
import { GatewayRefusal, hmacHex, paymentGateway, sameSignature } from "~/models/payments/gateway.server";
import { env } from "~/utils/env.server";

/** A payout as the gateway sees it, in our words. */
export type GatewayPayout = { id: string; status: "processing" | "paid" | "failed" | "reversed"; utr: string | null; failureReason: string | null; referenceId: string | null };

/** Where a prize goes: always the winner's own payout details, read by the sender (the type is the schema's: a round keeps it). */
export type { PayoutDestination };

export type PayoutGateway = {
  kind: "razorpay" | "test";
  /**
   * Pays `amount` whole rupees to `destination`. The same `key` sent again answers the
   * same payout (never a second one). Throws GatewayRefusal when the gateway says no for
   * good; any other error is worth trying again later with the same key.
   */
  send(db: DbOrTx, input: { key: string; amount: number; destination: PayoutDestination; contact: { name: string; email: string; userId: string } }): Promise<GatewayPayout>;
  /** The payout's state now (the poll, for a webhook that never came). */
  fetch(db: DbOrTx, gatewayPayoutId: string): Promise<GatewayPayout>;
  /**
   * The payout the gateway holds under our reference (a round's key), or null when it has
   * none: what settles a send whose answer did not say what happened. Throws when the
   * gateway cannot be asked (then nobody knows yet).
   */
  findByReference(db: DbOrTx, reference: string): Promise<GatewayPayout | null>;
};

/**
 * RazorpayX's payout statuses in ours: `processed` is paid; `reversed` is money that
 * came back; `failed`, `rejected` and `cancelled` never left; the rest (queued, pending,
 * scheduled, processing) are on their way.
 */
export function ourPayoutStatus(status: string): GatewayPayout["status"] {
  if (status === "processed") return "paid";
  if (status === "reversed") return "reversed";
  if (status === "failed" || status === "rejected" || status === "cancelled") return "failed";
  return "processing";
}

/** Reads a RazorpayX payout entity (an API reply or a webhook's `payload.payout.entity`). */
export function fromPayoutEntity(entity: { id: string; status: string; utr?: string | null; reference_id?: string | null; failure_reason?: string | null; status_details?: { description?: string | null } | null }): GatewayPayout {
  return {
    id: entity.id,
    status: ourPayoutStatus(entity.status),
    utr: entity.utr || null,
    failureReason: (entity.failure_reason || entity.status_details?.description || null)?.slice(0, 300) ?? null,
    referenceId: entity.reference_id || null,
  };
}

const destinationText = (d: PayoutDestination) => (d.method === "upi" ? `upi:${d.upiId}` : `bank:${d.accountNumber}@${d.ifsc}`);

// The test gateway's payouts: its books in test_gateway_payouts, keyed as RazorpayX keys
// them. A payout is `processing` when taken and the bank settles it (a UTR) the first
// time anyone asks after that, so the poll finishes what a webhook would.
const testPayouts: PayoutGateway = {
  kind: "test",
  async send(db, { key, amount, destination }) {
    const [made] = await db
      .insert(test_gateway_payouts)
      .values({ id: `pout_test_${randomBytes(9).toString("base64url")}`, idempotency_key: key, reference_id: key, amount, mode: destination.method === "upi" ? "UPI" : "IMPS", destination: destinationText(destination) })
      .onConflictDoNothing({ target: test_gateway_payouts.idempotency_key })
      .returning();
    const book = made ?? (await db.select().from(test_gateway_payouts).where(eq(test_gateway_payouts.idempotency_key, key)))[0]!;
    if (book.amount !== amount || book.destination !== destinationText(destination)) throw new GatewayRefusal("the same idempotency key was sent with another amount or destination");
    return fromTestBook(book);
  },
  async fetch(db, id) {
    const [settled] = await db
      .update(test_gateway_payouts)
      .set({ status: "processed", utr: testUtr() })
      .where(and(eq(test_gateway_payouts.id, id), eq(test_gateway_payouts.status, "processing")))
      .returning();
    const book = settled ?? (await db.select().from(test_gateway_payouts).where(eq(test_gateway_payouts.id, id)))[0];
    if (!book) throw new GatewayRefusal(`the test gateway has no payout ${id}`);
    return fromTestBook(book);
  },
  async findByReference(db, reference) {
    const [book] = await db.select().from(test_gateway_payouts).where(eq(test_gateway_payouts.reference_id, reference));
    return book ? fromTestBook(book) : null;
  },
};

/** A bank reference as IMPS gives one: 12 digits. */
export const testUtr = () => String(randomInt(100_000, 999_999)) + String(randomInt(100_000, 999_999));

const fromTestBook = (book: typeof test_gateway_payouts.$inferSelect) => fromPayoutEntity({ id: book.id, status: book.status, utr: book.utr, reference_id: book.reference_id });

/** RazorpayX Payouts' REST API (the composite payout: contact and fund account in one call) at `baseUrl`. */
export function razorpayxPayouts(keyId: string, keySecret: string, accountNumber: string, baseUrl = env().RAZORPAY_BASE_URL): PayoutGateway {
  const auth = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString("base64")}`;
  async function answer(res: Response, what: string) {
    const body = (await res.json().catch(() => ({}))) as { id?: unknown; status?: unknown; error?: { description?: unknown } };
    // 409: the same request is still being processed; 429 and 5xx: later.
    if (res.status >= 400 && res.status < 500 && res.status !== 409 && res.status !== 429) {
      throw new GatewayRefusal(`RazorpayX refused the ${what} (${res.status}): ${String(body.error?.description ?? "no reason given").slice(0, 200)}`);
    }
    if (!res.ok || typeof body.id !== "string" || typeof body.status !== "string") throw new Error(`RazorpayX ${what} failed: ${res.status}`);
    return fromPayoutEntity(body as Parameters<typeof fromPayoutEntity>[0]);
  }
  return {
    kind: "razorpay",
    async send(_db, { key, amount, destination, contact }) {
      const fundAccount =
        destination.method === "upi"
          ? { account_type: "vpa", vpa: { address: destination.upiId } }
          : { account_type: "bank_account", bank_account: { name: destination.holder, ifsc: destination.ifsc, account_number: destination.accountNumber } };
      const res = await fetch(`${baseUrl}/v1/payouts`, {
        method: "POST",
        headers: { Authorization: auth, "Content-Type": "application/json", "X-Payout-Idempotency": key },
        body: JSON.stringify({
          account_number: accountNumber,
          amount: amount * 100,
          currency: "INR",
          mode: destination.method === "upi" ? "UPI" : "IMPS",
          purpose: "payout",
          fund_account: { ...fundAccount, contact: { name: contact.name.slice(0, 50), email: contact.email, type: "customer", reference_id: contact.userId } },
          queue_if_low_balance: true,
          reference_id: key,
          narration: "StudyArena prize",
        }),
        signal: AbortSignal.timeout(15_000),
      });
      return answer(res, "payout");
    },
    async fetch(_db, id) {
      const res = await fetch(`${baseUrl}/v1/payouts/${encodeURIComponent(id)}`, { headers: { Authorization: auth }, signal: AbortSignal.timeout(15_000) });
      return answer(res, "payout lookup");
    },
    async findByReference(_db, reference) {
      // "Fetch all payouts" filtered by our reference: a collection, empty when the round never reached RazorpayX.
      const query = new URLSearchParams({ account_number: accountNumber, reference_id: reference });
      const res = await fetch(`${baseUrl}/v1/payouts?${query}`, { headers: { Authorization: auth }, signal: AbortSignal.timeout(15_000) });
      const body = (await res.json().catch(() => null)) as { items?: unknown } | null;
      if (!res.ok || !Array.isArray(body?.items)) throw new Error(`RazorpayX payout search failed: ${res.status}`);
      const found = (body.items as Array<Parameters<typeof fromPayoutEntity>[0]>).filter((item) => item && typeof item.id === "string" && typeof item.status === "string" && item.reference_id === reference);
      // Two payouts under one reference would mean a second was made: the first one taken is the round's.
      return found.length ? fromPayoutEntity(found[found.length - 1]!) : null;
    },
  };
}

let chosen: { gateway: PayoutGateway | null } | undefined;

/** The live payout gateway, or null when payouts cannot be sent (they wait, queued). */
export function payoutGateway(): PayoutGateway | null {
  if (!chosen) {
    const payments = paymentGateway();
    const config = env();
    chosen = {
      gateway:
        payments?.kind === "test"
          ? testPayouts
          : payments?.kind === "razorpay" && config.RAZORPAYX_ACCOUNT_NUMBER
            ? razorpayxPayouts(config.RAZORPAY_KEY_ID!, config.RAZORPAY_KEY_SECRET!, config.RAZORPAYX_ACCOUNT_NUMBER)
            : null,
    };
  }
  return chosen.gateway;
}

/** What start-up prints about prizes. */
export function describePayoutGateway(gateway: PayoutGateway | null) {
  if (!gateway) return "none: prizes wait, queued (set RAZORPAYX_ACCOUNT_NUMBER with Razorpay's keys)";
  return gateway.kind === "razorpay" ? "RazorpayX Payouts (real money)" : "the test gateway's books (no money moves)";
}

/** Checks the payouts webhook's signature (HMAC-SHA256 of the raw body); null when RAZORPAYX_WEBHOOK_SECRET is unset (the route then does not exist). */
export function payoutWebhookVerifier(): ((raw: string, signature: string) => boolean) | null {
  const secret = env().RAZORPAYX_WEBHOOK_SECRET;
  return secret ? (raw, signature) => sameSignature(hmacHex(secret, raw), signature) : null;
}
