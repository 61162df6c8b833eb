// A listing's photos (issue 49, point 6; docs/decisions/marketplace-listing-photos.md): up
// to LISTING_PHOTOS_MAX in the seller's order, the first the cover. Every write of them
// is here and rewrites the whole row set with the cover mirrored on the listing's own
// columns, in the caller's transaction, so a list never reads a cover the photos do not
// have. An image no listing uses any more is removed from the image store.
import { asc, eq, inArray, or } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { listing_photos, marketplace_products, order_items } from "~/db/schema";
import type { Variants } from "~/models/media/pipeline.server";
import { keyOfUrl, mediaUrl, type ImageStore } from "~/models/media/storage.server";
import { log } from "~/services/log.server";

export type Photo = { image_url: string; thumbnail_url: string; width: number; height: number };

/** Stores both sizes of one photo (also used by the demo seed). */
export async function storeVariants(store: ImageStore, variants: Variants): Promise<Photo> {
  const [display, thumb] = await Promise.all([
    store.put({ bytes: variants.display.bytes, contentType: "image/webp", width: variants.display.width, height: variants.display.height }),
    store.put({ bytes: variants.thumb.bytes, contentType: "image/webp", width: variants.thumb.width, height: variants.thumb.height }),
  ]);
  return { image_url: mediaUrl(display), thumbnail_url: mediaUrl(thumb), width: variants.display.width, height: variants.display.height };
}

/** The listing's columns that show its cover, for a listing with these photos. */
export const coverColumns = (photos: Photo[]) => {
  const cover = photos[0];
  return { image_url: cover?.image_url ?? null, thumbnail_url: cover?.thumbnail_url ?? null, image_width: cover?.width ?? null, image_height: cover?.height ?? null };
};

/** The listing's photos in order. */
export async function photosOf(db: DbOrTx, productId: string): Promise<Photo[]> {
  return db
    .select({ image_url: listing_photos.image_url, thumbnail_url: listing_photos.thumbnail_url, width: listing_photos.width, height: listing_photos.height })
    .from(listing_photos)
    .where(eq(listing_photos.product_id, productId))
    .orderBy(asc(listing_photos.position));
}

/** Writes the listing's photos as given, in this order, and its cover columns. */
export async function writePhotos(tx: DbOrTx, productId: string, photos: Photo[]) {
  await tx.delete(listing_photos).where(eq(listing_photos.product_id, productId));
  if (photos.length > 0) await tx.insert(listing_photos).values(photos.map((p, position) => ({ product_id: productId, position, ...p })));
  await tx.update(marketplace_products).set(coverColumns(photos)).where(eq(marketplace_products.id, productId));
}

export type AfterCommit = () => Promise<void>;
export const NOTHING_AFTER_COMMIT: AfterCommit = async () => {};

/**
 * The images behind these URLs that no listing uses any more, removed: at once in the
 * database store (the caller's transaction undoes it on a rollback), and by the returned
 * function in a store outside the transaction, which the caller runs only after its
 * transaction has committed (else a rollback would leave a listing pointing at a deleted
 * object).
 */
export async function dropUnused(tx: DbOrTx, store: ImageStore, urls: Array<string | null>): Promise<AfterCommit> {
  const candidates = [...new Set(urls)].filter((u): u is string => keyOfUrl(u) !== null);
  if (candidates.length === 0) return NOTHING_AFTER_COMMIT;
  const covers = await tx
    .select({ a: marketplace_products.image_url, b: marketplace_products.thumbnail_url })
    .from(marketplace_products)
    .where(or(inArray(marketplace_products.image_url, candidates), inArray(marketplace_products.thumbnail_url, candidates)));
  const photos = await tx
    .select({ a: listing_photos.image_url, b: listing_photos.thumbnail_url })
    .from(listing_photos)
    .where(or(inArray(listing_photos.image_url, candidates), inArray(listing_photos.thumbnail_url, candidates)));
  // A buyer's return photo of the same bytes (issue 49, point 6) keeps them too.
  const returns = await tx
    .select({ a: order_items.return_photo_url, b: order_items.return_photo_thumb })
    .from(order_items)
    .where(or(inArray(order_items.return_photo_url, candidates), inArray(order_items.return_photo_thumb, candidates)));
  const stillUsed = new Set([...covers, ...photos, ...returns].flatMap((r) => [r.a, r.b]));
  const keys = candidates.filter((u) => !stillUsed.has(u)).map((u) => keyOfUrl(u)!);
  if (keys.length === 0) return NOTHING_AFTER_COMMIT;
  if (store.transactional) {
    await store.delete(keys);
    return NOTHING_AFTER_COMMIT;
  }
  // The listing is saved either way: an object left behind is only space (logged).
  return () => store.delete(keys).catch((error) => log().warn({ err: error, event: "image-delete" }, "unused images were not deleted"));
}

/** The URLs of photos that are in `before` and not in `after`. */
export const urlsGone = (before: Photo[], after: Photo[]) => {
  const kept = new Set(after.map((p) => p.image_url));
  return before.filter((p) => !kept.has(p.image_url)).flatMap((p) => [p.image_url, p.thumbnail_url]);
};
