// An order's life as its buyer and seller live it, for the integration tests of the order's
// steps (order-life, cod-confirmation): books listed by a signed-in seller, orders placed
// through the cart and paid through the test gateway, and each party's post to its own page.
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { db } from "~/db/client.server";
import { email_outbox, marketplace_products, order_items } from "~/db/schema";
import { settlePayment } from "~/models/fulfilments.server";
import { checkoutSignature, paymentGateway } from "~/models/payments/gateway.server";
import { putInCart } from "~/models/store/cart/cart.server";
import type { Shipping } from "~/models/store/checkout/checkout-schema";
import { placeOrder } from "~/models/store/checkout/orders.server";
import * as confirmationRoute from "~/routes/orders.$id.confirmation";
import * as myProductsRoute from "~/routes/store.my-products";
import { createProduct } from "~/seed/factories.server";
import { readFlash } from "~/utils/flash.server";
import { call, cookieFrom, formRequest, getRequest, type Outcome } from "./remix";
import type { signedInStudent } from "./scenarios";

export const gateway = paymentGateway()!;
export const DAY = 24 * 60 * 60_000;
export const shipping: Shipping = { name: "Asha Rao", email: "asha@example.in", phone: "9876543210", address: "12 MG Road", city: "Pune", state: "Maharashtra", zip: "411001" };
let n = 0;

export type Person = Awaited<ReturnType<typeof signedInStudent>>;

export async function book(seller: Person, input: { price?: number; stock?: number } = {}) {
  return createProduct(db, { sellerId: seller.userId, title: `Life Book ${++n} ${Date.now()}`, price: input.price ?? 300, category: "Textbooks", stock: input.stock ?? 3 });
}

/**
 * An order of `lines` (product, copies), cash on delivery or paid by UPI through the test gateway.
 * Cash on delivery is confirmed by its buyer on the order's page, unless `confirm` is false.
 */
export async function order(buyer: Person, lines: Array<[string, number]>, method: "cod" | "upi", { confirm = true } = {}) {
  for (const [productId, quantity] of lines) await putInCart(db, { userId: buyer.userId, productId, quantity: String(quantity) });
  // The buyer's mails go to the address given at checkout: their own, so each test reads only its own.
  const placed = await placeOrder(db, gateway, { userId: buyer.userId, shipping: { ...shipping, email: buyer.email }, method, key: crypto.randomUUID(), now: new Date() });
  if (placed.kind === "pay") {
    const paymentId = `pay_test_life${++n}x${Date.now()}`;
    await settlePayment(db, { orderId: placed.gatewayOrderId, paymentId, signature: checkoutSignature(gateway, placed.gatewayOrderId, paymentId), now: new Date() });
  } else expect(placed.kind).toBe("completed");
  const orderId = (placed as { orderId: string }).orderId;
  if (method === "cod" && confirm) expect((await buyerStep(buyer, orderId, { intent: "confirm-cod" })).status).toBe(302);
  const items = await db.select().from(order_items).where(eq(order_items.order_id, orderId));
  const itemOf = (productId: string) => items.find((i) => i.product_id === productId)!.id;
  return { orderId, itemOf };
}

export const buyerStep = (who: Person, orderId: string, fields: Record<string, string>) =>
  call(confirmationRoute.action as never, formRequest(`/orders/${orderId}/confirmation`, fields, who.cookie), { params: { id: orderId } });
export const sellerStep = (who: Person, fields: Record<string, string>) => call(myProductsRoute.action as never, formRequest("/store/my-products?view=sales", fields, who.cookie));
export const flashOf = async (res: Outcome) => (await readFlash(getRequest("/", cookieFrom(res.headers, "__flash")))).flash;
export const lineOf = async (id: string) => (await db.select().from(order_items).where(eq(order_items.id, id)))[0]!;
export const stockOf = async (id: string) => (await db.select({ stock: marketplace_products.stock }).from(marketplace_products).where(eq(marketplace_products.id, id)))[0]!.stock;
export const mailsTo = async (email: string) => db.select({ subject: email_outbox.subject, text: email_outbox.text }).from(email_outbox).where(eq(email_outbox.to_address, email)).orderBy(email_outbox.created_at);
