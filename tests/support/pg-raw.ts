// A raw PostgreSQL wire-protocol client for the admin socket's tests: it proves the
// password with SCRAM-SHA-256 (RFC 5802) as psql does, then sends whatever bytes a test
// wants, malformed ones included, and collects everything the server answers.
import { createHash, createHmac, pbkdf2Sync, randomBytes } from "node:crypto";
import net from "node:net";

export function message(type: string, body: Buffer | string = Buffer.alloc(0)) {
  const bytes = typeof body === "string" ? Buffer.from(body) : body;
  const head = Buffer.alloc(5);
  head.write(type, 0, "latin1");
  head.writeInt32BE(bytes.length + 4, 1);
  return Buffer.concat([head, bytes]);
}

export const query = (sql: string) => message("Q", `${sql}\0`);

export function startupMessage() {
  const params = Buffer.from("user\0postgres\0database\0postgres\0\0");
  const head = Buffer.alloc(8);
  head.writeInt32BE(8 + params.length, 0);
  head.writeInt32BE(196_608, 4);
  return Buffer.concat([head, params]);
}

const hmac = (key: Buffer, text: string) => createHmac("sha256", key).update(text).digest();

export type RawClient = {
  socket: net.Socket;
  /** Everything received so far, as latin1 text (messages' words are readable in it). */
  received: () => string;
  /** Waits until `text` has arrived or the connection closed (however long: the test's timeout is the bound); true when it arrived. */
  until: (text: string) => Promise<boolean>;
  closed: Promise<void>;
  send: (bytes: Buffer) => void;
};

/**
 * Opens a connection to the socket at `url`; with `authenticate`, proves the password
 * first and waits for ReadyForQuery. `tamper` sends a final message a replaying or
 * guessing client would: another nonce than the server's, or a wrong proof.
 */
export async function rawClient(url: string, { authenticate = true, tamper }: { authenticate?: boolean; tamper?: "nonce" | "proof" } = {}): Promise<RawClient> {
  const { port, password } = new URL(url);
  const socket = net.connect(Number(port), "127.0.0.1");
  let got = Buffer.alloc(0);
  let isClosed = false;
  const closed = new Promise<void>((resolve) => socket.on("close", () => ((isClosed = true), resolve())));
  socket.on("error", () => {});
  socket.on("data", (d) => (got = Buffer.concat([got, d])));
  await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
  const received = () => got.toString("latin1");
  const until = async (text: string) => {
    while (!isClosed && !received().includes(text)) await new Promise((r) => setTimeout(r, 5));
    return received().includes(text);
  };
  const client = { socket, received, until, closed, send: (bytes: Buffer) => socket.write(bytes) };
  if (!authenticate) return client;

  socket.write(startupMessage());
  if (!(await until("SCRAM-SHA-256"))) throw new Error(`no SASL offer: ${received()}`);
  const clientNonce = randomBytes(18).toString("base64");
  const clientFirstBare = `n=,r=${clientNonce}`;
  const initial = Buffer.from(`n,,${clientFirstBare}`);
  const length = Buffer.alloc(4);
  length.writeInt32BE(initial.length);
  got = Buffer.alloc(0);
  socket.write(message("p", Buffer.concat([Buffer.from("SCRAM-SHA-256\0"), length, initial])));
  if (!(await until(",i="))) throw new Error(`no SASL continue: ${received()}`);
  const serverFirst = /r=[^,]+,s=[^,]+,i=\d+/.exec(received())![0];
  const nonce = /r=([^,]+)/.exec(serverFirst)![1]!;
  const salt = Buffer.from(/s=([^,]+)/.exec(serverFirst)![1]!, "base64");
  const iterations = Number(/i=(\d+)/.exec(serverFirst)![1]);
  const salted = pbkdf2Sync(decodeURIComponent(password), salt, iterations, 32, "sha256");
  const clientKey = hmac(salted, "Client Key");
  const storedKey = createHash("sha256").update(clientKey).digest();
  const withoutProof = `c=biws,r=${tamper === "nonce" ? `${clientNonce}other` : nonce}`;
  const signature = hmac(storedKey, `${clientFirstBare},${serverFirst},${withoutProof}`);
  const proof = Buffer.from(clientKey.map((byte, i) => byte ^ signature[i]! ^ (tamper === "proof" && i === 0 ? 1 : 0))).toString("base64");
  got = Buffer.alloc(0);
  socket.write(message("p", `${withoutProof},p=${proof}`));
  // ReadyForQuery, idle: 'Z', length 5, 'I'.
  if (!(await until("Z\0\0\0\u0005I"))) throw new Error(`not admitted: ${received()}`);
  got = Buffer.alloc(0);
  return client;
}
