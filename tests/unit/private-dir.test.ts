// DATA_DIR made private at start-up (app/db/private-dir.server.ts): group and other access
// taken off everything below it, and a file another instance renames or removes while the
// walk runs (a mail's `.part` becoming the mail, found by the escrow chaos run) is no reason
// for an instance not to start.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, expect, test, vi } from "vitest";
import { makePrivate } from "~/db/private-dir.server";

afterEach(() => vi.restoreAllMocks());

test("everything below is made private; a file that vanishes between the listing and its look is passed over", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "private-dir-"));
  fs.mkdirSync(path.join(dir, "mail"));
  const kept = path.join(dir, "mail", "a.json");
  const vanishing = path.join(dir, "mail", "b.json.part");
  for (const file of [kept, vanishing]) fs.writeFileSync(file, "{}", { mode: 0o644 });
  fs.chmodSync(path.join(dir, "mail"), 0o755);
  const lstat = fs.lstatSync;
  // The other instance renames the part file just as this walk reaches it.
  vi.spyOn(fs, "lstatSync").mockImplementation(((entry: fs.PathLike, options?: fs.StatSyncOptions) => {
    if (entry === vanishing && fs.existsSync(vanishing)) fs.renameSync(vanishing, vanishing.replace(/\.part$/, ""));
    return lstat(entry, options as never);
  }) as typeof fs.lstatSync);
  expect(() => makePrivate(dir)).not.toThrow();
  expect(fs.statSync(kept).mode & 0o777).toBe(0o600);
  expect(fs.statSync(path.join(dir, "mail")).mode & 0o777).toBe(0o700);
  fs.rmSync(dir, { recursive: true, force: true });
});
