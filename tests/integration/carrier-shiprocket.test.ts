// Issue 49, point 2: our Shiprocket client against a local stand-in that speaks its API
// (serviceability, the seller's pickup address, order and AWB, pickup, label, tracking,
// cancel; its token reused, renewed once when refused), a booking made outside the line's
// transaction and cancelled when the line moved on meanwhile, and its tracking webhook:
// the token checked, a replayed or reordered report changing nothing.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "~/db/client.server";
import { shipments } from "~/db/schema";
import { updateProfile } from "~/models/accounts/profile.server";
import { CarrierRefusal } from "~/models/store/orders/carriers.server";
import { buyerCancels } from "~/models/store/orders/order-life.server";
import { shiprocketCarrier } from "~/models/store/orders/shiprocket.server";
import { labelOf, pollShipments, sellerBooksShipment } from "~/models/store/orders/shipments.server";
import * as webhook from "~/routes/api.parcels.webhook";
import * as confirmationRoute from "~/routes/orders.$id.confirmation";
import { call, getRequest } from "../support/remix";
import { signedInStudent } from "../support/scenarios";
import { startStandIn, type Seen } from "../support/stand-in";
import { book, lineOf, order, shipping, type Person } from "../support/orders";

const TOKEN = "integration-shiprocket-webhook-token";
let stand: Awaited<ReturnType<typeof startStandIn>>;
let awbs = 0;
/** What the stand-in does on an order's creation, before it answers (a test makes the line move on meanwhile). */
let onCreate: () => Promise<void> = async () => {};
/** What its tracking answers for an AWB; any other is 404 (nothing yet). */
const tracks = new Map<string, object>();

// Shiprocket as its documentation shows it, for whatever a test does not queue itself.
async function shiprocket(seen: Seen): Promise<[number, object]> {
  const path = seen.path.split("?")[0];
  if (path === "/v1/external/auth/login") return [200, { token: `jwt-${stand.seen.filter((s) => s.path.endsWith("/login")).length}` }];
  if (path === "/v1/external/settings/company/addpickup") return [200, { success: true }];
  if (path === "/v1/external/orders/create/adhoc") {
    await onCreate();
    return [200, { order_id: 9000 + awbs, shipment_id: 7000 + awbs, status: "NEW", awb_code: "" }];
  }
  if (path === "/v1/external/courier/assign/awb") return [200, { awb_assign_status: 1, response: { data: { awb_code: `1909${++awbs}0000`, courier_name: "Delhivery Surface" } } }];
  if (path === "/v1/external/courier/generate/pickup") return [200, { pickup_status: 1 }];
  if (path === "/v1/external/courier/generate/label") return [200, { label_created: 1, label_url: "https://kr-shipmultichannel.s3.ap-southeast-1.amazonaws.com/label.pdf" }];
  if (path === "/v1/external/orders/cancel") return [200, { status_code: 200 }];
  const tracked = /^\/v1\/external\/courier\/track\/awb\/(.+)$/.exec(path ?? "");
  if (tracked && tracks.has(tracked[1]!)) return [200, { tracking_data: tracks.get(tracked[1]!) }];
  return [404, { message: "not found" }];
}

beforeAll(async () => {
  stand = await startStandIn(shiprocket);
});
afterAll(() => stand.close());

const carrier = () => shiprocketCarrier("api@studyarena.in", "secret", stand.baseUrl);
const parcelOf = async (itemId: string) => (await db.select().from(shipments).where(eq(shipments.order_item_id, itemId)))[0];

/** A seller with a pickup address (or without, `pickup: false`) and a prepaid sale of theirs. */
async function sale({ pickup = true, method = "upi" as "upi" | "cod", price = 250 } = {}) {
  const [seller, buyer] = [await signedInStudent(), await signedInStudent()];
  if (pickup) await updateProfile(db, seller.userId, { fullName: "Ravi Seller", phone: "9812345678", address: "4 College Road", city: "Pune", pincode: "411004" });
  const product = await book(seller, { price, stock: 2 });
  const { orderId, itemOf } = await order(buyer, [[product, 1]], method);
  return { seller, buyer, orderId, itemId: itemOf(product) };
}

