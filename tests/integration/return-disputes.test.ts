// Issue 49, point 6: a buyer returning a book worse than its grade adds a photo of what is
// wrong (its own multipart page), the seller sees it, and a seller who disagrees sends the
// case to support with both sides' words. Through the real routes, on both databases; the
// photo's image leaves the store when it is replaced or erased with its buyer.
import { eq, sql } from "drizzle-orm";
import { expect, test } from "vitest";
import { db } from "~/db/client.server";
import { discarded_images } from "~/db/schema";
import { databaseImageStore, keyOfUrl } from "~/models/media/storage.server";
import { earnDueLines } from "~/models/store/earnings/earnings.server";
import { ORDER_MESSAGES } from "~/models/store/orders/order-life";
import { forgetDiscardedImages, openDisputes } from "~/models/store/orders/order-returns.server";
import { supportConfirmsReturn } from "~/models/store/orders/order-life.server";
import { heldSalesOf } from "~/models/store/earnings/held-sales.server";
import { settleBackground } from "~/services/background.server";
import { eraseAccountNow } from "~/models/accounts/personal-data.server";
import * as photoRoute from "~/routes/orders.$id.items.$itemId.photo";
import * as myProductsRoute from "~/routes/store.my-products";
import { supportEmail } from "~/utils/env.server";
import { call, getRequest } from "../support/remix";
import { english } from "../support/words";
import { signedInStudent } from "../support/scenarios";
import { multipart, photos, productForm } from "../support/listings";
import { book, buyerStep, flashOf, lineOf, mailsTo, order, sellerStep, type Person } from "../support/orders";

/** A line (prepaid unless said) delivered and asked to be returned, for `seller` to `buyer`. */
async function returnAsked(method: "upi" | "cod" = "upi") {
  const [seller, buyer] = [await signedInStudent(), await signedInStudent()];
  const product = await book(seller, { price: 320 });
  const { orderId, itemOf } = await order(buyer, [[product, 1]], method);
  const itemId = itemOf(product);
  await sellerStep(seller, { intent: "ship", itemId, tracking: "" });
  await buyerStep(buyer, orderId, { intent: "received", itemId });
  return { seller, buyer, orderId, itemId };
}

const photoPage = (orderId: string, itemId: string) => `/orders/${orderId}/items/${itemId}/photo`;
const sendPhoto = async (who: Person, orderId: string, itemId: string, count = 1) =>
  call(photoRoute.action, multipart(photoPage(orderId, itemId), productForm({}, await photos(count)), who.cookie), { params: { id: orderId, itemId } });
const stored = async (url: string | null) => (await databaseImageStore(db).get(keyOfUrl(url)!)) !== null;

