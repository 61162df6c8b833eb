// A seller's listings (docs/product/marketplace.md §2 My Products, Product form; §6): only the
// seller may change one, which every write checks in its WHERE clause (a stranger's
// crafted POST finds nothing and gets a 404). Images go through the pipeline and the
// image store; a listing's old images are removed when nothing else uses them.
import type { AppLoadContext } from "@remix-run/node";
import { and, desc, eq, or, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/client.server";
import { requireUserId } from "~/models/accounts/auth.server";
import { invariantResponse, requireUuidParam } from "~/utils/http.server";
import { marketplace_products, product_categories } from "~/db/schema";
import type { Variants } from "~/models/media/pipeline.server";
import { keyOfUrl, mediaUrl, type ImageStore } from "~/models/media/storage.server";
import { imageStore } from "~/models/media/stores.server";
import { log } from "~/services/log.server";
import type { ListingValues } from "~/models/store/listings/listing-schema";

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

/** Stores both sizes and answers the listing's image columns (also used by the demo seed). */
export async function storeVariants(store: ImageStore, variants: Variants) {
  const [display, thumb] = await Promise.all([
    store.put({ bytes: variants.display.bytes, contentType: "image/webp", width: variants.display.width, height: variants.display.height }),
    store.put({ bytes: variants.thumb.bytes, contentType: "image/webp", width: variants.thumb.width, height: variants.thumb.height }),
  ]);
  return { image_url: mediaUrl(display), thumbnail_url: mediaUrl(thumb), image_width: variants.display.width, image_height: variants.display.height };
}

/**
 * The images behind these URLs that no listing uses any more, removed: at once in the
 * database store (the caller's transaction undoes it on a rollback), and by the returned
 * function in a store outside the transaction, which the caller runs only after its
 * transaction has committed (else a rollback would leave a listing pointing at a deleted
 * object).
 */
async function dropUnused(tx: DbOrTx, store: ImageStore, urls: Array<string | null>): Promise<AfterCommit> {
  const candidates = [...new Set(urls)].filter((u): u is string => keyOfUrl(u) !== null);
  if (candidates.length === 0) return NOTHING_AFTER_COMMIT;
  const used = await tx
    .select({ image_url: marketplace_products.image_url, thumbnail_url: marketplace_products.thumbnail_url })
    .from(marketplace_products)
    .where(or(...candidates.flatMap((u) => [eq(marketplace_products.image_url, u), eq(marketplace_products.thumbnail_url, u)])));
  const stillUsed = new Set(used.flatMap((r) => [r.image_url, r.thumbnail_url]));
  const keys = candidates.filter((u) => !stillUsed.has(u)).map((u) => keyOfUrl(u)!);
  if (store.transactional) {
    await store.delete(keys);
    return NOTHING_AFTER_COMMIT;
  }
  // The listing is saved either way: an object left behind is only space (logged).
  return () => store.delete(keys).catch((error) => log().warn({ err: error, event: "image-delete" }, "unused images were not deleted"));
}

type AfterCommit = () => Promise<void>;
const NOTHING_AFTER_COMMIT: AfterCommit = async () => {};

export async function categoryExists(db: DbOrTx, id: number) {
  const [row] = await db.select({ id: product_categories.id }).from(product_categories).where(eq(product_categories.id, id));
  return Boolean(row);
}

/** A new listing, with its image when one was given; one transaction, so a failure leaves nothing. */
export async function createListing(db: Db, input: { sellerId: string; values: ListingValues; variants: Variants | null }) {
  return db.transaction(async (tx) => {
    const images = input.variants ? await storeVariants(imageStore(tx), input.variants) : {};
    const [row] = await tx
      .insert(marketplace_products)
      .values({ seller_id: input.sellerId, ...columnsOf(input.values), ...images })
      .returning({ id: marketplace_products.id });
    return row!.id;
  });
}

const owned = (id: string, sellerId: string) => and(eq(marketplace_products.id, id), eq(marketplace_products.seller_id, sellerId));

/** The seller's own listing, for the edit form; undefined for anyone else's. */
export async function ownListing(db: DbOrTx, id: string, sellerId: string) {
  const [row] = await db.select().from(marketplace_products).where(owned(id, sellerId));
  return row;
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
 * Changes a listing's fields and, when given, its image (the old one removed unless
 * another listing uses the same bytes). False when the listing is not the seller's.
 */
export async function updateListing(db: Db, input: { id: string; sellerId: string; values?: ListingValues; variants: Variants | null }) {
  const { updated, afterCommit } = await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ image_url: marketplace_products.image_url, thumbnail_url: marketplace_products.thumbnail_url })
      .from(marketplace_products)
      .where(owned(input.id, input.sellerId))
      .for("update");
    if (!before) return { updated: false, afterCommit: NOTHING_AFTER_COMMIT };
    const store = imageStore(tx);
    const images = input.variants ? await storeVariants(store, input.variants) : {};
    await tx
      .update(marketplace_products)
      .set({ ...(input.values ? columnsOf(input.values) : {}), ...images, updated_at: sql`now()` })
      .where(owned(input.id, input.sellerId));
    const afterCommit = input.variants ? await dropUnused(tx, store, [before.image_url, before.thumbnail_url]) : NOTHING_AFTER_COMMIT;
    return { updated: true, afterCommit };
  });
  await afterCommit();
  return updated;
}

/** Deletes the seller's listing and its images; orders keep their own title and price. False when not theirs. */
export async function deleteListing(db: Db, input: { id: string; sellerId: string }) {
  const { deleted, afterCommit } = await db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(marketplace_products)
      .where(owned(input.id, input.sellerId))
      .returning({ image_url: marketplace_products.image_url, thumbnail_url: marketplace_products.thumbnail_url });
    if (!gone) return { deleted: false, afterCommit: NOTHING_AFTER_COMMIT };
    return { deleted: true, afterCommit: await dropUnused(tx, imageStore(tx), [gone.image_url, gone.thumbnail_url]) };
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
