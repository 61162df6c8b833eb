import { Link } from "@remix-run/react";
import { formatINR } from "~/utils/money";

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

export function ProductCard({ product }: { product: ProductCardData }) {
  return (
    <article className="card product-card">
      {product.thumbnail_url ? (
        <img src={product.thumbnail_url} alt="" width={320} height={240} loading="lazy" decoding="async" />
      ) : (
        // No photo yet: a sized block, so the grid never jumps while loading.
        <div className="product-placeholder" aria-hidden="true">
          {product.title.charAt(0)}
        </div>
      )}
      <span className="tag">{product.category}</span>
      <h3>
        <Link to={`/store/${product.id}/productdetails`}>{product.title}</Link>
      </h3>
      {product.author ? <p className="muted">{product.author}</p> : null}
      <p className="price-row">
        <strong>{formatINR(product.price)}</strong>
        <span className="badge tone-gray">{product.condition}</span>
      </p>
      <p className="muted" aria-label={`Rated ${product.rating} out of 5 from ${product.review_count} reviews`}>
        <span className="stars" aria-hidden="true">★</span> {product.rating.toFixed(1)} ({product.review_count})
      </p>
    </article>
  );
}
