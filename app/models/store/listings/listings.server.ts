// A seller's listings (docs/product/marketplace.md §2 My Products, Product form; §6): only the
// seller may change one, which every write checks in its WHERE clause (a stranger's
// crafted POST finds nothing and gets a 404). Images go through the pipeline and the
// image store; a listing's old images are removed when nothing else uses them.
import type { AppLoadContext } from "@remix-run/node";
import { and, desc, eq, getTableColumns, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/client.server";
import { requireUserId } from "~/models/accounts/auth.server";
import { invariantResponse, requireUuidParam } from "~/utils/http.server";
import { listing_photos, marketplace_products, product_categories } from "~/db/schema";
import type { Variants } from "~/models/media/pipeline.server";
import { imageStore } from "~/models/media/stores.server";
import type { ListingValues } from "~/models/store/listings/listing-schema";
import { changed, photoRule, type PhotoChange } from "~/models/store/listings/listing";
import { dropUnused, NOTHING_AFTER_COMMIT, photosOf, storeVariants, urlsGone, writePhotos, type Photo } from "~/models/store/listings/photos.server";
import type { Msg } from "~/utils/i18n";

const columnsOf = (values: ListingValues) => ({
  title: values.title,
  description: values.description,
  price: values.price,
  category_id: values.category,
  author: values.author,
  publisher: values.publisher,
  isbn: values.isbn,
  condition: values.condition,
  is_active: values.isActive,
});

export async function categoryExists(db: DbOrTx, id: number) {
  const [row] = await db.select({ id: product_categories.id }).from(product_categories).where(eq(product_categories.id, id));
  return Boolean(row);
}

/**
 * A new listing with its photos; one transaction, so a failure leaves nothing. The
 * photos were counted against the listing's grade before any image work (listing-form.server.ts).
 */
export async function createListing(db: Db, input: { sellerId: string; values: ListingValues; variants: Variants[] }) {
  return db.transaction(async (tx) => {
    const store = imageStore(tx);
    const photos: Photo[] = [];
    for (const variants of input.variants) photos.push(await storeVariants(store, variants));
    const [row] = await tx
      .insert(marketplace_products)
      .values({ seller_id: input.sellerId, ...columnsOf(input.values) })
      .returning({ id: marketplace_products.id });
    await writePhotos(tx, row!.id, photos);
    return row!.id;
  });
}

const owned = (id: string, sellerId: string) => and(eq(marketplace_products.id, id), eq(marketplace_products.seller_id, sellerId));

/** The seller's own listing with how many photos it has, for its screens; undefined for anyone else's. */
export async function ownListing(db: DbOrTx, id: string, sellerId: string) {
  const [row] = await db
    .select({ ...getTableColumns(marketplace_products), photo_count: sql<number>`(SELECT count(*)::int FROM ${listing_photos} WHERE ${listing_photos.product_id} = ${marketplace_products.id})` })
    .from(marketplace_products)
    .where(owned(id, sellerId));
  return row && { ...row, photo_count: Number(row.photo_count) };
}

/**
 * The signed-in seller's listing named by the URL, for its edit, image and delete
 * screens: a guest goes to log in and comes back to `/store/{id}/{page}`; anyone
 * else, and a malformed id, gets the same 404 as a listing that does not exist.
 */
export async function requireOwnListing(
  db: DbOrTx,
  args: { request: Request; params: Record<string, string | undefined>; context: AppLoadContext },
  page: "edit" | "image" | "delete",
) {
  const id = requireUuidParam(args.params);
  const sellerId = await requireUserId(args.request, args.context, `/store/${id}/${page}`);
  const listing = await ownListing(db, id, sellerId);
  invariantResponse(listing);
  return { sellerId, listing };
}

/**
 * Changes a listing's fields and adds the photos given after its own. True when saved,
 * false when the listing is not the seller's, or why the photos refuse it (checked again
 * here under the listing's lock: two tabs adding photos at once cannot pass six).
 */
export async function updateListing(db: Db, input: { id: string; sellerId: string; values: ListingValues; variants: Variants[] }): Promise<boolean | Msg> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select({ id: marketplace_products.id }).from(marketplace_products).where(owned(input.id, input.sellerId)).for("update");
    if (!before) return false;
    const photos = await photosOf(tx, input.id);
    const refused = photoRule({ condition: input.values.condition, isActive: input.values.isActive, photos: photos.length + input.variants.length });
    if (refused) return refused;
    const store = imageStore(tx);
    for (const variants of input.variants) photos.push(await storeVariants(store, variants));
    await tx
      .update(marketplace_products)
      .set({ ...columnsOf(input.values), updated_at: sql`now()` })
      .where(owned(input.id, input.sellerId));
    if (input.variants.length > 0) await writePhotos(tx, input.id, photos);
    return true;
  });
}

