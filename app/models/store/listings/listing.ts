// The product form's rules (docs/product/marketplace.md §5 Product form), shared by the form's
// script and its action. The image is checked on the server (by its bytes).
import type { Msg } from "~/utils/i18n";

export const LISTING_MESSAGES = {
  title: { id: "sell.msg.title" },
  description: { id: "sell.msg.description" },
  price: { id: "sell.msg.price" },
  priceRange: { id: "sell.msg.priceRange" },
  category: { id: "sell.msg.category" },
  condition: { id: "sell.msg.condition" },
  isbn: { id: "sell.msg.isbn" },
  saveFailed: { id: "sell.msg.saveFailed" },
  chooseImageAgain: { id: "sell.msg.chooseImageAgain" },
  saved: { id: "sell.msg.saved" },
  deleted: { id: "sell.msg.deleted" },
  imageSaved: { id: "sell.msg.imageSaved" },
  confirmDelete: { id: "sell.msg.confirmDelete" },
} as const satisfies Record<string, Msg>;

export const PRICE_MAX_RUPEES = 1_000_000;

/** The product form's text lengths, written once: the inputs' maxLength and the schema read them. */
export const LISTING_MAX = { title: 200, description: 5000, author: 200, publisher: 200, isbn: 20 } as const;

/** Whether an ISBN-10 or ISBN-13 (spaces and hyphens allowed) has a valid check digit. */
export function isValidIsbn(value: string) {
  const isbn = value.replace(/[\s-]/g, "").toUpperCase();
  if (/^\d{9}[\dX]$/.test(isbn)) {
    const sum = [...isbn].reduce((acc, ch, i) => acc + (ch === "X" ? 10 : Number(ch)) * (10 - i), 0);
    return sum % 11 === 0;
  }
  if (/^\d{13}$/.test(isbn)) {
    const sum = [...isbn].reduce((acc, ch, i) => acc + Number(ch) * (i % 2 === 0 ? 1 : 3), 0);
    return sum % 10 === 0;
  }
  return false;
}

export const LISTING_FIELDS = ["title", "description", "price", "category", "author", "publisher", "isbn", "condition", "isActive"] as const;
