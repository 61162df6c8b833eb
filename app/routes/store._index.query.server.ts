// What the store's list reads (app/routes/store._index.tsx): one page of listings for the
// query, the categories for the filter, and a signed-in buyer's cart preview.
import type { DbOrTx } from "~/db/client.server";
import { cartPreview } from "~/models/store/cart/cart.server";
import { listCategories, listStoreProducts } from "~/models/store/listings/products.server";
import type { StoreQuery } from "~/models/store/search/query";

export async function storePage(db: DbOrTx, input: { query: StoreQuery; userId: string | null }) {
  const [result, categories, cart] = await Promise.all([listStoreProducts(db, input.query), listCategories(db), input.userId ? cartPreview(db, input.userId) : null]);
  return { ...result, categories, cart };
}
