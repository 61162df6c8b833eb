// A parent shown to be an adult by a route the DPDP Rules name (issue 67, point 2; docs/decisions/privacy-parent-verified.md):
// a sign-in through DigiLocker (OAuth 2.0 authorisation code with PKCE), or a StudyArena account DigiLocker verified
// before. One client interface, two implementations, as the payment gateway has (models/payments/gateway.server.ts):
// DigiLocker itself when DIGILOCKER_CLIENT_ID and _SECRET are set, else a built-in stand-in whose page the app serves
// (routes/digilocker.stand-in.tsx). We keep "18 or older", the SHA-256 of the issuer and subject id, and the time:
// never the date of birth, a name or an Aadhaar number.
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { consent_verifications, parental_consents, users } from "~/db/schema";
import { consume, LIMITS } from "~/services/rate-limit.server";
import { appUrl, env, parentVerified, sessionSecrets } from "~/utils/env.server";
import { sha256Hex } from "~/utils/hash.server";
import { isMinor } from "~/models/accounts/age";
import { CONSENT_TOKEN } from "~/models/accounts/parents/parental-consent.server";

/** How long a started sign-in may take before its callback is refused. */
export const SIGN_IN_WINDOW_MS = 10 * 60 * 1000;
/** A state, a PKCE verifier and a browser key are 32 random bytes, base64url. */
export const RANDOM_43 = /^[A-Za-z0-9_-]{43}$/;
export const STAND_IN_ISSUER = "studyarena-stand-in";
export const STAND_IN_CLIENT_ID = "studyarena-stand-in";
export const callbackUrl = () => `${appUrl()}/consent/digilocker`;

export type DigiLockerClient = {
  kind: "digilocker" | "stand-in";
  /** Who vouches for the subject: DigiLocker's origin, or the stand-in's name. */
  issuer: string;
  authorizeUrl(input: { state: string; codeChallenge: string; redirectUri: string }): string;
  /** DigiLocker's subject id and date of birth (DDMMYYYY) for a code. Throws DigiLockerRefusal when it says no. */
  exchange(input: { code: string; codeVerifier: string; redirectUri: string; now: Date }): Promise<{ subject: string; dob: string | null }>;
};

/** DigiLocker's final no (a code it did not issue, a verifier that does not match): trying again would not help. */
export class DigiLockerRefusal extends Error {}

const random43 = () => randomBytes(32).toString("base64url");
/** RFC 7636's S256: BASE64URL(SHA256(verifier)), unpadded, the only method DigiLocker accepts. */
export const codeChallengeOf = (verifier: string) => createHash("sha256").update(verifier).digest("base64url");

/** DigiLocker's date of birth, DDMMYYYY (or DD-MM-YYYY, DD/MM/YYYY), as YYYY-MM-DD; null when it is not one. */
export function birthDateOf(dob: string | null | undefined): string | null {
  const m = /^(\d{2})[-/]?(\d{2})[-/]?(\d{4})$/.exec(dob ?? "");
  if (!m) return null;
  const iso = `${m[3]}-${m[2]}-${m[1]}`;
  const d = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== iso ? null : iso;
}

// The stand-in's code is its own signed note of who signed in and the challenge it was given, so checking the
// verifier against it is what DigiLocker does; the state row on our side makes each callback count once.
const standInSecret = () => createHmac("sha256", sessionSecrets()[0]!).update("studyarena digilocker stand-in").digest();
const signNote = (payload: string) => createHmac("sha256", standInSecret()).update(payload).digest("base64url");

/** What the stand-in's page hands back: a code for this subject, date of birth, challenge and callback, for 5 minutes. */
export function standInCode(input: { subject: string; dob: string; codeChallenge: string; redirectUri: string; now: Date }) {
  const payload = Buffer.from(JSON.stringify({ s: input.subject, d: input.dob, c: input.codeChallenge, r: input.redirectUri, e: input.now.getTime() + 5 * 60_000 })).toString("base64url");
  return `${payload}.${signNote(payload)}`;
}

const standIn: DigiLockerClient = {
  kind: "stand-in",
  issuer: STAND_IN_ISSUER,
  authorizeUrl: ({ state, codeChallenge, redirectUri }) =>
    `/digilocker/stand-in?${new URLSearchParams({ response_type: "code", client_id: STAND_IN_CLIENT_ID, redirect_uri: redirectUri, state, code_challenge: codeChallenge, code_challenge_method: "S256" })}`,
  async exchange({ code, codeVerifier, redirectUri, now }) {
    const [payload = "", signature = ""] = code.split(".");
    const expected = Buffer.from(signNote(payload));
    if (code.length > 2000 || expected.length !== Buffer.byteLength(signature) || !timingSafeEqual(expected, Buffer.from(signature))) throw new DigiLockerRefusal("the stand-in did not issue this code");
    const note = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as { s: string; d: string; c: string; r: string; e: number };
    if (note.e <= now.getTime()) throw new DigiLockerRefusal("the code has expired");
    if (note.r !== redirectUri) throw new DigiLockerRefusal("the code was issued for another redirect_uri");
    if (codeChallengeOf(codeVerifier) !== note.c) throw new DigiLockerRefusal("the code_verifier does not match the code_challenge");
    return { subject: note.s, dob: note.d };
  },
};

