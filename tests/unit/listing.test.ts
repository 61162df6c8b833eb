import { expect, test } from "vitest";
import { sniffImageType } from "~/models/media/pipeline.server";
import { changed, isValidIsbn, LISTING_MESSAGES, photoRule } from "~/models/store/listings/listing";
import { msgText } from "~/utils/i18n";
import { ListingSchema } from "~/models/store/listings/listing-schema";
import { IMAGE_FORM_BODY, refuseRequest } from "~/utils/request-guard";

test("ISBN-10 and ISBN-13 are checked by their check digit; spaces and hyphens are allowed", () => {
  expect(isValidIsbn("0-306-40615-2")).toBe(true);
  expect(isValidIsbn("0306406153")).toBe(false);
  expect(isValidIsbn("080442957X")).toBe(true);
  expect(isValidIsbn("978 0 306 40615 7")).toBe(true);
  expect(isValidIsbn("9780306406158")).toBe(false);
  expect(isValidIsbn("978030640615")).toBe(false);
  expect(isValidIsbn("X804429570")).toBe(false);
});

test("the form's price is whole rupees from 1 to 10,00,000, and the condition one of the spec's", () => {
  const base = { title: "T", description: "D", category: "1", condition: "Good" };
  const price = (p: string) => ListingSchema.safeParse({ ...base, price: p });
  expect(price("1").success).toBe(true);
  expect(price("1000000").success).toBe(true);
  expect(price("0").error?.issues[0]?.message).toBe(msgText(LISTING_MESSAGES.price));
  expect(price("12.5").error?.issues[0]?.message).toBe(msgText(LISTING_MESSAGES.price));
  expect(price("1000001").error?.issues[0]?.message).toBe(msgText(LISTING_MESSAGES.priceRange));
  // Grouped as India writes it (the hint's "10,00,000") or as the West does (issue 65, point 7); a stray comma is a typo.
  for (const [typed, rupees] of [["1,25,000", 125_000], ["10,00,000", 1_000_000], ["1,250", 1250], ["125,000", 125_000], ["1,000,000", 1_000_000], [" 4,999 ", 4999]] as const) expect(price(typed).data?.price, typed).toBe(rupees);
  for (const typed of ["1,2,5", "12,50", ",125", "125,", "1,25,00", "1,,250", "1.250"]) expect(price(typed).error?.issues[0]?.message, typed).toBe(msgText(LISTING_MESSAGES.price));
  expect(price("10,00,001").error?.issues[0]?.message).toBe(msgText(LISTING_MESSAGES.priceRange));
  expect(ListingSchema.safeParse({ ...base, price: "5", condition: "Mint" }).error?.issues[0]?.message).toBe(msgText(LISTING_MESSAGES.condition));
  expect(ListingSchema.parse({ ...base, price: "5", isActive: "on" }).isActive).toBe(true);
  expect(ListingSchema.parse({ ...base, price: "5" }).isActive).toBe(false);
});

test("an image is known by its first bytes, not its name or declared type", () => {
  expect(sniffImageType(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]))).toBe("image/jpeg");
  expect(sniffImageType(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe("image/png");
  expect(sniffImageType(Buffer.from("RIFF\0\0\0\0WEBPVP8 "))).toBe("image/webp");
  expect(sniffImageType(Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toBeNull();
  expect(sniffImageType(Buffer.from("GIF89a"))).toBeNull();
  expect(sniffImageType(Buffer.alloc(0))).toBeNull();
});

test("the product form's body rule reads multipart up to 64 MB (a 15 MB photo too large still comes back into the form), and says so past it; other routes take none", () => {
  const multipart = "multipart/form-data; boundary=x";
  expect(refuseRequest({ method: "POST", url: "/store/new", body: IMAGE_FORM_BODY, contentType: multipart, contentLength: String(20 * 1024 * 1024) })).toBeNull();
  expect(refuseRequest({ method: "POST", url: "/store/new", body: IMAGE_FORM_BODY, contentType: multipart, contentLength: String(64 * 1024 * 1024 + 1) })).toMatchObject({ status: 413, message: "common.refused.imageTooLarge" });
  expect(refuseRequest({ method: "POST", url: "/login", contentType: multipart, contentLength: "100" })).toMatchObject({ status: 415 });
});

test("a demo cover's title is wrapped at whole words, at most five lines, and its text escaped", async () => {
  const { coverSvg, wrapWords } = await import("~/seed/covers.server");
  expect(wrapWords("Higher Engineering Mathematics", 14, 5)).toEqual(["Higher", "Engineering", "Mathematics"]);
  expect(wrapWords("Concepts of Physics Vol. 1", 14, 5)).toEqual(["Concepts of", "Physics Vol. 1"]);
  expect(wrapWords("a b c d e f g h i j k l m n o p q r s t u v w x y z aa bb cc dd ee ff gg hh ii jj", 3, 2)).toHaveLength(2);
  const svg = coverSvg({ title: "Tom & Jerry <Notes>", author: "A \"B\"", publisher: "C", index: 0 });
  expect(svg).toContain(">Tom &#38; Jerry<");
  expect(svg).toContain(">&#60;Notes&#62;<");
  expect(svg).not.toContain("<Notes>");
});

test("a typed quantity is at least 1, at most the stock, and 1 when it is not a number", async () => {
  const { parseQuantity } = await import("~/models/store/cart/cart");
  expect(parseQuantity("3", 5)).toBe(3);
  expect(parseQuantity("9", 2)).toBe(2);
  expect(parseQuantity("0", 2)).toBe(1);
  expect(parseQuantity("abc", 2)).toBe(1);
  expect(parseQuantity("2.5", 4)).toBe(1);
  expect(parseQuantity(null, 4)).toBe(1);
  expect(parseQuantity("1", 0)).toBe(1);
});

test("photos: at most six; Good and Acceptable on sale need two, a draft or a better grade none", () => {
  const rule = (condition: string, isActive: boolean, photos: number) => photoRule({ condition, isActive, photos })?.id ?? null;
  expect(rule("Like New", true, 6)).toBeNull();
  expect(rule("Like New", true, 7)).toBe("sell.msg.photosMax");
  expect(rule("Like New", false, 7)).toBe("sell.msg.photosMax");
  expect(rule("Very Good", true, 0)).toBeNull();
  for (const worn of ["Good", "Acceptable"]) {
    expect(rule(worn, true, 1)).toBe("sell.msg.photosForWear");
    expect(photoRule({ condition: worn, isActive: true, photos: 0 })?.values).toEqual({ count: 2, more: 2 });
    expect(rule(worn, true, 2)).toBeNull();
    expect(rule(worn, false, 1)).toBeNull();
  }
});

test("a photo moves one place or goes; the ends stay put; a photo not there is null", () => {
  const photos = ["a", "b", "c"].map((image_url) => ({ image_url }));
  const order = (change: Parameters<typeof changed>[1]) => changed(photos, change)?.map((p) => p.image_url) ?? null;
  expect(order({ kind: "earlier", url: "c" })).toEqual(["a", "c", "b"]);
  expect(order({ kind: "later", url: "a" })).toEqual(["b", "a", "c"]);
  expect(order({ kind: "earlier", url: "a" })).toEqual(["a", "b", "c"]);
  expect(order({ kind: "later", url: "c" })).toEqual(["a", "b", "c"]);
  expect(order({ kind: "remove", url: "b" })).toEqual(["a", "c"]);
  expect(order({ kind: "remove", url: "z" })).toBeNull();
  expect(photos.map((p) => p.image_url)).toEqual(["a", "b", "c"]);
});
