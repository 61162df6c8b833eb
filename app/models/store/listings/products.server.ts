import { and, asc, desc, eq, gte, lte, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { marketplace_products, product_categories, profiles } from "~/db/schema";
import { PAGE_SIZE, PRICE_MAX, type StoreQuery } from "~/models/store/search/query";
import { searchQueries } from "~/models/store/search/search.server";

const ORDER = {
  relevance: [desc(marketplace_products.created_at)],
  newest: [desc(marketplace_products.created_at)],
  oldest: [asc(marketplace_products.created_at)],
  "price-low": [asc(marketplace_products.price), desc(marketplace_products.created_at)],
  "price-high": [desc(marketplace_products.price), desc(marketplace_products.created_at)],
  rating: [desc(marketplace_products.rating), desc(marketplace_products.review_count)],
} as const;

/**
 * One page of active, in-stock listings with the total count, in one query. Unlike
 * the original (docs/product/marketplace.md §2), the condition filter is applied: a filter that
 * does nothing is a bug to a student (docs/decisions/marketplace-read-only-store-and-blog.md). A search finds listings with
 * every one of its words, in any order, each as typed or as the listing words most like
 * it (../search/search.server.ts); "Best match" puts the closest first.
 */
export async function listStoreProducts(db: DbOrTx, query: StoreQuery) {
  const none = { products: [], total: 0, pages: 1 };
  const asked = query.q ? await searchQueries(db, query.q) : null;
  // A search with nothing like any listing's words (or only punctuation, "%%") finds nothing.
  if (query.q && !asked) return none;
  const tsv = marketplace_products.search_tsv;
  const all = asked ? sql`to_tsquery('simple', ${asked.all})` : null;
  const order =
    asked && query.sort === "relevance"
      ? [sql`ts_rank(${tsv}, to_tsquery('simple', ${asked.best})) DESC`, sql`ts_rank(${tsv}, ${all}) DESC`, desc(marketplace_products.created_at)]
      : ORDER[query.sort];
  const rows = await db
    .select({
      id: marketplace_products.id,
      title: marketplace_products.title,
      author: marketplace_products.author,
      price: marketplace_products.price,
      condition: marketplace_products.condition,
      rating: marketplace_products.rating,
      review_count: marketplace_products.review_count,
      thumbnail_url: marketplace_products.thumbnail_url,
      category: product_categories.name,
      total: sql<number>`count(*) OVER ()`.mapWith(Number),
    })
    .from(marketplace_products)
    .innerJoin(product_categories, eq(product_categories.id, marketplace_products.category_id))
    .where(
      and(
        eq(marketplace_products.is_active, true),
        sql`${marketplace_products.stock} > 0`,
        query.category ? eq(marketplace_products.category_id, query.category) : undefined,
        query.condition ? eq(marketplace_products.condition, query.condition) : undefined,
        query.minPrice > 0 ? gte(marketplace_products.price, query.minPrice) : undefined,
        query.maxPrice < PRICE_MAX ? lte(marketplace_products.price, query.maxPrice) : undefined,
        all ? sql`${tsv} @@ ${all}` : undefined,
      ),
    )
    .orderBy(...order)
    .limit(PAGE_SIZE)
    .offset((query.page - 1) * PAGE_SIZE);
  const total = rows[0]?.total ?? 0; // past the last page: no rows, and the pager says so
  return { products: rows.map(({ total: _total, ...p }) => p), total, pages: Math.max(1, Math.ceil(total / PAGE_SIZE)) };
}

export async function listCategories(db: DbOrTx) {
  return db.select().from(product_categories).orderBy(asc(product_categories.name));
}

/** One listing with its category and seller, for the product page (any status: owners see inactive ones too). */
export async function getProduct(db: DbOrTx, id: string) {
  const [row] = await db
    .select({
      id: marketplace_products.id,
      seller_id: marketplace_products.seller_id,
      title: marketplace_products.title,
      description: marketplace_products.description,
      price: marketplace_products.price,
      author: marketplace_products.author,
      publisher: marketplace_products.publisher,
      isbn: marketplace_products.isbn,
      condition: marketplace_products.condition,
      is_active: marketplace_products.is_active,
      image_url: marketplace_products.image_url,
      image_width: marketplace_products.image_width,
      image_height: marketplace_products.image_height,
      thumbnail_url: marketplace_products.thumbnail_url,
      rating: marketplace_products.rating,
      review_count: marketplace_products.review_count,
      stock: marketplace_products.stock,
      category: product_categories.name,
      // The public seller block: name, city, member since (never their phone, address or e-mail).
      seller_name: profiles.full_name,
      seller_city: profiles.city,
      seller_since: profiles.created_at,
    })
    .from(marketplace_products)
    .innerJoin(product_categories, eq(product_categories.id, marketplace_products.category_id))
    .leftJoin(profiles, eq(profiles.id, marketplace_products.seller_id))
    .where(eq(marketplace_products.id, id));
  return row;
}