describe("our Shiprocket client", () => {
  test("serviceability by pickup and delivery PIN code: served with cash, served without, not served (its 404); each pair asked once an hour", async () => {
    const c = carrier();
    stand.answers.push([200, { token: "jwt-1" }], [200, { status: 200, data: { available_courier_companies: [{ courier_company_id: 1, cod: 0 }, { courier_company_id: 2, cod: 1 }] } }]);
    expect(await c.serves(db, { from: "411004", to: "560001" })).toEqual({ served: true, cod: true });
    const asked = stand.seen.at(-1)!;
    expect(asked.path.split("?")[0]).toBe("/v1/external/courier/serviceability/");
    expect(Object.fromEntries(new URLSearchParams(asked.path.split("?")[1]))).toMatchObject({ pickup_postcode: "411004", delivery_postcode: "560001", cod: "0" });
    expect(asked.headers.authorization).toBe("Bearer jwt-1");
    const before = stand.seen.length;
    expect(await c.serves(db, { from: "411004", to: "560001" })).toEqual({ served: true, cod: true });
    expect(stand.seen.length).toBe(before);

    stand.answers.push([200, { status: 200, data: { available_courier_companies: [{ courier_company_id: 1, cod: 0 }] } }]);
    expect(await c.serves(db, { from: "411004", to: "744101" })).toEqual({ served: true, cod: false });
    stand.answers.push([404, { status: 404, message: "Delivery postcode not serviceable" }]);
    expect(await c.serves(db, { from: "411004", to: "194101" })).toEqual({ served: false, cod: false });
    // No pickup PIN code: nothing to ask with.
    await expect(c.serves(db, { from: null, to: "560001" })).rejects.toThrow();
  });

  test("its token is taken once and kept; a refused token is renewed once; a 4xx is a refusal, a 5xx a try-later", async () => {
    const c = carrier();
    const logins = () => stand.seen.filter((s) => s.path.endsWith("/auth/login"));
    const first = logins().length;
    stand.answers.push([200, { token: "jwt-a" }], [200, { status: 404 }]);
    await c.serves(db, { from: "411004", to: "110001" });
    expect(logins().length).toBe(first + 1);
    expect(logins().at(-1)!.body).toEqual({ email: "api@studyarena.in", password: "secret" });
    stand.answers.push([200, { status: 404 }]);
    await c.serves(db, { from: "411004", to: "110002" });
    expect(logins().length).toBe(first + 1);

    stand.answers.push([401, { message: "Token has expired" }], [200, { token: "jwt-b" }], [200, { tracking_data: { shipment_track_activities: [] } }]);
    expect(await c.track(db, "19090000", new Date())).toEqual([]);
    expect(logins().length).toBe(first + 2);
    expect(stand.seen.at(-1)!.headers.authorization).toBe("Bearer jwt-b");

    stand.answers.push([422, { message: "Invalid AWB" }]);
    await expect(c.track(db, "bad", new Date())).rejects.toBeInstanceOf(CarrierRefusal);
    stand.answers.push([502, {}]);
    const down = await c.track(db, "19090000", new Date()).catch((e: unknown) => e);
    expect(down).toBeInstanceOf(Error);
    expect(down).not.toBeInstanceOf(CarrierRefusal);
  });

  test("tracking: its scans in our states at India's time, in any order; what moves nothing is left out", async () => {
    tracks.set("19091110000", {
      track_status: 1,
      shipment_status: 7,
      shipment_track_activities: [
        { date: "2026-11-20 18:05:00", status: "DL", activity: "Delivered", "sr-status": "7", "sr-status-label": "DELIVERED" },
        { date: "2026-11-20 09:00:00", status: "OFD", activity: "Out for delivery", "sr-status": "17", "sr-status-label": "OUT FOR DELIVERY" },
        { date: "2026-11-18 11:00:00", status: "PKD", activity: "Picked up", "sr-status": "42", "sr-status-label": "PICKED UP" },
        { date: "2026-11-18 10:00:00", status: "X-UCI", activity: "Manifested", "sr-status": "5", "sr-status-label": "MANIFEST GENERATED" },
        { date: "not a date", "sr-status": "18" },
      ],
    });
    const c = carrier();
    expect(await c.track(db, "19091110000", new Date())).toEqual([
      { status: "delivered", at: "2026-11-20T12:35:00.000Z" },
      { status: "out_for_delivery", at: "2026-11-20T03:30:00.000Z" },
      { status: "picked_up", at: "2026-11-18T05:30:00.000Z" },
    ]);
    expect(stand.seen.at(-1)!.path).toBe("/v1/external/courier/track/awb/19091110000");
  });
});

