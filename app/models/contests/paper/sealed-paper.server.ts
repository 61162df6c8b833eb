// The paper sealed before the start, and the start as a key (docs/decisions/contests-shift-sealed-paper.md, docs/decisions/contests-shift-start-is-a-key.md).
// A shift's students all start in the same second; if each start fetched the paper, that
// second would carry every paper at once. Instead the paper is encrypted once per contest
// (AES-256-GCM), one ciphertext for every student under an immutable address, downloaded
// during the waiting time; at the start a student asks for the key with a link signed
// when the waiting room was served. The key is the same for the whole contest (each
// student's order is computed in the browser from the paper and the entry's id), so in
// front of the instances nginx checks the link itself and keeps the one reply
// (deploy/nginx.conf); an instance answers it from memory: no database read.
//
// The key is derived from the signing secret and the contest, so every instance gives
// the same one and none is stored. The nonce is derived from the key and the paper, so
// every instance seals the same paper to the same bytes (a changed paper gets another
// nonce, another digest and another address). Nobody can read a question before the
// start: the key leaves the server only in the key reply, which is refused before it.
import { createCipheriv, createHash, createHmac, timingSafeEqual } from "node:crypto";
import { gzipSync } from "node:zlib";
import { hotQuery } from "~/db/client.server";
import { SESSION_COOKIE } from "~/models/accounts/auth.server";
import { buildPaper, sharedPaper } from "~/models/contests/paper/paper.server";
import type { SharedPaper } from "~/models/contests/paper/paper";
import { keyPath, NONCE_BYTES, sealFetchTime, sealedUrl, type KeyReply, type SealedContent } from "~/models/contests/paper/sealed-paper";
import type { SealInfo } from "~/models/contests/paper/paper";
import { env, sessionSecrets } from "~/utils/env.server";
import { createKeptPromises } from "~/utils/kept-promises";
import { cookieValue } from "~/utils/i18n";
import { isUuid } from "~/utils/urls";

export type Seal = {
  contestId: string;
  startsAt: number;
  digest: string;
  /** The nonce, the ciphertext and its tag: what the sealed address serves. */
  bytes: Buffer;
  keyBase64: string;
  url: string;
  paper: SharedPaper;
};

const hmac = (secret: string | Buffer, text: string) => createHmac("sha256", secret).update(text).digest();

/** The contest's key: the same on every instance, never stored. */
const keyOf = (contestId: string) => hmac(sessionSecrets()[0]!, `sealed-paper:${contestId}`);

