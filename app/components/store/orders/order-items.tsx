import { ListingImage } from "~/components/store/listings/listing-image";
import { LINE_BADGES, lineState, type LineLife } from "~/models/store/orders/order-life";
import { richText, useT } from "~/utils/i18n";
import { formatINR } from "~/utils/money";

type Item = LineLife & { id: string; title: string; author: string | null; price: number; quantity: number; thumbnail_url: string | null; seller_name?: string | null; seller_phone?: string | null };

/**
 * An order's items as bought (docs/product/marketplace.md §2 Orders): image, title, 'By
 * author', price at purchase, quantity, and each item's step once it has moved on
 * (Shipped, Delivered, Cancelled…). Its words are "orders": every page that lists items loads it.
 */
export function OrderItems({ items }: { items: Item[] }) {
  const { t } = useT();
  return (
    <ul className="order-items">
      {items.map((item) => {
        const state = lineState(item);
        return (
          <li key={item.id}>
            <ListingImage src={item.thumbnail_url} category="Book" size="icon" alt="" />
            <span>
              <span translate="no">{item.title}</span>
              {/* The author goes in as an element: what a seller typed never becomes part of a message. */}
              {item.author ? <span className="muted"> {richText(t("orders.by"), [() => <span translate="no">{item.author}</span>])}</span> : null}
              {state === "placed" ? null : <span className={`badge ${LINE_BADGES[state].tone}`}>{t(LINE_BADGES[state].label)}</span>}
              {/* Only on the buyer's own order while the line travels (models/store/orders/order-views.server.ts). */}
              {item.seller_phone ? (
                <span className="muted seller-contact">
                  {richText(t("orders.sellerContact"), [() => <span translate="no">{item.seller_name || t("orders.theSeller")}</span>, () => <a href={`tel:+91${item.seller_phone}`} translate="no">{item.seller_phone}</a>])}
                </span>
              ) : null}
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
