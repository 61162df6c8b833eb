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
    expect(form.files.map((f) => f.length)).toEqual([MAX_IMAGE_BYTES]);
  });

  test("one byte over: nothing of the file is kept, and the fields after it still arrive", async () => {
    const form = await readUploadForm(post({ title: "Physics" }, { size: MAX_IMAGE_BYTES + 1 }, { price: "450" }), "image");
    expect(form.fileTooLarge).toBe(true);
    expect(form.files).toEqual([]);
    expect(Object.fromEntries(form.fields)).toEqual({ title: "Physics", price: "450" });
  });

  test("files up to the form's number are kept in order; one more is read, dropped and said", async () => {
    const three = new FormData();
    for (const [name, byte] of [["a.jpg", 1], ["b.jpg", 2], ["c.jpg", 3]] as const) three.append("image", new File([new Uint8Array(10).fill(byte)], name, { type: "image/jpeg" }));
    three.append("title", "after the files");
    const kept = await readUploadForm(new Request("http://localhost/x", { method: "POST", body: three }), "image", 3);
    expect(kept.files.map((f) => f[0])).toEqual([1, 2, 3]);
    expect(kept.tooManyFiles).toBe(false);
    const over = await readUploadForm(new Request("http://localhost/x", { method: "POST", body: three }), "image", 2);
    expect(over.files.map((f) => f[0])).toEqual([1, 2]);
    expect(over.tooManyFiles).toBe(true);
    expect(over.fields.get("title")).toBe("after the files");
  });

  test("a file in another field, or a text field past 32 KB, is not a form we take", async () => {
    const other = new FormData();
    other.append("cover", new File([new Uint8Array(10)], "a.jpg", { type: "image/jpeg" }));
    await expect(readUploadForm(new Request("http://localhost/x", { method: "POST", body: other }), "image")).rejects.toBeInstanceOf(UnreadableForm);
    await expect(readUploadForm(post({ title: "x".repeat(33 * 1024) }, null), "image")).rejects.toBeInstanceOf(UnreadableForm);
  });
});
