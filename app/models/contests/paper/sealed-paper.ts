// The sealed paper as the test page holds it (docs/decisions/contests-shift-sealed-paper.md):
// before the start the page downloads the contest's one ciphertext (AES-GCM, the same bytes
// for every student, so nginx or a CDN can keep it); at the start it asks for the key, the
// same few bytes for every student (so nginx keeps that too), with its own signed link, and
// opens the paper here, in the entry's own order (paperFor, ./paper.ts). The waiting room's
// hook is useSealedStart in app/components/contests/test-island/test-island.tsx. Whatever goes wrong
// on the way (no WebCrypto, a failed download, a refused key) falls back to asking for the
// open paper, as a student arriving after the start does; only a paper that does not open
// with its key (changed on the way) stops, asking for a reload. The server's half is
// ./sealed-paper.server.ts; the same functions open the paper in its tests.
import { paperFor, type OpenPaper, type SharedPaper, type WaitingPaper } from "~/models/contests/paper/paper";
import { retryAfterMs } from "~/utils/post-json";

/** The contest's key, the same for every student. `digest` names the paper it opens; a page holding another one downloads `url`. */
export type KeyReply = { key: string; digest: string; url: string };

/** What the ciphertext holds: the paper in its own order, as every student shares it, and whether each entry's is shuffled. */
export type SealedContent = SharedPaper;

/** A key link refused: forged, another contest's or another sign-in's (nginx answers the same words: deploy/nginx.conf). */
export const KEY_LINK_REFUSED = "This link is not valid for this sign-in. Please reload the page.";

/** Where an entry asks for the key; its link adds the expiry and the signature (sealed-paper.server.ts). */
export const keyPath = (contestId: string, entryId: string) => `/api/contest/${contestId}/key/${entryId}`;

/** The sealed paper's address: immutable, since its last part is the digest of its bytes. */
export const sealedUrl = (contestId: string, digest: string) => `/api/contest/${contestId}/sealed/${digest}`;
export const SEALED_DIGEST = /^[0-9a-f]{32}$/;
export const digestOfUrl = (url: string) => url.slice(url.lastIndexOf("/") + 1);

/** Bytes before the ciphertext: AES-GCM's 96-bit nonce. The ciphertext ends with its 128-bit tag. */
export const NONCE_BYTES = 12;

/** Downloads end this long before the start, so a slow one is done in time. */
export const SEAL_MARGIN_MS = 2 * 60_000;

/**
 * When this entry downloads the paper: at a point of the waiting time fixed by its id, so
 * a crowd spreads evenly; at once for a student who arrives after that point.
 */
export function sealFetchTime(input: { entryId: string; startsAt: number; leadMs: number; now: number }) {
  const from = input.startsAt - input.leadMs;
  const window = Math.max(0, input.leadMs - SEAL_MARGIN_MS);
  let hash = 0x811c9dc5;
  for (let i = 0; i < input.entryId.length; i++) hash = Math.imul(hash ^ input.entryId.charCodeAt(i), 0x01000193);
  return Math.max(input.now, from + Math.floor(((hash >>> 0) / 2 ** 32) * window));
}

/** Whether this browser can open a sealed paper (WebCrypto needs a secure page; old browsers lack gunzip). */
export function canUnseal() {
  return typeof crypto !== "undefined" && crypto.subtle !== undefined && typeof DecompressionStream !== "undefined";
}

/** Opens the ciphertext with the key; throws if either was changed on the way (the tag does not match). */
export async function openSealed(bytes: ArrayBuffer, keyBase64: string): Promise<SealedContent> {
  const raw = Uint8Array.from(atob(keyBase64), (c) => c.charCodeAt(0));
  const key = await crypto.subtle.importKey("raw", raw, "AES-GCM", false, ["decrypt"]);
  const zipped = await crypto.subtle.decrypt({ name: "AES-GCM", iv: bytes.slice(0, NONCE_BYTES) }, key, bytes.slice(NONCE_BYTES));
  const text = await new Response(new Blob([zipped]).stream().pipeThrough(new DecompressionStream("gzip"))).text();
  return JSON.parse(text) as SealedContent;
}

// ------------------------------------------------------------------ the waiting room

/** A downloaded sealed paper: its digest (from its address) and its bytes. */
export type Held = { digest: string; bytes: ArrayBuffer };
const TRIES = 6;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Downloads the sealed paper, waiting out a busy server a few times; null if it could not. */
export async function downloadSealed(url: string): Promise<Held | null> {
  for (let n = 0; n < TRIES; n++) {
    try {
      const res = await fetch(url);
      if (res.ok) return { digest: digestOfUrl(url), bytes: await res.arrayBuffer() };
      if (res.status !== 503 && res.status !== 429) return null;
      await pause(retryAfterMs(res));
    } catch {
      await pause(2000 * (n + 1));
    }
  }
  return null;
}

/**
 * At the start: the open paper from the key and what is held; "fallback" to ask for it
 * instead, "failed" if the paper does not open. `serverNow` is the server's time as the
 * waiting room's clock has it (the key reply is the same for everyone, so carries none).
 */
export async function openAtStart(paper: WaitingPaper, held: Held, serverNow: () => Date): Promise<OpenPaper | "fallback" | "failed"> {
  const seal = paper.seal!;
  for (let n = 0; n < TRIES; n++) {
    const res = await fetch(seal.keyLink, { credentials: "same-origin" }).catch(() => null);
    if (!res) return "fallback";
    if (res.status === 429 || res.status === 503) {
      await pause(retryAfterMs(res));
      continue;
    }
    const body = (await res.json().catch(() => ({}))) as Partial<KeyReply> & { startsAt?: string };
    // This clock ran a little ahead of the server's: the start is a moment away.
    if (res.status === 403 && body.startsAt) {
      await pause(1000);
      continue;
    }
    if (!res.ok || !body.key || !body.url) return "fallback";
    const bytes = body.digest === held.digest ? held.bytes : (await downloadSealed(body.url))?.bytes;
    if (!bytes) return "fallback";
    try {
      const content = await openSealed(bytes, body.key);
      const { seal: _seal, ...base } = paper;
      return { ...base, state: "open", serverNow: serverNow().toISOString(), sections: content.sections, questions: paperFor(content, paper.entryId), answers: {}, hindi: content.hindi };
    } catch {
      return "failed";
    }
  }
  return "fallback";
}
