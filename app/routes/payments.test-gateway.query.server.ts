// What the test gateway's page reads (app/routes/payments.test-gateway.tsx): the payer's
// own open order on this gateway, what it pays for, and where leaving without paying goes.
import type { DbOrTx } from "~/db/client.server";
import { callbackPage, describeTarget } from "~/models/fulfilments.server";
import { findOpenOrder } from "~/models/payments/ledger.server";

/** The order this payer may pay here, or null. */
export async function testGatewayPage(db: DbOrTx, input: { orderId: string; userId: string }) {
  const order = await findOpenOrder(db, input.orderId);
  if (!order || order.gateway !== "test" || order.userId !== input.userId) return null;
  const [title, cancel] = await Promise.all([describeTarget(db, order.purpose, order.targetId), callbackPage(db, order.purpose, order.targetId, "cancel")]);
  // Leaving without paying goes back to where the payment began; the order stays open for a retry.
  return { order: { id: order.orderId, amount: order.amount, title }, cancel: cancel.to };
}
