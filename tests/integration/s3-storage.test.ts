import { afterAll, beforeAll, expect, test } from "vitest";
import { s3ImageStore, type S3Settings } from "~/models/media/s3-storage.server";
import { contentKey } from "~/models/media/storage.server";
import { startS3rver } from "../support/s3rver";

let s3: Awaited<ReturnType<typeof startS3rver>>;
let settings: S3Settings;

beforeAll(async () => {
  s3 = await startS3rver("studyarena-images");
  settings = { bucket: "studyarena-images", region: "ap-south-1", endpoint: s3.endpoint, accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey, prefix: "images/" };
});
afterAll(() => s3.stop());

test("the S3 store keeps an image under its content address, with its type and size, and deletes it", async () => {
  const store = s3ImageStore(settings);
  const bytes = Buffer.from("RIFF....WEBPVP8 fake but distinct bytes");
  const key = await store.put({ bytes, contentType: "image/webp", width: 300, height: 400 });
  expect(key).toBe(contentKey(bytes, "image/webp"));
  // The same bytes again: the same name, one object.
  expect(await store.put({ bytes, contentType: "image/webp", width: 300, height: 400 })).toBe(key);

  // Another instance (a new client with the same settings) reads it back.
  const again = await s3ImageStore({ ...settings }).get(key);
  expect(again).toEqual({ key, contentType: "image/webp", bytes, width: 300, height: 400 });

  await store.delete([key, "not-a-key"]);
  expect(await store.get(key)).toBeNull();
});

test("unknown and malformed keys are null, never a request for someone else's object", async () => {
  const store = s3ImageStore(settings);
  expect(await store.get(`${"a".repeat(64)}.webp`)).toBeNull();
  expect(await store.get("../../etc/passwd")).toBeNull();
  await store.delete([]);
});
