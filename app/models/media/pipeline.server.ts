// Every image that buyers see goes through here (docs/product/design.md §7): checked by its bytes,
// turned upright, stripped of its metadata (a phone photo's GPS position must not
// reach buyers), and re-encoded as WebP in two sizes. One at a time, like password
// hashes: a burst of uploads must not take the CPU from a running contest.
import type { Msg } from "~/utils/i18n";
import sharp from "sharp";
import { createFairLimiter, QueueFull } from "~/utils/fair-queue";
import { DISPLAY_MAX, IMAGE_MESSAGES, MAX_IMAGE_BYTES, THUMB } from "~/models/media/images";
import type { ImageType } from "~/models/media/storage.server";

sharp.concurrency(1);
sharp.cache(false);

const encoding = createFairLimiter<"upload" | "seed">({ concurrency: 1, kinds: ["upload", "seed"], maxWaitingPerKind: 50 });

/** The type the first bytes announce (JPEG, PNG or WebP), whatever the file was called. */
export function sniffImageType(bytes: Buffer): ImageType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return "image/png";
  if (bytes.length >= 12 && bytes.toString("latin1", 0, 4) === "RIFF" && bytes.toString("latin1", 8, 12) === "WEBP") return "image/webp";
  return null;
}

export type Encoded = { bytes: Buffer; width: number; height: number };
export type Variants = { display: Encoded; thumb: Encoded };
export type ProcessResult = { ok: true; variants: Variants } | { ok: false; error: Msg };

/** Grid thumbnails stay under this (a phone's data plan); the quality steps down until they do. */
export const MAX_THUMB_BYTES = 30 * 1024;

async function encode(input: Buffer): Promise<Variants> {
  // Pixels first: a small file can still claim a huge canvas.
  const source = () => sharp(input, { limitInputPixels: 50_000_000, failOn: "error" }).rotate();
  const display = await source()
    .resize({ width: DISPLAY_MAX, height: DISPLAY_MAX, fit: "inside", withoutEnlargement: true })
    .webp({ quality: 78 })
    .toBuffer({ resolveWithObject: true });
  let thumb: { data: Buffer; info: sharp.OutputInfo } | null = null;
  for (const quality of [68, 55, 42, 30]) {
    thumb = await source().resize({ width: THUMB.width, height: THUMB.height, fit: "cover" }).webp({ quality }).toBuffer({ resolveWithObject: true });
    if (thumb.data.length <= MAX_THUMB_BYTES) break;
  }
  return {
    display: { bytes: display.data, width: display.info.width, height: display.info.height },
    thumb: { bytes: thumb!.data, width: thumb!.info.width, height: thumb!.info.height },
  };
}

/**
 * A file from outside: at most MAX_IMAGE_BYTES, an image of ours by its bytes, then
 * `encode` in the encoder's queue; a file it cannot decode is the form's message.
 */
async function fromFile<T>(bytes: Buffer, kind: "upload" | "seed", encodeIt: () => Promise<T>): Promise<{ ok: true; value: T } | { ok: false; error: Msg }> {
  if (bytes.length > MAX_IMAGE_BYTES) return { ok: false, error: IMAGE_MESSAGES.tooLarge };
  if (!sniffImageType(bytes)) return { ok: false, error: IMAGE_MESSAGES.notImage };
  try {
    return { ok: true, value: await encoding.run(kind, encodeIt) };
  } catch (error) {
    if (error instanceof QueueFull) throw error;
    // A truncated or corrupt file: libvips says why, the student only needs to know it failed.
    return { ok: false, error: IMAGE_MESSAGES.failed };
  }
}

/** An uploaded file: an image of ours by its bytes, decoded fully, re-encoded; or the message for the form. */
export async function processUpload(bytes: Buffer): Promise<ProcessResult> {
  const encoded = await fromFile(bytes, "upload", () => encode(bytes));
  return encoded.ok ? { ok: true, variants: encoded.value } : encoded;
}

/** A generated picture (an SVG of ours, e.g. a demo cover) through the same encoder. */
export function processGenerated(svg: string) {
  return encoding.run("seed", () => encode(Buffer.from(svg)));
}

/**
 * A contest diagram (`npm run contests:image`): the same checks, then line art kept
 * sharp (near-lossless WebP) and never wider or taller than DISPLAY_MAX.
 */
export async function processDiagram(bytes: Buffer): Promise<{ ok: true; image: Encoded } | { ok: false; error: Msg }> {
  const encoded = await fromFile(bytes, "seed", () =>
    sharp(bytes, { limitInputPixels: 50_000_000, failOn: "error" })
      .rotate()
      .resize({ width: DISPLAY_MAX, height: DISPLAY_MAX, fit: "inside", withoutEnlargement: true })
      .webp({ nearLossless: true, quality: 80, effort: 6 })
      .toBuffer({ resolveWithObject: true }),
  );
  return encoded.ok ? { ok: true, image: { bytes: encoded.value.data, width: encoded.value.info.width, height: encoded.value.info.height } } : encoded;
}

/** A proctoring snapshot's limits (issue 47, point 3): a small JPEG, about 20 KB, at most this wide and tall. */
export const SNAPSHOT_MAX_BYTES = 24 * 1024;
export const SNAPSHOT_MAX_SIDE = 320;

/**
 * A snapshot from the test page: a JPEG by its bytes, small in bytes and in pixels (both
 * checked before it is decoded), re-encoded so that nothing but its pixels is kept.
 * Null when it is anything else.
 */
export async function processSnapshot(bytes: Buffer): Promise<Encoded | null> {
  if (bytes.length > SNAPSHOT_MAX_BYTES || sniffImageType(bytes) !== "image/jpeg") return null;
  try {
    return await encoding.run("upload", async () => {
      const image = sharp(bytes, { limitInputPixels: SNAPSHOT_MAX_SIDE * SNAPSHOT_MAX_SIDE, failOn: "error" });
      const { format, width = 0, height = 0 } = await image.metadata();
      if (format !== "jpeg" || width > SNAPSHOT_MAX_SIDE || height > SNAPSHOT_MAX_SIDE) return null;
      const { data, info } = await image.jpeg({ quality: 70 }).toBuffer({ resolveWithObject: true });
      return { bytes: data, width: info.width, height: info.height };
    });
  } catch (error) {
    if (error instanceof QueueFull) throw error;
    return null;
  }
}
