import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { test as base, expect, type Page } from "@playwright/test";

export const PASSWORD = "Secret@123";

let counter = 0;
export function uniqueEmail(prefix = "student") {
  return `${prefix}.${Date.now().toString(36)}${process.pid}${++counter}@example.in`;
}

type Account = { email: string; password: string; fullName: string };

export const test = base.extend<{ account: Account }>({
  // Each test is its own client (as seen through a proxy), so per-address rate
  // limits apply to it alone, as they would to a real student.
  extraHTTPHeaders: async ({}, use) => {
    const [a, b] = randomBytes(2);
    await use({ "X-Forwarded-For": `198.18.${a}.${b}` });
  },
  // A fresh student, signed in through the real signup form post.
  account: async ({ page }, use) => {
    const account = { email: uniqueEmail(), password: PASSWORD, fullName: "Test Student" };
    const res = await page.request.post("/signup", { form: { fullName: account.fullName, email: account.email, password: account.password } });
    expect(res.ok()).toBe(true);
    await use(account);
  },
});

export { expect };

/** The newest mail the app dropped for an address (no mail provider in tests). */
export async function latestMailTo(to: string) {
  const dir = path.resolve(".data-e2e/mail");
  let found: { to: string; subject: string; text: string } | undefined;
  await expect
    .poll(() => {
      const files = fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
      found = files
        .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), "utf8")))
        .filter((m) => m.to === to)
        .at(-1);
      return Boolean(found);
    }, { message: `a mail to ${to}`, timeout: 10_000 })
    .toBe(true);
  return found!;
}

export const DEMO_STUDENT = { email: "student@studyarena.in", password: "Student@123" };

/** Fills and sends the login form on the page already open. */
export async function submitLogin(page: Page, email: string, password: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Log In" }).click();
}

export async function logIn(page: Page, email: string, password: string, path = "/login") {
  await page.goto(path);
  await submitLogin(page, email, password);
}
