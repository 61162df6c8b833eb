// Sessions and guards in one module. The cookie holds a signed random token; the
// session itself is a row (keyed by the token's hash), so signing out or resetting a
// password really ends it.
import { createHash, randomBytes } from "node:crypto";
import { redirect } from "@remix-run/node";
import { and, eq, gt } from "drizzle-orm";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { db, type DbOrTx } from "~/db/client.server";
import { profiles, sessions, users } from "~/db/schema";
import { attemptLogin, type LoginDevice, type LoginResult } from "~/models/account.server";
import { signedCookie } from "~/utils/cookies.server";
import { safeRedirect } from "~/utils/misc";

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

const sessionCookie = () => signedCookie("__session", SESSION_TTL_MS / 1000);

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

async function sessionToken(request: Request): Promise<string | null> {
  const value = await sessionCookie().parse(request.headers.get("Cookie"));
  return typeof value === "string" && value.length > 0 ? value : null;
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
  const previous = await sessionToken(request);
  if (previous) await db.delete(sessions).where(eq(sessions.id, hashToken(previous)));
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

// The root loader and the route loader of one request both ask who is signed in;
// one query answers both.
const usersByRequest = new WeakMap<Request, Promise<SessionUser | null>>();

export function getUser(request: Request): Promise<SessionUser | null> {
  let user = usersByRequest.get(request);
  if (!user) {
    user = findSessionUser(request);
    usersByRequest.set(request, user);
  }
  return user;
}

async function findSessionUser(request: Request): Promise<SessionUser | null> {
  const token = await sessionToken(request);
  if (!token) return null;
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
    .where(and(eq(sessions.id, hashToken(token)), gt(sessions.expires_at, new Date())));
  return row ?? null;
}

export async function getUserId(request: Request): Promise<string | null> {
  return (await getUser(request))?.id ?? null;
}

function currentPath(request: Request) {
  const url = new URL(request.url);
  return url.pathname + url.search;
}

/** Guests go to /login and come back to where they were. */
export async function requireUserId(request: Request, redirectTo = currentPath(request)) {
  const userId = await getUserId(request);
  if (!userId) throw redirect(`/login?${new URLSearchParams({ redirectTo })}`);
  return userId;
}

export async function requireUser(request: Request, redirectTo = currentPath(request)) {
  const user = await getUser(request);
  if (!user) throw redirect(`/login?${new URLSearchParams({ redirectTo })}`);
  return user;
}

/** Login and signup forms are for guests; a signed-in user goes on to where they were headed. */
export async function requireAnonymous(request: Request, to = "/dashboard") {
  if (await getUserId(request)) throw redirect(to);
}

/** Ends the session in the database and clears the cookie. */
export async function destroySession(request: Request) {
  const token = await sessionToken(request);
  if (token) await db.delete(sessions).where(eq(sessions.id, hashToken(token)));
  return sessionCookie().serialize("", { maxAge: 0, expires: new Date(0) });
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
