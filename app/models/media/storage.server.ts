// Where images live (docs/product/design.md §7): behind one small interface, so that the second
// driver (S3-compatible object storage, s3-storage.server.ts; stores.server.ts chooses)
// replaces the default without touching the pipeline or the routes. The default keeps
// the bytes in the database: every app instance behind a load balancer serves them, and
// a backup of the database includes them.
import { inArray, eq } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { images } from "~/db/schema";
import { createHash } from "node:crypto";

export type StoredImage = { key: string; contentType: string; bytes: Buffer; width: number; height: number };

export interface ImageStore {
  /** Stores the bytes under their content address and returns the key (storing the same bytes twice is one row). */
  put(image: { bytes: Buffer; contentType: ImageType; width: number; height: number }): Promise<string>;
  get(key: string): Promise<StoredImage | null>;
  /** Removes these keys (unknown keys are ignored). */
  delete(keys: string[]): Promise<void>;
  /** Whether its writes are part of the caller's database transaction (a delete is undone by a rollback). */
  transactional: boolean;
}

export const IMAGE_TYPES = { "image/webp": "webp", "image/jpeg": "jpg", "image/png": "png" } as const;
export type ImageType = keyof typeof IMAGE_TYPES;

/** A content address: the SHA-256 of the bytes, and the extension of their type. */
export const contentKey = (bytes: Buffer, type: ImageType) => `${createHash("sha256").update(bytes).digest("hex")}.${IMAGE_TYPES[type]}`;

export const IMAGE_KEY = /^[0-9a-f]{64}\.(webp|jpg|png)$/;

/** The public URL of a stored image. */
export const mediaUrl = (key: string) => `/media/${key}`;

/** The key of one of our media URLs, or null for anything else (an old external URL). */
export function keyOfUrl(url: string | null | undefined) {
  const key = url?.startsWith("/media/") ? url.slice("/media/".length) : null;
  return key && IMAGE_KEY.test(key) ? key : null;
}

export function databaseImageStore(db: DbOrTx): ImageStore {
  return {
    transactional: true,
    async put(image) {
      const key = contentKey(image.bytes, image.contentType);
      await db.insert(images).values({ key, content_type: image.contentType, bytes: image.bytes, width: image.width, height: image.height }).onConflictDoNothing();
      return key;
    },
    async get(key) {
      if (!IMAGE_KEY.test(key)) return null;
      const [row] = await db.select().from(images).where(eq(images.key, key));
      return row ? { key, contentType: row.content_type, bytes: row.bytes, width: row.width, height: row.height } : null;
    },
    async delete(keys) {
      const valid = keys.filter((k) => IMAGE_KEY.test(k));
      if (valid.length > 0) await db.delete(images).where(inArray(images.key, valid));
    },
  };
}