test("the buyer's photo of what is wrong: only on an open return of their own order, one at a time, and the seller sees it", async () => {
  const { seller, buyer, orderId, itemId } = await returnAsked();
  // Not yet asked to return: the page sends the buyer back to the order, saying why.
  const early = await call(photoRoute.loader, getRequest(photoPage(orderId, itemId), buyer.cookie), { params: { id: orderId, itemId } });
  expect(early.status).toBe(302);
  expect(await flashOf(early)).toMatchObject({ kind: "error", message: ORDER_MESSAGES.returnPhotoNotNow });

  await buyerStep(buyer, orderId, { intent: "return", itemId, reason: "Every page is highlighted, it was sold as Very Good." });
  // A stranger, another order's id, and a malformed id: the same 404, and no image work.
  const stranger = await signedInStudent();
  expect((await sendPhoto(stranger, orderId, itemId)).status).toBe(404);
  const { orderId: otherOrder } = await order(buyer, [[await book(seller), 1]], "cod");
  expect((await call(photoRoute.loader, getRequest(photoPage(otherOrder, itemId), buyer.cookie), { params: { id: otherOrder, itemId } })).status).toBe(404);
  expect((await call(photoRoute.loader, getRequest(photoPage(orderId, "x"), buyer.cookie), { params: { id: orderId, itemId: "x" } })).status).toBe(404);
  // Two photos, or none: said in the form, nothing written.
  const two = await sendPhoto(buyer, orderId, itemId, 2);
  expect(two.status).toBe(400);
  expect(two.data).toEqual({ error: english({ id: "sell.msg.photosMax", values: { max: 1 } }) });
  const none = await call(photoRoute.action, multipart(photoPage(orderId, itemId), productForm({}, null), buyer.cookie), { params: { id: orderId, itemId } });
  expect(none.data).toEqual({ error: "Please upload an image file" });
  expect((await lineOf(itemId)).return_photo_url).toBeNull();

  const sent = await sendPhoto(buyer, orderId, itemId);
  expect(sent.location).toBe(`/orders/${orderId}/confirmation`);
  expect(await flashOf(sent)).toMatchObject({ kind: "success", message: ORDER_MESSAGES.returnPhotoSaved });
  const first = await lineOf(itemId);
  expect(await stored(first.return_photo_url)).toBe(true);
  expect((await mailsTo(seller.email)).at(-1)?.subject).toContain("A photo for the return");

  // The seller's sales carry it.
  const sales = await call(myProductsRoute.loader, getRequest("/store/my-products?view=sales", seller.cookie));
  expect(sales.data.sales.find((s: { id: string }) => s.id === itemId)).toMatchObject({ return_photo_url: first.return_photo_url, return_photo_thumb: first.return_photo_thumb });

  // A second photo replaces the first, whose image housekeeping then removes.
  await sendPhoto(buyer, orderId, itemId);
  const second = await lineOf(itemId);
  expect(second.return_photo_url).not.toBe(first.return_photo_url);
  expect(await db.$count(discarded_images, eq(discarded_images.key, keyOfUrl(first.return_photo_url)!))).toBe(1);
  await forgetDiscardedImages(db);
  expect(await stored(first.return_photo_url)).toBe(false);
  expect(await stored(first.return_photo_thumb)).toBe(false);
  expect(await stored(second.return_photo_url)).toBe(true);
});

test("the seller disputes a return: support gets both sides' words and the photo, the buyer is told, the money stays held; once only", async () => {
  const { seller, buyer, orderId, itemId } = await returnAsked();
  await buyerStep(buyer, orderId, { intent: "return", itemId, reason: "Cover torn, sold as Like New." });
  await sendPhoto(buyer, orderId, itemId);

  // Words required, and kept in the form when refused.
  const empty = await sellerStep(seller, { intent: "dispute", itemId, words: " \u202e " });
  expect(empty.status).toBe(400);
  expect(empty.data).toMatchObject({ itemId, intent: "dispute", reply: { error: { words: [english(ORDER_MESSAGES.disputeWordsRequired)] } } });
  expect((await lineOf(itemId)).disputed_at).toBeNull();
  // Another seller's dispute of this line is a 404.
  expect((await sellerStep(await signedInStudent(), { intent: "dispute", itemId, words: "Not mine but I disagree." })).status).toBe(404);

  const done = await sellerStep(seller, { intent: "dispute", itemId, words: "The cover was whole when I packed it; photo of the parcel attached to my mail." });
  expect(await flashOf(done)).toMatchObject({ kind: "success", message: ORDER_MESSAGES.disputed(expect.stringMatching(/^SA-[0-9A-Z]{10}$/) as unknown as string) });
  const line = await lineOf(itemId);
  expect(line).toMatchObject({ dispute_words: "The cover was whole when I packed it; photo of the parcel attached to my mail." });
  const [toSupport] = (await mailsTo(supportEmail())).filter((m) => m.text.includes(line.id));
  expect(toSupport!.text).toContain("The buyer says: “Cover torn, sold as Like New.”");
  expect(toSupport!.text).toContain("The seller says: “The cover was whole when I packed it;");
  expect(toSupport!.text).toContain(line.return_photo_url!);
  // The step's mail and the complaint's acknowledgement (tests/integration/complaints.test.ts), made in one
  // transaction: the same time, so told apart by what they say, not by their order.
  const toBuyer = (await mailsTo(buyer.email)).slice(-2);
  expect(toBuyer.filter((m) => m.text.includes("The cover was whole when I packed it"))).toHaveLength(1);
  expect(toBuyer.filter((m) => /^We have your complaint: SA-/.test(m.text))).toHaveLength(1);
  expect((await openDisputes(db)).map((d) => d.id)).toContain(itemId);

  // Once: a second dispute, and a photo after it, are refused; nothing changes.
  expect(await flashOf(await sellerStep(seller, { intent: "dispute", itemId, words: "Again." }))).toMatchObject({ kind: "error", message: ORDER_MESSAGES.disputeNotNow });
  expect((await sendPhoto(buyer, orderId, itemId)).status).toBe(302);
  expect((await lineOf(itemId)).return_photo_url).toBe(line.return_photo_url);
  expect((await lineOf(itemId)).dispute_words).toBe(line.dispute_words);

  // Held: past the return window, an open return is never earned.
  await db.execute(sql`UPDATE order_items SET delivered_at = now() - interval '30 days', return_requested_at = now() - interval '25 days' WHERE id = ${itemId}`);
  await earnDueLines(db, new Date(), 10);
  expect((await lineOf(itemId)).earned_at).toBeNull();

  // Support decided for the buyer: the seller confirms the return, as before, and it is refunded.
  expect(await flashOf(await sellerStep(seller, { intent: "return-received", itemId }))).toMatchObject({ message: ORDER_MESSAGES.returnReceivedRefund("₹320") });
  expect((await openDisputes(db)).map((d) => d.id)).not.toContain(itemId);
});

