// Reviews from real buyers (docs/decisions/marketplace-reviews.md, "Reviews from real buyers"): one per
// order line the buyer received, editable; a listing's rating and review count, and
// its seller's, are read from these and nothing else.
import { and, count, desc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { Db, DbOrTx, Tx } from "~/db/client.server";
import { marketplace_products, order_items, orders, product_reviews, profiles } from "~/db/schema";
import { REVIEWS_PER_PAGE, type ReviewFields } from "~/models/store/reviews/reviews";
import { consume, LIMITS } from "~/services/rate-limit.server";

/**
 * Saves the buyer's review of one delivered line of their order: "saved" the first time,
 * "updated" after. Null when the line is not theirs, not in that order, not delivered,
 * cancelled, or its listing is gone (the page answers 404); "limited" past the hourly
 * allowance, counted before anything is written.
 */
export async function saveReview(db: Db, input: { buyerId: string; orderId: string; itemId: string; review: ReviewFields; now: Date }) {
  return db.transaction(async (tx) => {
    const [line] = await tx
      .select({ productId: order_items.product_id, sellerId: order_items.seller_id })
      .from(order_items)
      .innerJoin(orders, eq(orders.id, order_items.order_id))
      .where(
        and(
          eq(order_items.id, input.itemId),
          eq(orders.id, input.orderId),
          eq(orders.buyer_id, input.buyerId),
          eq(orders.status, "completed"),
          isNotNull(order_items.delivered_at),
          isNull(order_items.cancelled_at),
          isNotNull(order_items.product_id),
        ),
      );
    if (!line) return null;
    if (await consume(tx, `review:${input.buyerId}`, LIMITS.reviewsPerUser, input.now)) return "limited" as const;
    // The listing's row first: two reviews of one book at once recount one after the other, each seeing the other's.
    await tx.select({ id: marketplace_products.id }).from(marketplace_products).where(eq(marketplace_products.id, line.productId!)).for("update");
    const [saved] = await tx
      .insert(product_reviews)
      .values({ order_item_id: input.itemId, product_id: line.productId!, seller_id: line.sellerId, buyer_id: input.buyerId, rating: input.review.rating, body: input.review.body, created_at: input.now, updated_at: input.now })
      .onConflictDoUpdate({ target: product_reviews.order_item_id, set: { rating: input.review.rating, body: input.review.body, updated_at: input.now } })
      .returning({ created: sql<boolean>`${product_reviews.created_at} = ${product_reviews.updated_at}` });
    await recount(tx, line.productId!);
    return saved!.created ? ("saved" as const) : ("updated" as const);
  });
}

/** A listing's rating (the mean to one decimal) and count, from its reviews; every listing's without one (the demo seed). */
export async function recount(tx: Tx | DbOrTx, productId?: string) {
  await tx.execute(sql`
    UPDATE marketplace_products p
       SET rating = coalesce((SELECT round(avg(r.rating)::numeric, 1) FROM product_reviews r WHERE r.product_id = p.id), 0),
           review_count = (SELECT count(*)::int FROM product_reviews r WHERE r.product_id = p.id)
     WHERE ${productId ? sql`p.id = ${productId}` : sql`true`}`);
}

/** One page of a listing's reviews, newest first, with the buyer's first name only. */
export async function productReviews(db: DbOrTx, productId: string, page: number) {
  const [total] = await db.select({ n: count() }).from(product_reviews).where(eq(product_reviews.product_id, productId));
  const pages = Math.max(1, Math.ceil(total!.n / REVIEWS_PER_PAGE));
  const shown = Math.min(Math.max(1, page), pages);
  const reviews = await db
    .select({ id: product_reviews.id, rating: product_reviews.rating, body: product_reviews.body, created_at: product_reviews.created_at, updated_at: product_reviews.updated_at, name: profiles.full_name })
    .from(product_reviews)
    .leftJoin(profiles, eq(profiles.id, product_reviews.buyer_id))
    .where(eq(product_reviews.product_id, productId))
    .orderBy(desc(product_reviews.created_at), desc(product_reviews.id))
    .limit(REVIEWS_PER_PAGE)
    .offset((shown - 1) * REVIEWS_PER_PAGE);
  return { reviews: reviews.map(({ name, ...r }) => ({ ...r, name: name?.trim().split(/\s+/)[0] || "A buyer" })), total: total!.n, page: shown, pages };
}

/** A seller's rating over every review of what they sold. */
export async function sellerRating(db: DbOrTx, sellerId: string) {
  const [row] = await db
    .select({
      rating: sql<string | null>`round(avg(${product_reviews.rating})::numeric, 1)`,
      count: count(),
      // Copies that reached their buyer and stayed (order_items_seller_idx).
      sales: sql<number>`(SELECT COALESCE(sum(quantity), 0)::int FROM order_items WHERE seller_id = ${sellerId} AND delivered_at IS NOT NULL AND returned_at IS NULL)`,
    })
    .from(product_reviews)
    .where(eq(product_reviews.seller_id, sellerId));
  return { rating: row?.rating === null || row?.rating === undefined ? 0 : Number(row.rating), count: row?.count ?? 0, sales: Number(row?.sales ?? 0) };
}

/** The buyer's reviews of these lines, for their order page's forms. */
export async function reviewsOfLines(db: DbOrTx, buyerId: string, itemIds: string[]) {
  if (itemIds.length === 0) return [];
  return db
    .select({ itemId: product_reviews.order_item_id, rating: product_reviews.rating, body: product_reviews.body })
    .from(product_reviews)
    .where(and(eq(product_reviews.buyer_id, buyerId), inArray(product_reviews.order_item_id, itemIds)));
}
