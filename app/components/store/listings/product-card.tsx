import { Link } from "@remix-run/react";
import { ListingImage } from "~/components/store/listings/listing-image";
import { useT } from "~/utils/i18n";
import { formatINR } from "~/utils/money";

/** A condition ("Like New") as the "store.state" message selects it. */
export const conditionKey = (condition: string) => condition.replace(/\s+/g, "");

export type ProductCardData = {
  id: string;
  title: string;
  author: string | null;
  price: number;
  condition: string;
  rating: number;
  review_count: number;
  thumbnail_url: string | null;
  category: string;
};

/** A book in a list. Its words are in the "store" namespace: every page that shows cards loads it. */
export function ProductCard({ product, eager = false }: { product: ProductCardData; eager?: boolean }) {
  const { t } = useT();
  return (
    <article className="card product-card">
      <ListingImage src={product.thumbnail_url} category={product.category} size="thumb" alt="" eager={eager} />
      <span className="tag" translate="no">
        {product.category}
      </span>
      <h3 translate="no">
        <Link to={`/store/${product.id}/productdetails`}>{product.title}</Link>
      </h3>
      {product.author ? (
        <p className="muted" translate="no">
          {product.author}
        </p>
      ) : null}
      <p className="price-row">
        <strong>{formatINR(product.price)}</strong>
        <span className="badge tone-gray">{t("store.state", { condition: conditionKey(product.condition) })}</span>
      </p>
      {/* A book nobody has reviewed has no rating, not a rating of 0.0 (issue 65, point 7). */}
      {product.review_count === 0 ? (
        <p className="muted">{t("store.notRated")}</p>
      ) : (
        <p className="muted" aria-label={t("store.rated", { rating: product.rating, count: product.review_count })}>
          <span className="stars" aria-hidden="true">★</span> {product.rating.toFixed(1)} ({product.review_count})
        </p>
      )}
    </article>
  );
}
