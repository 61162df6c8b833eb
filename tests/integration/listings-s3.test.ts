// A seller's listing with its images in S3-compatible storage (a local s3rver): an image
// the listing stops using is deleted only once the listing's transaction has committed,
// so a transaction that fails leaves the listing and its image as they were.
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, expect, test } from "vitest";
import { startS3rver } from "../support/s3rver";

// Before any app module reads the environment: this file's app keeps images in S3.
const s3 = await startS3rver("listing-images");
Object.assign(process.env, { S3_BUCKET: "listing-images", S3_ENDPOINT: s3.endpoint, S3_ACCESS_KEY_ID: s3.accessKeyId, S3_SECRET_ACCESS_KEY: s3.secretAccessKey });
afterAll(() => s3.stop());

const { db, rowsOf } = await import("~/db/client.server");
const { processUpload } = await import("~/models/media/pipeline.server");
const { imageStore } = await import("~/models/media/stores.server");
const { keyOfUrl } = await import("~/models/media/storage.server");
const { changeListingPhotos, createListing, deleteListing } = await import("~/models/store/listings/listings.server");
const { createUser, productCategory } = await import("~/seed/factories.server");

async function variants(colour: string) {
  const png = await sharp({ create: { width: 40, height: 60, channels: 3, background: colour } }).png().toBuffer();
  const result = await processUpload(png);
  if (!result.ok) throw new Error(result.error.id);
  return result.variants;
}

const values = async (title: string) => ({
  title,
  description: "Used once.",
  price: 250,
  category: await productCategory(db, "Books"),
  author: null,
  publisher: null,
  isbn: null,
  condition: "Good" as const,
  isActive: true,
});

const stored = async (url: string | null) => (await imageStore(db).get(keyOfUrl(url)!)) !== null;
const listing = async (id: string) => rowsOf<{ title: string; image_url: string; thumbnail_url: string }>(await db.execute(sql`SELECT title, image_url, thumbnail_url FROM marketplace_products WHERE id = ${id}`))[0]!;

test("a removed photo stays in S3 when the listing's transaction fails at commit, and goes once it commits", async () => {
  expect(imageStore(db).transactional).toBe(false);
  const sellerId = await createUser(db, { email: `s3-seller-${Date.now()}@example.in`, passwordHash: "x" });
  const id = await createListing(db, { sellerId, values: await values("Organic Chemistry"), variants: [await variants("#336699"), await variants("#993366"), await variants("#669933")] });
  const before = await listing(id);
  expect(await stored(before.image_url)).toBe(true);

  // A check PostgreSQL makes only at COMMIT: the photos' change and the image's removal are both done by then.
  await db.execute(sql`CREATE FUNCTION refuse_at_commit() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN RAISE EXCEPTION 'refused at commit'; END $$`);
  await db.execute(sql`CREATE CONSTRAINT TRIGGER refuse_at_commit AFTER UPDATE ON marketplace_products DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION refuse_at_commit()`);
  try {
    await expect(changeListingPhotos(db, { id, sellerId, change: { kind: "remove", url: before.image_url } })).rejects.toThrow();
    // The listing still shows its cover, and the cover is still there.
    expect(await listing(id)).toMatchObject({ title: "Organic Chemistry", image_url: before.image_url });
    expect(await stored(before.image_url)).toBe(true);
    expect(await stored(before.thumbnail_url)).toBe(true);
  } finally {
    await db.execute(sql`DROP TRIGGER refuse_at_commit ON marketplace_products`);
    await db.execute(sql`DROP FUNCTION refuse_at_commit()`);
  }

  // Committed: the old cover goes, the next photo is the cover.
  expect(await changeListingPhotos(db, { id, sellerId, change: { kind: "remove", url: before.image_url } })).toBe("saved");
  const after = await listing(id);
  expect(after.image_url).not.toBe(before.image_url);
  expect(await stored(before.image_url)).toBe(false);
  expect(await stored(before.thumbnail_url)).toBe(false);
  expect(await stored(after.image_url)).toBe(true);
  expect(await deleteListing(db, { id, sellerId })).toBe(true);
  expect(await stored(after.image_url)).toBe(false);
});
