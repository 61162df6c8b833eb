// Pieces compressed apart make one gzip that any reader takes: what gunzip gives back is
// the pieces' bytes in order, for empty, tiny, large and non-ASCII pieces, and for a
// piece shared by several replies.
import { gunzipSync } from "node:zlib";
import { expect, test } from "vitest";
import { deflatePiece, gzipOfPieces } from "~/utils/gzip-pieces.server";

test("pieces compressed apart gunzip to their bytes in order", () => {
  const shared = deflatePiece(JSON.stringify({ questions: Array.from({ length: 200 }, (_, i) => ({ id: i, text: `प्रश्न ${i}: x² + ${i} = ?` })) }));
  for (const own of ["", "{", '{"entry":"a","answers":{}},', "x".repeat(70_000)]) {
    const pieces = [deflatePiece(own, 1), shared, deflatePiece("]}", 1)];
    const gz = gzipOfPieces(pieces);
    expect(gunzipSync(gz).equals(Buffer.concat(pieces.map((p) => p.raw)))).toBe(true);
  }
  // Nothing at all is still a valid (empty) gzip.
  expect(gunzipSync(gzipOfPieces([])).length).toBe(0);
});

test("a shared piece compresses the reply about as well as compressing it whole", () => {
  const text = JSON.stringify(Array.from({ length: 75 }, (_, i) => ({ id: `q${i}`, text: `Question ${i}: a particle of mass ${i} kg moves at ${i * 3} m/s.` })));
  const spliced = gzipOfPieces([deflatePiece('{"answers":{},"questions":', 1), deflatePiece(text), deflatePiece("}", 1)]);
  const whole = gzipOfPieces([deflatePiece(`{"answers":{},"questions":${text}}`)]);
  expect(spliced.length).toBeLessThan(whole.length + 40);
});
