import { ListingImage } from "~/components/store/listing-image";
import { LINE_BADGES, lineState, type LineLife } from "~/models/store/order-life";
import { formatINR } from "~/utils/money";

type Item = LineLife & { id: string; title: string; author: string | null; price: number; quantity: number; thumbnail_url: string | null };

/**
 * An order's items as bought (docs/product/marketplace.md §2 Orders): image, title, 'By
 * author', price at purchase, quantity, and each item's step once it has moved on
 * (Shipped, Delivered, Cancelled…).
 */
export function OrderItems({ items }: { items: Item[] }) {
  return (
    <ul className="order-items">
      {items.map((item) => {
        const state = lineState(item);
        return (
          <li key={item.id}>
            <ListingImage src={item.thumbnail_url} category="Book" size="icon" alt="" />
            <span>
              {item.title}
              {item.author ? <span className="muted"> By {item.author}</span> : null}
              {state === "placed" ? null : <span className={`badge ${LINE_BADGES[state].tone}`}>{LINE_BADGES[state].label}</span>}
            </span>
            <span>
              {formatINR(item.price)} × {item.quantity}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
