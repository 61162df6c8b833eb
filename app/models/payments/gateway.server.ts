// One gateway interface, two implementations (docs/product/design.md §5): Razorpay when its keys
// are set, else the built-in test gateway. Both sign `order_id|payment_id` with
// HMAC-SHA256, so one verification path serves both. Everything that speaks the
// gateway's language lives here: orders, checkout and webhook signatures, the hosted
// checkout's fields and the test gateway's signed capture.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import Razorpay from "razorpay";
import { eq } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { test_gateway_refunds } from "~/db/schema";
import { env, sessionSecrets } from "~/utils/env.server";
import { RAZORPAY_HOSTED_CHECKOUT } from "~/utils/security-headers";

export type Gateway = {
  kind: "razorpay" | "test";
  /** The public key checkout.js needs (the test gateway's is a label). */
  keyId: string;
  /** Creates an order for `amount` whole rupees; paise exist only here, at the boundary. */
  createOrder(input: { amount: number; receipt: string }): Promise<{ id: string }>;
  /** The secret that signs `order_id|payment_id`. */
  signingSecret(): string;
  /**
   * Refunds `amount` whole rupees of a captured payment. The same `key` sent again
   * answers the same refund (never a second one). Throws GatewayRefusal when the gateway
   * says no for good; any other error is worth trying again later.
   */
  refund(db: DbOrTx, input: { paymentId: string; amount: number; key: string }): Promise<{ id: string }>;
};

/** The gateway's final no (a bad request, a payment it cannot refund): retrying would not help. */
export class GatewayRefusal extends Error {}

/** What gateway order and payment ids look like (order_…, pay_…); anything else never reaches a query. */
export const GATEWAY_ID = /^[A-Za-z0-9_-]{1,100}$/;
export const isGatewayId = (value: string) => GATEWAY_ID.test(value);

export function hmacHex(secret: string, payload: string) {
  return createHmac("sha256", secret).update(payload).digest("hex");
}

