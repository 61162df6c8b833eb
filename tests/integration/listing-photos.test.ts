// Issue 49, point 6: a listing has up to six photos in the seller's order, the first its
// cover; a book in Good or Acceptable condition goes on sale with at least two. The
// product form and the photos page (/store/{id}/image, plain multipart forms that work
// without JavaScript) count photos before any image work, and every change keeps the
// listing's cover columns equal to its first photo.
import { asc, eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { db } from "~/db/client.server";
import { images, listing_photos, marketplace_products } from "~/db/schema";
import { databaseImageStore, keyOfUrl } from "~/models/media/storage.server";
import { LISTING_MESSAGES } from "~/models/store/listings/listing";
import * as editRoute from "~/routes/store.$id.edit";
import * as imageRoute from "~/routes/store.$id.image";
import * as newRoute from "~/routes/store.new";
import * as productRoute from "~/routes/store.$id.productdetails";
import { call } from "../support/remix";
import { english } from "../support/words";
import { signedInStudent } from "../support/scenarios";
import { multipart, photos, productForm, sellerAndFields } from "../support/listings";

const forWear = (more: number) => english({ id: "sell.msg.photosForWear", values: { count: 2, more } });
const atMostSix = english({ id: "sell.msg.photosMax", values: { max: 6 } });
const imageCount = () => db.$count(images);

const listingOf = async (sellerId: string) => (await db.select().from(marketplace_products).where(eq(marketplace_products.seller_id, sellerId)))[0];
const photoUrls = async (productId: string) => (await db.select({ url: listing_photos.image_url }).from(listing_photos).where(eq(listing_photos.product_id, productId)).orderBy(asc(listing_photos.position))).map((p) => p.url);

async function listed(condition: string, count: number) {
  const { seller, fields } = await sellerAndFields();
  const res = await call(newRoute.action, multipart("/store/new", productForm({ ...fields, condition }, await photos(count)), seller.cookie));
  expect(res.status).toBe(302);
  const listing = (await listingOf(seller.userId))!;
  return { seller, fields, id: listing.id, urls: await photoUrls(listing.id) };
}

const onPhotos = (id: string, cookie: string, fields: Record<string, string>, files?: Awaited<ReturnType<typeof photos>>) =>
  call(imageRoute.action, multipart(`/store/${id}/image`, productForm(fields, files), cookie), { params: { id } });

test("a worn book goes on sale with two photos: one is refused in the form before any image work, with the input kept; a draft may have one", async () => {
  const { seller, fields } = await sellerAndFields();
  const before = await imageCount();
  const one = await call(newRoute.action, multipart("/store/new", productForm({ ...fields, condition: "Good" }, await photos(1)), seller.cookie));
  expect(one.status).toBe(400);
  expect(one.data.error.image).toEqual([forWear(1), english(LISTING_MESSAGES.chooseImageAgain)]);
  expect(one.data.initialValue).toMatchObject({ title: fields.title, condition: "Good", isActive: "on" });
  expect(await imageCount()).toBe(before);
  expect(await listingOf(seller.userId)).toBeUndefined();

  // Unticked, it is a draft: saved with its one photo, not on sale.
  const { isActive: _, ...draft } = fields;
  expect((await call(newRoute.action, multipart("/store/new", productForm({ ...draft, condition: "Acceptable" }, await photos(1)), seller.cookie))).status).toBe(302);
  expect(await listingOf(seller.userId)).toMatchObject({ condition: "Acceptable", is_active: false });

  // Two, on sale: both kept in the order chosen, the first the cover on the listing's own columns and on its page.
  const { id, urls } = await listed("Acceptable", 2);
  expect(urls).toHaveLength(2);
  const listing = (await db.select().from(marketplace_products).where(eq(marketplace_products.id, id)))[0]!;
  expect(listing).toMatchObject({ is_active: true, image_url: urls[0] });
  const page = await call(productRoute.loader, new Request(`http://localhost:3000/store/${id}/productdetails`), { params: { id } });
  expect(page.data.photos.map((p: { image_url: string }) => p.image_url)).toEqual(urls);
});

test("at most six: seven chosen on the form are refused before any image work; the photos page stops at six", async () => {
  const { seller, fields } = await sellerAndFields();
  const before = await imageCount();
  const seven = await call(newRoute.action, multipart("/store/new", productForm(fields, await photos(7)), seller.cookie));
  expect(seven.status).toBe(400);
  expect(seven.data.error.image).toEqual([atMostSix, english(LISTING_MESSAGES.chooseImageAgain)]);
  expect(await imageCount()).toBe(before);

  const { seller: owner, id } = await listed("Very Good", 6);
  const seventh = await onPhotos(id, owner.cookie, {}, await photos(1));
  expect(seventh.status).toBe(400);
  expect(seventh.data).toEqual({ error: atMostSix, field: "image" });
  expect(await photoUrls(id)).toHaveLength(6);
  // The edit form adds to the six it has: refused the same way.
  const edit = await call(editRoute.action, multipart(`/store/${id}/edit`, productForm({ ...fields, title: "Six is enough" }, await photos(1)), owner.cookie), { params: { id } });
  expect(edit.status).toBe(400);
  expect(edit.data.error.image[0]).toBe(atMostSix);
  expect(await photoUrls(id)).toHaveLength(6);
});

test("the photos page moves a photo a place and removes one; the cover follows; a worn book on sale keeps two; a stale photo is said", async () => {
  const { seller, id, urls } = await listed("Acceptable", 3);
  const [a, b, c] = urls as [string, string, string];

  expect((await onPhotos(id, seller.cookie, { intent: "earlier", photo: c })).location).toBe(`/store/${id}/image`);
  expect(await photoUrls(id)).toEqual([a, c, b]);
  // The first cannot go earlier: nothing changes.
  await onPhotos(id, seller.cookie, { intent: "earlier", photo: a });
  expect(await photoUrls(id)).toEqual([a, c, b]);
  await onPhotos(id, seller.cookie, { intent: "later", photo: a });
  expect(await photoUrls(id)).toEqual([c, a, b]);
  expect((await listingOf(seller.userId))!.image_url).toBe(c);

  expect((await onPhotos(id, seller.cookie, { intent: "remove", photo: c })).status).toBe(302);
  expect(await photoUrls(id)).toEqual([a, b]);
  expect((await listingOf(seller.userId))!.image_url).toBe(a);
  expect(await databaseImageStore(db).get(keyOfUrl(c)!)).toBeNull();

  // Two is the least an Acceptable book on sale may show.
  const refused = await onPhotos(id, seller.cookie, { intent: "remove", photo: a });
  expect(refused.status).toBe(400);
  expect(refused.data).toEqual({ error: forWear(1), field: "photos" });
  expect(await photoUrls(id)).toEqual([a, b]);

  // A page older than the listing: the photo is gone, and the page says so.
  const stale = await onPhotos(id, seller.cookie, { intent: "remove", photo: c });
  expect(stale.status).toBe(302);
  expect(await photoUrls(id)).toEqual([a, b]);

  // A stranger's change is a 404, and an unknown intent a 400; nothing moves.
  const stranger = await signedInStudent();
  expect((await onPhotos(id, stranger.cookie, { intent: "remove", photo: a })).status).toBe(404);
  expect((await onPhotos(id, seller.cookie, { intent: "shuffle", photo: a })).status).toBe(400);
  expect(await photoUrls(id)).toEqual([a, b]);
});

test("the edit form: a grade that shows wear needs its second photo, which the same form may add", async () => {
  const { seller, fields, id, urls } = await listed("Very Good", 1);
  const worn = await call(editRoute.action, multipart(`/store/${id}/edit`, productForm({ ...fields, condition: "Good" }), seller.cookie), { params: { id } });
  expect(worn.status).toBe(400);
  expect(worn.data.error.image).toEqual([forWear(1)]);
  expect(await listingOf(seller.userId)).toMatchObject({ condition: "Very Good" });

  const withPhoto = await call(editRoute.action, multipart(`/store/${id}/edit`, productForm({ ...fields, condition: "Good" }, await photos(1)), seller.cookie), { params: { id } });
  expect(withPhoto.status).toBe(302);
  expect(await listingOf(seller.userId)).toMatchObject({ condition: "Good", image_url: urls[0] });
  expect(await photoUrls(id)).toHaveLength(2);
});
