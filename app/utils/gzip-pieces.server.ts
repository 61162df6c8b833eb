// One gzip reply made of pieces compressed apart (docs/performance.md, "The start
// again"): a piece shared by thousands of replies (a paper's questions) is compressed
// once, and each reply compresses only what is its own. Each piece is raw deflate that
// ends on a full flush (byte-aligned, no history carried over), so pieces placed one
// after another are one valid deflate stream; a final empty block, the CRC-32 of all the
// bytes and their length close it as a single ordinary gzip member, which any client reads.
import { constants, crc32, deflateRawSync } from "node:zlib";

/** A piece of a reply: its bytes and their raw deflate, ending on a full flush. */
export type DeflatedPiece = { raw: Buffer; deflated: Buffer };

export function deflatePiece(text: string | Buffer, level = 6): DeflatedPiece {
  const raw = typeof text === "string" ? Buffer.from(text) : text;
  return { raw, deflated: deflateRawSync(raw, { level, finishFlush: constants.Z_FULL_FLUSH }) };
}

// A gzip header (deflate, no name, no time, unknown OS) and the final empty fixed block.
const HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff]);
const LAST_BLOCK = Buffer.from([0x03, 0x00]);

/** The gzip of the pieces' bytes, in order. */
export function gzipOfPieces(pieces: DeflatedPiece[]): Buffer {
  let crc = 0;
  let length = 0;
  for (const piece of pieces) {
    crc = crc32(piece.raw, crc);
    length += piece.raw.length;
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length >>> 0, 4);
  return Buffer.concat([HEADER, ...pieces.map((p) => p.deflated), LAST_BLOCK, trailer]);
}
