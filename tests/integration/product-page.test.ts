// The product page's buying controls (issue 16, point 5): forms that a guest is sent to
// log in for, a quantity bounded by stock, a wishlist state, never the seller's own.
import { and, eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { db } from "~/db/client.server";
import { user_cart, user_wishlist } from "~/db/schema";
import * as productRoute from "~/routes/store.$id.productdetails";
import { createProduct } from "~/seed/factories.server";
import { call, formRequest, getRequest } from "../support/remix";
import { signedInStudent } from "../support/scenarios";

async function listing(stock = 2) {
  const seller = await signedInStudent({ fullName: "Sunil Seller" });
  const id = await createProduct(db, { sellerId: seller.userId, title: "Buyable Book", price: 250, category: "Textbooks", stock });
  return { seller, id };
}
const act = (id: string, fields: Record<string, string>, cookie?: string) => call(productRoute.action, formRequest(`/store/${id}/productdetails`, fields, cookie), { params: { id } });
const cartOf = (userId: string, productId: string) => db.select().from(user_cart).where(and(eq(user_cart.user_id, userId), eq(user_cart.product_id, productId)));

test("a guest who adds to cart or wishlist goes to log in and comes back to the product with it done", async () => {
  const loginRoute = await import("~/routes/login");
  const { id } = await listing(3);
  const here = `/store/${id}/productdetails`;
  const cases = [
    [{ intent: "cart-add", quantity: "2" }, { redirectTo: here, action: "cart", quantity: "2" }],
    [{ intent: "wish", on: "1" }, { redirectTo: here, action: "wish" }],
  ] as const;
  for (const [fields, params] of cases) {
    const res = await act(id, fields);
    expect(res.status).toBe(302);
    expect(res.location).toBe(`/login?${new URLSearchParams(params)}`);
    const guest = await signedInStudent({ password: "Secret@123" });
    // The login page carries the action in hidden fields; its post does it.
    const login = await call(loginRoute.action, formRequest(res.location!, { email: guest.email, password: "Secret@123", redirectTo: here, pendingAction: params.action, ...("quantity" in params ? { quantity: params.quantity } : {}) }), { ip: `203.0.113.${fields.intent.length}` });
    expect(login.location).toBe(here);
    if (params.action === "cart") expect((await cartOf(guest.userId, id))[0]?.quantity).toBe(2);
    else expect(await db.$count(user_wishlist, and(eq(user_wishlist.user_id, guest.userId), eq(user_wishlist.product_id, id)))).toBe(1);
  }
});

test("the quantity is at least 1 and at most the stock (and the cap); a non-number becomes 1; remove empties it", async () => {
  const { id } = await listing(2);
  const buyer = await signedInStudent();
  await act(id, { intent: "cart-add", quantity: "abc" }, buyer.cookie);
  expect((await cartOf(buyer.userId, id))[0]?.quantity).toBe(1);
  await act(id, { intent: "cart-add", quantity: "4" }, buyer.cookie);
  expect((await cartOf(buyer.userId, id))[0]?.quantity).toBe(2);
  // Past the cap of copies of one listing (5): refused, the cart as it was (tests/integration/buying-routes.test.ts has the message).
  await act(id, { intent: "cart-add", quantity: "9" }, buyer.cookie);
  expect((await cartOf(buyer.userId, id))[0]?.quantity).toBe(2);
  await act(id, { intent: "cart-add", quantity: "-3" }, buyer.cookie);
  expect((await cartOf(buyer.userId, id))[0]?.quantity).toBe(1);
  const page = await call(productRoute.loader, getRequest(`/store/${id}/productdetails`, buyer.cookie), { params: { id } });
  expect(page.data.buyer).toEqual({ inCart: true, quantity: 1, wished: false });
  await act(id, { intent: "cart-remove" }, buyer.cookie);
  expect(await cartOf(buyer.userId, id)).toHaveLength(0);
});

test("the wishlist is a state (twice on is one row); a seller cannot put their own listing in a cart", async () => {
  const { id, seller } = await listing();
  const buyer = await signedInStudent();
  await Promise.all([act(id, { intent: "wish", on: "1" }, buyer.cookie), act(id, { intent: "wish", on: "1" }, buyer.cookie)]);
  expect(await db.$count(user_wishlist, and(eq(user_wishlist.user_id, buyer.userId), eq(user_wishlist.product_id, id)))).toBe(1);
  await act(id, { intent: "wish", on: "0" }, buyer.cookie);
  expect(await db.$count(user_wishlist, eq(user_wishlist.user_id, buyer.userId))).toBe(0);

  const own = await act(id, { intent: "cart-add", quantity: "1" }, seller.cookie);
  expect(own.status).toBe(302);
  expect(await cartOf(seller.userId, id)).toHaveLength(0);
  const ownPage = await call(productRoute.loader, getRequest(`/store/${id}/productdetails`, seller.cookie), { params: { id } });
  expect(ownPage.data.isOwner).toBe(true);
  expect(ownPage.data.buyer).toBeNull();
  expect((await act(id, { intent: "nonsense" }, buyer.cookie)).status).toBe(400);
});
