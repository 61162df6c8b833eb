import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { db } from "~/db/client.server";
import { createUser } from "~/seed/factories.server";
import { email_outbox, password_reset_tokens, profiles, sessions, users } from "~/db/schema";
import { attemptLogin, requestPasswordReset, resetPassword, RESET_TOKEN_TTL_MS } from "~/models/accounts/account.server";
import { MESSAGES } from "~/models/accounts/schemas";
import { LIMITS } from "~/services/rate-limit.server";
import { getUser } from "~/models/accounts/auth.server";
import { settleBackground } from "~/services/background.server";
import * as forgotRoute from "~/routes/forgot-password";
import * as loginRoute from "~/routes/login";
import * as logoutRoute from "~/routes/logout";
import * as resetRoute from "~/routes/reset-password";
import * as signupRoute from "~/routes/signup";
import * as root from "~/root";
import { call, cookieFrom, formRequest, getRequest } from "../support/remix";
import { english } from "../support/words";

let ipCounter = 0;
const freshIp = () => `198.51.100.${++ipCounter}`;

function resetLinkFrom(text: string) {
  const match = text.match(/http:\/\/localhost:3000\/reset-password\?token=([\w-]+)/);
  if (!match) throw new Error(`no reset link in: ${text}`);
  return { path: match[0].replace("http://localhost:3000", ""), token: match[1]! };
}

