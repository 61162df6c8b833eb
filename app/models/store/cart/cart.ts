// What the product page's buying controls share with their action (docs/product/marketplace.md §5 Other).
import type { Msg } from "~/utils/i18n";

/** What a quantity field asked for: a whole number, or 1 for anything else (the form's own default). */
export function askedQuantity(value: unknown) {
  return typeof value === "string" && /^\s*\d+\s*$/.test(value) ? Number(value) : 1;
}

/** A quantity as typed: at least 1, at most the copies in stock; anything not a number becomes 1. */
export function parseQuantity(value: unknown, stock: number) {
  return Math.max(1, Math.min(Math.max(1, stock), askedQuantity(value)));
}

/** Why a line cannot be bought now (the cart shows it and leaves it out of the total; an order refuses it). */
export type LineProblem = "sold-out" | "unlisted" | "fewer" | null;

export function lineProblem(line: { is_active: boolean; stock: number; quantity: number }): LineProblem {
  if (!line.is_active) return "unlisted";
  if (line.stock === 0) return "sold-out";
  return line.stock < line.quantity ? "fewer" : null;
}

/** What a guest asked for on a product page, done after they log in (like the blog's guest actions). */
export const STORE_ACTIONS = ["cart", "wish"] as const;

/** The store's cart preview (docs/product/marketplace.md §9). */
export const CART_PREVIEW_ITEMS = 3;
/** Cart descriptions are cut to this (docs/product/marketplace.md §9). */
export const CART_DESCRIPTION_CHARS = 100;

export const cutDescription = (text: string) => (text.length > CART_DESCRIPTION_CHARS ? `${text.slice(0, CART_DESCRIPTION_CHARS).trimEnd()}…` : text);

export const CART_MESSAGES = {
  added: { id: "cart.added" },
  removed: { id: "cart.removed" },
  wished: { id: "cart.wished" },
  unwished: { id: "cart.unwished" },
  unavailable: { id: "cart.unavailable" },
  tooManyCopies: (cap: number): Msg => ({ id: "checkout.tooManyCopies", values: { cap } }),
} as const satisfies Record<string, Msg | ((...args: never[]) => Msg)>;
