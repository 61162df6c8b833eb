// The product form's post, read once for both the new and the edit screen: the text
// fields through the form's schema, then (only when they are right, so a wrong form
// costs no image work) the image through the pipeline. The image cannot be kept for a
// second try (a browser never refills a file input), so the form says so.
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { processUpload, type ProcessResult, type Variants } from "~/models/media/pipeline.server";
import { QueueFull } from "~/utils/fair-queue";
import { IMAGE_MESSAGES } from "~/models/media/images";
import { readUploadForm, UnreadableForm } from "~/models/media/upload.server";
import { LISTING_FIELDS, LISTING_MESSAGES } from "~/models/store/listings/listing";
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
type ListingPost = { ok: true; values: ListingValues; variants: Variants | null; reply: Reply } | { ok: false; reply: SubmissionResult<string[]> };

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

/** The multipart form with its one file `image`; a body that is not such a form is a short 400. */
function readImageForm(request: Request) {
  return readUploadForm(request, "image").catch((error) => {
    if (!(error instanceof UnreadableForm)) throw error;
    throw new Response(translator(localeOf(request))("common.refused.unreadableForm"), { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  });
}

/** Reads the image form's one file field `image`; the text fields are ignored (the image-only form). */
export async function readImagePost(request: Request): Promise<{ ok: true; variants: Variants } | { ok: false; error: Msg }> {
  const form = await readImageForm(request);
  if (form.fileTooLarge) return { ok: false, error: IMAGE_MESSAGES.tooLarge };
  if (!form.file) return { ok: false, error: IMAGE_MESSAGES.notImage };
  const result = await encodeUpload(form.file);
  return result.ok ? { ok: true, variants: result.variants } : result;
}

async function readListingPost(request: Request): Promise<ListingPost> {
  const form = await readImageForm(request);
  const fields = new FormData();
  for (const name of LISTING_FIELDS) {
    const value = form.fields.get(name);
    if (value !== undefined) fields.set(name, stripControlChars(value));
  }
  const submission = parseListing(fields);
  const chosen = form.file !== null || form.fileTooLarge;
  const imageError = form.fileTooLarge ? msgText(IMAGE_MESSAGES.tooLarge) : null;
  if (submission.status !== "success") {
    const note: string | null = imageError ?? (chosen ? msgText(LISTING_MESSAGES.chooseImageAgain) : null);
    return { ok: false, reply: submission.reply({ fieldErrors: note ? { image: [note] } : {} }) };
  }
  if (imageError) return { ok: false, reply: submission.reply({ fieldErrors: { image: [imageError] } }) };
  const reply: Reply = (options) => submission.reply({ ...options, fieldErrors: { ...options?.fieldErrors, ...(form.file ? { image: [msgText(LISTING_MESSAGES.chooseImageAgain)] } : {}) } });
  if (!form.file) return { ok: true, values: submission.value, variants: null, reply };
  const processed = await encodeUpload(form.file);
  if (!processed.ok) return { ok: false, reply: submission.reply({ fieldErrors: { image: [msgText(processed.error)] } }) };
  return { ok: true, values: submission.value, variants: processed.variants, reply };
}

export type SaveOutcome = "saved" | "missing" | { status: 400 | 500; reply: SubmissionResult<string[]> };

/**
 * The product form's post for the new and the edit screen: read, checked, and saved by
 * `save` (which answers false when the listing is gone). Otherwise the answer the form
 * shows, the seller's input kept.
 */
export async function saveListingPost(db: DbOrTx, request: Request, save: (post: { values: ListingValues; variants: Variants | null }) => Promise<boolean>): Promise<SaveOutcome> {
  const post = await readListingPost(request);
  if (!post.ok) return { status: 400, reply: post.reply };
  if (!(await categoryExists(db, post.values.category))) return { status: 400, reply: post.reply({ fieldErrors: { category: [msgText(LISTING_MESSAGES.category)] } }) };
  try {
    return (await save(post)) ? "saved" : "missing";
  } catch (error) {
    log().error({ err: error }, "listing save failed");
    return { status: 500, reply: post.reply({ formErrors: [msgText(LISTING_MESSAGES.saveFailed)] }) };
  }
}

/** The listing pages' words (new, edit, image): the product form's, with the conditions' names from the store. */
export const sellWords = (locale: Locale) => ({ ...messagesUnder(locale, "sell.form.", "sell.msg.", "sell.new.", "sell.edit.", "sell.image.", "sell.back"), ...pickMessages(locale, ["store.state"]), ...messagesUnder(locale, "store.grade.") });
