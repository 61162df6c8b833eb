// Limits that must hold when attackers send in parallel, without locking out the
// owner or a whole campus (docs/product/design.md §8; the numbers: docs/decisions/accounts-accounts.md).
import { eq, like } from "drizzle-orm";
import { beforeEach, describe, expect, test } from "vitest";
import { db } from "~/db/client.server";
import { createUser } from "~/seed/factories.server";
import { email_outbox, rate_limits, sessions } from "~/db/schema";
import { sha256Hex } from "~/utils/hash.server";
import { attemptLogin, LOGINS_AT_ONCE, LOGINS_WAITING, mailResetLink } from "~/models/accounts/account.server";
import { getUser } from "~/models/accounts/auth.server";
import { backgroundJobsStarted, settleBackground } from "~/services/background.server";
import { hashingStats } from "~/models/accounts/passwords/password.server";
import { LIMITS } from "~/services/rate-limit.server";
import * as forgotRoute from "~/routes/forgot-password";
import * as loginRoute from "~/routes/login";
import * as resetRoute from "~/routes/reset-password";
import { call as callRoute, cookieFrom, formRequest } from "../support/remix";
import { manualClock, type ManualClock } from "../support/manual-clock";

const PASSWORD = "Secret@123";

// Every window is measured on a clock the test moves: however slow the machine, no window
// ends (or shrinks a Retry-After) while a test runs.
let clock: ManualClock;
beforeEach(() => {
  clock = manualClock();
});
const at = () => new Date(clock.now());
const call = (handler: Parameters<typeof callRoute>[0], request: Request, options: { ip: string }) => callRoute(handler, request, { ...options, clock });

function loginPost(email: string, password: string, cookie?: string) {
  return formRequest("/login", { email, password }, cookie);
}

describe("login limits under parallel attack", () => {
  test("200 parallel wrong logins for one account from one address: only the allowance is checked", async () => {
    await createUser(db, { email: "target@example.in", password: PASSWORD });
    const before = hashingStats().login;
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) => call(loginRoute.action, loginPost("target@example.in", `guess-${i}`), { ip: "198.51.100.1" })),
    );
    const checked = results.filter((r) => r.status === 400).length;
    expect(checked).toBe(LIMITS.loginPerAccountAndIp.max);
    expect(results.filter((r) => r.status === 429)).toHaveLength(200 - checked);
    // Counted before hashing: the refused ones cost no hash.
    expect(hashingStats().login - before).toBe(checked);
  });

  test("a burst of logins waits its turn before touching the database: a few at once, and past the queue refused with no query", async () => {
    const total = LOGINS_AT_ONCE + LOGINS_WAITING + 6;
    const emails = Array.from({ length: total }, (_, i) => `burst${i}@example.in`);
    // A hash that cannot be read fails at once: the test measures the queue, not argon2.
    for (const email of emails) await createUser(db, { email, passwordHash: "x" });
    const results = await Promise.all(emails.map((email, i) => attemptLogin(db, { email, password: "wrong", ip: `10.31.${Math.floor(i / 200)}.${i % 200}`, now: at() })));
    const refused = emails.filter((_, i) => results[i]!.ok === false && (results[i] as { reason: string }).reason === "limited");
    // LOGINS_AT_ONCE run, LOGINS_WAITING wait, the rest are refused.
    expect(refused).toHaveLength(6);
    // Refused before any query: not even the account's allowance was counted.
    const counted = await db.select({ key: rate_limits.key }).from(rate_limits).where(like(rate_limits.key, "login:account:%"));
    const keys = new Set(counted.map((r) => r.key));
    expect(refused.every((email) => !keys.has(`login:account:${sha256Hex(email)}`))).toBe(true);
  });

  test("the owner's browser gets in while guessers from many addresses have used up the account's allowance", async () => {
    await createUser(db, { email: "owner@example.in", password: PASSWORD });
    // The owner signed in on this phone last week.
    const first = await call(loginRoute.action, loginPost("owner@example.in", PASSWORD), { ip: "192.0.2.10" });
    expect(first.status).toBe(302);
    const device = cookieFrom(first.headers, "__device")!;
    expect(device).toMatch(/^__device=./);

    // Guessers on 12 addresses, in parallel, until each is stopped.
    await Promise.all(
      Array.from({ length: 12 }, (_, a) =>
        Promise.all(Array.from({ length: 15 }, (_, i) => call(loginRoute.action, loginPost("owner@example.in", `guess-${a}-${i}`), { ip: `10.20.${a}.1` }))),
      ),
    );
    // Ten minutes and a second later, a browser that never signed in to this account is refused, even with the right password…
    clock.advance(10 * 60_000 + 1_000);
    const stranger = await call(loginRoute.action, loginPost("owner@example.in", PASSWORD), { ip: "192.0.2.99" });
    expect(stranger.status).toBe(429);
    // It says how long to wait, in words and in Retry-After: what is left of the account's hour (in minutes, rounded up).
    const retryAfter = Number(stranger.headers.get("Retry-After"));
    expect(retryAfter).toBe(60 * 60 - 10 * 60 - 1);
    expect(stranger.data.error[""]).toEqual(["Too many attempts. Please wait 50 minutes and try again."]);
    // …but the owner's phone, from yet another address, gets in.
    const owner = await call(loginRoute.action, loginPost("owner@example.in", PASSWORD, device), { ip: "192.0.2.77" });
    expect(owner.status).toBe(302);
  });

  test("a device cookie is no key for guessing: it has its own small allowance", async () => {
    await createUser(db, { email: "phone@example.in", password: PASSWORD });
    const first = await call(loginRoute.action, loginPost("phone@example.in", PASSWORD), { ip: "192.0.2.20" });
    const device = cookieFrom(first.headers, "__device")!;
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => call(loginRoute.action, loginPost("phone@example.in", `guess-${i}`, device), { ip: `10.30.0.${i}` })),
    );
    expect(results.filter((r) => r.status === 400)).toHaveLength(LIMITS.loginPerDevice.max);
    // A device cookie for another account is no help either.
    await createUser(db, { email: "other@example.in", password: PASSWORD });
    const elsewhere = await attemptLogin(db, { email: "other@example.in", password: "nope", ip: "10.31.0.1", device: { userId: "00000000-0000-4000-8000-000000000000", nonce: "x" }, now: at() });
    expect(elsewhere).toEqual({ ok: false, reason: "invalid" });
  });

  test("a campus behind one address is many students, not one", async () => {
    const campus = "100.64.0.1";
    await createUser(db, { email: "student-a@example.in", password: PASSWORD });
    // Forgetful students (and one guesser) fail 150 times from the shared address, spread over accounts.
    for (let account = 0; account < 15; account++) {
      await Promise.all(
        Array.from({ length: 10 }, (_, i) => attemptLogin(db, { email: `s${account}@example.in`, password: `typo-${i}`, ip: campus, now: at() })),
      );
    }
    const ok = await call(loginRoute.action, loginPost("student-a@example.in", PASSWORD), { ip: campus });
    expect(ok.status).toBe(302);
  });

  test("a password reset gives the account back to the owner on any browser", async () => {
    await createUser(db, { email: "reset-owner@example.in", password: PASSWORD });
    const now = at();
    for (let a = 0; a < 11; a++) {
      await Promise.all(Array.from({ length: 10 }, (_, i) => attemptLogin(db, { email: "reset-owner@example.in", password: `g${i}`, ip: `10.40.${a}.1`, now })));
    }
    expect(await attemptLogin(db, { email: "reset-owner@example.in", password: PASSWORD, ip: "10.41.0.1", now })).toMatchObject({ ok: false, reason: "limited" });
    await mailResetLink(db, { email: "reset-owner@example.in", now });
    const [mail] = await db.select().from(email_outbox).where(eq(email_outbox.to_address, "reset-owner@example.in"));
    const token = mail!.text.match(/token=([\w-]+)/)![1]!;
    const done = await call(resetRoute.action, formRequest("/reset-password", { token, password: "New@12345", confirmPassword: "New@12345" }), { ip: "10.41.0.1" });
    expect(done.status).toBe(302);
    expect(await attemptLogin(db, { email: "reset-owner@example.in", password: "New@12345", ip: "10.41.0.1", now })).toMatchObject({ ok: true });
  });

  test("signing in on a browser that is signed in ends the old session", async () => {
    await createUser(db, { email: "switch-a@example.in", password: PASSWORD });
    await createUser(db, { email: "switch-b@example.in", password: PASSWORD });
    const a = await call(loginRoute.action, loginPost("switch-a@example.in", PASSWORD), { ip: "192.0.2.50" });
    const cookieA = cookieFrom(a.headers)!;
    const sessionsBefore = await db.$count(sessions);
    const b = await call(loginRoute.action, loginPost("switch-b@example.in", PASSWORD, cookieA), { ip: "192.0.2.50" });
    expect(b.status).toBe(302);
    expect(await getUser(new Request("http://localhost:3000/", { headers: { Cookie: cookieA } }), {})).toBeNull();
    expect(await db.$count(sessions)).toBe(sessionsBefore);
  });
});

