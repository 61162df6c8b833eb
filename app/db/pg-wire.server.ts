// The few pieces of PostgreSQL's wire protocol (version 3) the embedded database's admin
// socket speaks itself, in front of PGlite: framing, error replies and the server side
// of SCRAM-SHA-256 (RFC 5802, RFC 7677), so a client must prove it knows the password
// before any byte reaches the database. Everything else is PGlite's own reply.
import { createHash, createHmac, pbkdf2Sync, randomBytes, timingSafeEqual } from "node:crypto";

export const PROTOCOL_3 = 196_608;
export const SSL_REQUEST = 80_877_103;
export const GSSENC_REQUEST = 80_877_104;
export const CANCEL_REQUEST = 80_877_102;
/** No admin message needs more (a whole contest's SQL is a few hundred KB). */
export const MAX_MESSAGE_BYTES = 64 * 1024 * 1024;
/** Before the password is proven: the startup and SASL messages are a few hundred bytes. */
export const MAX_GREETING_BYTES = 8 * 1024;

export type Frame = { type: string | null; bytes: Buffer; body: Buffer };

/**
 * Takes the complete messages off the front of `buffer`. Until the startup message a
 * frame has no type byte (`state.untyped`, which turns false as that message is taken);
 * after it, a type byte and a length.
 * Returns what is left, how many bytes the next message needs in all (so a caller can
 * wait for them without copying), or an error for a length no message may have here.
 */
export function takeFrames(buffer: Buffer, state: { untyped: boolean }, maxBytes: number): { frames: Frame[]; rest: Buffer; needed: number; error?: string } {
  const frames: Frame[] = [];
  let offset = 0;
  let needed = 0;
  for (;;) {
    const head = state.untyped ? 0 : 1;
    if (buffer.length - offset < head + 4) break;
    const length = buffer.readInt32BE(offset + head);
    if (length < 4 || length > maxBytes) return { frames, rest: Buffer.alloc(0), needed: 0, error: "invalid message length" };
    if (buffer.length - offset < head + length) {
      needed = head + length;
      break;
    }
    const bytes = buffer.subarray(offset, offset + head + length);
    const body = bytes.subarray(head + 4);
    frames.push({ type: head ? String.fromCharCode(bytes[0]!) : null, bytes, body });
    if (!head && body.length >= 4 && body.readInt32BE(0) === PROTOCOL_3) state.untyped = false;
    offset += head + length;
  }
  return { frames, rest: buffer.subarray(offset), needed };
}

function message(type: string, ...parts: Buffer[]) {
  const body = Buffer.concat(parts);
  const head = Buffer.alloc(5);
  head.write(type, 0, "latin1");
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
}

const int32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeInt32BE(n);
  return b;
};
const cstring = (s: string) => Buffer.from(`${s}\0`, "utf8");

/** An ErrorResponse; a FATAL one is followed by the server closing the connection. */
export function errorResponse(severity: "ERROR" | "FATAL", code: string, text: string) {
  const field = (name: string, value: string) => Buffer.concat([Buffer.from(name, "latin1"), cstring(value)]);
  return message("E", field("S", severity), field("V", severity), field("C", code), field("M", text), Buffer.from([0]));
}

/** A simple-protocol Query message (the socket's own ROLLBACK and RESET). */
export const queryMessage = (sql: string) => message("Q", cstring(sql));
export const SYNC_MESSAGE = message("S");

/**
 * The messages a client may send once it is in, by the protocol's own list (simple and
 * extended query, flush, sync, terminate). Everything else (a function call, COPY data
 * outside a COPY, a type that does not exist) never reaches the database.
 */
export const CLIENT_MESSAGES = new Set(["Q", "P", "B", "D", "E", "C", "H", "S", "X"]);

/** The SQL text of a Query ('Q') or Parse ('P') message. */
export function sqlOf(frame: Frame) {
  if (frame.type === "Q") return frame.body.toString("utf8").replace(/\0$/, "");
  if (frame.type === "P") {
    const nameEnd = frame.body.indexOf(0);
    const textEnd = frame.body.indexOf(0, nameEnd + 1);
    return nameEnd < 0 || textEnd < 0 ? "" : frame.body.subarray(nameEnd + 1, textEnd).toString("utf8");
  }
  return "";
}

/**
 * Whether SQL asks the server to read COPY data from the client (`COPY … FROM STDIN`,
 * psql's `\copy … from FILE`). The embedded database cannot take it: PGlite stops its
 * whole program on it. Comments and quoted text are left out before looking.
 */
export function copiesFromClient(text: string) {
  const bare = text
    .replace(/--[^\n]*/g, " ")
    .replace(/\/\*[\s\S]*?\*\//g, " ")
    .replace(/'(?:[^']|'')*'/g, "''")
    .replace(/\$([A-Za-z_]*)\$[\s\S]*?\$\1\$/g, "''");
  return /\bcopy\b[^;]*\bfrom\s+stdin\b/i.test(bare);
}

