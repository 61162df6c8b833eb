// Sessions and guards in one module. The cookie holds a signed random token; the
// session itself is a row (keyed by the token's hash), so signing out or resetting a
// password really ends it.
import { randomBytes } from "node:crypto";
import { inEnglish } from "~/utils/i18n.server";
import { redirect, type AppLoadContext } from "@remix-run/node";
import { liveSession } from "~/models/accounts/live-session.server";
import { and, eq, sql } from "drizzle-orm";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { db, type DbOrTx } from "~/db/client.server";
import { sha256Hex } from "~/utils/hash.server";
import { profiles, sessions, users } from "~/db/schema";
import { attemptLogin, type LoginDevice, type LoginResult } from "~/models/accounts/account.server";
import { signedCookie } from "~/utils/cookies.server";
import { mayActSql } from "~/models/accounts/parents/parental-consent.server";
import { safeRedirect } from "~/utils/urls";

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** The session cookie's name (the key links are signed over its value as sent: sealed-paper.server.ts). */
export const SESSION_COOKIE = "__session";
const sessionCookie = () => signedCookie(SESSION_COOKIE, SESSION_TTL_MS / 1000);

const hashToken = sha256Hex;

async function sessionToken(request: Request): Promise<string | null> {
  return tokenOf(request.headers.get("Cookie"));
}

async function tokenOf(cookieHeader: string | null): Promise<string | null> {
  const value = await sessionCookie().parse(cookieHeader);
  return typeof value === "string" && value.length > 0 ? value : null;
}

/**
 * A key for the browser session this request claims, read from the signed cookie
 * without touching the database (for limits counted before any work); null for a
 * missing or forged cookie, which the session lookup then refuses.
 */
export async function sessionKey(request: Request) {
  return sessionKeyOf(request.headers.get("Cookie"));
}

// Checking a cookie's signature is an HMAC through WebCrypto on every request; a test
// taker sends the same Cookie header twenty times a minute. Headers already verified are
// remembered (only those: a forged one is checked every time), oldest forgotten first.
const verifiedKeys = new Map<string, string>();
const MAX_VERIFIED = 20_000;

/** sessionKey for a bare Cookie header (the lean test API has no Request object). */
export async function sessionKeyOf(cookieHeader: string | null) {
  if (!cookieHeader) return null;
  const known = verifiedKeys.get(cookieHeader);
  if (known) return known;
  const token = await tokenOf(cookieHeader);
  if (!token) return null;
  const key = hashToken(token);
  if (verifiedKeys.size >= MAX_VERIFIED) verifiedKeys.delete(verifiedKeys.keys().next().value!);
  verifiedKeys.set(cookieHeader, key);
  return key;
}

export async function createSession(database: DbOrTx, userId: string, now = new Date()) {
  const token = randomBytes(32).toString("base64url");
  await database.insert(sessions).values({
    id: hashToken(token),
    user_id: userId,
    expires_at: new Date(now.getTime() + SESSION_TTL_MS),
  });
  return sessionCookie().serialize(token);
}

/**
 * Signs the user in and redirects (post/redirect/get). A session this browser already
 * had is ended first: one browser, one live session.
 */
export async function createUserSession(request: Request, userId: string, redirectTo: string, extraCookies: string[] = []) {
  await endSessionOf(request);
  const headers = new Headers();
  headers.append("Set-Cookie", await createSession(db, userId));
  for (const cookie of extraCookies) headers.append("Set-Cookie", cookie);
  throw redirect(safeRedirect(redirectTo), { headers });
}

// OWASP's device cookie: a browser that signed in to an account keeps a signed
// note of it, which gives it a login allowance of its own (account.server.ts).
const DEVICE_MAX_AGE_S = 365 * 24 * 60 * 60;
const deviceCookie = () => signedCookie("__device", DEVICE_MAX_AGE_S);

export async function readLoginDevice(request: Request): Promise<LoginDevice | null> {
  const value = (await deviceCookie().parse(request.headers.get("Cookie"))) as { u?: unknown; n?: unknown } | null;
  if (!value || typeof value.u !== "string" || typeof value.n !== "string" || value.n.length > 64) return null;
  return { userId: value.u, nonce: value.n };
}

