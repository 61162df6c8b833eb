// Issue 49, points 2 and 3: a seller's pickup PIN code on My Account (checked against the
// directory, the input kept), and checkout saying before payment whether the carrier reaches
// the buyer's PIN code from every seller, and with cash on delivery; cash it cannot collect
// is not offered, and refused if posted anyway, with nothing written.
import { pincodePlace } from "~/models/store/checkout/pincodes.server";
import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { db } from "~/db/client.server";
import { orders, profiles, test_carrier_areas } from "~/db/schema";
import { eraseAccountNow } from "~/models/accounts/personal-data.server";
import { updateProfile } from "~/models/accounts/profile.server";
import { putInCart } from "~/models/store/cart/cart.server";
import { carrierReach } from "~/models/store/checkout/reach.server";
import type { Carrier } from "~/models/store/orders/carriers.server";
import { testCarrier } from "~/models/store/orders/carriers.server";
import * as accountRoute from "~/routes/account";
import * as checkoutRoute from "~/routes/checkout";
import { createProduct } from "~/seed/factories.server";
import { call, cookieFrom, formRequest, getRequest } from "../support/remix";
import { signedInStudent } from "../support/scenarios";
import { english } from "../support/words";

let n = 0;
const fresh = () => ({ ip: `203.0.113.${(n++ % 200) + 20}` });
const pincodeOf = async (userId: string) => (await db.select({ pincode: profiles.pincode }).from(profiles).where(eq(profiles.id, userId)))[0]?.pincode;

describe("a seller's pickup PIN code", () => {
  const save = (cookie: string, pincode: string) => call(accountRoute.action, formRequest("/account", { intent: "profile", fullName: "Ravi Seller", city: "Pune", pincode }, cookie), fresh());

  test("a pincode of the wrong shape, or one India Post does not have, is refused beside it with the input kept; a real one is saved, and erased with the account", async () => {
    const me = await signedInStudent();
    for (const [typed, words] of [
      ["41100", "PIN code must be 6 digits"],
      ["011001", "PIN code must be 6 digits"],
      ["999999", "There is no PIN code 999999 in India Post's directory. Check it on a letter or a bill."],
    ] as const) {
      const refused = await save(me.cookie, typed);
      expect(refused.status, typed).toBe(400);
      expect(refused.data.profile.error.pincode, typed).toEqual([words]);
      expect(refused.data.profile.initialValue.pincode, typed).toBe(typed);
      expect(await pincodeOf(me.userId), typed).toBeFalsy();
    }
    expect((await save(me.cookie, "411004")).status).toBe(302);
    expect(await pincodeOf(me.userId)).toBe("411004");
    const page = await call(accountRoute.loader, getRequest("/account", me.cookie));
    expect(page.data.profile.pincode).toBe("411004");
    // Emptied, it is gone.
    expect((await save(me.cookie, "")).status).toBe(302);
    expect(await pincodeOf(me.userId)).toBeNull();
    await save(me.cookie, "411004");
    await eraseAccountNow(db, me.userId, new Date());
    expect(await pincodeOf(me.userId)).toBeNull();
  });
});

