// The one list of what each database proves (tests/integration/proven-where.json, read by
// scripts/test-integration.js): PostgreSQL runs every file; PGlite runs the subset. The
// list cannot name a file that is gone, leave out a file only PGlite can run, or miss a
// raw-SQL feature the app leans on.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { expect, test } from "vitest";
import proven from "../integration/proven-where.json";

const files = fs.readdirSync("tests/integration").filter((f) => f.endsWith(".test.ts"));
const subset = Object.keys(proven.pglite);

// PostgreSQL features whose behaviour on PGlite is its own (WASM build, one session,
// extensions): where the app or its migrations use one, a file of the subset must run it.
const WATCHED = ["tstzmultirange", "SKIP LOCKED", "pg_advisory_xact_lock", "pg_advisory_lock", "similarity", "tsvector", "pg_notify", "LISTEN", "NOTIFY", "WITH RECURSIVE", "MERGE INTO", "EXCLUDE USING", "jsonb_path", "pg_trgm", "xmin", "NOWAIT", "LOCK TABLE"];

const used = (word: string) => {
  try {
    execFileSync("grep", ["-rlw", "--include=*.ts", word, "app"], { encoding: "utf8" });
    return true;
  } catch {
    return false;
  }
};

test("every file the PGlite subset names exists, and each says why it is there", () => {
  for (const [file, why] of Object.entries(proven.pglite)) {
    expect(files, file).toContain(file);
    expect(why.length, file).toBeGreaterThan(10);
  }
});

test("the files that test only the embedded database are in the PGlite subset", () => {
  for (const file of files.filter((f) => f.startsWith("embedded-"))) expect(subset, file).toContain(file);
});

test("each raw-SQL feature the app uses is proven on PGlite by a file of the subset", () => {
  for (const word of WATCHED.filter(used)) {
    const file = (proven.features as Record<string, string>)[word];
    expect(file, `${word} is used in app/ but no file of the PGlite subset is named for it`).toBeDefined();
    expect(subset, word).toContain(file);
  }
});

test("the PGlite subset is a subset: PostgreSQL runs the rest", () => {
  expect(subset.length).toBeLessThan(files.length / 3);
});
