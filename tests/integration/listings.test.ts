// The seller side against a real database (issue 16): the upload pipeline with real
// image bytes, the image store, ownership of every write, and images removed with the
// listing that used them.
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { expect, test } from "vitest";
import { db } from "~/db/client.server";
import { images, marketplace_products, order_items, orders } from "~/db/schema";
import { IMAGE_MESSAGES, THUMB } from "~/models/media/images";
import { contentKey, databaseImageStore, keyOfUrl } from "~/models/media/storage.server";
import { LISTING_MESSAGES } from "~/models/store/listings/listing";
import * as deleteRoute from "~/routes/store.$id.delete";
import * as editRoute from "~/routes/store.$id.edit";
import * as imageRoute from "~/routes/store.$id.image";
import * as newRoute from "~/routes/store.new";
import * as media from "~/routes/media.$key";
import { createProduct } from "~/seed/factories.server";
import { call, formRequest } from "../support/remix";
import { english } from "../support/words";
import type { Msg } from "~/utils/i18n";
import { signedInStudent } from "../support/scenarios";
import { multipart, png, productForm, sellerAndFields } from "../support/listings";

/** A phone photo: landscape pixels marked "rotate 90°", with a GPS position in its EXIF. */
const phoneJpeg = () =>
  sharp({ create: { width: 400, height: 200, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({ IFD0: { Make: "PhoneMaker", Model: "Phone 1" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "12/1 58/1 3/1", GPSLongitudeRef: "E", GPSLongitude: "77/1 35/1 40/1" } })
    .toBuffer();

const listingsBy = (sellerId: string) => db.select().from(marketplace_products).where(eq(marketplace_products.seller_id, sellerId));
const imageCount = () => db.$count(images);

test("a listing with a real PNG: saved, both sizes stored as WebP under their content address, served immutable", async () => {
  const { seller, fields } = await sellerAndFields();
  const res = await call(newRoute.action, multipart("/store/new", productForm(fields, { bytes: await png(), name: "cover.png", type: "image/png" }), seller.cookie));
  expect(res.status).toBe(302);
  expect(res.location).toBe("/store");
  const [listing] = await listingsBy(seller.userId);
  expect(listing).toMatchObject({ title: fields.title, price: 450, author: "H. C. Verma", isbn: "978-8177091878", condition: "Very Good", is_active: true, image_width: 640, image_height: 480 });
  const displayKey = keyOfUrl(listing!.image_url)!;
  const thumbKey = keyOfUrl(listing!.thumbnail_url)!;
  expect(displayKey).toMatch(/^[0-9a-f]{64}\.webp$/);

  const served = await media.loader({ request: new Request(`http://localhost:3000${listing!.image_url}`), params: { key: displayKey }, context: {} });
  expect(served.status).toBe(200);
  expect(served.headers.get("Content-Type")).toBe("image/webp");
  expect(served.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
  const bytes = Buffer.from(await served.arrayBuffer());
  // The address is the content: the same bytes, the same key.
  expect(contentKey(bytes, "image/webp")).toBe(displayKey);
  const thumb = await databaseImageStore(db).get(thumbKey);
  expect(thumb).toMatchObject({ width: THUMB.width, height: THUMB.height, contentType: "image/webp" });
  expect(thumb!.bytes.length).toBeLessThanOrEqual(30 * 1024);
  expect((await media.loader({ request: new Request("http://localhost:3000/media/x"), params: { key: "../../etc/passwd" }, context: {} })).status).toBe(404);
});

test("a phone photo is turned upright and loses its EXIF (no GPS position reaches buyers)", async () => {
  const { seller, fields } = await sellerAndFields();
  const photo = await phoneJpeg();
  expect((await sharp(photo).metadata()).exif).toBeDefined();
  const res = await call(newRoute.action, multipart("/store/new", productForm(fields, { bytes: photo, name: "IMG_2041.jpg", type: "image/jpeg" }), seller.cookie));
  expect(res.status).toBe(302);
  const [listing] = await listingsBy(seller.userId);
  for (const url of [listing!.image_url, listing!.thumbnail_url]) {
    const stored = await databaseImageStore(db).get(keyOfUrl(url)!);
    const meta = await sharp(stored!.bytes).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation ?? 1).toBe(1);
    expect(stored!.bytes.includes(Buffer.from("PhoneMaker"))).toBe(false);
  }
  // 400 × 200 marked "rotate 90°" is a 200 × 400 picture.
  expect([listing!.image_width, listing!.image_height]).toEqual([200, 400]);
});

test("a camera-sized photo (about 10 MB, 4000 × 3000) sent without JavaScript is taken and scaled by the server", async () => {
  const { seller, fields } = await sellerAndFields();
  const noise = Buffer.alloc(4000 * 3000 * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 2_654_435_761) >>> 24;
  const photo = await sharp(noise, { raw: { width: 4000, height: 3000, channels: 3 } }).jpeg({ quality: 93 }).toBuffer();
  expect(photo.length).toBeGreaterThan(8 * 1024 * 1024);
  expect(photo.length).toBeLessThan(15 * 1024 * 1024);
  const res = await call(newRoute.action, multipart("/store/new", productForm(fields, { bytes: photo, name: "IMG_2050.jpg", type: "image/jpeg" }), seller.cookie));
  expect(res.status).toBe(302);
  const [listing] = await listingsBy(seller.userId);
  expect(Math.max(listing!.image_width!, listing!.image_height!)).toBeLessThanOrEqual(960);
  const stored = await databaseImageStore(db).get(keyOfUrl(listing!.image_url)!);
  expect(stored!.bytes.length).toBeLessThan(photo.length / 4);
});

test("bad files get the spec's message, keep the other fields, and write nothing", async () => {
  const { seller, fields } = await sellerAndFields();
  const good = await png(800, 600);
  const cases: Array<[string, { bytes: Buffer | string; name: string; type: string }, Msg]> = [
    ["a renamed text file", { bytes: "just some notes, not a picture", name: "photo.jpg", type: "image/jpeg" }, IMAGE_MESSAGES.notImage],
    ["16 MB", { bytes: Buffer.concat([good, Buffer.alloc(16 * 1024 * 1024)]), name: "huge.png", type: "image/png" }, IMAGE_MESSAGES.tooLarge],
    ["a truncated PNG", { bytes: good.subarray(0, Math.floor(good.length / 2)), name: "cut.png", type: "image/png" }, IMAGE_MESSAGES.failed],
  ];
  const before = await imageCount();
  for (const [what, file, message] of cases) {
    const res = await call(newRoute.action, multipart("/store/new", productForm(fields, file), seller.cookie));
    expect(res.status, what).toBe(400);
    expect(res.data.error.image, what).toEqual([english(message)]);
    expect(res.data.initialValue.title, what).toBe(fields.title);
    expect(res.data.initialValue.category, what).toBe(fields.category);
  }
  expect(await listingsBy(seller.userId)).toHaveLength(0);
  expect(await imageCount()).toBe(before);
});

test("wrong fields: the spec's messages, the input kept, the image asked for again, and no image work done", async () => {
  const { seller } = await sellerAndFields();
  const before = await imageCount();
  const res = await call(newRoute.action, multipart("/store/new", productForm({ title: " ", description: "", price: "0", category: "", isbn: "123", condition: "Like New" }, { bytes: await png(), name: "a.png", type: "image/png" }), seller.cookie));
  expect(res.status).toBe(400);
  expect(res.data.error).toMatchObject({
    title: [english(LISTING_MESSAGES.title)],
    description: [english(LISTING_MESSAGES.description)],
    price: [english(LISTING_MESSAGES.price)],
    category: [english(LISTING_MESSAGES.category)],
    isbn: [english(LISTING_MESSAGES.isbn)],
    image: [english(LISTING_MESSAGES.chooseImageAgain)],
  });
  expect(res.data.initialValue.condition).toBe("Like New");
  expect(await imageCount()).toBe(before);
  const tooDear = await call(newRoute.action, multipart("/store/new", productForm({ ...(await sellerAndFields()).fields, price: "1000001" }), seller.cookie));
  expect(tooDear.data.error.price).toEqual([english(LISTING_MESSAGES.priceRange)]);
});

test("bodies that are not our form: 50 parts, no boundary, a file in another field: a short 400 and nothing written", async () => {
  const { seller, fields } = await sellerAndFields();
  const many = productForm(fields);
  for (let i = 0; i < 50; i++) many.append(`extra${i}`, "x");
  const res = await call(newRoute.action, multipart("/store/new", many, seller.cookie));
  expect(res.status).toBe(400);
  expect(res.data).toBe("The form could not be read.");

  const noBoundary = new Request("http://localhost:3000/store/new", { method: "POST", body: "--x\r\n\r\n", headers: { Cookie: seller.cookie, "Content-Type": "multipart/form-data" } });
  expect((await call(newRoute.action, noBoundary)).status).toBe(400);

  const otherFile = productForm(fields);
  otherFile.append("cover", new File([new Uint8Array(await png(10, 10))], "b.png", { type: "image/png" }));
  expect((await call(newRoute.action, multipart("/store/new", otherFile, seller.cookie))).status).toBe(400);
  expect(await listingsBy(seller.userId)).toHaveLength(0);
});

test("only the seller may edit, replace the image or delete: a stranger gets 404 and nothing changes", async () => {
  const { seller, fields, category } = await sellerAndFields();
  await call(newRoute.action, multipart("/store/new", productForm(fields, { bytes: await png(), name: "a.png", type: "image/png" }), seller.cookie));
  const [listing] = await listingsBy(seller.userId);
  const id = listing!.id;
  const stranger = await signedInStudent();
  const params = { id };
  const edit = await call(editRoute.action, multipart(`/store/${id}/edit`, productForm({ ...fields, title: "Mine now", category: String(category) }), stranger.cookie), { params });
  const image = await call(imageRoute.action, multipart(`/store/${id}/image`, productForm({}, { bytes: await png(50, 50), name: "x.png", type: "image/png" }), stranger.cookie), { params });
  const del = await call(deleteRoute.action, formRequest(`/store/${id}/delete`, {}, stranger.cookie), { params });
  expect([edit.status, image.status, del.status]).toEqual([404, 404, 404]);
  expect((await call(editRoute.loader, new Request(`http://localhost:3000/store/${id}/edit`, { headers: { Cookie: stranger.cookie } }), { params })).status).toBe(404);
  const [after] = await listingsBy(seller.userId);
  expect(after).toEqual(listing);
  // A malformed id is a 404, never a 500.
  expect((await call(editRoute.loader, new Request("http://localhost:3000/store/nope/edit", { headers: { Cookie: seller.cookie } }), { params: { id: "nope" } })).status).toBe(404);
});

test("the seller edits, adds a photo and removes the old one (its files go), and deletes (its images go, orders keep title and price)", async () => {
  const { seller, fields } = await sellerAndFields();
  await call(newRoute.action, multipart("/store/new", productForm(fields, { bytes: await png(), name: "a.png", type: "image/png" }), seller.cookie));
  const [listing] = await listingsBy(seller.userId);
  const id = listing!.id;
  const oldKeys = [keyOfUrl(listing!.image_url)!, keyOfUrl(listing!.thumbnail_url)!];

  const edited = await call(editRoute.action, multipart(`/store/${id}/edit`, productForm({ ...fields, title: "Physics, revised", price: "399", condition: "Like New" }, null), seller.cookie), { params: { id } });
  expect(edited.status).toBe(302);
  const [afterEdit] = await listingsBy(seller.userId);
  expect(afterEdit).toMatchObject({ title: "Physics, revised", price: 399, condition: "Like New", image_url: listing!.image_url });

  const added = await call(imageRoute.action, multipart(`/store/${id}/image`, productForm({}, { bytes: await png(300, 300), name: "b.png", type: "image/png" }), seller.cookie), { params: { id } });
  expect(added.status).toBe(302);
  expect(added.location).toBe(`/store/${id}/image`);
  const removed = await call(imageRoute.action, multipart(`/store/${id}/image`, productForm({ intent: "remove", photo: listing!.image_url! }), seller.cookie), { params: { id } });
  expect(removed.status).toBe(302);
  const [afterImage] = await listingsBy(seller.userId);
  expect(afterImage!.image_url).not.toBe(listing!.image_url);
  for (const key of oldKeys) expect(await databaseImageStore(db).get(key)).toBeNull();
  const newKeys = [keyOfUrl(afterImage!.image_url)!, keyOfUrl(afterImage!.thumbnail_url)!];

  const [order] = await db
    .insert(orders)
    .values({ buyer_id: seller.userId, idempotency_key: `listing-${id}`, subtotal: 399, shipping: 50, total_amount: 449, buyer_name: "Buyer", buyer_email: "b@example.in", payment_method: "cod", shipping_address: { name: "B", street: "1 Road", city: "Pune", state: "MH", postal_code: "411001", country: "India", phone: "9876543210" } })
    .returning({ id: orders.id });
  await db.insert(order_items).values({ order_id: order!.id, product_id: id, seller_id: seller.userId, title_at_purchase: "Physics, revised", price_at_purchase: 399, quantity: 1 });

  const deleted = await call(deleteRoute.action, formRequest(`/store/${id}/delete`, {}, seller.cookie), { params: { id } });
  expect(deleted.status).toBe(302);
  expect(await listingsBy(seller.userId)).toHaveLength(0);
  for (const key of newKeys) expect(await databaseImageStore(db).get(key)).toBeNull();
  const [item] = await db.select().from(order_items).where(eq(order_items.order_id, order!.id));
  expect(item).toMatchObject({ product_id: null, title_at_purchase: "Physics, revised", price_at_purchase: 399 });
});

test("the image store: put, get, delete, and the same bytes stored once under one key", async () => {
  const store = databaseImageStore(db);
  const bytes = await sharp(await png(20, 30)).webp().toBuffer();
  const key = await store.put({ bytes, contentType: "image/webp", width: 20, height: 30 });
  expect(key).toBe(contentKey(bytes, "image/webp"));
  expect(await store.put({ bytes, contentType: "image/webp", width: 20, height: 30 })).toBe(key);
  expect(await db.$count(images, eq(images.key, key))).toBe(1);
  const got = await store.get(key);
  expect(got!.bytes.equals(bytes)).toBe(true);
  expect(await store.get("not-a-key")).toBeNull();
  await store.delete([key, "ignored"]);
  expect(await store.get(key)).toBeNull();
  // A listing that shares its bytes with another keeps them when the other goes.
  const seller = await signedInStudent();
  const shared = await store.put({ bytes, contentType: "image/webp", width: 20, height: 30 });
  const a = await createProduct(db, { sellerId: seller.userId, title: "A", price: 10, category: "Textbooks" });
  const b = await createProduct(db, { sellerId: seller.userId, title: "B", price: 10, category: "Textbooks" });
  await db.update(marketplace_products).set({ image_url: `/media/${shared}`, thumbnail_url: `/media/${shared}` }).where(eq(marketplace_products.seller_id, seller.userId));
  await call(deleteRoute.action, formRequest(`/store/${a}/delete`, {}, seller.cookie), { params: { id: a } });
  expect(await store.get(shared)).not.toBeNull();
  await call(deleteRoute.action, formRequest(`/store/${b}/delete`, {}, seller.cookie), { params: { id: b } });
  expect(await store.get(shared)).toBeNull();
});
