// The product form's rules (docs/product/marketplace.md §5 Product form), shared by the form's
// script and its action. The image is checked on the server (by its bytes).

export const LISTING_MESSAGES = {
  title: "Title is required",
  description: "Description is required",
  price: "Valid price is required",
  priceRange: "Price must be a whole number of rupees from 1 to 10,00,000",
  category: "Category is required",
  condition: "Condition is required",
  isbn: "Enter a valid ISBN-10 or ISBN-13 (digits, with X allowed last in an ISBN-10), or leave it empty",
  saveFailed: "Failed to save product. Please try again.",
  chooseImageAgain: "Your image was not kept: please choose it again.",
  saved: "Product saved.",
  deleted: "Product deleted.",
  imageSaved: "Image updated.",
  confirmDelete: "Are you sure you want to delete this product? This action cannot be undone.",
} as const;

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