describe("booking with Shiprocket from the sale", () => {
  test("the seller's pickup address, an order with the buyer's address and the cash to collect, its AWB, a pickup: the AWB is the tracking number; the label is Shiprocket's", async () => {
    const { seller, itemId } = await sale();
    const from = stand.seen.length;
    expect(await sellerBooksShipment(db, carrier(), { sellerId: seller.userId, itemId, now: new Date() })).toMatchObject({ kind: "booked" });
    const calls = stand.seen.slice(from).map((s) => s.path);
    expect(calls.filter((p) => !p.endsWith("/login"))).toEqual([
      "/v1/external/settings/company/addpickup",
      "/v1/external/orders/create/adhoc",
      "/v1/external/courier/assign/awb",
      "/v1/external/courier/generate/pickup",
    ]);
    const pickup = stand.seen.find((s, i) => i >= from && s.path.endsWith("/addpickup"))!.body;
    expect(pickup).toMatchObject({ pin_code: "411004", phone: "9812345678", address: "4 College Road", name: "Ravi Seller" });
    const created = stand.seen.find((s, i) => i >= from && s.path.endsWith("/create/adhoc"))!.body;
    expect(created).toMatchObject({ order_id: `line:${itemId}`, pickup_location: pickup.pickup_location, billing_pincode: shipping.zip, billing_city: shipping.city, payment_method: "Prepaid", sub_total: 250 });
    const parcel = (await parcelOf(itemId))!;
    expect(parcel).toMatchObject({ carrier: "shiprocket", status: "booked" });
    expect(parcel.carrier_ref).toMatch(/^\d+\/\d+$/);
    expect((await lineOf(itemId)).tracking_number).toBe(parcel.awb);
    expect(await labelOf(db, { sellerId: seller.userId, itemId }, carrier())).toEqual({ url: "https://kr-shipmultichannel.s3.ap-southeast-1.amazonaws.com/label.pdf" });
    expect(stand.seen.at(-1)!.body).toEqual({ shipment_id: [Number(parcel.carrier_ref!.split("/")[1])] });
  });

  test("cash on delivery: Shiprocket's courier collects the order's total, shipping included, as the buyer's page says (issue 65, point 7)", async () => {
    const { seller, buyer, orderId, itemId } = await sale({ method: "cod", price: 1250 });
    const from = stand.seen.length;
    expect(await sellerBooksShipment(db, carrier(), { sellerId: seller.userId, itemId, now: new Date() })).toMatchObject({ kind: "booked" });
    const created = stand.seen.find((s, i) => i >= from && s.path.endsWith("/create/adhoc"))!.body as { sub_total: number; shipping_charges: number };
    const page = await call(confirmationRoute.loader as never, getRequest(`/orders/${orderId}/confirmation`, buyer.cookie), { params: { id: orderId } });
    expect(page.data.order.cash_at_door).toBe(1300);
    expect(created).toMatchObject({ payment_method: "COD", sub_total: 1250, shipping_charges: 50 });
    expect(created.sub_total + created.shipping_charges).toBe(page.data.order.cash_at_door);
  });

  test("without a pickup address nothing is asked; a refusal or a silent Shiprocket books nothing and says so", async () => {
    const bare = await sale({ pickup: false });
    const from = stand.seen.length;
    expect(await sellerBooksShipment(db, carrier(), { sellerId: bare.seller.userId, itemId: bare.itemId, now: new Date() })).toEqual({ kind: "no-pickup" });
    expect(stand.seen.length).toBe(from);

    const { seller, itemId } = await sale();
    stand.answers.push([200, { token: "jwt-r" }], [200, { success: true }], [422, { message: "Billing pincode is not serviceable" }]);
    expect(await sellerBooksShipment(db, carrier(), { sellerId: seller.userId, itemId, now: new Date() })).toEqual({ kind: "carrier-refused" });
    stand.answers.push([200, { token: "jwt-d" }], [200, { success: true }], [503, {}]);
    expect(await sellerBooksShipment(db, carrier(), { sellerId: seller.userId, itemId, now: new Date() })).toEqual({ kind: "carrier-down" });
    expect(await parcelOf(itemId)).toBeUndefined();
    expect((await lineOf(itemId)).shipped_at).toBeNull();
  });

  test("the buyer cancels while Shiprocket books: the line stays cancelled, no parcel is ours, and Shiprocket's order is cancelled", async () => {
    const { seller, buyer, orderId, itemId } = await sale();
    onCreate = async () => {
      expect(await buyerCancels(db, { buyerId: buyer.userId, orderId, itemId, now: new Date() })).toMatchObject({ kind: "cancelled" });
    };
    try {
      expect(await sellerBooksShipment(db, carrier(), { sellerId: seller.userId, itemId, now: new Date() })).toEqual({ kind: "cancelled" });
    } finally {
      onCreate = async () => {};
    }
    expect(await parcelOf(itemId)).toBeUndefined();
    expect(await lineOf(itemId)).toMatchObject({ shipped_at: null, tracking_number: null });
    const cancelled = stand.seen.at(-1)!;
    expect(cancelled.path).toBe("/v1/external/orders/cancel");
    expect(cancelled.body).toEqual({ ids: [expect.any(Number)] });
  });
});

