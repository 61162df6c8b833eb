import { Link } from "@remix-run/react";
import { ListingImage } from "~/components/store/listing-image";
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

export function ProductCard({ product, eager = false }: { product: ProductCardData; eager?: boolean }) {
  return (
    <article className="card product-card">
      <ListingImage src={product.thumbnail_url} category={product.category} size="thumb" alt="" eager={eager} />
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