/**
 * DigiLocker at `baseUrl` (DIGILOCKER_BASE_URL): the authorisation page, the token endpoint (the client's id and
 * secret and the PKCE verifier in the form body), then the subject and date of birth from the token's answer,
 * its id_token (read as sent to us over TLS by the token endpoint itself), or the user-details API.
 */
export function digiLockerClient(clientId: string, clientSecret: string, baseUrl = env().DIGILOCKER_BASE_URL): DigiLockerClient {
  const origin = new URL(baseUrl).origin;
  return {
    kind: "digilocker",
    issuer: origin,
    authorizeUrl: ({ state, codeChallenge, redirectUri }) =>
      `${origin}/public/oauth2/1/authorize?${new URLSearchParams({ response_type: "code", client_id: clientId, redirect_uri: redirectUri, state, code_challenge: codeChallenge, code_challenge_method: "S256", scope: "openid" })}`,
    async exchange({ code, codeVerifier, redirectUri }) {
      const res = await fetch(`${origin}/public/oauth2/1/token`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
        body: new URLSearchParams({ grant_type: "authorization_code", code, redirect_uri: redirectUri, client_id: clientId, client_secret: clientSecret, code_verifier: codeVerifier }),
        signal: AbortSignal.timeout(15_000),
      });
      const token = (await res.json().catch(() => ({}))) as Record<string, unknown>;
      if (res.status >= 400 && res.status < 500) throw new DigiLockerRefusal(`DigiLocker refused the code (${res.status}): ${String(token.error ?? "no reason given").slice(0, 100)}`);
      if (!res.ok || typeof token.access_token !== "string") throw new Error(`DigiLocker's token endpoint failed: ${res.status}`);
      let claims: Record<string, unknown> = token;
      if (typeof token.digilockerid !== "string" && typeof token.id_token === "string") {
        claims = JSON.parse(Buffer.from(token.id_token.split(".")[1] ?? "", "base64url").toString("utf8") || "{}") as Record<string, unknown>;
      }
      if (typeof (claims.digilockerid ?? claims.sub) !== "string") {
        const user = await fetch(`${origin}/public/oauth2/1/user`, { headers: { Authorization: `Bearer ${token.access_token}` }, signal: AbortSignal.timeout(15_000) });
        if (!user.ok) throw new Error(`DigiLocker's user details failed: ${user.status}`);
        claims = (await user.json()) as Record<string, unknown>;
      }
      const subject = claims.digilockerid ?? claims.sub;
      if (typeof subject !== "string" || !subject) throw new DigiLockerRefusal("DigiLocker named no subject");
      return { subject, dob: typeof claims.dob === "string" ? claims.dob : null };
    },
  };
}

export type DigiLockerChoice = "digilocker" | "stand-in" | "none";

/** DigiLocker with keys; the stand-in on the embedded database or when chosen; never silently on a PostgreSQL server, where anyone could claim to be an adult. */
export function chooseDigiLocker(config: { DIGILOCKER_CLIENT_ID?: string; DIGILOCKER_CLIENT_SECRET?: string; DIGILOCKER_STAND_IN?: "on" | "off"; DATABASE_URL?: string }): DigiLockerChoice {
  if (config.DIGILOCKER_CLIENT_ID && config.DIGILOCKER_CLIENT_SECRET) return "digilocker";
  if (config.DIGILOCKER_STAND_IN) return config.DIGILOCKER_STAND_IN === "on" ? "stand-in" : "none";
  return !config.DATABASE_URL || config.DATABASE_URL.startsWith("pglite:") ? "stand-in" : "none";
}

/** What start-up prints. */
export function describeDigiLocker(choice: DigiLockerChoice) {
  if (!parentVerified()) return "off: a parent's consent is not verified (PARENTAL_CONSENT_VERIFY=off)";
  return { digilocker: "DigiLocker", "stand-in": "the built-in DigiLocker stand-in (a demo: anyone may say they are an adult)", none: "none: parents cannot verify, so cannot consent (set DIGILOCKER_CLIENT_ID and DIGILOCKER_CLIENT_SECRET)" }[choice];
}

