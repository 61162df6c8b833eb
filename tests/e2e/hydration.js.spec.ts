// Pages hydrate after the first paint (app/utils/late-hydration.ts), so a student on a
// slow phone, or a password manager, fills forms before React is there. Whatever was
// typed then must survive hydration, and a form sent then is sent once and answered.
// The page's scripts are held back (as a slow connection would) so the typing lands
// before hydration for certain; the pages are tried on a CPU slowed 4x, the login's
// Enter, which races hydration, on a normal one too.
import type { Browser, BrowserContext, Cookie, Page } from "@playwright/test";
import { create, expect, latestMailTo, PASSWORD, test, unique, uniqueEmail } from "./support/fixtures";

/** A browser context (one visitor): its pages' scripts can be held, its CPU slowed. */
async function visitor(browser: Browser, cookies: Cookie[] = []) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, extraHTTPHeaders: { "X-Forwarded-For": `198.19.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` } });
  await context.addCookies(cookies);
  return context;
}

/** A page whose scripts (/build/*.js) arrive `delayMs` late (or when released), on a CPU slowed `cpu` times. */
async function slowPageIn(context: BrowserContext, options: { cpu: number; delayMs: number }) {
  const page = await context.newPage();
  if (options.cpu > 1) {
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: options.cpu });
  }
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/build\/.*\.js$/, async (route) => {
    await Promise.race([held, new Promise((r) => setTimeout(r, options.delayMs))]);
    await route.continue();
  });
  // Posts to /login: a native one, or Remix's fetch of the same action once hydrated.
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && /^\/login(\.data)?$/.test(new URL(request.url()).pathname)) posts.push(request.url());
  });
  return { page, release, posts };
}

async function slowPage(browser: Browser, options: { cpu: number; delayMs: number }) {
  const context = await visitor(browser);
  return { context, ...(await slowPageIn(context, options)) };
}

/** Fills every field a person can type into or tick, and returns what each should now hold. */
async function fillEverything(page: Page) {
  const expected: Array<{ selector: string; value: string | boolean }> = [];
  // A form folded away (the contest page's join form) is opened first, as a person would.
  for (const summary of await page.locator("main details:has(form):not([open]) > summary").all()) await summary.click();
  const fields = await page.locator("form input:visible, form textarea:visible, form select:visible").all();
  let n = 0;
  for (const field of fields) {
    const info = await field.evaluate((el: HTMLInputElement) => ({ tag: el.tagName, type: el.type, id: el.id, name: el.name, readOnly: el.readOnly, disabled: el.disabled, form: el.form?.id ?? "", maxLength: el.maxLength }));
    if (info.readOnly || info.disabled || !info.name || ["hidden", "submit", "button", "file", "radio"].includes(info.type)) continue;
    const selector = info.id ? `#${info.id}` : `form[id="${info.form}"] [name="${info.name}"]`;
    n++;
    if (info.type === "checkbox") {
      await field.check();
      expected.push({ selector, value: true });
    } else if (info.tag === "SELECT") {
      const value = await field.evaluate((el: HTMLSelectElement) => [...el.options].map((o) => o.value).filter(Boolean).at(-1) ?? "");
      await field.selectOption(value);
      expected.push({ selector, value });
    } else {
      const typed = info.type === "email" ? `early${n}@example.in` : info.type === "date" ? "2001-02-03" : info.type === "number" ? "2" : info.type === "tel" ? "9876543210" : info.name === "zip" || info.name === "postalCode" ? "411001" : `Typed early ${n}`;
      // No more than the field takes (an IFSC is 11 characters), as a person could type.
      const value = info.maxLength > 0 ? typed.slice(0, info.maxLength) : typed;
      // The first field as a person types, key by key; the rest as a password manager fills.
      if (n === 1) {
        await field.clear();
        await field.pressSequentially(value, { delay: 5 });
      }
      else await field.fill(value);
      expected.push({ selector, value });
    }
  }
  return expected;
}