test("erasing the buyer takes their return's photo (its image leaves the store) and the seller's erasure their words", async () => {
  // Cash on delivery: once returned, nothing is left open for either of them (no refund on its way).
  const { seller, buyer, orderId, itemId } = await returnAsked("cod");
  await buyerStep(buyer, orderId, { intent: "return", itemId, reason: "Half the pages are loose." });
  await sendPhoto(buyer, orderId, itemId);
  await sellerStep(seller, { intent: "dispute", itemId, words: "They were bound when I sent it." });
  await sellerStep(seller, { intent: "return-received", itemId });
  const before = await lineOf(itemId);
  expect(await stored(before.return_photo_url)).toBe(true);
  expect(await eraseAccountNow(db, buyer.userId, new Date())).toEqual({ ok: true });
  expect(await lineOf(itemId)).toMatchObject({ return_reason: "Erased", return_photo_url: null, return_photo_thumb: null });
  await forgetDiscardedImages(db);
  expect(await stored(before.return_photo_url)).toBe(false);
  expect(await stored(before.return_photo_thumb)).toBe(false);
  expect(await eraseAccountNow(db, seller.userId, new Date())).toEqual({ ok: true });
  expect(await lineOf(itemId)).toMatchObject({ dispute_words: "Erased", return_reason: "Erased" });
});

test("support decides for the buyer when the seller never confirms: the return is confirmed on the seller's behalf, the buyer refunded from the held share, both told; once only", async () => {
  const { seller, buyer, orderId, itemId } = await returnAsked();
  expect((await buyerStep(buyer, orderId, { intent: "return", itemId, reason: "Water damage, sold as Good." })).status).toBe(302);
  await sellerStep(seller, { intent: "dispute", itemId, words: "It left here whole." });
  expect(await supportConfirmsReturn(db, { itemId, now: new Date() })).toMatchObject({ kind: "returned", refunded: 320 });
  expect((await lineOf(itemId)).returned_at).not.toBeNull();
  await settleBackground();
  // Paid from the seller's share held at the gateway: taken back before the refund went.
  expect(await heldSalesOf(db, [itemId])).toMatchObject([{ goal: "reversed", state: "reversed" }]);
  const toBuyer = (await mailsTo(buyer.email)).at(-1)!;
  expect(toBuyer.text).toContain(english({ id: "mail.life.supportConfirmed", values: { book: english({ id: "mail.life.book", values: { title: (await lineOf(itemId)).title_at_purchase, quantity: 1 } }) } }));
  const toSeller = (await mailsTo(seller.email)).at(-1)!;
  expect(toSeller.subject).toContain(english({ id: "mail.life.returnReceived" }));
  expect(toSeller.text).toContain(english({ id: "mail.life.supportConfirmedSeller" }));
  // Again, or for a line that is none: nothing more.
  expect(await supportConfirmsReturn(db, { itemId, now: new Date() })).toEqual({ kind: "not-requested" });
  expect(await supportConfirmsReturn(db, { itemId: crypto.randomUUID(), now: new Date() })).toBeNull();
});