describe("Shiprocket's tracking webhook", () => {
  const push = (body: object, token: string | null = TOKEN) =>
    call(webhook.action, new Request("http://localhost:3000/api/parcels/webhook", { method: "POST", body: JSON.stringify(body), headers: { "Content-Type": "application/json", ...(token ? { "x-api-key": token } : {}) } }));

  const said = async (body: object) => JSON.parse((await push(body)).data as string) as unknown;

  async function booked(): Promise<{ seller: Person; itemId: string; awb: string }> {
    const { seller, itemId } = await sale();
    await sellerBooksShipment(db, carrier(), { sellerId: seller.userId, itemId, now: new Date() });
    return { seller, itemId, awb: (await parcelOf(itemId))!.awb };
  }

  test("a wrong or missing token is refused and nothing moves; an AWB not ours or a body that is not a report is acknowledged and ignored", async () => {
    const { itemId, awb } = await booked();
    const report = { awb, current_status_id: 7, current_timestamp: "20 11 2026 18:05:00", scans: [] };
    expect((await push(report, "integration-shiprocket-webhook-tokeX")).status).toBe(401);
    expect((await push(report, null)).status).toBe(401);
    expect((await parcelOf(itemId))!.status).toBe("booked");
    expect(await said({ ...report, awb: "99999999999" })).toEqual({ ok: true, parcel: "unknown" });
    expect(await said({ hello: "test ping" })).toEqual({ ok: true, ignored: true });
    expect((await parcelOf(itemId))!.status).toBe("booked");
  });

  test("its reports move the parcel forward only: a replay, or 'in transit' after 'delivered', changes nothing; 'delivered' is the line's, at Shiprocket's time", async () => {
    const { itemId, awb } = await booked();
    const transit = { awb, current_status_id: 18, current_timestamp: "19 11 2026 08:00:00", scans: [{ date: "2026-11-18 11:00:00", "sr-status": "42", "sr-status-label": "PICKED UP" }] };
    expect(await said(transit)).toEqual({ ok: true, parcel: "moved" });
    expect((await parcelOf(itemId))!.events.map((e) => e.status)).toEqual(["booked", "picked_up", "in_transit"]);
    expect(await said(transit)).toEqual({ ok: true, parcel: "unchanged" });

    const delivered = { awb, current_status_id: 7, current_timestamp: "20 11 2026 18:05:00", scans: [] };
    expect(await said(delivered)).toEqual({ ok: true, parcel: "moved" });
    expect((await lineOf(itemId)).delivered_at).toEqual(new Date("2026-11-20T12:35:00.000Z"));
    expect(await said({ ...transit, current_timestamp: "21 11 2026 08:00:00" })).toEqual({ ok: true, parcel: "unchanged" });
    expect((await parcelOf(itemId))!.status).toBe("delivered");
  });

  test("the poll asks Shiprocket for a parcel the webhook never told of", async () => {
    const { itemId, awb } = await booked();
    tracks.set(awb, { shipment_track_activities: [{ date: "2026-11-18 11:00:00", "sr-status": "42" }] });
    const due = new Date(Date.now() + 60_000);
    // The poll takes every due parcel of this file; only this one has news, the rest are 404 (nothing yet).
    await pollShipments(db, carrier(), due, 500);
    expect((await parcelOf(itemId))!.status).toBe("picked_up");
    expect(stand.seen.some((s) => s.path === `/v1/external/courier/track/awb/${awb}`)).toBe(true);
  });
});
