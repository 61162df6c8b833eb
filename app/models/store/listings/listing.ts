// The product form's rules (docs/product/marketplace.md §5 Product form), shared by the form's
// script and its action. The image is checked on the server (by its bytes).
import type { Msg } from "~/utils/i18n";
import type { PRODUCT_CONDITIONS } from "~/utils/enums";

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
  photoMoved: { id: "sell.msg.photoMoved" },
  photoRemoved: { id: "sell.msg.photoRemoved" },
  photoGone: { id: "sell.msg.photoGone" },
} as const satisfies Record<string, Msg>;

export const PRICE_MAX_RUPEES = 1_000_000;

/**
 * A price as a seller types it, in whole rupees, or null: plain digits, or grouped as India
 * writes them ("1,25,000", as the field's own hint writes "10,00,000") or as the West does
 * ("125,000"; issue 65, point 7). A comma anywhere else ("1,2,5") is a typo, not a price.
 */
export function readPrice(typed: string) {
  const text = typed.trim();
  const grouped = /^\d+$/.test(text) || /^\d{1,2}(,\d\d)*,\d{3}$/.test(text) || /^\d{1,3}(,\d{3})+$/.test(text);
  return grouped ? Number(text.replaceAll(",", "")) : null;
}

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

/** A listing's photos, at most (issue 49, point 6; the schema's listing_photos_position check says the same). */
export const LISTING_PHOTOS_MAX = 6;

/**
 * The grades whose wear a buyer must see: a listing in one of them goes on sale with at
 * least PHOTOS_FOR_WEAR photos (docs/decisions/marketplace-listing-photos.md).
 */
export const SHOWS_WEAR: ReadonlyArray<(typeof PRODUCT_CONDITIONS)[number]> = ["Good", "Acceptable"];
export const PHOTOS_FOR_WEAR = 2;

/** "At most {max} photos": a listing's six, a return's one. */
export const tooManyPhotos = (max: number): Msg => ({ id: "sell.msg.photosMax", values: { max } });

/**
 * Why a listing with these photos may not be saved so, or null: more than the maximum,
 * or on sale in a grade that shows wear with too few. A listing not on sale (a draft)
 * may have fewer, so a seller can save first and add photos after.
 */
export function photoRule(input: { condition: string; isActive: boolean; photos: number }): Msg | null {
  if (input.photos > LISTING_PHOTOS_MAX) return tooManyPhotos(LISTING_PHOTOS_MAX);
  if (input.isActive && SHOWS_WEAR.some((grade) => grade === input.condition) && input.photos < PHOTOS_FOR_WEAR) {
    return { id: "sell.msg.photosForWear", values: { count: PHOTOS_FOR_WEAR, more: PHOTOS_FOR_WEAR - input.photos } };
  }
  return null;
}

/** What the photos page asks: one photo (named by its display URL) moved a place, or removed. */
export type PhotoChange = { kind: "earlier" | "later" | "remove"; url: string };

/** The photos after the change, or null when no photo has that URL (a page older than the listing). */
export function changed<P extends { image_url: string }>(photos: P[], change: PhotoChange): P[] | null {
  const at = photos.findIndex((p) => p.image_url === change.url);
  if (at < 0) return null;
  if (change.kind === "remove") return photos.filter((_, i) => i !== at);
  const to = change.kind === "earlier" ? at - 1 : at + 1;
  if (to < 0 || to >= photos.length) return photos;
  const next = [...photos];
  [next[at], next[to]] = [next[to]!, next[at]!];
  return next;
}