/** Seals what every student shares of the paper: gzipped JSON, encrypted, prefixed by its nonce. */
export function sealPaper(contestId: string, startsAt: number, paper: SharedPaper): Seal {
  const content: SealedContent = { sections: paper.sections, questions: paper.questions, shuffle: paper.shuffle, hindi: paper.hindi };
  const plain = gzipSync(JSON.stringify(content));
  const key = keyOf(contestId);
  const nonce = hmac(key, plain.toString("base64")).subarray(0, NONCE_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, nonce);
  const bytes = Buffer.concat([nonce, cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
  const digest = createHash("sha256").update(bytes).digest("hex").slice(0, 32);
  return { contestId, startsAt, digest, bytes, keyBase64: key.toString("base64"), url: sealedUrl(contestId, digest), paper };
}

// Before the start a seal is checked against the database once a minute (a paper or a
// start time fixed late shows within that); from the start, the paper kept for the test is used.
const SEAL_RECHECK_MS = 60_000;
export const SEAL_MEMORY_MS = 5 * 60_000;
const seals = createKeptPromises<Seal | null>({ max: 200 });

async function buildSeal(contestId: string, now: number): Promise<Seal | null> {
  const [contest] = await hotQuery<{ start_time: Date }>(`SELECT start_time FROM contests WHERE id = $1::uuid`, [contestId]);
  if (!contest) return null;
  const startsAt = new Date(contest.start_time).getTime();
  const paper = now >= startsAt ? await sharedPaper(contestId, now) : await buildPaper(contestId);
  return sealPaper(contestId, startsAt, paper);
}

/** The contest's seal, kept in memory and shared by concurrent first readers; null for no such contest. */
export function sealFor(contestId: string, now: number): Promise<Seal | null> {
  const keepMade = (made: Seal | null) => (made && now >= made.startsAt ? SEAL_MEMORY_MS : SEAL_RECHECK_MS);
  return seals.get(contestId, now, SEAL_RECHECK_MS, () => buildSeal(contestId, now), keepMade);
}

/** Forgets the kept seals (tests that change a paper after sealing it). */
export function forgetSeals() {
  seals.clear();
}

// ------------------------------------------------------------------ the key link
// Signed when the waiting room is served (which reads the session and the entry), it names
// the contest, the entry and when it expires, and is signed over the session cookie as the
// browser sends it: it works only for its own contest, entry and sign-in, and asking with
// it needs no database. The signature is nginx's secure_link_md5 (deploy/nginx.conf), so
// the proxy can check it without the app: MD5 of the expiry, the path, the cookie and the
// secret, in base64url. (MD5 with a secret suffix is what nginx offers; what a forged link
// could win is only the key of a contest that has started: docs/decisions/contests-shift-start-is-a-key.md.)
const EXPIRES = /^\d{10,11}$/;
const SIGNATURE = /^[A-Za-z0-9_-]{22}$/;

/** The secret nginx and every instance share: KEY_LINK_SECRET, or one derived from the session secret (one instance, no proxy). */
export function keyLinkSecret() {
  const given = env().KEY_LINK_SECRET;
  if (given !== undefined) return given;
  // Derived once per session secret: every key request at a start signs with it.
  const from = sessionSecrets()[0]!;
  if (derived?.from !== from) derived = { from, secret: hmac(from, "key-link").toString("base64url") };
  return derived.secret;
}
let derived: { from: string; secret: string } | null = null;

/** The session cookie as the header carries it, unparsed (nginx's $cookie___session: the first of that name), or "". */
export const sessionCookieOf = (header: string | null) => cookieValue(header, SESSION_COOKIE) ?? "";

const linkSignature = (expires: string, path: string, cookie: string) => createHash("md5").update(`${expires}${path}${cookie} ${keyLinkSecret()}`).digest("base64url");

export function signKeyLink(input: { contestId: string; entryId: string; cookie: string | null; expiresAt: number }) {
  const expires = String(Math.ceil(input.expiresAt / 1000));
  const path = keyPath(input.contestId, input.entryId);
  return `${path}/${expires}/${linkSignature(expires, path, sessionCookieOf(input.cookie))}`;
}

/** Whether our secret signed this link for this cookie (a forged one, another contest's, another sign-in's: no). */
export function keyLinkValid(input: { contestId: string; entryId: string; expires: string; signature: string; cookie: string | null }) {
  if (!isUuid(input.entryId) || !EXPIRES.test(input.expires) || !SIGNATURE.test(input.signature)) return false;
  const expected = Buffer.from(linkSignature(input.expires, keyPath(input.contestId, input.entryId), sessionCookieOf(input.cookie)));
  const given = Buffer.from(input.signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

// ------------------------------------------------------------------ the waiting room and the start
const leadMs = () => env().PAPER_SEAL_MINUTES * 60_000;

/** The waiting room's part: the key link, and when and (once sealed) where to download the paper. */
export async function sealInfo(input: { contestId: string; entryId: string; cookie: string | null; startsAt: Date; expiresAt: Date; now: Date }): Promise<SealInfo> {
  const startsAt = input.startsAt.getTime();
  const now = input.now.getTime();
  const fetchAt = sealFetchTime({ entryId: input.entryId, startsAt, leadMs: leadMs(), now });
  const sealed = now >= startsAt - leadMs() ? await sealFor(input.contestId, now) : null;
  return {
    keyLink: signKeyLink({ contestId: input.contestId, entryId: input.entryId, cookie: input.cookie, expiresAt: input.expiresAt.getTime() }),
    fetchAt: new Date(fetchAt).toISOString(),
    url: sealed ? sealed.url : null,
  };
}

export type KeyRefusal = "link" | "over" | "early" | "missing";
export type KeyOutcome = { ok: true; reply: KeyReply } | { ok: false; why: KeyRefusal; startsAt?: string };

/**
 * The contest's key, from a checked link and this instance's memory. Refused for a link
 * not ours (forged, another contest's or another sign-in's), after the entry's deadline,
 * before the start, and for a contest that does not exist.
 */
export async function unseal(input: { contestId: string; entryId: string; expires: string; signature: string; cookie: string | null; now: Date }): Promise<KeyOutcome> {
  if (!keyLinkValid(input)) return { ok: false, why: "link" };
  const now = input.now.getTime();
  if (now > Number(input.expires) * 1000) return { ok: false, why: "over" };
  const seal = await sealFor(input.contestId, now);
  if (!seal) return { ok: false, why: "missing" };
  if (now < seal.startsAt) return { ok: false, why: "early", startsAt: new Date(seal.startsAt).toISOString() };
  return { ok: true, reply: { key: seal.keyBase64, digest: seal.digest, url: seal.url } };
}