/** Constant-time comparison of two hex signatures. */
export function sameSignature(expected: string, given: string) {
  const a = Buffer.from(expected, "utf8");
  const b = Buffer.from(given, "utf8");
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The checkout signature of a payment, as Razorpay computes it. */
export function checkoutSignature(gateway: Gateway, orderId: string, paymentId: string) {
  return hmacHex(gateway.signingSecret(), `${orderId}|${paymentId}`);
}

export function isCheckoutSignatureValid(gateway: Gateway, input: { orderId: string; paymentId: string; signature: string }) {
  return sameSignature(checkoutSignature(gateway, input.orderId, input.paymentId), input.signature);
}

/**
 * Checks Razorpay's webhook signature, HMAC-SHA256 of the raw body with
 * RAZORPAY_WEBHOOK_SECRET; null when no webhook secret is set (the route then does not exist).
 */
export function webhookVerifier(): ((raw: string, signature: string) => boolean) | null {
  const secret = env().RAZORPAY_WEBHOOK_SECRET;
  return secret ? (raw, signature) => sameSignature(hmacHex(secret, raw), signature) : null;
}

/** The three fields a hosted checkout posts to our callback after a payment. */
export type SignedPayment = { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string };

/**
 * The test gateway's capture: a new payment id for the order, signed as Razorpay
 * would sign it, so the real verification path runs (its hosted page and its in-page
 * dialog both use this).
 */
export function testCapture(gateway: Gateway, orderId: string): SignedPayment {
  const paymentId = `pay_test_${randomBytes(9).toString("base64url")}`;
  return { razorpay_order_id: orderId, razorpay_payment_id: paymentId, razorpay_signature: checkoutSignature(gateway, orderId, paymentId) };
}

/**
 * Razorpay's hosted checkout, entered by a plain form post (no JavaScript needed):
 * where the form goes and its fields. The payer comes back to our callback.
 */
export function hostedCheckout(
  gateway: Gateway,
  input: { orderId: string; description: string; email: string; callbackUrl: string; cancelUrl: string },
) {
  return {
    action: RAZORPAY_HOSTED_CHECKOUT,
    fields: {
      key_id: gateway.keyId,
      order_id: input.orderId,
      name: "StudyArena",
      description: input.description,
      "prefill[email]": input.email,
      callback_url: input.callbackUrl,
      cancel_url: input.cancelUrl,
    },
  };
}

// The test gateway's own secret: derived from the session secret, never sent anywhere.
const testGateway: Gateway = {
  kind: "test",
  keyId: "test-gateway",
  async createOrder() {
    return { id: `order_test_${randomBytes(9).toString("base64url")}` };
  },
  signingSecret: () => hmacHex(sessionSecrets()[0]!, "studyarena test payment gateway"),
  // Its books in test_gateway_refunds, keyed as Razorpay keys them: a payment it did not
  // capture is refused; the same key sent again (even after a crash) answers the same refund.
  async refund(db, { paymentId, amount, key }) {
    if (!paymentId.startsWith("pay_test_")) throw new GatewayRefusal(`the test gateway did not capture payment ${paymentId}`);
    const [made] = await db
      .insert(test_gateway_refunds)
      .values({ id: `rfnd_test_${randomBytes(9).toString("base64url")}`, idempotency_key: key, payment_id: paymentId, amount })
      .onConflictDoNothing({ target: test_gateway_refunds.idempotency_key })
      .returning({ id: test_gateway_refunds.id });
    if (made) return made;
    const [before] = await db.select().from(test_gateway_refunds).where(eq(test_gateway_refunds.idempotency_key, key));
    if (before!.payment_id !== paymentId || before!.amount !== amount) throw new GatewayRefusal("the same idempotency key was sent with another payment or amount");
    return { id: before!.id };
  },
};

/**
 * Razorpay at `baseUrl` (RAZORPAY_BASE_URL; a test points it at a local stand-in): orders
 * through its SDK, refunds through its REST API (docs/decisions/money-razorpay-sdk.md, "The razorpay SDK,
 * where it fits": the SDK cannot send a refund's idempotency key).
 */
export function razorpayGateway(keyId: string, keySecret: string, baseUrl = env().RAZORPAY_BASE_URL): Gateway {
  const sdk = new Razorpay({ key_id: keyId, key_secret: keySecret });
  // The SDK hard-codes its host; its own tests point its request client (axios, not in its
  // typings) elsewhere the same way. A timeout too: its default is none.
  const client = (sdk.api as unknown as { rq: { defaults: { baseURL?: string; timeout?: number } } }).rq;
  client.defaults.baseURL = baseUrl;
  client.defaults.timeout = 10_000;
  return {
    kind: "razorpay",
    keyId,
    async createOrder({ amount, receipt }) {
      try {
        const order = await sdk.orders.create({ amount: amount * 100, currency: "INR", receipt });
        if (typeof order.id !== "string") throw new Error("Razorpay answered without an order id");
        return { id: order.id };
      } catch (error) {
        // The SDK throws a plain object for an answer ({ statusCode, error }) and its client's Error for no answer.
        if (error instanceof Error) throw new Error(`Razorpay order creation failed: ${error.message}`);
        throw new Error(`Razorpay order creation failed: ${(error as { statusCode?: unknown }).statusCode ?? "no status"}`);
      }
    },
    signingSecret: () => keySecret,
    // Razorpay's Refunds API with its idempotency header (X-Refund-Idempotency): a retry
    // with the same key and body answers the first refund.
    async refund(_db, { paymentId, amount, key }) {
      const res = await fetch(`${baseUrl}/v1/payments/${encodeURIComponent(paymentId)}/refund`, {
        method: "POST",
        headers: {
          Authorization: `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString("base64")}`,
          "Content-Type": "application/json",
          "X-Refund-Idempotency": key,
        },
        body: JSON.stringify({ amount: amount * 100, speed: "normal" }),
        signal: AbortSignal.timeout(15_000),
      });
      const body = (await res.json().catch(() => ({}))) as { id?: unknown; error?: { description?: unknown } };
      // 409: the same request is still being processed; 429 and 5xx: later.
      if (res.status >= 400 && res.status < 500 && res.status !== 409 && res.status !== 429) {
        throw new GatewayRefusal(`Razorpay refused the refund (${res.status}): ${String(body.error?.description ?? "no reason given").slice(0, 200)}`);
      }
      if (!res.ok || typeof body.id !== "string") throw new Error(`Razorpay refund failed: ${res.status}`);
      return { id: body.id };
    },
  };
}

export type GatewayChoice = "razorpay" | "test" | "none";

/**
 * Which gateway takes payments (docs/product/design.md §5). The test gateway is a demo: on for the
 * embedded database or when chosen with PAYMENT_GATEWAY=test, never silently live on a
 * PostgreSQL server without keys, where it would let anyone enter a paid contest for
 * free and win real prizes. There, paid enrolment is off ("none") until keys are set.
 */
export function chooseGateway(config: { RAZORPAY_KEY_ID?: string; RAZORPAY_KEY_SECRET?: string; PAYMENT_GATEWAY?: "razorpay" | "test"; DATABASE_URL?: string }): GatewayChoice {
  if (config.PAYMENT_GATEWAY === "test") return "test";
  if (config.RAZORPAY_KEY_ID && config.RAZORPAY_KEY_SECRET) return "razorpay";
  if (config.PAYMENT_GATEWAY === "razorpay") return "none";
  const embedded = !config.DATABASE_URL || config.DATABASE_URL.startsWith("pglite:");
  return embedded ? "test" : "none";
}

/** What start-up prints, so whoever runs the server knows whether money moves. */
export function describeGateway(choice: GatewayChoice) {
  switch (choice) {
    case "razorpay":
      return "Razorpay (real payments)";
    case "test":
      return "the built-in test gateway (test payment: no money moves)";
    case "none":
      return "none: paid enrolment is off (set RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET, or PAYMENT_GATEWAY=test for a demo)";
  }
}

let chosen: { gateway: Gateway | null } | undefined;

/** The live gateway, or null when payments are not configured (decided once: every page's CSP asks). */
export function paymentGateway(): Gateway | null {
  if (!chosen) {
    const config = env();
    const choice = chooseGateway(config);
    chosen = { gateway: choice === "razorpay" ? razorpayGateway(config.RAZORPAY_KEY_ID!, config.RAZORPAY_KEY_SECRET!) : choice === "test" ? testGateway : null };
  }
  return chosen.gateway;
}
