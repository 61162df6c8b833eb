// The paper sealed before the start, and the start as a key (docs/decisions/contests-a-shift-at-one-instant.md).
// A shift's students all start in the same second; if each start fetched the paper, that
// second would carry every paper at once. Instead the paper is encrypted once per contest
// (AES-256-GCM), one ciphertext for every student under an immutable address, downloaded
// during the waiting time; at the start a student asks for the key and their own order,
// answered from this instance's memory and a ticket signed when the waiting room was
// served: no database read in that request.
//
// The key is derived from the signing secret and the contest, so every instance gives
// the same one and none is stored. The nonce is derived from the key and the paper, so
// every instance seals the same paper to the same bytes (a changed paper gets another
// nonce, another digest and another address). Nobody can read a question before the
// start: the key leaves the server only in the key reply, which is refused before it.
import { createCipheriv, createHash, createHmac, hash, timingSafeEqual } from "node:crypto";
import { gzipSync } from "node:zlib";
import { hotQuery } from "~/db/client.server";
import { buildPaper, sharedPaper, type SharedPaper } from "~/models/contests/paper/paper.server";
import { seededShuffle, seedOf } from "~/models/contests/paper/shuffle";
import { NONCE_BYTES, sealFetchTime, sealedUrl, type KeyReply, type SealedContent, type SealInfo } from "~/models/contests/paper/sealed-paper";
import { env, sessionSecrets } from "~/utils/env.server";
import { createKeptPromises } from "~/utils/kept-promises";

export type Seal = {
  contestId: string;
  startsAt: number;
  digest: string;
  /** The nonce, the ciphertext and its tag: what the sealed address serves. */
  bytes: Buffer;
  keyBase64: string;
  url: string;
  paper: SharedPaper;
  /** For the orders (orderOf): each section's questions as indexes into the paper, and each question's option numbers. */
  sectionIndexes: number[][];
  optionNumbers: number[][];
};

const hmac = (secret: string | Buffer, text: string) => createHmac("sha256", secret).update(text).digest();

/** The contest's key: the same on every instance, never stored. */
const keyOf = (contestId: string) => hmac(sessionSecrets()[0]!, `sealed-paper:${contestId}`);