describe("password reset floods", () => {
  test("150 parallel bogus reset posts cost no hash and are limited per address; a login goes through meanwhile", async () => {
    await createUser(db, { email: "busy@example.in", password: PASSWORD });
    const before = hashingStats().reset;
    const flood = Promise.all(
      Array.from({ length: 150 }, (_, i) =>
        call(resetRoute.action, formRequest("/reset-password", { token: `bogus-${i}`, password: "New@12345", confirmPassword: "New@12345" }), { ip: "198.51.100.150" }),
      ),
    );
    const login = await call(loginRoute.action, loginPost("busy@example.in", PASSWORD), { ip: "192.0.2.150" });
    const statuses = (await flood).map((r) => r.status);
    expect(login.status).toBe(302);
    expect(hashingStats().reset - before).toBe(0);
    expect(statuses.filter((s) => s === 400)).toHaveLength(LIMITS.resetSubmitsPerIp.max);
    expect(statuses.filter((s) => s === 429)).toHaveLength(150 - LIMITS.resetSubmitsPerIp.max);
  });
});

describe("forgot password", () => {
  test("answers before anything depends on whether the address has an account", async () => {
    await createUser(db, { email: "known@example.in", password: PASSWORD });
    const started = backgroundJobsStarted("reset mail");
    const known = await call(forgotRoute.action, formRequest("/forgot-password", { email: "known@example.in" }), { ip: "192.0.2.160" });
    const unknown = await call(forgotRoute.action, formRequest("/forgot-password", { email: "nobody-here@example.in" }), { ip: "192.0.2.161" });
    // Both answers are the redirect, and the mail work was handed to the background for both.
    expect([known.status, known.location]).toEqual([302, "/forgot-password"]);
    expect([unknown.status, unknown.location]).toEqual([known.status, known.location]);
    expect(backgroundJobsStarted("reset mail") - started).toBe(2);
    await settleBackground();
    expect(await db.$count(email_outbox, eq(email_outbox.to_address, "known@example.in"))).toBe(1);
  });
});
