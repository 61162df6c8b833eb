// The product form's rules (marketplace.md §5 Product form), shared by the form's
// script and its action. The image is checked on the server (by its bytes).
import { z } from "zod";
import { PRODUCT_CONDITIONS } from "~/utils/enums";

export const LISTING_MESSAGES = {
  title: "Title is required",
  description: "Description is required",
  price: "Valid price is required",
  priceRange: "Price must be a whole number of rupees from 1 to 10,00,000",
  category: "Category is required",
  condition: "Condition is required",
  isbn: "Enter a valid ISBN-10 or ISBN-13 (digits, with X allowed last in an ISBN-10), or leave it empty",
  saveFailed: "Failed to save product. Please try again.",
  loginToSave: "Please login to save products",
  chooseImageAgain: "Your image was not kept: please choose it again.",
  saved: "Product saved.",
  deleted: "Product deleted.",
  imageSaved: "Image updated.",
  confirmDelete: "Are you sure you want to delete this product? This action cannot be undone.",
} as const;

export const PRICE_MAX_RUPEES = 1_000_000;

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

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters`)
    .optional()
    .transform((v) => (v ? v : null));

export const ListingSchema = z.object({
  title: z.string({ required_error: LISTING_MESSAGES.title }).trim().min(1, LISTING_MESSAGES.title).max(200, "At most 200 characters"),
  description: z.string({ required_error: LISTING_MESSAGES.description }).trim().min(1, LISTING_MESSAGES.description).max(5000, "At most 5,000 characters"),
  price: z
    .string({ required_error: LISTING_MESSAGES.price })
    .trim()
    .regex(/^\d+$/, LISTING_MESSAGES.price)
    .transform(Number)
    .pipe(z.number().int().min(1, LISTING_MESSAGES.price).max(PRICE_MAX_RUPEES, LISTING_MESSAGES.priceRange)),
  category: z.string({ required_error: LISTING_MESSAGES.category }).regex(/^\d{1,9}$/, LISTING_MESSAGES.category).transform(Number),
  author: optionalText(200),
  publisher: optionalText(200),
  isbn: optionalText(20).refine((v) => v === null || isValidIsbn(v), LISTING_MESSAGES.isbn),
  condition: z.enum(PRODUCT_CONDITIONS, { errorMap: () => ({ message: LISTING_MESSAGES.condition }) }),
  isActive: z
    .string()
    .optional()
    .transform((v) => v === "on"),
  // Checked on the server by its bytes (listing-form.server.ts); named here so the form has its field.
  image: z.unknown().optional(),
});

export type ListingValues = z.output<typeof ListingSchema>;

export const LISTING_FIELDS = ["title", "description", "price", "category", "author", "publisher", "isbn", "condition", "isActive"] as const;
