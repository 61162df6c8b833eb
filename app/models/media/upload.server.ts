// Reading a form that carries images (the product form, a listing's photos), streamed:
// text fields are kept up to a small size, each file is counted as it arrives and never
// kept past 15 MB (the rest is read and dropped, so the other fields still arrive and the
// form can say what was wrong while keeping them); files past the form's number are read
// and dropped the same way (a phone's picker lets a seller choose ten), and said. The request guard has already refused bodies
// much larger than that, by their declared length.
import { unstable_parseMultipartFormData as parseMultipartFormData, type UploadHandler } from "@remix-run/node";
import { MAX_IMAGE_BYTES } from "~/models/media/images";

const MAX_PARTS = 20;
const MAX_FIELD_BYTES = 32 * 1024;

export type UploadedForm = {
  fields: Map<string, string>;
  /** The chosen files' bytes, in the order sent; empty when none was chosen. */
  files: Buffer[];
  /** A file was larger than the limit (its bytes are not kept). */
  fileTooLarge: boolean;
  /** More files were sent than the form takes (those past the number are not kept). */
  tooManyFiles: boolean;
};

export class UnreadableForm extends Error {}

async function collect(data: AsyncIterable<Uint8Array>, limit: number) {
  const chunks: Uint8Array[] = [];
  let size = 0;
  let over = false;
  for await (const chunk of data) {
    size += chunk.byteLength;
    if (size > limit) over = true;
    if (!over) chunks.push(chunk);
  }
  return { bytes: over ? null : Buffer.concat(chunks), size };
}

/** Reads the form with up to `maxFiles` files kept from `fileField`; throws `UnreadableForm` for a body that is not a form we take. */
export async function readUploadForm(request: Request, fileField: string, maxFiles = 1): Promise<UploadedForm> {
  const form: UploadedForm = { fields: new Map(), files: [], fileTooLarge: false, tooManyFiles: false };
  let parts = 0;
  const handler: UploadHandler = async ({ name, filename, data }) => {
    if (++parts > MAX_PARTS) throw new UnreadableForm("too many parts");
    if (name === fileField && filename !== undefined) {
      const { bytes, size } = await collect(data, MAX_IMAGE_BYTES);
      if (!bytes) form.fileTooLarge = true;
      // No file chosen: the browser sends an empty part with an empty name.
      else if (size > 0 && form.files.length >= maxFiles) form.tooManyFiles = true;
      else if (size > 0) form.files.push(bytes);
      return undefined;
    }
    if (filename !== undefined) throw new UnreadableForm("an unexpected file");
    const { bytes } = await collect(data, MAX_FIELD_BYTES);
    if (!bytes) throw new UnreadableForm("a field too long");
    // Only the first value of a name counts; a repeated field adds nothing.
    if (!form.fields.has(name)) form.fields.set(name, bytes.toString("utf8"));
    return undefined;
  };
  try {
    await parseMultipartFormData(request, handler);
  } catch (error) {
    if (error instanceof UnreadableForm) throw error;
    throw new UnreadableForm(error instanceof Error ? error.message : "unreadable");
  }
  return form;
}
