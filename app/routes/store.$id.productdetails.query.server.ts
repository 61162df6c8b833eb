// What a product page reads (app/routes/store.$id.productdetails.tsx): the listing, a page
// of its reviews, its photos, its seller's rating, and for a signed-in buyer what they already hold.
import type { DbOrTx } from "~/db/client.server";
import { buyerState } from "~/models/store/cart/cart.server";
import { heldForMinutes } from "~/models/store/checkout/orders.server";
import { photosOf } from "~/models/store/listings/photos.server";
import { getProduct } from "~/models/store/listings/products.server";
import { productReviews, sellerRating } from "~/models/store/reviews/reviews.server";

/** The page's data, or null for a listing this visitor may not see (inactive listings are visible to their seller only). */
export async function productPage(db: DbOrTx, input: { productId: string; userId: string | null; reviewsPage: number; now: Date }) {
  const { productId, userId } = input;
  const product = await getProduct(db, productId);
  if (!product || !(product.is_active || product.seller_id === userId)) return null;
  const isOwner = product.seller_id === userId;
  const [photos, reviews, seller, buyer, heldFor] = await Promise.all([
    photosOf(db, productId),
    productReviews(db, productId, input.reviewsPage),
    sellerRating(db, product.seller_id),
    userId && !isOwner ? buyerState(db, userId, productId) : null,
    // Sold out only while another buyer's payment holds the last copies: say when to try again.
    product.stock === 0 && product.is_active ? heldForMinutes(db, productId, input.now) : null,
  ]);
  return { product, photos, isOwner, reviews, sellerRating: seller, buyer, heldFor };
}