export function rememberLoginDevice(device: LoginDevice) {
  return deviceCookie().serialize({ u: device.userId, n: device.nonce });
}

export type SessionUser = { id: string; email: string; full_name: string | null; avatar_url: string | null };

type SessionLookup = { user: SessionUser | null; stale: boolean };

// The root loader and the route loaders of one request all ask who is signed in. Remix
// hands each loader its own Request but the same load context, so the one lookup is
// kept per context.
const lookups = new WeakMap<AppLoadContext, Promise<SessionLookup>>();

function lookupSession(request: Request, context: AppLoadContext) {
  let lookup = lookups.get(context);
  if (!lookup) {
    lookup = findSession(request);
    lookups.set(context, lookup);
  }
  return lookup;
}

async function findSession(request: Request): Promise<SessionLookup> {
  const token = await sessionToken(request);
  if (!token) return { user: null, stale: false };
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      full_name: profiles.full_name,
      avatar_url: profiles.avatar_url,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.user_id))
    .leftJoin(profiles, eq(profiles.id, users.id))
    // A student under 18 whose parent has not consented is a guest (parental-consent.server.ts).
    .where(and(liveSession("sessions", hashToken(token), new Date().toISOString()), mayActSql(sql`${users.id}`, new Date())));
  return { user: row ?? null, stale: !row };
}

export async function getUser(request: Request, context: AppLoadContext): Promise<SessionUser | null> {
  return (await lookupSession(request, context)).user;
}

export async function getUserId(request: Request, context: AppLoadContext): Promise<string | null> {
  return (await getUser(request, context))?.id ?? null;
}

/** A Set-Cookie that clears a session cookie whose session is unknown or expired; null otherwise. */
export async function staleSessionCookie(request: Request, context: AppLoadContext) {
  return (await lookupSession(request, context)).stale ? clearSessionCookie() : null;
}

const clearSessionCookie = () => sessionCookie().serialize("", { maxAge: 0, expires: new Date(0) });

function currentPath(request: Request) {
  const url = new URL(request.url);
  return url.pathname + url.search;
}

/** Guests go to /login and come back to where they were. */
export async function requireUser(request: Request, context: AppLoadContext, redirectTo = currentPath(request)) {
  const user = await getUser(request, context);
  if (!user) throw redirect(`/login?${new URLSearchParams({ redirectTo })}`);
  return user;
}

export async function requireUserId(request: Request, context: AppLoadContext, redirectTo = currentPath(request)) {
  return (await requireUser(request, context, redirectTo)).id;
}

/** Login and signup forms are for guests; a signed-in user goes on to where they were headed. */
/** For JSON endpoints called by our pages' scripts: the signed-in user, or a 401 they can show. */
export async function requireApiUser(request: Request, context: AppLoadContext) {
  const user = await getUser(request, context);
  if (!user) throw Response.json({ error: inEnglish({ id: "common.api.logInAgain" }) }, { status: 401 });
  return user;
}

export async function requireAnonymous(request: Request, context: AppLoadContext, to = "/dashboard") {
  if (await getUserId(request, context)) throw redirect(to);
}

/** Deletes the row of the session this request's cookie names, if any. */
async function endSessionOf(request: Request) {
  const key = await sessionKey(request);
  if (key) await db.delete(sessions).where(eq(sessions.id, key));
}

/** Ends the session in the database and clears the cookie. */
export async function destroySession(request: Request) {
  await endSessionOf(request);
  return clearSessionCookie();
}

/**
 * remix-auth with the form strategy. Built per request because the login rules need
 * the client's address and device, which only the request knows. `authenticate()`
 * reads the body, so the caller passes a request it has not read.
 */
export function authenticator(context: { ip: string; device: LoginDevice | null; now?: Date }) {
  return new Authenticator<LoginResult>().use(
    new FormStrategy(async ({ form }) =>
      attemptLogin(db, {
        email: String(form.get("email") ?? ""),
        password: String(form.get("password") ?? ""),
        ip: context.ip,
        device: context.device,
        now: context.now ?? new Date(),
      }),
    ),
    "form",
  );
}

export function clientIp(context: { clientIp?: string } | undefined) {
  return context?.clientIp || "unknown";
}
