// Every action reads its body through here (docs/product/design.md §8, docs/product/style.md 18). A stranger
// can post anything: the body is bounded before it is read, only the fields a form
// knows reach Conform (which would otherwise expand `x[99999999]` into an array of a
// hundred million slots and echo it back), and odd bytes never reach the database.
import type { Readable } from "node:stream";
import { parseWithZod } from "@conform-to/zod";
import type { z } from "zod";
import { stripControlChars } from "~/utils/text";
import { FORM_BODY, hasBoundary, JSON_API_BODY, mediaType, type BodyRule } from "~/utils/request-guard";
import type { MessageId } from "~/utils/i18n";
import { inEnglish, localeOf, translator } from "~/utils/i18n.server";

/** More pairs than any of our forms has, with room for checkbox lists. */
export const MAX_FIELDS = 100;
/** The highest list index a field name may carry (`items[99]`). */
export const MAX_INDEX = 99;
/** No value is longer than the longest field a person can type into (the 5,000-character message), with room. */
export const MAX_VALUE_CHARS = 20_000;
/**
 * The most `.key` and `[index]` parts a field name may carry past its root: our forms use
 * one at most (`claimed[0]`). Conform nests a value once per part, and its reply echoes it,
 * so `title.a.a.a…` in a 4 KB body came back 2,000 levels deep and broke the answer's
 * encoding (docs/decisions/platform-remix-2-end-of-life.md).
 */
export const MAX_NAME_PARTS = 3;

type Refuse = (status: 400 | 413 | 415, message: MessageId) => never;