/**
 * Reads PGlite's reply as it streams (message by message, across chunks) and says
 * whether it held a FATAL error: after one, PGlite's session may be gone, so the client
 * is closed and the database checked.
 */
export function fatalWatcher() {
  let header = Buffer.alloc(0);
  let remaining = 0;
  let inError = false;
  let errorHead = Buffer.alloc(0);
  let fatal = false;
  return {
    get fatal() {
      return fatal;
    },
    read(chunk: Uint8Array) {
      let data = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
      while (data.length > 0) {
        if (remaining === 0) {
          const need = 5 - header.length;
          header = Buffer.concat([header, data.subarray(0, need)]);
          data = data.subarray(need);
          if (header.length < 5) return;
          inError = header[0] === 0x45; // 'E'
          remaining = header.readInt32BE(1) - 4;
          header = Buffer.alloc(0);
          errorHead = Buffer.alloc(0);
          continue;
        }
        const part = data.subarray(0, remaining);
        if (inError && errorHead.length < 32) errorHead = Buffer.concat([errorHead, part.subarray(0, 32 - errorHead.length)]);
        remaining -= part.length;
        data = data.subarray(part.length);
        if (remaining === 0 && inError && errorHead.toString("latin1").startsWith("SFATAL")) fatal = true;
      }
    },
  };
}

/** The startup message's parameters (user, database, …). */
export function startupParameters(body: Buffer): Record<string, string> {
  const words = body.subarray(4).toString("utf8").split("\0");
  const parameters: Record<string, string> = {};
  for (let i = 0; i + 1 < words.length && words[i]; i += 2) parameters[words[i]!] = words[i + 1]!;
  return parameters;
}

const hmac = (key: Buffer, text: string) => createHmac("sha256", key).update(text).digest();
const sha256 = (data: Buffer) => createHash("sha256").update(data).digest();
const ITERATIONS = 4096;

export type ScramKeys = { salt: Buffer; storedKey: Buffer; serverKey: Buffer };

/**
 * What the server keeps of a password for SCRAM: derived once per start (4,096 rounds of
 * PBKDF2), so a stranger opening connections costs us no hashing.
 */
export function scramKeys(password: string): ScramKeys {
  const salt = randomBytes(16);
  const salted = pbkdf2Sync(password.normalize("NFKC"), salt, ITERATIONS, 32, "sha256");
  return { salt, storedKey: sha256(hmac(salted, "Client Key")), serverKey: hmac(salted, "Server Key") };
}

/** The server's side of one SCRAM-SHA-256 exchange against one password's keys. */
export function scramServer({ salt, storedKey, serverKey }: ScramKeys) {
  let gs2Header = "";
  let clientFirstBare = "";
  let serverFirst = "";
  let nonce = "";

  return {
    /** AuthenticationSASL: the one mechanism offered (no channel binding: loopback, no TLS). */
    offer: () => message("R", int32(10), cstring("SCRAM-SHA-256"), Buffer.from([0])),

    /** SASLInitialResponse → AuthenticationSASLContinue, or null when it is not one we take. */
    first(body: Buffer): Buffer | null {
      const end = body.indexOf(0);
      if (end < 0 || body.subarray(0, end).toString() !== "SCRAM-SHA-256" || body.length < end + 5) return null;
      const text = body.subarray(end + 5).toString("utf8");
      const match = /^([ny],,)(n=[^,]*,r=([!-+\--~]+))$/.exec(text);
      if (!match) return null;
      gs2Header = match[1]!;
      clientFirstBare = match[2]!;
      nonce = match[3]! + randomBytes(18).toString("base64");
      serverFirst = `r=${nonce},s=${salt.toString("base64")},i=${ITERATIONS}`;
      return message("R", int32(11), Buffer.from(serverFirst));
    },

    /** SASLResponse → AuthenticationSASLFinal when the proof is right, else null. */
    final(body: Buffer): Buffer | null {
      const text = body.toString("utf8");
      const match = /^(c=([^,]*),r=([^,]+)),p=([A-Za-z0-9+/=]+)$/.exec(text);
      if (!match || !serverFirst || match[3] !== nonce || match[2] !== Buffer.from(gs2Header).toString("base64")) return null;
      const authMessage = `${clientFirstBare},${serverFirst},${match[1]}`;
      const proof = Buffer.from(match[4]!, "base64");
      const signature = hmac(storedKey, authMessage);
      if (proof.length !== signature.length) return null;
      const clientKey = Buffer.from(proof.map((byte, i) => byte ^ signature[i]!));
      if (!timingSafeEqual(sha256(clientKey), storedKey)) return null;
      const serverSignature = hmac(serverKey, authMessage).toString("base64");
      return message("R", int32(12), Buffer.from(`v=${serverSignature}`));
    },
  };
}
