// The product form's post, read once for both the new and the edit screen: the text
// fields through the form's schema and the photos counted against the grade, then (only
// when they are right, so a wrong form costs no image work) each photo through the
// pipeline. Photos cannot be kept for a second try (a browser never refills a file
// input), so the form says so.
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { processUpload, type ProcessResult, type Variants } from "~/models/media/pipeline.server";
import { QueueFull } from "~/utils/fair-queue";
import { IMAGE_MESSAGES } from "~/models/media/images";
import { readUploadForm, UnreadableForm } from "~/models/media/upload.server";
import { LISTING_FIELDS, LISTING_MESSAGES, LISTING_PHOTOS_MAX, photoRule } from "~/models/store/listings/listing";
import { ListingSchema, type ListingValues } from "~/models/store/listings/listing-schema";
import { categoryExists } from "~/models/store/listings/listings.server";
import type { DbOrTx } from "~/db/client.server";
import { stripControlChars } from "~/utils/text";
import { log } from "~/services/log.server";
import { msgText, type Locale, type Msg } from "~/utils/i18n";
import { messagesUnder, pickMessages } from "~/utils/i18n.server";
import { localeOf, translator } from "~/utils/i18n.server";

type ReplyOptions = { formErrors?: string[]; fieldErrors?: Record<string, string[]> };
/** The answer the form shows: the seller's input kept, with these errors. */
type Reply = (options?: ReplyOptions) => SubmissionResult<string[]>;
type ListingPost = { ok: true; values: ListingValues; variants: Variants[]; reply: Reply } | { ok: false; reply: SubmissionResult<string[]> };

const parseListing = (fields: FormData) => parseWithZod(fields, { schema: ListingSchema });

/** The pipeline's answer, or the form's "try again" when too many uploads are waiting. */
async function encodeUpload(bytes: Buffer): Promise<ProcessResult> {
  try {
    return await processUpload(bytes);
  } catch (error) {
    if (error instanceof QueueFull) return { ok: false, error: LISTING_MESSAGES.saveFailed };
    throw error;
  }
}

/** The multipart form with its files `image`; a body that is not such a form is a short 400. */
function readImageForm(request: Request) {
  return readUploadForm(request, "image", LISTING_PHOTOS_MAX).catch((error) => {
    if (!(error instanceof UnreadableForm)) throw error;
    throw new Response(translator(localeOf(request))("common.refused.unreadableForm"), { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  });
}

/** Each photo through the pipeline, in order; the first that fails is the answer. */
async function encodeAll(files: Buffer[]): Promise<{ ok: true; variants: Variants[] } | { ok: false; error: Msg }> {
  const variants: Variants[] = [];
  for (const file of files) {
    const result = await encodeUpload(file);
    if (!result.ok) return result;
    variants.push(result.variants);
  }
  return { ok: true, variants };
}

/**
 * A post of photos (the listing's photos page, a return's photo): its fields (the change
 * asked for) and, when photos were sent, their images, refused before any image work
 * when there are more than `room` of them (with `tooMany`).
 */
export async function readPhotosPost(request: Request, room: { left: number; tooMany: Msg }): Promise<{ fields: Map<string, string>; added: { ok: true; variants: Variants[] } | { ok: false; error: Msg } }> {
  const form = await readImageForm(request);
  const fields = new Map([...form.fields].map(([k, v]) => [k, stripControlChars(v)]));
  if (form.tooManyFiles || form.files.length > room.left) return { fields, added: { ok: false, error: room.tooMany } };
  if (form.fileTooLarge) return { fields, added: { ok: false, error: IMAGE_MESSAGES.tooLarge } };
  if (form.files.length === 0) return { fields, added: { ok: false, error: IMAGE_MESSAGES.notImage } };
  return { fields, added: await encodeAll(form.files) };
}

async function readListingPost(request: Request, existing: number): Promise<ListingPost> {
  const form = await readImageForm(request);
  const fields = new FormData();
  for (const name of LISTING_FIELDS) {
    const value = form.fields.get(name);
    if (value !== undefined) fields.set(name, stripControlChars(value));
  }
  const submission = parseListing(fields);
  const chosen = form.files.length > 0 || form.fileTooLarge || form.tooManyFiles;
  const again = msgText(LISTING_MESSAGES.chooseImageAgain);
  const imageError = form.fileTooLarge ? msgText(IMAGE_MESSAGES.tooLarge) : null;
  if (submission.status !== "success") {
    const note: string | null = imageError ?? (chosen ? again : null);
    return { ok: false, reply: submission.reply({ fieldErrors: note ? { image: [note] } : {} }) };
  }
  if (imageError) return { ok: false, reply: submission.reply({ fieldErrors: { image: [imageError] } }) };
  // Counted before any image work: a seventh photo, or a worn book with one, costs nothing.
  const photos = existing + form.files.length + (form.tooManyFiles ? 1 : 0);
  const refused = photoRule({ condition: submission.value.condition, isActive: submission.value.isActive, photos });
  if (refused) return { ok: false, reply: submission.reply({ fieldErrors: { image: [msgText(refused), ...(chosen ? [again] : [])] } }) };
  const reply: Reply = (options) => {
    const image = [...(options?.fieldErrors?.image ?? []), ...(chosen ? [again] : [])];
    return submission.reply({ ...options, fieldErrors: { ...options?.fieldErrors, ...(image.length ? { image } : {}) } });
  };
  if (!chosen) return { ok: true, values: submission.value, variants: [], reply };
  const processed = await encodeAll(form.files);
  if (!processed.ok) return { ok: false, reply: submission.reply({ fieldErrors: { image: [msgText(processed.error)] } }) };
  return { ok: true, values: submission.value, variants: processed.variants, reply };
}

export type SaveOutcome = "saved" | "missing" | { status: 400 | 500; reply: SubmissionResult<string[]> };

/**
 * The product form's post for the new and the edit screen (whose listing has `existing`
 * photos): read, checked, and saved by `save` (which answers false when the listing is
 * gone, or why its photos refuse it). Otherwise the answer the form shows, the seller's
 * input kept.
 */
export async function saveListingPost(
  db: DbOrTx,
  request: Request,
  existing: number,
  save: (post: { values: ListingValues; variants: Variants[] }) => Promise<boolean | Msg>,
): Promise<SaveOutcome> {
  const post = await readListingPost(request, existing);
  if (!post.ok) return { status: 400, reply: post.reply };
  if (!(await categoryExists(db, post.values.category))) return { status: 400, reply: post.reply({ fieldErrors: { category: [msgText(LISTING_MESSAGES.category)] } }) };
  try {
    const saved = await save(post);
    if (typeof saved === "object") return { status: 400, reply: post.reply({ fieldErrors: { image: [msgText(saved)] } }) };
    return saved ? "saved" : "missing";
  } catch (error) {
    log().error({ err: error }, "listing save failed");
    return { status: 500, reply: post.reply({ formErrors: [msgText(LISTING_MESSAGES.saveFailed)] }) };
  }
}

/** The listing pages' words (new, edit, photos): the product form's, with the conditions' names from the store. */
export const sellWords = (locale: Locale) => ({ ...messagesUnder(locale, "sell.form.", "sell.msg.", "sell.new.", "sell.edit.", "sell.image.", "sell.photos.", "sell.back"), ...pickMessages(locale, ["store.state"]), ...messagesUnder(locale, "store.grade.") });
