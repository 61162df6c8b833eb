// What the browser and the server share about listing images (docs/product/marketplace.md §5).
import type { Msg } from "~/utils/i18n";

/**
 * The largest photo the server takes and scales itself (docs/decisions/marketplace-phone-photos.md, "A phone
 * photo just works"): a phone camera's 5-12 MB with room to spare. With JavaScript the
 * browser scales a photo down before it is sent (SCALE_TO), so little is uploaded.
 */
export const MAX_IMAGE_BYTES = 15 * 1024 * 1024;
/** The longest side a browser scales a chosen photo to before upload: above the product page's DISPLAY_MAX, so nothing is lost. */
export const SCALE_TO = 1600;

export const IMAGE_MESSAGES = {
  notImage: { id: "sell.msg.notImage" },
  tooLarge: { id: "sell.msg.tooLarge" },
  failed: { id: "sell.msg.imageFailed" },
  hint: { id: "sell.msg.imageHint" },
  scaling: { id: "sell.msg.scaling" },
} as const satisfies Record<string, Msg>;

/** What a file input accepts (WebP too: phones save it). */
export const IMAGE_ACCEPT = "image/jpeg,image/png,image/webp";

/** The store grid's thumbnail: a book's shape, cropped to fill. */
export const THUMB = { width: 300, height: 400 } as const;
/** The product page's image fits inside this box. */
export const DISPLAY_MAX = 960;
