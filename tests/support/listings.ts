// The product form and the photos page as a browser posts them, for the listings' integration tests.
import sharp from "sharp";
import { db } from "~/db/client.server";
import { productCategory } from "~/seed/factories.server";
import { signedInStudent } from "./scenarios";

let n = 0;

// Each picture its own colour, far enough from the last that WebP does not encode the two
// alike: the store is content-addressed, and tests share a database.
let shade = 0;
export const png = (width = 640, height = 480) => {
  shade++;
  return sharp({ create: { width, height, channels: 3, background: { r: (shade * 37) % 256, g: (shade * 91) % 256, b: (shade * 53) % 256 } } }).png().toBuffer();
};

type Upload = { bytes: Buffer | string; name: string; type: string };

/** The form's fields and its `image` files: none, one, several, or `null` for "none chosen" as a browser sends it. */
export function productForm(fields: Record<string, string>, file?: Upload | Upload[] | null) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const files = file === undefined ? [] : file === null ? [null] : Array.isArray(file) ? file : [file];
  for (const f of files) form.append("image", f ? new File([typeof f.bytes === "string" ? f.bytes : new Uint8Array(f.bytes)], f.name, { type: f.type }) : new File([], "", { type: "application/octet-stream" }));
  return form;
}

/** `count` PNG photos, each its own bytes. */
export const photos = async (count: number) => Promise.all(Array.from({ length: count }, async (_, i) => ({ bytes: await png(120, 90), name: `p${i}.png`, type: "image/png" })));

export function multipart(path: string, form: FormData, cookie?: string) {
  return new Request(`http://localhost:3000${path}`, { method: "POST", body: form, headers: cookie ? { Cookie: cookie } : {} });
}

export async function sellerAndFields() {
  const seller = await signedInStudent({ fullName: "Seller Sen" });
  const category = await productCategory(db, "Textbooks");
  const fields = { title: `Physics Vol ${++n}`, description: "Clean copy, no marks.", price: "450", category: String(category), author: "H. C. Verma", publisher: "Bharati Bhawan", isbn: "978-8177091878", condition: "Very Good", isActive: "on" };
  return { seller, fields, category };
}
