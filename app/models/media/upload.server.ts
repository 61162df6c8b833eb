// Reading a form that carries one image (the product form), streamed: text fields are
// kept up to a small size, the file is counted as it arrives and never kept past 15 MB
// (the rest is read and dropped, so the other fields still arrive and the form can say
// what was wrong while keeping them). The request guard has already refused bodies
// much larger than that, by their declared length.
import { unstable_parseMultipartFormData as parseMultipartFormData, type UploadHandler } from "@remix-run/node";
import { MAX_IMAGE_BYTES } from "~/models/media/images";

const MAX_PARTS = 20;
const MAX_FIELD_BYTES = 32 * 1024;

export type UploadedForm = {
  fields: Map<string, string>;
  /** The chosen file's bytes; null when none was chosen. */
  file: Buffer | null;
  /** The file was larger than the limit (its bytes are not kept). */
  fileTooLarge: boolean;
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

/** Reads the form; throws `UnreadableForm` for a body that is not a form we take. */
export async function readUploadForm(request: Request, fileField: string): Promise<UploadedForm> {
  const form: UploadedForm = { fields: new Map(), file: null, fileTooLarge: false };
  let parts = 0;
  const handler: UploadHandler = async ({ name, filename, data }) => {
    if (++parts > MAX_PARTS) throw new UnreadableForm("too many parts");
    if (name === fileField && filename !== undefined) {
      if (form.file || form.fileTooLarge) throw new UnreadableForm("more than one file");
      const { bytes, size } = await collect(data, MAX_IMAGE_BYTES);
      if (!bytes) form.fileTooLarge = true;
      // No file chosen: the browser sends an empty part with an empty name.
      else if (size > 0) form.file = bytes;
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