describe("signup", () => {
  test("creates the user and profile, signs in, and shows 'Account Created!'", async () => {
    const res = await call(
      signupRoute.action,
      formRequest("/signup", { fullName: "Asha Rao", email: "  Asha.Rao@Example.IN ", password: "Secret@123", birthDate: "1998-04-12" }),
      { ip: freshIp() },
    );
    expect(res.status).toBe(302);
    expect(res.location).toBe("/signup?created=1");
    const [row] = await db.select().from(users).innerJoin(profiles, eq(profiles.id, users.id)).where(eq(users.email, "asha.rao@example.in"));
    expect(row?.profiles.full_name).toBe("Asha Rao");
    expect(row?.users.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);

    const cookie = cookieFrom(res.headers)!;
    const page = await call(signupRoute.loader, getRequest("/signup?created=1", cookie));
    expect(page.data).toMatchObject({ screen: "created", name: "Asha Rao" });
    expect(page.data.messages["auth.created.title"]).toEqual(["Account Created!"]);
  });

  test("a Unicode e-mail signs up and logs in, whatever its case", async () => {
    const ip = freshIp();
    const res = await call(signupRoute.action, formRequest("/signup", { fullName: "Zoë", email: "Zoë@Exämple.in", password: "Secret@123", birthDate: "1998-04-12" }), { ip });
    expect(res.status).toBe(302);
    const login = await attemptLogin(db, { email: "ZOË@exämple.IN", password: "Secret@123", ip, now: new Date() });
    expect(login.ok).toBe(true);
  });

  test.each([
    [{ fullName: "", email: "a@b.in", password: "Secret@123" }, english(MESSAGES.signupRequired)],
    [{ fullName: "   ", email: "   ", password: "   " }, english(MESSAGES.signupRequired)],
  ])("missing fields: %j", async (fields, message) => {
    const before = await db.$count(users);
    const res = await call(signupRoute.action, formRequest("/signup", fields), { ip: freshIp() });
    expect(res.status).toBe(400);
    expect(res.data.error[""]).toEqual([message]);
    expect(await db.$count(users)).toBe(before);
  });

  test("keeps the name and e-mail but never echoes the password", async () => {
    const res = await call(signupRoute.action, formRequest("/signup", { fullName: "Ravi", email: "ravi@example.in", password: "weak", birthDate: "1998-04-12" }), { ip: freshIp() });
    expect(res.status).toBe(400);
    expect(res.data.error.password).toEqual([english(MESSAGES.passwordWeak)]);
    expect(res.data.initialValue).toMatchObject({ fullName: "Ravi", email: "ravi@example.in" });
    expect(res.data.initialValue.password).toBeUndefined();
  });

  test("a 10 KB password is refused with a message, not a crash", async () => {
    const res = await call(signupRoute.action, formRequest("/signup", { fullName: "Big", email: "big@example.in", password: "Aa1!".repeat(2560), birthDate: "1998-04-12" }), { ip: freshIp() });
    expect(res.status).toBe(400);
    expect(res.data.error.password).toEqual([english(MESSAGES.passwordTooLong)]);
  });

  test("a taken e-mail gets a clear message and writes nothing", async () => {
    await createUser(db, { email: "taken@example.in", password: "Secret@123" });
    const before = await db.$count(users);
    const res = await call(signupRoute.action, formRequest("/signup", { fullName: "T", email: "TAKEN@example.in", password: "Secret@123", birthDate: "1998-04-12" }), { ip: freshIp() });
    expect(res.status).toBe(400);
    expect(res.data.error.email).toEqual([english(MESSAGES.emailTaken)]);
    expect(await db.$count(users)).toBe(before);
  });

  test("is rate limited per e-mail, from any address", async () => {
    await createUser(db, { email: "probe@example.in", password: "Secret@123" });
    const statuses = [];
    for (let i = 0; i < 6; i++) {
      const res = await call(signupRoute.action, formRequest("/signup", { fullName: "x", email: "probe@example.in", password: "Secret@123", birthDate: "1998-04-12" }), { ip: freshIp() });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
  });

  test("is rate limited per client address", async () => {
    const ip = freshIp();
    for (let i = 0; i < 10; i++) {
      await call(signupRoute.action, formRequest("/signup", { fullName: "x", email: `flood${i}@example.in`, password: "weak", birthDate: "1998-04-12" }), { ip });
    }
    // Invalid forms do not count (they never reach the model); valid ones do.
    for (let i = 0; i < 10; i++) {
      const ok = await call(signupRoute.action, formRequest("/signup", { fullName: "x", email: `flood${i}@example.in`, password: "Secret@123", birthDate: "1998-04-12" }), { ip });
      expect(ok.status).toBe(302);
    }
    const limited = await call(signupRoute.action, formRequest("/signup", { fullName: "x", email: "flood-last@example.in", password: "Secret@123", birthDate: "1998-04-12" }), { ip });
    expect(limited.status).toBe(429);
    expect(limited.data.error[""]).toEqual([english(MESSAGES.tooManyAttempts)]);
  });
});

describe("login", () => {
  test("right credentials sign in and honour a same-site redirectTo only", async () => {
    await createUser(db, { email: "meera@example.in", password: "Secret@123", fullName: "Meera" });
    const ok = await call(loginRoute.action, formRequest("/login", { email: "meera@example.in", password: "Secret@123", redirectTo: "/contests" }), { ip: freshIp() });
    expect(ok.status).toBe(302);
    expect(ok.location).toBe("/contests");
    const user = await getUser(getRequest("/", cookieFrom(ok.headers)), {});
    expect(user?.full_name).toBe("Meera");

    const evil = await call(loginRoute.action, formRequest("/login", { email: "meera@example.in", password: "Secret@123", redirectTo: "//evil.example" }), { ip: freshIp() });
    expect(evil.location).toBe("/dashboard");
  });

  test("empty or whitespace fields get the spec's message", async () => {
    for (const fields of [{ email: "", password: "" }, { email: "a@b.in", password: "" }, { email: "   ", password: "x" }]) {
      const res = await call(loginRoute.action, formRequest("/login", fields), { ip: freshIp() });
      expect(res.status).toBe(400);
      expect(res.data.error[""]).toEqual([english(MESSAGES.loginRequired)]);
    }
  });

  test("a wrong password and an unknown e-mail get the same message; the e-mail is kept", async () => {
    await createUser(db, { email: "neha@example.in", password: "Secret@123" });
    const wrong = await call(loginRoute.action, formRequest("/login", { email: "neha@example.in", password: "Wrong@123" }), { ip: freshIp() });
    const unknown = await call(loginRoute.action, formRequest("/login", { email: "nobody@example.in", password: "Wrong@123" }), { ip: freshIp() });
    expect(wrong.status).toBe(400);
    expect(wrong.data.error[""]).toEqual([english(MESSAGES.invalidCredentials)]);
    expect(unknown.data.error).toEqual(wrong.data.error);
    expect(wrong.data.initialValue).toMatchObject({ email: "neha@example.in" });
    expect(wrong.data.initialValue.password).toBeUndefined();
  });

  test("a 10 KB password is just a wrong password", async () => {
    const res = await call(loginRoute.action, formRequest("/login", { email: "neha@example.in", password: "x".repeat(10_240) }), { ip: freshIp() });
    expect(res.status).toBe(400);
    expect(res.data.error[""]).toEqual([english(MESSAGES.invalidCredentials)]);
  });

  test("wrong logins from one address are limited per account; the right user logs in once the window passes", async () => {
    await createUser(db, { email: "vikram@example.in", password: "Secret@123" });
    const ip = "192.0.2.200";
    const start = new Date("2026-11-22T10:00:00Z");
    const outcomes: string[] = [];
    for (let i = 0; i < 30; i++) {
      const r = await attemptLogin(db, { email: "vikram@example.in", password: `guess-${i}`, ip, now: new Date(start.getTime() + i * 1000) });
      outcomes.push(r.ok ? "ok" : r.reason);
    }
    const max = LIMITS.loginPerAccountAndIp.max;
    expect(outcomes.slice(0, max).every((o) => o === "invalid")).toBe(true);
    expect(outcomes.slice(max).every((o) => o === "limited")).toBe(true);
    // Still limited with the right password inside the window…
    expect((await attemptLogin(db, { email: "vikram@example.in", password: "Secret@123", ip, now: new Date(start.getTime() + 5 * 60_000) })).ok).toBe(false);
    // …and allowed once the window has passed.
    const later = await attemptLogin(db, { email: "vikram@example.in", password: "Secret@123", ip, now: new Date(start.getTime() + LIMITS.loginPerAccountAndIp.windowMs + 60_000) });
    expect(later).toMatchObject({ ok: true });
  });

  test("failures from many addresses limit the account for browsers it has never signed in on, after 100 an hour", async () => {
    await createUser(db, { email: "arjun@example.in", password: "Secret@123" });
    const now = new Date("2026-11-23T10:00:00Z");
    for (let i = 0; i < 100; i++) {
      await attemptLogin(db, { email: "arjun@example.in", password: "nope", ip: `10.9.${Math.floor(i / 40)}.${i}`, now });
    }
    expect(await attemptLogin(db, { email: "arjun@example.in", password: "Secret@123", ip: "10.99.0.1", now })).toMatchObject({ ok: false, reason: "limited" });
  });
});

describe("sign-out", () => {
  test("ends the session in the database, not just the cookie", async () => {
    await createUser(db, { email: "priya@example.in", password: "Secret@123" });
    const login = await call(loginRoute.action, formRequest("/login", { email: "priya@example.in", password: "Secret@123" }), { ip: freshIp() });
    const cookie = cookieFrom(login.headers)!;
    expect(await getUser(getRequest("/", cookie), {})).not.toBeNull();
    const before = await db.$count(sessions);

    const out = await call(logoutRoute.action, formRequest("/logout", {}, cookie));
    expect(out.status).toBe(302);
    expect(out.location).toBe("/");
    expect(await db.$count(sessions)).toBe(before - 1);
    // The old cookie, replayed, no longer signs anyone in.
    expect(await getUser(getRequest("/", cookie), {})).toBeNull();
  });
});

describe("password reset", () => {
  test("always the same answer; a mail only for a real account", async () => {
    await createUser(db, { email: "rahul@example.in", password: "Secret@123" });
    const known = await call(forgotRoute.action, formRequest("/forgot-password", { email: "Rahul@Example.in" }), { ip: freshIp() });
    const unknown = await call(forgotRoute.action, formRequest("/forgot-password", { email: "ghost@example.in" }), { ip: freshIp() });
    await settleBackground();
    expect(known.location).toBe("/forgot-password");
    expect(unknown.location).toBe(known.location);
    expect(await db.$count(email_outbox, eq(email_outbox.to_address, "rahul@example.in"))).toBe(1);
    expect(await db.$count(email_outbox, eq(email_outbox.to_address, "ghost@example.in"))).toBe(0);
  });

  test("empty e-mail gets 'Please enter your email'", async () => {
    const res = await call(forgotRoute.action, formRequest("/forgot-password", { email: "  " }), { ip: freshIp() });
    expect(res.status).toBe(400);
    expect(res.data.error.email).toEqual([english(MESSAGES.forgotRequired)]);
  });

  test("the mailed link resets once, ends all sessions, and cannot be reused", async () => {
    await createUser(db, { email: "kiran@example.in", password: "Old@12345" });
    const session = await call(loginRoute.action, formRequest("/login", { email: "kiran@example.in", password: "Old@12345" }), { ip: freshIp() });
    const oldCookie = cookieFrom(session.headers)!;

    await call(forgotRoute.action, formRequest("/forgot-password", { email: "kiran@example.in" }), { ip: freshIp() });
    await settleBackground();
    const [mail] = await db.select().from(email_outbox).where(eq(email_outbox.to_address, "kiran@example.in"));
    const link = resetLinkFrom(mail!.text);
    const [stored] = await db.select().from(password_reset_tokens);
    expect(stored?.token_hash).not.toContain(link.token); // only the hash is stored

    expect((await call(resetRoute.loader, getRequest(link.path))).data).toMatchObject({ state: "form" });
    const mismatch = await call(resetRoute.action, formRequest(link.path, { token: link.token, password: "New@12345", confirmPassword: "New@12346" }));
    expect(mismatch.data.error.confirmPassword).toEqual([english(MESSAGES.passwordsDiffer)]);
    const weak = await call(resetRoute.action, formRequest(link.path, { token: link.token, password: "newpassword", confirmPassword: "newpassword" }));
    expect(weak.data.error.password).toEqual([english(MESSAGES.passwordWeak)]);

    const done = await call(resetRoute.action, formRequest(link.path, { token: link.token, password: "New@12345", confirmPassword: "New@12345" }));
    expect(done.location).toBe("/reset-password?done=1");
    expect(await getUser(getRequest("/", oldCookie), {})).toBeNull();
    expect((await attemptLogin(db, { email: "kiran@example.in", password: "New@12345", ip: freshIp(), now: new Date() })).ok).toBe(true);
    expect((await attemptLogin(db, { email: "kiran@example.in", password: "Old@12345", ip: freshIp(), now: new Date() })).ok).toBe(false);

    // Reused
    expect((await call(resetRoute.loader, getRequest(link.path))).data).toMatchObject({ state: "invalid" });
    const again = await call(resetRoute.action, formRequest(link.path, { token: link.token, password: "Other@12345", confirmPassword: "Other@12345" }));
    expect(again.data.error[""]).toEqual([english(MESSAGES.resetInvalid)]);
  });

  test("a tampered, missing or expired token is invalid", async () => {
    await createUser(db, { email: "tanvi@example.in", password: "Old@12345" });
    const now = new Date();
    await requestPasswordReset(db, { email: "tanvi@example.in", ip: freshIp(), now });
    const [mail] = await db.select().from(email_outbox).where(eq(email_outbox.to_address, "tanvi@example.in"));
    const { token } = resetLinkFrom(mail!.text);

    for (const path of ["/reset-password", `/reset-password?token=${token}x`, `/reset-password?token=${"a".repeat(5000)}`]) {
      expect((await call(resetRoute.loader, getRequest(path))).data).toMatchObject({ state: "invalid" });
    }
    const expired = new Date(now.getTime() + RESET_TOKEN_TTL_MS + 1000);
    expect(await resetPassword(db, { token, password: "New@12345", ip: freshIp(), now: expired })).toBe("invalid");
    expect(await resetPassword(db, { token, password: "New@12345", ip: freshIp(), now: new Date(now.getTime() + RESET_TOKEN_TTL_MS - 1000) })).toBe("ok");
  });

  test("requests are limited per e-mail silently and per address openly", async () => {
    await createUser(db, { email: "dev@example.in", password: "Old@12345" });
    const now = new Date();
    for (let i = 0; i < 5; i++) await requestPasswordReset(db, { email: "dev@example.in", ip: `172.16.0.${i}`, now });
    expect(await db.$count(email_outbox, eq(email_outbox.to_address, "dev@example.in"))).toBe(3);

    const ip = freshIp();
    const answers = [];
    for (let i = 0; i < 11; i++) answers.push(await requestPasswordReset(db, { email: `x${i}@example.in`, ip, now }));
    expect(answers.slice(0, 10).every((a) => a === "sent")).toBe(true);
    expect(answers[10]).toBe("limited");
  });
});

describe("mails in the reader's language (issue 33)", () => {
  const localeOfUser = async (email: string) => (await db.select({ locale: users.locale }).from(users).where(eq(users.email, email)))[0]?.locale;
  const latestMail = async (to: string) => (await db.select().from(email_outbox).where(eq(email_outbox.to_address, to)).orderBy(email_outbox.created_at)).at(-1)!;

  test("signing up in Hindi keeps Hindi for the mails; the reset mail is written in it; the switch and a login change it", async () => {
    const signup = await call(signupRoute.action, formRequest("/signup", { fullName: "Meena Das", email: "meena@example.in", password: "Secret@123", birthDate: "1998-04-12" }, "lang=hi"), { ip: freshIp() });
    expect(signup.status).toBe(302);
    expect(await localeOfUser("meena@example.in")).toBe("hi");

    await call(forgotRoute.action, formRequest("/forgot-password", { email: "meena@example.in" }), { ip: freshIp() });
    await settleBackground();
    const hindi = await latestMail("meena@example.in");
    expect(hindi.subject).toBe("अपना StudyArena पासवर्ड बदलें");
    expect(hindi.text).toContain("नया पासवर्ड चुनें: http://localhost:3000/reset-password?token=");
    expect(hindi.html).toContain('lang="hi-IN"');

    // The switch, signed in: English from now on, in the mails too.
    const cookie = cookieFrom(signup.headers)!;
    const switched = await call(root.loader, getRequest("/contests?lang=en", `${cookie}; lang=hi`));
    expect(switched.headers.get("Set-Cookie")).toContain("lang=en");
    expect(await localeOfUser("meena@example.in")).toBe("en");
    await call(forgotRoute.action, formRequest("/forgot-password", { email: "meena@example.in" }), { ip: freshIp() });
    await settleBackground();
    expect((await latestMail("meena@example.in")).subject).toBe("Reset your StudyArena password");

    // Logging in from a browser reading Hindi: Hindi again.
    await call(loginRoute.action, formRequest("/login", { email: "meena@example.in", password: "Secret@123" }, "lang=hi"), { ip: freshIp() });
    expect(await localeOfUser("meena@example.in")).toBe("hi");
  });

  test("the database refuses a language it does not know", async () => {
    await createUser(db, { email: "odd-locale@example.in", password: "Secret@123" });
    await expect(db.update(users).set({ locale: "fr" }).where(eq(users.email, "odd-locale@example.in"))).rejects.toThrow();
  });
});
