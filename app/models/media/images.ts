// What the browser and the server share about listing images (docs/product/marketplace.md §5).

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

export const IMAGE_MESSAGES = {
  notImage: "Please upload an image file",
  tooLarge: "Image must be less than 5MB",
  failed: "Error processing image",
  hint: "JPEG, PNG (Max 5MB)",
} as const;

/** What a file input accepts (WebP too: phones save it). */
export const IMAGE_ACCEPT = "image/jpeg,image/png,image/webp";

/** The store grid's thumbnail: a book's shape, cropped to fill. */
export const THUMB = { width: 300, height: 400 } as const;
/** The product page's image fits inside this box. */
export const DISPLAY_MAX = 960;
