// The product form's streamed reader (app/models/media/upload.server.ts) keeps a file only
// up to the limit itself, before the image pipeline's own check of the size.
import { describe, expect, test } from "vitest";
import { MAX_IMAGE_BYTES } from "~/models/media/images";
import { readUploadForm, UnreadableForm } from "~/models/media/upload.server";

function post(fields: Record<string, string>, file: { size: number; name?: string } | null, after: Record<string, string> = {}) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file) form.append("image", new File([new Uint8Array(file.size).fill(7)], file.name ?? "photo.jpg", { type: "image/jpeg" }));
  for (const [k, v] of Object.entries(after)) form.append(k, v);
  return new Request("http://localhost/store/new", { method: "POST", body: form });
}

describe("the upload reader's own size cap", () => {
  test("a file of exactly the limit is kept, byte for byte", async () => {
    const form = await readUploadForm(post({ title: "Physics" }, { size: MAX_IMAGE_BYTES }), "image");
    expect(form.fileTooLarge).toBe(false);
    expect(form.file?.length).toBe(MAX_IMAGE_BYTES);
  });

  test("one byte over: nothing of the file is kept, and the fields after it still arrive", async () => {
    const form = await readUploadForm(post({ title: "Physics" }, { size: MAX_IMAGE_BYTES + 1 }, { price: "450" }), "image");
    expect(form.fileTooLarge).toBe(true);
    expect(form.file).toBeNull();
    expect(Object.fromEntries(form.fields)).toEqual({ title: "Physics", price: "450" });
  });

  test("a second file, or a text field past 32 KB, is not a form we take", async () => {
    const two = new FormData();
    two.append("image", new File([new Uint8Array(10)], "a.jpg", { type: "image/jpeg" }));
    two.append("image", new File([new Uint8Array(10)], "b.jpg", { type: "image/jpeg" }));
    await expect(readUploadForm(new Request("http://localhost/x", { method: "POST", body: two }), "image")).rejects.toBeInstanceOf(UnreadableForm);
    await expect(readUploadForm(post({ title: "x".repeat(33 * 1024) }, null), "image")).rejects.toBeInstanceOf(UnreadableForm);
  });
});
