// What a request may look like before any of our code reads it (docs/product/design.md §8):
// the methods we serve, the body types and sizes a route takes. The front door
// (app/server/front-door.server.ts) asks `refuseRequest` for every request, with the
// body rule the route declares; the same rule is applied again when an action reads
// its body (forms.server.ts), so a route is bounded whichever way it is reached.
import type { MessageId } from "~/utils/i18n";

export const KB = 1024;
export const MB = 1024 * KB;

export type BodyRule = { types: readonly string[]; maxBytes: number; tooLarge?: MessageId };

/**
 * Ordinary forms: the longest legitimate one (a 5,000-character message in
 * Devanagari, percent-encoded at 9 bytes a character) fits in 64 KB.
 */
export const FORM_BODY: BodyRule = { types: ["application/x-www-form-urlencoded"], maxBytes: 64 * KB };

/** JSON from our own scripts (the pay page, the test page). */
export const JSON_API_BODY: BodyRule = { types: ["application/json"], maxBytes: 4 * KB };
/** A proctoring flag with its snapshot: a JPEG of at most 24 KB in base64, and a few fields. */
export const EVIDENCE_BODY: BodyRule = { types: ["application/json"], maxBytes: 34 * KB };
/** Razorpay's webhook: JSON, its signature computed over the raw body. */
export const WEBHOOK_BODY: BodyRule = { types: ["application/json"], maxBytes: 64 * KB };
/**
 * A form with one image (at most 15 MB, models/media/images.ts) and its text fields. Up to
 * 64 MB is read, the file's bytes past 15 MB dropped as they arrive, so a photo too large
 * comes back into the form with every field kept and the message beside the image;
 * anything larger is refused here, by its declared length, with the form's own words.
 */
export const IMAGE_FORM_BODY: BodyRule = { types: ["multipart/form-data"], maxBytes: 64 * MB, tooLarge: "common.refused.imageTooLarge" };

export const ALLOWED_METHODS = ["GET", "HEAD", "POST"] as const;

/** A refusal names its message by id: whoever answers says it in the request's language. */
export type Refusal = { status: 400 | 405 | 411 | 413 | 415; message: MessageId; headers?: Record<string, string> };

/** The media type of a Content-Type header, lower-cased, without parameters. */
export function mediaType(contentType: string | null | undefined) {
  return (contentType ?? "").split(";")[0]!.trim().toLowerCase();
}

export function hasBoundary(contentType: string | null | undefined) {
  return /;\s*boundary=\S/i.test(contentType ?? "");
}

/**
 * Answers whether a body of this type and declared length may be read for this
 * path; null when it may. A body without a declared length (chunked) is refused:
 * browsers always declare one, and Node then stops reading at that length.
 */
export function refuseBody(
  rule: BodyRule,
  headers: { contentType?: string | null; contentLength?: string | null; transferEncoding?: string | null },
): Refusal | null {
  const length = headers.contentLength == null ? null : Number(headers.contentLength);
  if (length === null) {
    if (headers.transferEncoding) return { status: 411, message: "common.refused.noLength" };
    return null; // no body at all
  }
  if (!Number.isSafeInteger(length) || length < 0) return { status: 400, message: "common.refused.badLength" };
  if (length > rule.maxBytes) return { status: 413, message: rule.tooLarge ?? "common.refused.tooLarge" };
  if (length === 0) return null;
  const type = mediaType(headers.contentType);
  if (!rule.types.includes(type)) return { status: 415, message: "common.refused.wrongType" };
  if (type === "multipart/form-data" && !hasBoundary(headers.contentType)) {
    return { status: 400, message: "common.refused.unreadableForm" };
  }
  return null;
}

/**
 * Everything the front door refuses before any route code runs: odd methods, undecodable
 * paths, legacy data requests, bodies the route does not take (`body`, from its policy).
 */
export function refuseRequest(input: {
  method: string;
  url: string;
  body?: BodyRule;
  contentType?: string | null;
  contentLength?: string | null;
  transferEncoding?: string | null;
}): Refusal | null {
  const method = input.method.toUpperCase();
  if (!(ALLOWED_METHODS as readonly string[]).includes(method)) {
    return { status: 405, message: "common.refused.method", headers: { Allow: ALLOWED_METHODS.join(", ") } };
  }
  // The crowd's GETs (no escapes, no query that could be `_data`) need no parsing.
  if (method !== "POST" && input.url.startsWith("/") && !input.url.includes("%") && !input.url.includes("_data")) return null;
  let url: URL;
  try {
    url = new URL(input.url, "http://localhost");
    decodeURIComponent(url.pathname);
  } catch {
    return { status: 400, message: "common.refused.badAddress" };
  }
  // Remix's pre-single-fetch data requests: nothing of ours makes them any more.
  if (url.searchParams.has("_data")) return { status: 400, message: "common.refused.badAddress" };
  if (method === "POST") return refuseBody(input.body ?? FORM_BODY, input);
  return null;
}