let chosen: { client: DigiLockerClient | null } | undefined;

/** The live client, or null when none is set up (decided once). */
export function digiLocker(): DigiLockerClient | null {
  if (!chosen) {
    const config = env();
    const choice = chooseDigiLocker(config);
    chosen = { client: choice === "digilocker" ? digiLockerClient(config.DIGILOCKER_CLIENT_ID!, config.DIGILOCKER_CLIENT_SECRET!) : choice === "stand-in" ? standIn : null };
  }
  return chosen.client;
}

/** DigiLocker's origin when the real service is set up: the consent page's form-action admits it (app/utils/security-headers.ts). */
export function digiLockerOrigin() {
  const client = digiLocker();
  return client?.kind === "digilocker" ? client.issuer : null;
}

export type VerifyRefusal = "unknown" | "lapsed" | "closed" | "unavailable" | "limited" | "not-verified-account";

/** The consent a link names, if it is still open to an answer. */
async function openConsent(db: Db, token: string, now: Date): Promise<{ id: string; userId: string } | VerifyRefusal> {
  if (!CONSENT_TOKEN.test(token)) return "unknown";
  const [c] = await db.select().from(parental_consents).where(eq(parental_consents.token_hash, sha256Hex(token)));
  if (!c) return "unknown";
  if (c.consented_at || c.withdrawn_at) return "closed";
  if (c.expires_at <= now) return "lapsed";
  return { id: c.id, userId: c.user_id };
}

/**
 * Starts a sign-in for the consent this link names: a state and a PKCE verifier kept server-side, bound to the
 * browser's key (its cookie) and, if someone is signed in here, their account. Returns where to send the browser.
 */
export async function startSignIn(db: Db, input: { token: string; browserKey: string; accountId: string | null; ip: string; now: Date }): Promise<{ ok: true; url: string } | { ok: false; reason: VerifyRefusal }> {
  const client = digiLocker();
  if (!client) return { ok: false, reason: "unavailable" };
  if (await consume(db, `consent:verify:${input.ip}`, LIMITS.consentAnswersPerIp, input.now)) return { ok: false, reason: "limited" };
  const consent = await openConsent(db, input.token, input.now);
  if (typeof consent === "string") return { ok: false, reason: consent };
  const state = random43();
  const codeVerifier = random43();
  await db.transaction(async (tx) => {
    await tx.delete(consent_verifications).where(sql`${consent_verifications.consent_id} = ${consent.id} AND ${consent_verifications.expires_at} <= ${input.now.toISOString()}::timestamptz`);
    await tx.insert(consent_verifications).values({
      consent_id: consent.id,
      state_hash: sha256Hex(state),
      code_verifier: codeVerifier,
      browser_hash: sha256Hex(input.browserKey),
      account_id: input.accountId,
      expires_at: new Date(input.now.getTime() + SIGN_IN_WINDOW_MS),
    });
  });
  return { ok: true, url: client.authorizeUrl({ state, codeChallenge: codeChallengeOf(codeVerifier), redirectUri: callbackUrl() }) };
}

export type CallbackRefusal = "forged" | "other-browser" | "expired" | "cancelled" | "refused" | "no-age" | "minor" | "closed" | "unavailable";

/**
 * DigiLocker's answer at our callback. The state is used up whatever follows (deleted before anything else), so a
 * replay finds nothing; a state from another browser, past its 10 minutes, a cancelled sign-in, a code DigiLocker
 * will not exchange, someone under 18, or a consent no longer open each record nothing.
 */
