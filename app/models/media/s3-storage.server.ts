// The second image store (issue 19): S3-compatible object storage (AWS S3, Cloudflare
// R2, MinIO …), chosen by S3_BUCKET. Objects are named by the same content address as
// in the database store, so a URL never changes meaning; /media/{key} still serves
// them (through nginx's cache), so pages do not know which store is in use.
//
// Unlike the database store, a put is not part of the listing's transaction: an upload
// whose transaction then fails leaves an unreferenced object (harmless: the same bytes
// get the same name), and a delete cannot be rolled back, so the caller runs it only
// once its transaction has committed (`transactional: false`).
import type { S3Client } from "@aws-sdk/client-s3";
import { env } from "~/utils/env.server";
import { contentKey, IMAGE_KEY, type ImageStore, type ImageType } from "~/models/media/storage.server";

export type S3Settings = { bucket: string; region: string; endpoint?: string; accessKeyId?: string; secretAccessKey?: string; prefix: string };

/** S3 settings from the environment, or null when images stay in the database. */
export function s3Settings(): S3Settings | null {
  const config = env();
  if (!config.S3_BUCKET) return null;
  return { bucket: config.S3_BUCKET, region: config.S3_REGION, endpoint: config.S3_ENDPOINT, accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY, prefix: config.S3_PREFIX };
}

// The SDK is loaded only when S3 is configured: an instance storing images in the
// database never pays for it (nor prints its Node version notice).
const sdk = () => import("@aws-sdk/client-s3");
const clients = new Map<string, Promise<S3Client>>();

function clientFor(settings: S3Settings) {
  const id = JSON.stringify(settings);
  let client = clients.get(id);
  if (!client) {
    client = sdk().then(({ S3Client }) => new S3Client({
      region: settings.region,
      ...(settings.endpoint ? { endpoint: settings.endpoint, forcePathStyle: true } : {}),
      ...(settings.accessKeyId && settings.secretAccessKey ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } } : {}),
      // Checksums only where S3 requires them: many S3-compatible servers reject the newer default headers.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
      maxAttempts: 3,
    }));
    clients.set(id, client);
  }
  return client;
}

export function s3ImageStore(settings: S3Settings): ImageStore {
  const client = clientFor(settings);
  const name = (key: string) => `${settings.prefix}${key}`;
  return {
    transactional: false,
    async put(image) {
      const key = contentKey(image.bytes, image.contentType);
      const { PutObjectCommand } = await sdk();
      await (await client).send(
        new PutObjectCommand({
          Bucket: settings.bucket,
          Key: name(key),
          Body: image.bytes,
          ContentType: image.contentType,
          CacheControl: "public, max-age=31536000, immutable",
          Metadata: { width: String(image.width), height: String(image.height) },
        }),
      );
      return key;
    },
    async get(key) {
      if (!IMAGE_KEY.test(key)) return null;
      const { GetObjectCommand, NoSuchKey } = await sdk();
      try {
        const object = await (await client).send(new GetObjectCommand({ Bucket: settings.bucket, Key: name(key) }));
        const bytes = Buffer.from(await object.Body!.transformToByteArray());
        return { key, contentType: (object.ContentType ?? "image/webp") as ImageType, bytes, width: Number(object.Metadata?.width ?? 0), height: Number(object.Metadata?.height ?? 0) };
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { name?: string }).name === "NoSuchKey") return null;
        throw error;
      }
    },
    async delete(keys) {
      const valid = keys.filter((k) => IMAGE_KEY.test(k));
      if (valid.length === 0) return;
      const { DeleteObjectsCommand } = await sdk();
      await (await client).send(new DeleteObjectsCommand({ Bucket: settings.bucket, Delete: { Objects: valid.map((k) => ({ Key: name(k) })), Quiet: true } }));
    },
  };
}