async function readBack(page: Page, expected: Array<{ selector: string; value: string | boolean }>) {
  return Promise.all(
    expected.map(({ selector, value }) =>
      page.locator(selector).evaluate((el: HTMLInputElement, checkbox) => (checkbox ? el.checked : el.value), typeof value === "boolean"),
    ),
  );
}

/** A signed-in student with a copy of another seller's book in the cart (for /cart and /checkout), as cookies. */
async function signedInWithCart(browser: Browser, productId: string) {
  const email = uniqueEmail("hydrate");
  const { id } = await create("student", { email, password: PASSWORD, fullName: "Hydration Student" });
  const context = await browser.newContext();
  expect((await context.request.post("/login", { form: { email, password: PASSWORD } })).ok()).toBe(true);
  expect((await context.request.post(`/store/${productId}/productdetails`, { form: { intent: "cart-add", quantity: "1" } })).ok()).toBe(true);
  const { cookies } = await context.storageState();
  await context.close();
  return { id, cookies };
}

/** A live reset link's path, mailed through the app's own form. */
async function resetLinkPath(browser: Browser) {
  const email = uniqueEmail("reset");
  await create("student", { email, password: PASSWORD, fullName: "Reset Student" });
  const context = await browser.newContext();
  expect((await context.request.post("/forgot-password", { form: { email } })).ok()).toBe(true);
  await context.close();
  return (await latestMailTo(email)).text.match(/http:\/\/localhost:\d+(\/reset-password\?token=[\w-]+)/)![1]!;
}

// The scripts are held until every field is filled, so the typing is before hydration
// whatever the CPU's speed: one run, on the slow CPU (hydration, and what it sets off,
// takes longest there), proves it. The login's Enter below, which races hydration, is
// tried at both speeds.
// A guest's nine form pages and a signed-in student's seven, as two tests that can run side by side.
for (const who of ["guest", "student"] as const) {
  test(`whatever is typed or filled before hydration is still there after it, on every form page of a ${who === "guest" ? "guest" : "signed-in student"}, with the CPU slowed 4x`, async ({ browser }) => {
    const cpu = 4;
    // Each page in a fresh page with its scripts held: minutes on a busy two-core machine.
    test.setTimeout(360_000);
    const contest = await create("contest", { title: unique("Hydration Contest"), startsInMinutes: 120, endsInMinutes: 240 });
    const slug = `hydration-${Date.now().toString(36)}-${who}`;
    await create("post", { slug, title: unique("Hydration Post"), category: "Study Tips" });
    const seller = await create("student", { email: uniqueEmail("seller"), password: PASSWORD, fullName: "Hydration Seller" });
    const forSale = await create("product", { sellerId: seller.id, title: unique("Hydration Atlas"), price: 90, category: "Books", stock: 3 });
    // Another listing, not in the cart, for the product page's quantity.
    const browsing = await create("product", { sellerId: seller.id, title: unique("Hydration Dictionary"), price: 60, category: "Books", stock: 3 });
    const signedIn = await signedInWithCart(browser, forSale.id);
    const product = await create("product", { sellerId: signedIn.id, title: unique("Hydration Book"), price: 120, category: "Books" });
    const guestPages = ["/login", "/signup", "/forgot-password", await resetLinkPath(browser), "/contact", "/contests", "/store", "/blog", `/contest/${contest.id}`];
    const studentPages = ["/account", "/store/new", `/store/${product.id}/edit`, `/store/${browsing.id}/productdetails`, "/cart", "/checkout", `/blog/${slug}`];
    const lost: string[] = [];
    const guest = await visitor(browser);
    const student = await visitor(browser, signedIn.cookies);
    for (const path of who === "guest" ? guestPages : studentPages) {
      const { page, release } = await slowPageIn(studentPages.includes(path) ? student : guest, { cpu, delayMs: 60_000 });
      await page.goto(path, { waitUntil: "domcontentloaded" });
      const expected = await fillEverything(page);
      expect(expected.length, `${path} has fields`).toBeGreaterThan(0);
      // Not yet hydrated while the fields were filled: the scripts were held.
      expect(await page.locator("html[data-hydrated]").count(), path).toBe(0);
      release();
      await page.locator("html[data-hydrated]").waitFor({ state: "attached", timeout: 60_000 });
      // A moment for what hydration sets off after it commits (the Show button, meters).
      await page.waitForTimeout(300);
      const values = await readBack(page, expected);
      expected.forEach(({ selector, value }, i) => {
        if (values[i] !== value) lost.push(`${path}: ${selector} held ${JSON.stringify(values[i])}, not ${JSON.stringify(value)}`);
      });
      await page.close();
    }
    await guest.close();
    await student.close();
    expect(lost).toEqual([]);
  });
}

