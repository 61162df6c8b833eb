// The product form's schema, checked on the server (the form itself imports listing.ts,
// which has no Zod in it).
import { z } from "zod";
import { msgText } from "~/utils/i18n";
import { isValidIsbn, LISTING_MAX, LISTING_MESSAGES, PRICE_MAX_RUPEES, readPrice } from "~/models/store/listings/listing";
import { PRODUCT_CONDITIONS } from "~/utils/enums";

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, msgText({ id: "sell.msg.tooLong", values: { max } }))
    .optional()
    .transform((v) => (v ? v : null));

export const ListingSchema = z.object({
  title: z.string({ required_error: msgText(LISTING_MESSAGES.title) }).trim().min(1, msgText(LISTING_MESSAGES.title)).max(LISTING_MAX.title, msgText({ id: "sell.msg.tooLong", values: { max: LISTING_MAX.title } })),
  description: z.string({ required_error: msgText(LISTING_MESSAGES.description) }).trim().min(1, msgText(LISTING_MESSAGES.description)).max(LISTING_MAX.description, msgText({ id: "sell.msg.tooLong", values: { max: LISTING_MAX.description.toLocaleString("en-IN") } })),
  price: z
    .string({ required_error: msgText(LISTING_MESSAGES.price) })
    .trim()
    .refine((typed) => readPrice(typed) !== null, msgText(LISTING_MESSAGES.price))
    .transform((typed) => readPrice(typed)!)
    .pipe(z.number().int().min(1, msgText(LISTING_MESSAGES.price)).max(PRICE_MAX_RUPEES, msgText(LISTING_MESSAGES.priceRange))),
  category: z.string({ required_error: msgText(LISTING_MESSAGES.category) }).regex(/^\d{1,9}$/, msgText(LISTING_MESSAGES.category)).transform(Number),
  author: optionalText(LISTING_MAX.author),
  publisher: optionalText(LISTING_MAX.publisher),
  isbn: optionalText(LISTING_MAX.isbn).refine((v) => v === null || isValidIsbn(v), msgText(LISTING_MESSAGES.isbn)),
  condition: z.enum(PRODUCT_CONDITIONS, { errorMap: () => ({ message: msgText(LISTING_MESSAGES.condition) }) }),
  isActive: z
    .string()
    .optional()
    .transform((v) => v === "on"),
  // Checked on the server by its bytes (listing-form.server.ts); named here so the form has its field.
  image: z.unknown().optional(),
});

export type ListingValues = z.output<typeof ListingSchema>;
