import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { test as base, expect, type Browser, type Page } from "@playwright/test";
import type { E2eFixtures } from "~/seed/e2e-fixtures.server";

export const PASSWORD = "Secret@123";

let counter = 0;
export function uniqueEmail(prefix = "student") {
  return `${prefix}.${Date.now().toString(36)}${process.pid}${++counter}@example.in`;
}

/** A name no other test (or run) uses, for rows a test creates and then looks for. */
export function unique(prefix: string) {
  return `${prefix} ${Date.now().toString(36)}${process.pid}${++counter}`;
}

/**
 * Creates rows in the app's database through the e2e server's fixtures service
 * (scripts/e2e-server.js): each test sets up exactly the world its scenario needs.
 */
export async function create<K extends keyof E2eFixtures>(name: K, input: Parameters<E2eFixtures[K]>[0]): Promise<Awaited<ReturnType<E2eFixtures[K]>>> {
  const url = `http://127.0.0.1:${process.env.E2E_FIXTURES_PORT}/${name}`;
  // A fresh connection each time: a test that blocked its event loop (spawnSync of an admin
  // command) could otherwise reuse a kept-alive socket the service had closed meanwhile.
  const res = await fetch(url, { method: "POST", body: JSON.stringify(input), headers: { Connection: "close" } });
  if (!res.ok) throw new Error(`fixture ${name} failed: ${await res.text()}`);
  return res.json();
}

type Account = { email: string; password: string; fullName: string };

/** A date of birth of an adult: a sign-up under 18 waits for a parent (tests/e2e/parental-consent.spec.ts). */
export const ADULT_BIRTH_DATE = "1998-04-12";
type Student = Account & { id: string };

/**
 * The app hydrates after the load event (app/utils/late-hydration.ts): with JavaScript
 * on, a test that goes to a page acts once React is there, as a student would after
 * the first screen; clicking earlier would test the no-JavaScript path by accident.
 */
export function hydrateOnNavigation(page: Page) {
  for (const method of ["goto", "reload"] as const) {
    const navigate = page[method].bind(page) as (...args: unknown[]) => ReturnType<Page["goto"]>;
    page[method] = (async (...args: unknown[]) => {
      const response = await navigate(...args);
      if (response?.headers()["content-type"]?.startsWith("text/html")) {
        await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
      }
      return response;
    }) as never;
  }
  return page;
}

/** A second person's browser, signed in (a seller beside the buyer), from an address of its own, with JavaScript as the project has it. */
export async function signedInPage(browser: Browser, account: { email: string; password: string }, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ javaScriptEnabled, baseURL: test.info().project.use.baseURL, extraHTTPHeaders: { "X-Forwarded-For": `198.19.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` } });
  const page = await context.newPage();
  expect((await page.request.post("/login", { form: { email: account.email, password: account.password } })).ok()).toBe(true);
  return javaScriptEnabled ? hydrateOnNavigation(page) : page;
}

export const test = base.extend<{ account: Account; student: Student }>({
  page: async ({ page, javaScriptEnabled }, use) => {
    await use(javaScriptEnabled ? hydrateOnNavigation(page) : page);
  },
  // Each test is its own client (as seen through a proxy), so per-address rate
  // limits apply to it alone, as they would to a real student.
  extraHTTPHeaders: async ({}, use) => {
    const [a, b] = randomBytes(2);
    await use({ "X-Forwarded-For": `198.18.${a}.${b}` });
  },
  // A fresh student, signed in through the real signup form post.
  account: async ({ page }, use) => {
    const account = { email: uniqueEmail(), password: PASSWORD, fullName: "Test Student" };
    const res = await page.request.post("/signup", { form: { fullName: account.fullName, email: account.email, password: account.password, birthDate: ADULT_BIRTH_DATE } });
    expect(res.ok()).toBe(true);
    await use(account);
  },
  // A student made directly in the database, signed in through the real login form post.
  student: async ({ page }, use) => {
    const student = { email: uniqueEmail(), password: PASSWORD, fullName: "Test Student" };
    const { id } = await create("student", student);
    const res = await page.request.post("/login", { form: { email: student.email, password: student.password } });
    expect(res.ok()).toBe(true);
    await use({ ...student, id });
  },
});

export { expect };

/**
 * The newest mail the app dropped for an address (no mail provider in tests); with
 * `subject`, the newest with that subject; with `atLeast`, once that many have come: the
 * app sends after it answers, so an earlier mail to the same address may be all there is
 * for a moment.
 */
export async function latestMailTo(to: string, subject?: RegExp, atLeast = 1) {
  const dir = path.resolve(".data-e2e/mail");
  let found: { to: string; subject: string; text: string } | undefined;
  await expect
    .poll(() => {
      const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith(".json")).sort() : [];
      const mails = files.map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), "utf8"))).filter((m) => m.to === to && (!subject || subject.test(m.subject)));
      found = mails.length >= atLeast ? mails.at(-1) : undefined;
      return Boolean(found);
    }, { message: `a mail to ${to}`, timeout: 10_000 })
    .toBe(true);
  return found!;
}

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
