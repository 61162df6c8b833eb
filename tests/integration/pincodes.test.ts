// Issue 49, point 3: addresses that exist. The shipping step refuses a pincode that is not in
// India Post's directory, beside the field, with what was typed kept and nothing saved; a real
// one reaches the payment step and the order with the directory's district and state. The
// in-page payment's JSON address is checked the same way.
import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { db } from "~/db/client.server";
import { orders } from "~/db/schema";
import { putInCart } from "~/models/store/cart/cart.server";
import * as createOrderRoute from "~/routes/api.payment.marketplace-create-order";
import * as checkoutRoute from "~/routes/checkout";
import * as pincodeRoute from "~/routes/api.pincode.$code";
import { createProduct } from "~/seed/factories.server";
import { call, cookieFrom, formRequest, getRequest, jsonRequest } from "../support/remix";
import { signedInStudent } from "../support/scenarios";

const SHIPPING = { name: "Asha Rao", email: "asha@example.in", phone: "9876543210", address: "12 MG Road", city: "Pune", state: "MH", zip: "411001" };
let ip = 0;
const fresh = () => ({ ip: `203.0.113.${(ip++ % 200) + 20}` });

async function buyerWithCart() {
  const [seller, buyer] = [await signedInStudent(), await signedInStudent()];
  const productId = await createProduct(db, { sellerId: seller.userId, title: `Pin Book ${Date.now()}${ip}`, price: 200, category: "Textbooks", stock: 3 });
  await putInCart(db, { userId: buyer.userId, productId, quantity: "1" });
  return buyer;
}

test("an unknown pincode is refused beside the field, the form kept, nothing saved; a real one gives the district and state to the payment step and the order", async () => {
  const buyer = await buyerWithCart();
  const unknown = await call(checkoutRoute.action as never, formRequest("/checkout", { intent: "shipping", ...SHIPPING, zip: "999999" }, buyer.cookie), fresh());
  expect(unknown.status).toBe(400);
  expect(unknown.data.shipping.error).toEqual({ zip: ["There is no PIN code 999999 in India Post's directory. Check it on a letter or a bill."] });
  expect(unknown.data.shipping.initialValue).toMatchObject({ zip: "999999", city: "Pune", address: "12 MG Road" });
  expect(cookieFrom(unknown.headers, "__checkout")).toBeUndefined();

  const known = await call(checkoutRoute.action as never, formRequest("/checkout", { intent: "shipping", ...SHIPPING }, buyer.cookie), fresh());
  expect(known.status).toBe(302);
  const cookie = `${buyer.cookie}; ${cookieFrom(known.headers, "__checkout")}`;
  const payment = await call(checkoutRoute.loader as never, getRequest("/checkout?step=payment", cookie), fresh());
  expect(payment.data).toMatchObject({ step: 2, shipping: { city: "Pune", district: "Pune", state: "Maharashtra", zip: "411001" } });

  // A district sent with the form is not the buyer's to set: the directory's stands.
  const forged = await call(checkoutRoute.action as never, formRequest("/checkout", { intent: "shipping", ...SHIPPING, district: "Atlantis" }, buyer.cookie), fresh());
  const forgedCookie = `${buyer.cookie}; ${cookieFrom(forged.headers, "__checkout")}`;
  const placed = await call(checkoutRoute.action as never, formRequest("/checkout", { intent: "pay", paymentMethod: "cod", key: crypto.randomUUID() }, forgedCookie), fresh());
  expect(placed.status).toBe(302);
  const [order] = await db.select().from(orders).where(eq(orders.buyer_id, buyer.userId));
  expect(order!.shipping_address).toMatchObject({ city: "Pune", district: "Pune", state: "Maharashtra", postal_code: "411001" });
});

test("the in-page payment's own address is checked too: an unknown pincode is a 400 and no order", async () => {
  const buyer = await buyerWithCart();
  const res = await call(createOrderRoute.action as never, jsonRequest("/api/payment/marketplace-create-order", { paymentMethod: "upi", key: crypto.randomUUID(), shippingAddress: { ...SHIPPING, zip: "999999" } }, { Cookie: buyer.cookie }), fresh());
  expect(res.status).toBe(400);
  expect(JSON.parse(res.data).error).toBe("There is no PIN code 999999 in India Post's directory. Check it on a letter or a bill.");
  expect(await db.$count(orders, eq(orders.buyer_id, buyer.userId))).toBe(0);
});

test("the lookup the shipping step's script asks: a pincode's district and state, cached a day; anything else a 404", async () => {
  const found = await call(pincodeRoute.loader as never, getRequest("/api/pincode/411005"), { params: { code: "411005" } });
  expect(found.status).toBe(200);
  expect(JSON.parse(found.data)).toEqual({ district: "Pune", state: "Maharashtra" });
  expect(found.headers.get("Cache-Control")).toBe("public, max-age=86400");
  for (const code of ["999999", "41100", "abc", "' OR 1=1", "4110011"]) {
    expect((await call(pincodeRoute.loader as never, getRequest(`/api/pincode/${encodeURIComponent(code)}`), { params: { code } })).status, code).toBe(404);
  }
});