/**
 * The photos page's change: photos added after the others, or one moved or removed. The
 * listing's grade holds as on the form: removing the photo that a lower grade needs is
 * refused (the seller may take the listing off sale first). "missing" when the listing
 * is not the seller's; "stale" when the photo named is no longer there.
 */
export async function changeListingPhotos(db: Db, input: { id: string; sellerId: string; change: PhotoChange | { kind: "add"; variants: Variants[] } }) {
  const { outcome, afterCommit } = await db.transaction(async (tx) => {
    const [listing] = await tx
      .select({ condition: marketplace_products.condition, is_active: marketplace_products.is_active })
      .from(marketplace_products)
      .where(owned(input.id, input.sellerId))
      .for("update");
    if (!listing) return { outcome: "missing" as const, afterCommit: NOTHING_AFTER_COMMIT };
    const before = await photosOf(tx, input.id);
    const store = imageStore(tx);
    let after: Photo[] | null;
    if (input.change.kind === "add") {
      const refused = photoRule({ condition: listing.condition, isActive: false, photos: before.length + input.change.variants.length });
      if (refused) return { outcome: refused, afterCommit: NOTHING_AFTER_COMMIT };
      after = [...before];
      for (const variants of input.change.variants) after.push(await storeVariants(store, variants));
    } else {
      after = changed(before, input.change);
      if (!after) return { outcome: "stale" as const, afterCommit: NOTHING_AFTER_COMMIT };
      const refused = photoRule({ condition: listing.condition, isActive: listing.is_active, photos: after.length });
      if (refused && after.length < before.length) return { outcome: refused, afterCommit: NOTHING_AFTER_COMMIT };
    }
    await writePhotos(tx, input.id, after);
    await tx.update(marketplace_products).set({ updated_at: sql`now()` }).where(owned(input.id, input.sellerId));
    return { outcome: "saved" as const, afterCommit: await dropUnused(tx, store, urlsGone(before, after)) };
  });
  await afterCommit();
  return outcome;
}

/** Deletes the seller's listing and its images; orders keep their own title and price. False when not theirs. */
export async function deleteListing(db: Db, input: { id: string; sellerId: string }) {
  const { deleted, afterCommit } = await db.transaction(async (tx) => {
    const photos = await photosOf(tx, input.id);
    const [gone] = await tx
      .delete(marketplace_products)
      .where(owned(input.id, input.sellerId))
      .returning({ image_url: marketplace_products.image_url, thumbnail_url: marketplace_products.thumbnail_url });
    if (!gone) return { deleted: false, afterCommit: NOTHING_AFTER_COMMIT };
    // Its photos went with it (the foreign key's cascade): the ones read first are the ones to drop.
    return { deleted: true, afterCommit: await dropUnused(tx, imageStore(tx), [gone.image_url, gone.thumbnail_url, ...urlsGone(photos, [])]) };
  });
  await afterCommit();
  return deleted;
}

/** The seller's listings, newest first, for My Products (the seller index serves it). */
export async function myListings(db: DbOrTx, sellerId: string) {
  return db
    .select({
      id: marketplace_products.id,
      title: marketplace_products.title,
      price: marketplace_products.price,
      is_active: marketplace_products.is_active,
      stock: marketplace_products.stock,
      thumbnail_url: marketplace_products.thumbnail_url,
      category: product_categories.name,
    })
    .from(marketplace_products)
    .innerJoin(product_categories, eq(product_categories.id, marketplace_products.category_id))
    .where(eq(marketplace_products.seller_id, sellerId))
    .orderBy(desc(marketplace_products.created_at));
}