async function fillLogin(page: Page, email: string) {
  await page.locator("input[name=email]").fill(email);
  await page.locator("input[name=password]").fill(PASSWORD);
}

async function loginPage(browser: Browser, cpu: number, delayMs: number) {
  const email = uniqueEmail("enter");
  await create("student", { email, password: PASSWORD, fullName: "Enter Student" });
  return { email, ...(await slowPage(browser, { cpu, delayMs })) };
}

test("a login sent with Enter before, while and just after the page hydrates is sent once and signs the student in", async ({ browser }) => {
  test.setTimeout(240_000);
  for (const cpu of [1, 4]) {
    // Before the page's scripts start: they are then never started, and the post goes as HTML.
    {
      const { email, page, context, release, posts } = await loginPage(browser, cpu, 60_000);
      await page.goto("/login", { waitUntil: "domcontentloaded" });
      await fillLogin(page, email);
      await page.locator("input[name=password]").press("Enter");
      await expect(page, `before the scripts, cpu ${cpu}x`).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
      expect(posts, `before the scripts, cpu ${cpu}x`).toHaveLength(1);
      release();
      await context.close();
    }
    // At the moment the script that starts React runs (the login's Enter is put in front of
    // the page's own entry script, once the fields are filled).
    {
      const { email, page, context, posts } = await loginPage(browser, cpu, 0);
      let filled: () => void = () => {};
      const ready = new Promise<void>((resolve) => (filled = resolve));
      await page.route(/\/build\/entry\.client-[\w-]+\.js$/, async (route) => {
        await ready;
        const response = await route.fetch();
        const enter = `if (location.pathname === "/login") document.querySelector("input[name=password]").form.requestSubmit();\n`;
        await route.fulfill({ response, body: enter + (await response.text()) });
      });
      await page.goto("/login", { waitUntil: "domcontentloaded" });
      await fillLogin(page, email);
      filled();
      await expect(page, `as React starts, cpu ${cpu}x`).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
      expect(posts, `as React starts, cpu ${cpu}x`).toHaveLength(1);
      await context.close();
    }
    // As a student does it: filled and sent the moment the page shows, three times over,
    // so the Enter lands before, during or just after hydration.
    for (let round = 0; round < 3; round++) {
      const { email, page, context, posts } = await loginPage(browser, cpu, 0);
      await page.goto("/login", { waitUntil: "domcontentloaded" });
      await fillLogin(page, email);
      await page.locator("input[name=password]").press("Enter");
      await expect(page, `at once, cpu ${cpu}x, round ${round}`).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
      expect(posts, `at once, cpu ${cpu}x, round ${round}`).toHaveLength(1);
      await context.close();
    }
    // Just after hydration: the password typed before it is still what is sent.
    {
      const { email, page, context, release, posts } = await loginPage(browser, cpu, 60_000);
      await page.goto("/login", { waitUntil: "domcontentloaded" });
      await fillLogin(page, email);
      release();
      await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
      await page.locator("input[name=password]").press("Enter");
      await expect(page, `after hydration, cpu ${cpu}x`).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
      expect(posts).toHaveLength(1);
      await context.close();
    }
  }
});