/** Seals what every student shares of the paper: gzipped JSON, encrypted, prefixed by its nonce. */
export function sealPaper(contestId: string, startsAt: number, paper: SharedPaper): Seal {
  const content: SealedContent = { sections: paper.sections, questions: paper.questions, hindi: paper.hindi };
  const plain = gzipSync(JSON.stringify(content));
  const key = keyOf(contestId);
  const nonce = hmac(key, plain.toString("base64")).subarray(0, NONCE_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, nonce);
  const bytes = Buffer.concat([nonce, cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
  const digest = createHash("sha256").update(bytes).digest("hex").slice(0, 32);
  const sectionIndexes = paper.sections.map((_, section) => paper.questions.flatMap((q, i) => (q.section === section ? [i] : [])));
  const optionNumbers = paper.questions.map((q) => q.options.map((o) => o.n));
  return { contestId, startsAt, digest, bytes, keyBase64: key.toString("base64"), url: sealedUrl(contestId, digest), paper, sectionIndexes, optionNumbers };
}

/**
 * This entry's order as the key reply gives it: paperFor's shuffle (./paper.server.ts), done
 * on indexes instead of questions (the same seeds and lengths give the same order), since
 * a shift's whole crowd asks for it in the same seconds. Null for a paper in its own order.
 */
export function orderOf(seal: Seal, entryId: string): number[][] | null {
  if (!seal.paper.shuffle) return null;
  const order: number[][] = [];
  // The seeds of `${entryId}:…`, continued from the entry's part once rather than hashed whole for each question.
  const entry = seedOf(`${entryId}:`);
  seal.sectionIndexes.forEach((indexes, section) => {
    for (const index of seededShuffle(indexes, seedOf(String(section), entry))) {
      const question = seal.paper.questions[index]!;
      order.push(question.kind === "numerical" ? [index] : [index, ...seededShuffle(seal.optionNumbers[index]!, seedOf(question.id, entry))]);
    }
  });
  return order;
}

// Before the start a seal is checked against the database once a minute (a paper or a
// start time fixed late shows within that); from the start, the paper kept for the test is used.
const SEAL_RECHECK_MS = 60_000;
const SEAL_MEMORY_MS = 5 * 60_000;
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

// ------------------------------------------------------------------ the ticket
// Signed when the waiting room is served (which reads the session and the entry), it names
// the contest, the entry, the browser session (by a keyed hash) and when it expires, so
// the key request needs no database: a ticket works only for its own contest and session.
const TICKET = /^([0-9a-f-]{36})\.([0-9a-f-]{36})\.([A-Za-z0-9_-]{22})\.(\d{13})\.([A-Za-z0-9_-]{43})$/;
export const TICKET_MAX_LENGTH = 200;

// The session's tag needs no secret (the session key is one already, and is never shown): a hash, cheaper than a second HMAC.
const sessionTag = (sessionKey: string) => hash("sha256", `ticket-session:${sessionKey}`, "base64url").slice(0, 22);
const signature = (secret: string, payload: string) => hmac(secret, `ticket:${payload}`).toString("base64url");

export function signTicket(input: { contestId: string; entryId: string; sessionKey: string; expiresAt: number }) {
  const secret = sessionSecrets()[0]!;
  const payload = `${input.contestId}.${input.entryId}.${sessionTag(input.sessionKey)}.${input.expiresAt}`;
  return `${payload}.${signature(secret, payload)}`;
}

type Ticket = { contestId: string; entryId: string; sessionOk: boolean; expiresAt: number };

/** The ticket's fields if one of our secrets signed it (a rotated-out secret's tickets still read), else null. */
export function readTicket(ticket: string, sessionKey: string): Ticket | null {
  const match = TICKET.exec(ticket);
  if (!match) return null;
  const [, contestId, entryId, tag, expires, sig] = match;
  const payload = `${contestId}.${entryId}.${tag}.${expires}`;
  const given = Buffer.from(sig!);
  const secret = sessionSecrets().find((s) => {
    const expected = Buffer.from(signature(s, payload));
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
  if (!secret) return null;
  return { contestId: contestId!, entryId: entryId!, sessionOk: sessionTag(sessionKey) === tag, expiresAt: Number(expires) };
}

// ------------------------------------------------------------------ the waiting room and the start
const leadMs = () => env().PAPER_SEAL_MINUTES * 60_000;

/** The waiting room's part: the ticket, and when and (once sealed) where to download the paper. */
export async function sealInfo(input: { contestId: string; entryId: string; sessionKey: string; startsAt: Date; expiresAt: Date; now: Date }): Promise<SealInfo> {
  const startsAt = input.startsAt.getTime();
  const now = input.now.getTime();
  const fetchAt = sealFetchTime({ entryId: input.entryId, startsAt, leadMs: leadMs(), now });
  const sealed = now >= startsAt - leadMs() ? await sealFor(input.contestId, now) : null;
  return {
    ticket: signTicket({ contestId: input.contestId, entryId: input.entryId, sessionKey: input.sessionKey, expiresAt: input.expiresAt.getTime() }),
    fetchAt: new Date(fetchAt).toISOString(),
    url: sealed ? sealed.url : null,
  };
}

export type KeyRefusal = "ticket" | "contest" | "session" | "over" | "early" | "missing";
export type KeyOutcome = { ok: true; reply: KeyReply } | { ok: false; why: KeyRefusal; startsAt?: string };

/**
 * The key and this entry's order, from the ticket and this instance's memory. Refused
 * before the start, for a ticket not ours or for another contest or session, after the
 * entry's deadline, and for a contest that does not exist.
 */
export async function unseal(input: { sessionKey: string; contestId: string; ticket: string; now: Date }): Promise<KeyOutcome> {
  const ticket = readTicket(input.ticket, input.sessionKey);
  if (!ticket) return { ok: false, why: "ticket" };
  if (ticket.contestId !== input.contestId) return { ok: false, why: "contest" };
  if (!ticket.sessionOk) return { ok: false, why: "session" };
  const now = input.now.getTime();
  if (now > ticket.expiresAt) return { ok: false, why: "over" };
  const seal = await sealFor(input.contestId, now);
  if (!seal) return { ok: false, why: "missing" };
  if (now < seal.startsAt) return { ok: false, why: "early", startsAt: new Date(seal.startsAt).toISOString() };
  return {
    ok: true,
    reply: { key: seal.keyBase64, digest: seal.digest, url: seal.url, order: orderOf(seal, ticket.entryId), serverNow: input.now.toISOString() },
  };
}
