import { ListingImage } from "~/components/store/listing-image";
import { formatINR } from "~/utils/money";

type Item = { id: string; title: string; author: string | null; price: number; quantity: number; thumbnail_url: string | null; shipped_at: Date | string | null };

/** An order's items as bought (docs/product/marketplace.md §2 Orders): image, title, 'By author', price at purchase, quantity, and Shipped once the seller says so. */
export function OrderItems({ items }: { items: Item[] }) {
  return (
    <ul className="order-items">
      {items.map((item) => (
        <li key={item.id}>
          <ListingImage src={item.thumbnail_url} category="Book" size="icon" alt="" />
          <span>
            {item.title}
            {item.author ? <span className="muted"> By {item.author}</span> : null}
            {item.shipped_at ? <span className="badge tone-blue">Shipped</span> : null}
          </span>
          <span>
            {formatINR(item.price)} × {item.quantity}
          </span>
        </li>
      ))}
    </ul>
  );
}
