// A question's diagram (the exam issue): an admin's image file, put through the image
// pipeline (checked by its bytes, metadata stripped, WebP) into the configured image
// store, under its content address. The key is what `questions.image_key` names
// (docs/admin-sql.md); the paper reads its size from the store (./paper.server.ts).
import type { DbOrTx } from "~/db/client.server";
import { processDiagram } from "~/models/media/pipeline.server";
import { imageStore } from "~/models/media/stores.server";

export async function storeDiagram(db: DbOrTx, bytes: Buffer) {
  const processed = await processDiagram(bytes);
  if (!processed.ok) return processed;
  const { image } = processed;
  const key = await imageStore(db).put({ bytes: image.bytes, contentType: "image/webp", width: image.width, height: image.height });
  return { ok: true as const, key, width: image.width, height: image.height, bytes: image.bytes.length };
}
