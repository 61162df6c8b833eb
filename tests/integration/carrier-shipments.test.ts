// Issue 49, point 2: a seller books a courier's pickup from the sale (the built-in test carrier,
// as the test gateway stands in for Razorpay); the carrier's number is the line's tracking
// number; the poll moves the parcel forward only, and the carrier's "delivered" starts the
// return window, its "returned to origin" brings the copies back and refunds a prepaid line.
import { and, eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { db } from "~/db/client.server";
import { order_items, refunds, shipments, test_carrier_parcels } from "~/db/schema";
import { ORDER_MESSAGES, returnOpenUntil } from "~/models/store/orders/order-life";
import { testCarrier } from "~/models/store/orders/carriers.server";
import { applyReports, pollShipments } from "~/models/store/orders/shipments.server";
import * as confirmationRoute from "~/routes/orders.$id.confirmation";
import * as labelRoute from "~/routes/store.sales.$itemId.label[.]pdf";
import { call, getRequest } from "../support/remix";
import { english } from "../support/words";
import { signedInStudent } from "../support/scenarios";
import { book, buyerStep, flashOf, lineOf, mailsTo, order, sellerStep, stockOf } from "../support/orders";

const STEP = 30 * 60_000;
const parcelOf = async (itemId: string) => (await db.select().from(shipments).where(eq(shipments.order_item_id, itemId)))[0]!;

/** A line booked with the test carrier by its seller, through My Products. */
async function booked(method: "upi" | "cod" = "upi") {
  const [seller, buyer] = [await signedInStudent(), await signedInStudent()];
  const product = await book(seller, { price: 360, stock: 2 });
  const { orderId, itemOf } = await order(buyer, [[product, 1]], method);
  const itemId = itemOf(product);
  const res = await sellerStep(seller, { intent: "book", itemId });
  expect(await flashOf(res)).toMatchObject({ kind: "success", message: ORDER_MESSAGES.booked });
  return { seller, buyer, orderId, itemId, product, parcel: await parcelOf(itemId) };
}

test("the seller books a pickup: the courier's number is the tracking number, the buyer is told; a second press is the same parcel; only the seller, only a line that may ship", async () => {
  const { seller, buyer, itemId, parcel } = await booked();
  const line = await lineOf(itemId);
  expect(parcel.awb).toMatch(/^TC[0-9]{9}IN$/);
  expect(line).toMatchObject({ tracking_number: parcel.awb });
  expect(line.shipped_at).not.toBeNull();
  expect(parcel).toMatchObject({ carrier: "test", status: "booked" });
  expect((await mailsTo(buyer.email)).at(-1)?.text).toContain(parcel.awb);
  await sellerStep(seller, { intent: "book", itemId });
  expect(await db.$count(test_carrier_parcels, eq(test_carrier_parcels.booking_key, `line:${itemId}`))).toBe(1);
  expect((await parcelOf(itemId)).awb).toBe(parcel.awb);

  // Another seller: 404. A cash-on-delivery order its buyer has not confirmed: refused, nothing booked.
  expect((await sellerStep(await signedInStudent(), { intent: "book", itemId })).status).toBe(404);
  const other = await signedInStudent();
  const product = await book(seller);
  const { itemOf } = await order(other, [[product, 1]], "cod", { confirm: false });
  expect(await flashOf(await sellerStep(seller, { intent: "book", itemId: itemOf(product) }))).toMatchObject({ kind: "error", message: ORDER_MESSAGES.notConfirmedYet });
  expect(await db.$count(shipments, eq(shipments.order_item_id, itemOf(product)))).toBe(0);
});

test("the poll moves the parcel on as the carrier says; the carrier's delivery is the line's, its return window from then; then it is not asked again", async () => {
  const { seller, buyer, orderId, itemId, parcel } = await booked();
  const bookedAt = parcel.created_at.getTime();
  await pollShipments(db, testCarrier, new Date(bookedAt + 2 * STEP + 1000));
  expect(await parcelOf(itemId)).toMatchObject({ status: "in_transit" });
  expect((await parcelOf(itemId)).events.map((e) => e.status)).toEqual(["booked", "picked_up", "in_transit"]);
  expect((await lineOf(itemId)).delivered_at).toBeNull();

  const later = new Date(bookedAt + 4 * STEP + 60 * 60_000);
  await pollShipments(db, testCarrier, later);
  const delivered = await lineOf(itemId);
  // Delivered when the carrier delivered it, not when we asked.
  expect(delivered.delivered_at).toEqual(new Date(bookedAt + 4 * STEP));
  expect(returnOpenUntil(delivered)).toEqual(new Date(bookedAt + 4 * STEP + 7 * 24 * 60 * 60_000));
  expect((await mailsTo(buyer.email)).at(-1)?.subject).toContain("Delivered");
  expect((await mailsTo(buyer.email)).at(-1)?.text).toContain(`The courier delivered`);
  expect((await mailsTo(seller.email)).at(-1)?.subject).toContain("Delivered");
  expect(await pollShipments(db, testCarrier, new Date(later.getTime() + 24 * 60 * 60_000))).toBe(0);
  expect((await parcelOf(itemId)).status).toBe("delivered");

  // The buyer's page follows the parcel.
  const page = await call(confirmationRoute.loader, getRequest(`/orders/${orderId}/confirmation`, buyer.cookie), { params: { id: orderId } });
  expect(page.data.order.items[0].parcel_events.map((e: { status: string }) => e.status)).toEqual(["booked", "picked_up", "in_transit", "out_for_delivery", "delivered"]);
});

test("forward only: a report that would take the parcel back, a replay, and anything after the end change nothing", async () => {
  const { itemId, parcel } = await booked();
  const t0 = parcel.created_at.getTime();
  const at = (steps: number) => new Date(t0 + steps * STEP).toISOString();
  // Out of order, at once: applied in the carrier's order.
  expect(await applyReports(db, itemId, [{ status: "out_for_delivery", at: at(3) }, { status: "picked_up", at: at(1) }], new Date(t0 + 3 * STEP))).toMatchObject({ moved: true });
  expect((await parcelOf(itemId)).events.map((e) => e.status)).toEqual(["booked", "picked_up", "out_for_delivery"]);
  expect(await applyReports(db, itemId, [{ status: "in_transit", at: at(2) }, { status: "picked_up", at: at(1) }], new Date(t0 + 4 * STEP))).toMatchObject({ moved: false });
  await applyReports(db, itemId, [{ status: "delivered", at: at(4) }], new Date(t0 + 4 * STEP));
  const line = await lineOf(itemId);
  expect(await applyReports(db, itemId, [{ status: "returned_to_origin", at: at(6) }, { status: "delivered", at: at(5) }], new Date(t0 + 6 * STEP))).toMatchObject({ moved: false });
  expect(await lineOf(itemId)).toEqual(line);
  expect((await parcelOf(itemId)).events.map((e) => e.status)).toEqual(["booked", "picked_up", "out_for_delivery", "delivered"]);
});

test("returned to origin: the copies come back, a prepaid line's price is refunded once, the buyer may no longer confirm it", async () => {
  const { buyer, orderId, itemId, product, parcel } = await booked();
  await db.update(test_carrier_parcels).set({ outcome: "returned_to_origin" }).where(eq(test_carrier_parcels.awb, parcel.awb));
  const t0 = parcel.created_at.getTime();
  await pollShipments(db, testCarrier, new Date(t0 + 4 * STEP + 1000));
  expect(await parcelOf(itemId)).toMatchObject({ status: "undelivered" });
  expect((await lineOf(itemId)).refused_at).toBeNull();
  // The poll's next turn is five minutes on; six steps after the booking the parcel is back.
  await pollShipments(db, testCarrier, new Date(t0 + 6 * STEP + 10 * 60_000));
  expect(await parcelOf(itemId)).toMatchObject({ status: "returned_to_origin" });
  expect((await lineOf(itemId)).refused_at).toEqual(new Date(t0 + 6 * STEP));
  expect(await stockOf(product)).toBe(2);
  expect(await db.select({ amount: refunds.amount }).from(refunds).where(eq(refunds.owed_for, `order-line:${itemId}`))).toEqual([{ amount: 360 }]);
  expect(await flashOf(await buyerStep(buyer, orderId, { intent: "received", itemId }))).toMatchObject({ kind: "error" });
  expect(await db.$count(order_items, and(eq(order_items.id, itemId), eq(order_items.tracking_number, parcel.awb)))).toBe(1);
});

test("the label: a PDF for the seller only, with the AWB, where it goes, and the cash to collect", async () => {
  const { seller, buyer, itemId, parcel } = await booked("cod");
  const res = await call(labelRoute.loader, getRequest(`/store/sales/${itemId}/label.pdf`, seller.cookie), { params: { itemId } });
  expect(res.status).toBe(200);
  expect(res.headers.get("Content-Type")).toBe("application/pdf");
  expect(res.headers.get("Cache-Control")).toBe("private, no-store");
  const pdf = res.data as string;
  expect(pdf.startsWith("%PDF-1.4\n")).toBe(true);
  // ₹360 and ₹50 of shipping, written as every screen writes money: the sign drawn, marked as "₹" for a reader, then the figures.
  for (const text of [`AWB ${parcel.awb}`, "Asha Rao", "12 MG Road", "Pune, Maharashtra 411001", "CASH ON DELIVERY: COLLECT", "410"]) expect(pdf).toContain(`(${text})`);
  expect(pdf).toMatch(/\/Span << \/ActualText <FEFF20B9> >> BDC q [^Q]+ S Q EMC\nBT \/F1 20 Tf [\d.]+ \d+ Td \(410\) Tj ET/);
  expect(pdf).not.toContain("Rs");
  // Its cross-reference table is where the trailer says, and each object where the table says.
  const startxref = Number(pdf.match(/startxref\n(\d+)\n%%EOF\n$/)![1]);
  expect(pdf.slice(startxref, startxref + 4)).toBe("xref");
  const offsets = [...pdf.slice(startxref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
  offsets.forEach((offset, i) => expect(pdf.slice(offset, offset + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`));
  // The buyer, a stranger, and a line not booked: 404.
  for (const who of [buyer, await signedInStudent()]) expect((await call(labelRoute.loader, getRequest(`/store/sales/${itemId}/label.pdf`, who.cookie), { params: { itemId } })).status).toBe(404);
  const product = await book(seller);
  const { itemOf } = await order(buyer, [[product, 1]], "upi");
  expect((await call(labelRoute.loader, getRequest(`/store/sales/${itemOf(product)}/label.pdf`, seller.cookie), { params: { itemId: itemOf(product) } })).status).toBe(404);
  expect((await call(labelRoute.loader, getRequest("/store/sales/x/label.pdf", seller.cookie), { params: { itemId: "x" } })).status).toBe(404);
});

test("cash on delivery with shipping: the courier's booking, the label, the order's page and the mail all say the same cash at the door (issue 65, point 7)", async () => {
  const [seller, buyer] = [await signedInStudent(), await signedInStudent()];
  const product = await book(seller, { price: 1250 });
  const { orderId, itemOf } = await order(buyer, [[product, 1]], "cod");
  const itemId = itemOf(product);
  const page = await call(confirmationRoute.loader, getRequest(`/orders/${orderId}/confirmation`, buyer.cookie), { params: { id: orderId } });
  expect(page.data.order).toMatchObject({ total_amount: 1300, cash_at_door: 1300 });
  expect((await mailsTo(buyer.email))[0]!.text).toContain(english({ id: "mail.order.cod", values: { cash: "₹1,300" } }));
  expect(await flashOf(await sellerStep(seller, { intent: "book", itemId }))).toMatchObject({ kind: "success" });
  const parcel = await parcelOf(itemId);
  expect((await db.select().from(test_carrier_parcels).where(eq(test_carrier_parcels.awb, parcel.awb)))[0]).toMatchObject({ cod_amount: 1300 });
  const label = (await call(labelRoute.loader, getRequest(`/store/sales/${itemId}/label.pdf`, seller.cookie), { params: { itemId } })).data as string;
  expect(label).toContain("(1,300) Tj");

  // Two sellers, one order: ₹50 of shipping once, with one parcel; the parcels add up to what the buyer was told.
  const [a, b, other] = [await signedInStudent(), await signedInStudent(), await signedInStudent()];
  const [first, second] = [await book(a, { price: 200 }), await book(b, { price: 300 })];
  const both = await order(other, [[first, 1], [second, 1]], "cod");
  const told = (await call(confirmationRoute.loader, getRequest(`/orders/${both.orderId}/confirmation`, other.cookie), { params: { id: both.orderId } })).data.order.cash_at_door;
  expect(told).toBe(550);
  for (const [who, productId] of [[a, first], [b, second]] as const) await sellerStep(who, { intent: "book", itemId: both.itemOf(productId) });
  const cash = await Promise.all([first, second].map(async (p) => (await db.select().from(test_carrier_parcels).where(eq(test_carrier_parcels.booking_key, `line:${both.itemOf(p)}`)))[0]!.cod_amount));
  expect(cash.reduce((x, y) => x + y, 0)).toBe(told);
  expect(cash.filter((c, i) => c === [200, 300][i]! + 50)).toHaveLength(1);
});
