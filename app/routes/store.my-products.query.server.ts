// What My Products reads for each of its views (app/routes/store.my-products.tsx): the
// seller's sales, their earnings with whether payouts have somewhere to go, or their listings.
import type { DbOrTx } from "~/db/client.server";
import { maskedPayoutDetails } from "~/models/payments/payout-details.server";
import { sellerStatement } from "~/models/store/earnings/earnings.server";
import { myListings } from "~/models/store/listings/listings.server";
import { codFiguresOf, salesOf } from "~/models/store/orders/order-views.server";
import { liveCarrier } from "~/models/store/orders/shipments.server";

export async function salesView(db: DbOrTx, sellerId: string) {
  const [sales, codFigures] = await Promise.all([salesOf(db, sellerId), codFiguresOf(db, sellerId)]);
  // The courier a seller may book a pickup with (issue 49, point 2); none, they ship on their own.
  return { view: "sales" as const, sales, codFigures, carrier: liveCarrier()?.kind ?? null };
}

export async function earningsView(db: DbOrTx, sellerId: string, now: Date) {
  const [statement, details] = await Promise.all([sellerStatement(db, sellerId, now), maskedPayoutDetails(db, sellerId)]);
  return { view: "earnings" as const, statement, hasDetails: details !== null, heldUntil: details?.heldUntil ?? null };
}

export async function listingsView(db: DbOrTx, sellerId: string) {
  return { view: "listings" as const, listings: await myListings(db, sellerId) };
}