/** Remix's doors refuse with a Response (the route's thrown answer), in the request's language. */
const refuseFor =
  (request: Request): Refuse =>
  (status, message) => {
    throw new Response(translator(localeOf(request))(message), { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  };

/** The front door's lean handlers (the test page's script) refuse with an error their handler may show as it is (a 4xx in our own words). */
const refuseAsError: Refuse = (status, message) => {
  throw Object.assign(new Error(inEnglish({ id: message })), { status, expose: true });
};

const TOO_LARGE: MessageId = "common.refused.formTooLarge";
const NOT_JSON_TYPE: MessageId = "common.refused.jsonOnly";

/** A body as text, at most `maxBytes`, counted as it arrives (a web or a Node stream). */
async function boundedText(body: AsyncIterable<Uint8Array> | Iterable<Uint8Array> | null, maxBytes: number, fail: Refuse) {
  if (!body) return "";
  const chunks: Uint8Array[] = [];
  let size = 0;
  // Leaving the loop early (the throw) cancels the stream.
  for await (const chunk of body) {
    size += chunk.byteLength;
    if (size > maxBytes) fail(413, TOO_LARGE);
    chunks.push(chunk);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

/**
 * A JSON body of the rule's type and size, as the exact text received (a webhook signs
 * it) and parsed. The type is checked first: a large body of the wrong type is a 415.
 */
async function boundedJson(contentType: string | null, rule: BodyRule, body: () => AsyncIterable<Uint8Array> | Iterable<Uint8Array> | null, fail: Refuse) {
  if (!rule.types.includes(mediaType(contentType))) fail(415, NOT_JSON_TYPE);
  const raw = await boundedText(body(), rule.maxBytes, fail);
  try {
    return { raw, value: JSON.parse(raw) as unknown };
  } catch {
    fail(400, "common.refused.notJson");
  }
}

/** A Request's body, refused at once when its declared length is already too large. */
function bodyWithin(request: Request, maxBytes: number) {
  if (Number(request.headers.get("Content-Length") ?? "0") > maxBytes) refuseFor(request)(413, TOO_LARGE);
  return request.body as AsyncIterable<Uint8Array> | null;
}

export async function readBoundedText(request: Request, maxBytes: number) {
  return boundedText(bodyWithin(request, maxBytes), maxBytes, refuseFor(request));
}

/** The field's name before any `.key` or `[index]`, and whether its indexes are small and its parts few. */
function fieldRoot(name: string) {
  const root = name.split(/[.[]/, 1)[0]!;
  const indexes = [...name.matchAll(/\[(\d*)\]/g)].map((m) => m[1]!);
  const smallIndexes = indexes.every((i) => i.length > 0 && i.length <= 2 && Number(i) <= MAX_INDEX);
  const fewParts = (name.match(/[.[]/g)?.length ?? 0) <= MAX_NAME_PARTS;
  return { root, ok: smallIndexes && fewParts };
}

/**
 * Reads a form body within the route's limits and keeps only the named fields
 * (and their small list indexes), with control characters removed and every
 * value bounded. Throws a 4xx Response for anything else.
 */
export async function readForm(request: Request, fields: readonly string[], rule: BodyRule = FORM_BODY): Promise<FormData> {
  const contentType = request.headers.get("Content-Type");
  const type = mediaType(contentType);
  if (!request.body || request.headers.get("Content-Length") === "0") return new FormData();
  const refuse = refuseFor(request);
  if (!rule.types.includes(type)) refuse(415, "common.refused.formWrongType");
  let entries: Array<[string, FormDataEntryValue]>;
  if (type === "multipart/form-data") {
    if (!hasBoundary(contentType)) refuse(400, "common.refused.unreadableForm");
    const declared = Number(request.headers.get("Content-Length") ?? NaN);
    if (!(declared <= rule.maxBytes)) refuse(413, TOO_LARGE);
    entries = [...(await request.formData().catch(() => refuse(400, "common.refused.unreadableForm")))];
  } else {
    entries = [...new URLSearchParams(await readBoundedText(request, rule.maxBytes))];
  }
  if (entries.length > MAX_FIELDS) refuse(413, "common.refused.tooManyFields");

  const known = new Set(fields);
  const form = new FormData();
  for (const [name, value] of entries) {
    const { root, ok } = fieldRoot(name);
    if (!known.has(root) || !ok) continue;
    form.append(name, typeof value === "string" ? stripControlChars(value).slice(0, MAX_VALUE_CHARS) : value);
  }
  return form;
}

/** The top-level field names of a zod object schema (through refinements and unions of objects). */
export function schemaFields(schema: z.ZodTypeAny): string[] {
  const def = schema._def as { typeName?: string; schema?: z.ZodTypeAny; options?: z.ZodTypeAny[]; innerType?: z.ZodTypeAny };
  if (def.typeName === "ZodObject") return Object.keys((schema as z.AnyZodObject).shape);
  if (def.schema) return schemaFields(def.schema);
  if (def.innerType) return schemaFields(def.innerType);
  if (def.options) return [...new Set(def.options.flatMap(schemaFields))];
  return [];
}

/** readForm + Conform: the submission knows only the schema's fields, so `reply()` echoes nothing else. */
export async function parseForm<Schema extends z.ZodTypeAny>(request: Request, schema: Schema, rule?: BodyRule) {
  const form = await readForm(request, schemaFields(schema), rule);
  return parseWithZod(form, { schema });
}

/**
 * readJson for a Node request stream (a lean handler behind the front door, which has
 * no Request object): the same type, the same bound, the same words.
 */
export async function readJsonStream(stream: Readable, contentType: string | undefined, rule: BodyRule = JSON_API_BODY): Promise<unknown> {
  // The front door has refused a body of the wrong type or declared size before this reads it.
  const chunks = await nodeChunks(stream, rule.maxBytes);
  return (await boundedJson(contentType ?? null, rule, () => chunks, refuseAsError)).value;
}

/**
 * A Node stream's chunks, by its events, stopped (and the stream destroyed) once past
 * `maxBytes`. For the crowd's small answers `for await` over the request cost a tenth
 * of the app's CPU per save (docs/performance.md, "Group-committed autosaves").
 */
function nodeChunks(stream: Readable, maxBytes: number): Promise<Buffer[]> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (error?: Error) => {
      stream.off("data", onData).off("end", onEnd).off("error", finish).off("close", onClose);
      if (error) reject(error);
      else resolve(chunks);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      chunks.push(chunk);
      // What arrived is refused by the size check that follows; the rest is not read.
      if (size > maxBytes) {
        finish();
        stream.destroy();
      }
    };
    const onEnd = () => finish();
    const onClose = () => finish(new Error("The request was closed before its body ended."));
    stream.on("data", onData).on("end", onEnd).on("error", finish).on("close", onClose);
  });
}

/** A JSON body within the route's limits, as the exact text received (a webhook signs it) and parsed. */
export async function readJson(request: Request, rule: BodyRule): Promise<{ raw: string; value: unknown }> {
  return boundedJson(request.headers.get("Content-Type"), rule, () => bodyWithin(request, rule.maxBytes), refuseFor(request));
}
