// What the product page's buying controls share with their action (marketplace.md §5 Other).

/** A quantity as typed: at least 1, at most the copies in stock; anything not a number becomes 1. */
export function parseQuantity(value: unknown, stock: number) {
  const n = typeof value === "string" && /^\s*\d+\s*$/.test(value) ? Number(value) : 1;
  return Math.max(1, Math.min(Math.max(1, stock), n));
}

export const CART_MESSAGES = {
  added: "Added to your cart.",
  removed: "Removed from your cart.",
  wished: "Saved to your wishlist.",
  unwished: "Removed from your wishlist.",
  unavailable: "This listing is no longer available.",
} as const;