export async function finishSignIn(
  db: Db,
  input: { state: string; code: string | null; error: string | null; browserKey: string | null; now: Date },
): Promise<{ ok: true } | { ok: false; reason: CallbackRefusal }> {
  const client = digiLocker();
  if (!client) return { ok: false, reason: "unavailable" };
  if (!RANDOM_43.test(input.state)) return { ok: false, reason: "forged" };
  const [started] = await db.delete(consent_verifications).where(eq(consent_verifications.state_hash, sha256Hex(input.state))).returning();
  if (!started) return { ok: false, reason: "forged" };
  if (!input.browserKey || sha256Hex(input.browserKey) !== started.browser_hash) return { ok: false, reason: "other-browser" };
  if (started.expires_at <= input.now) return { ok: false, reason: "expired" };
  if (input.error || !input.code) return { ok: false, reason: "cancelled" };
  let who: { subject: string; dob: string | null };
  try {
    who = await client.exchange({ code: input.code, codeVerifier: started.code_verifier, redirectUri: callbackUrl(), now: input.now });
  } catch (error) {
    if (error instanceof DigiLockerRefusal) return { ok: false, reason: "refused" };
    throw error;
  }
  const birthDate = birthDateOf(who.dob);
  if (!birthDate) return { ok: false, reason: "no-age" };
  if (isMinor(birthDate, input.now)) return { ok: false, reason: "minor" };
  const subjectHash = sha256Hex(`${client.issuer}|${who.subject}`);
  return db.transaction(async (tx) => {
    const [marked] = await tx
      .update(parental_consents)
      .set({ verified_by: "digilocker", verified_subject_hash: subjectHash, verified_issuer: client.issuer, verified_at: input.now })
      .where(sql`${parental_consents.id} = ${started.consent_id} AND ${parental_consents.consented_at} IS NULL AND ${parental_consents.withdrawn_at} IS NULL AND ${parental_consents.expires_at} > ${input.now.toISOString()}::timestamptz`)
      .returning({ userId: parental_consents.user_id });
    if (!marked) return { ok: false as const, reason: "closed" as const };
    // The account signed in when the sign-in started is that adult's: never the child's own, nor one under 18 by its date of birth.
    if (started.account_id && started.account_id !== marked.userId) {
      const [account] = await tx.select({ birthDate: users.birth_date }).from(users).where(and(eq(users.id, started.account_id), sql`${users.erased_at} IS NULL`));
      if (account && !isMinor(account.birthDate, input.now)) await tx.update(users).set({ adult_verified_at: input.now, adult_subject_hash: subjectHash }).where(eq(users.id, started.account_id));
    }
    return { ok: true as const };
  });
}

/** The signed-in account DigiLocker verified before, if it is one (and not the child's own). */
export async function verifiedAccount(db: Db, userId: string | null) {
  if (!userId) return null;
  const [row] = await db.select({ verifiedAt: users.adult_verified_at }).from(users).where(and(eq(users.id, userId), sql`${users.adult_subject_hash} IS NOT NULL`));
  return row?.verifiedAt ?? null;
}

/** The second route: a parent signed in to a verified adult account records it against the consent. */
export async function verifyFromAccount(db: Db, input: { token: string; userId: string; ip: string; now: Date }): Promise<{ ok: true } | { ok: false; reason: VerifyRefusal }> {
  if (await consume(db, `consent:verify:${input.ip}`, LIMITS.consentAnswersPerIp, input.now)) return { ok: false, reason: "limited" };
  const consent = await openConsent(db, input.token, input.now);
  if (typeof consent === "string") return { ok: false, reason: consent };
  const [account] = await db.select({ subjectHash: users.adult_subject_hash }).from(users).where(and(eq(users.id, input.userId), sql`${users.erased_at} IS NULL`));
  if (!account?.subjectHash || input.userId === consent.userId) return { ok: false, reason: "not-verified-account" };
  const [marked] = await db
    .update(parental_consents)
    .set({ verified_by: "account", verified_subject_hash: account.subjectHash, verified_issuer: "studyarena", verified_at: input.now })
    .where(sql`${parental_consents.id} = ${consent.id} AND ${parental_consents.consented_at} IS NULL AND ${parental_consents.withdrawn_at} IS NULL`)
    .returning({ id: parental_consents.id });
  return marked ? { ok: true } : { ok: false, reason: "closed" };
}

export type StandInRequest = { response_type: string; client_id: string; redirect_uri: string; state: string; code_challenge: string; code_challenge_method: string };

/** Whether an authorisation request is one the stand-in answers: ours, to our callback, with an S256 challenge. */
export function standInAccepts(input: StandInRequest) {
  return (
    digiLocker()?.kind === "stand-in" &&
    input.response_type === "code" &&
    input.client_id === STAND_IN_CLIENT_ID &&
    input.redirect_uri === callbackUrl() &&
    input.code_challenge_method === "S256" &&
    RANDOM_43.test(input.state) &&
    RANDOM_43.test(input.code_challenge)
  );
}

/** Where the stand-in sends the browser back: a code for an adult or for someone 15 today, or a cancelled sign-in (OAuth's access_denied). */
export function standInAnswer(input: StandInRequest, who: "adult" | "minor" | "cancel", now: Date) {
  const back = new URL(input.redirect_uri);
  back.searchParams.set("state", input.state);
  if (who === "cancel") {
    back.searchParams.set("error", "access_denied");
    return back.toString();
  }
  const [y, m, d] = now.toISOString().slice(0, 10).split("-");
  const dob = who === "adult" ? "01011990" : `${d}${m}${Number(y) - 15}`;
  back.searchParams.set("code", standInCode({ subject: `stand-in-${random43()}`, dob, codeChallenge: input.code_challenge, redirectUri: input.redirect_uri, now }));
  return back.toString();
}