describe("checkout says whether a courier reaches the PIN code", () => {
  const SHIPPING = { name: "Asha Rao", email: "asha@example.in", phone: "9876543210", address: "12 MG Road", city: "Pune", state: "Maharashtra" };

  /** A buyer with a book in their cart and the shipping step done for `zip`; the payment step as it loads. */
  async function atPayment(zip: string) {
    const [seller, buyer] = [await signedInStudent(), await signedInStudent()];
    const productId = await createProduct(db, { sellerId: seller.userId, title: `Reach Book ${++n}`, price: 300, category: "Textbooks", stock: 2 });
    await putInCart(db, { userId: buyer.userId, productId, quantity: "1" });
    // The state the PIN code is in: a state it is not in is refused (issue 65, point 7).
    const state = pincodePlace(zip)?.state ?? SHIPPING.state;
    const step1 = await call(checkoutRoute.action as never, formRequest("/checkout", { intent: "shipping", ...SHIPPING, state, zip }, buyer.cookie), fresh());
    const cookie = `${buyer.cookie}; ${cookieFrom(step1.headers, "__checkout")}`;
    const page = (await call(checkoutRoute.loader as never, getRequest("/checkout?step=payment", cookie), fresh())).data;
    const pay = (method: string) => call(checkoutRoute.action as never, formRequest("/checkout", { intent: "pay", paymentMethod: method, key: crypto.randomUUID() }, cookie), fresh());
    return { buyer, page, pay };
  }
  const area = (pincode: string, served: boolean, cod: boolean) => db.insert(test_carrier_areas).values({ pincode, served, cod }).onConflictDoUpdate({ target: test_carrier_areas.pincode, set: { served, cod } });

  test("served with cash: said, and cash on delivery offered", async () => {
    const { page } = await atPayment("411001");
    expect(page.reachNote).toBe("A courier delivers to 411001, and can collect cash on delivery there.");
    expect(page.methods).toContain("cod");
    expect(page.codNote).toContain("Cash on delivery costs the same");
  });

  test("served without cash: said, cash on delivery not offered, and refused beside the method when posted anyway, nothing written", async () => {
    await area("744101", true, false);
    const { buyer, page, pay } = await atPayment("744101");
    expect(page.reachNote).toBe("A courier delivers to 744101, but cannot collect cash there: pay online.");
    expect(page.methods).not.toContain("cod");
    expect(page.methods.length).toBeGreaterThan(0);
    // Nor is cash on delivery's price beside the online one.
    expect(page.codNote).toBe("");
    const refused = await pay("cod");
    expect(refused.status).toBe(409);
    expect(refused.data.payment.error.paymentMethod).toEqual(["Cash on delivery cannot be collected at 744101: pay online, or go back and change the address."]);
    expect(refused.data.payment.initialValue.paymentMethod).toBe("cod");
    expect(await db.$count(orders, eq(orders.buyer_id, buyer.userId))).toBe(0);
    // Paying online goes on to the gateway.
    expect((await pay("upi")).location).toMatch(/^\/payments\/test-gateway\?/);
  });

  test("not served: said (the seller sends it by India Post), and no cash on delivery", async () => {
    await area("194101", false, false);
    const { page } = await atPayment("194101");
    expect(page.reachNote).toBe(english({ id: "checkout.reach.notServed", values: { zip: "194101" } }));
    expect(page.methods).not.toContain("cod");
  });

  test("with several sellers it is every seller's answer; an unknown answer (a carrier that fails, a seller without a pickup PIN code) says nothing and refuses nothing", async () => {
    const [a, b, buyer] = [await signedInStudent(), await signedInStudent(), await signedInStudent()];
    await updateProfile(db, a.userId, { fullName: "A", phone: null, address: null, pincode: "411004" });
    await updateProfile(db, b.userId, { fullName: "B", phone: null, address: null, pincode: "560001" });
    for (const seller of [a, b]) await putInCart(db, { userId: buyer.userId, productId: await createProduct(db, { sellerId: seller.userId, title: `Two Sellers ${++n}`, price: 100, category: "Textbooks", stock: 1 }), quantity: "1" });
    const asked: Array<string | null> = [];
    const answering = (answer: (from: string | null) => { served: boolean; cod: boolean } | Error): Carrier => ({
      ...testCarrier,
      needsPickup: true,
      async serves(_db, { from }) {
        asked.push(from);
        const said = answer(from);
        if (said instanceof Error) throw said;
        return said;
      },
    });
    expect(await carrierReach(db, answering(() => ({ served: true, cod: true })), buyer.userId, "110001")).toEqual({ served: true, cod: true });
    expect(asked.sort()).toEqual(["411004", "560001"]);
    expect(await carrierReach(db, answering((from) => (from === "560001" ? { served: true, cod: false } : { served: true, cod: true })), buyer.userId, "110001")).toEqual({ served: true, cod: false });
    expect(await carrierReach(db, answering((from) => (from === "560001" ? new Error("timeout") : { served: true, cod: true })), buyer.userId, "110001")).toEqual({ served: null, cod: null });
    expect(await carrierReach(db, answering((from) => (from === "560001" ? new Error("timeout") : { served: false, cod: false })), buyer.userId, "110001")).toEqual({ served: false, cod: false });
    expect(await carrierReach(db, null, buyer.userId, "110001")).toBeNull();
    // A seller without a pickup PIN code is not asked about: unknown.
    await updateProfile(db, b.userId, { fullName: "B", phone: null, address: null, pincode: null });
    asked.length = 0;
    expect(await carrierReach(db, answering(() => ({ served: true, cod: true })), buyer.userId, "110001")).toEqual({ served: null, cod: null });
    expect(asked).toEqual(["411004"]);
  });
});
