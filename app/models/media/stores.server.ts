import type { DbOrTx } from "~/db/client.server";
import { s3ImageStore, s3Settings } from "~/models/media/s3-storage.server";
import { databaseImageStore, type ImageStore } from "~/models/media/storage.server";

/**
 * The configured image store: S3-compatible object storage when S3_BUCKET is set (one
 * store for every instance, outside the database's transactions), else the database
 * (`db`, so images are written in the caller's transaction).
 */
export function imageStore(db: DbOrTx): ImageStore {
  const s3 = s3Settings();
  return s3 ? s3ImageStore(s3) : databaseImageStore(db);
}
