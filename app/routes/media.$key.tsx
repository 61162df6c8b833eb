import type { LoaderFunctionArgs } from "@remix-run/node";
import { db } from "~/db/client.server";
import { imageStore } from "~/models/media/stores.server";
import { IMAGE_KEY } from "~/models/media/storage.server";
import { isSnapshotKey } from "~/models/contests/review/evidence.server";

// A stored image by its content address (docs/product/design.md §7): the same URL always means the
// same bytes, so browsers and any cache in between keep it for a year.
// A proctoring snapshot is in the same store but is never public: its own route serves reviewers.
export async function loader({ params }: LoaderFunctionArgs) {
  const key = params.key ?? "";
  const image = IMAGE_KEY.test(key) && !(await isSnapshotKey(db, key)) ? await imageStore(db).get(key) : null;
  if (!image) return new Response("Not found.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
  return new Response(new Uint8Array(image.bytes), {
    headers: {
      "Content-Type": image.contentType,
      "Content-Length": String(image.bytes.length),
      "Cache-Control": "public, max-age=31536000, immutable",
      // (nosniff, like every security header, is set by the front door for every response.)
      ETag: `"${image.key.split(".")[0]}"`,
    },
  });
}
