import { create, expect, logIn, PASSWORD, test, unique, uniqueEmail } from "./support/fixtures";

test.describe("content pages", () => {
  test("contact: a missing field keeps the input; success shows the alert and an empty form", async ({ page }) => {
    await page.goto("/contact");
    await page.getByLabel("Name").fill("Priya Nair");
    await page.getByLabel("Email").fill("priya@example.in");
    await page.getByLabel("Subject").selectOption("contest");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText("Please enter your message")).toBeVisible();
    await expect(page.getByText("Please accept the privacy policy")).toBeVisible();
    await expect(page.getByLabel("Name")).toHaveValue("Priya Nair");
    await expect(page.getByLabel("Subject")).toHaveValue("contest");

    await page.getByLabel("Message").fill("When are the prizes of last week's contest paid?");
    await page.getByLabel("I agree to the Privacy Policy.").check();
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText("Your message has been sent! We'll get back to you soon.")).toBeVisible();
    await expect(page.getByLabel("Name")).toHaveValue("");
    await expect(page.getByLabel("Message")).toHaveValue("");
    await expect(page.getByRole("link", { name: "See all FAQs" })).toHaveAttribute("href", "/faq");
  });

  test("cookie consent: the banner's plain form sets a 30-day cookie", async ({ page }) => {
    await page.goto("/about");
    const banner = page.getByRole("complementary", { name: "Cookie consent" });
    await banner.getByRole("button", { name: "Accept cookies" }).click();
    await expect(page).toHaveURL("/about");
    await expect(page.getByRole("complementary", { name: "Cookie consent" })).toHaveCount(0);
    const consent = (await page.context().cookies()).find((c) => c.name === "cookie_consent");
    const days = (consent!.expires * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.1);
    await page.goto("/cookie");
    await expect(page.getByText("You have accepted cookies.")).toBeVisible();
  });

  test("FAQ: six questions, one open at a time", async ({ page }) => {
    await page.goto("/faq");
    const items = page.locator(".faq details");
    await expect(items).toHaveCount(6);
    await expect(items.nth(0)).toHaveAttribute("open", "");
    await page.getByText("Can I get a refund of my entry fee?").click();
    await expect(items.nth(1)).toHaveAttribute("open", "");
    await expect(items.nth(0)).not.toHaveAttribute("open", "");
    await expect(page.getByText("at least 24 hours before the contest starts")).toBeVisible();
  });

  test("policy pages state the spec's figures", { tag: "@same-without-js" }, async ({ page }) => {
    await page.goto("/refund");
    await expect(page.getByText("at least 24 hours before the contest starts")).toBeVisible();
    await expect(page.getByText("processed in 5-7 days")).toBeVisible();
    await expect(page.getByText("take 5-10 business days")).toBeVisible();
    await page.goto("/terms");
    await expect(page.getByText("at least 16 years old")).toBeVisible();
    await expect(page.getByText("within 3 business days")).toBeVisible();
    await expect(page.getByText("within 48 hours of delivery")).toBeVisible();
  });

  test("every header and footer link leads to a page", async ({ page }) => {
    await page.goto("/");
    const hrefs = new Set<string>();
    for (const link of await page.locator("header a[href^='/'], footer a[href^='/']").all()) {
      hrefs.add((await link.getAttribute("href"))!);
    }
    expect(hrefs.size).toBeGreaterThan(10);
    for (const href of hrefs) {
      const res = await page.request.get(href);
      expect(res.status(), href).toBe(200);
    }
  });

  test("legacy paths redirect permanently", { tag: "@same-without-js" }, async ({ page }) => {
    const id = "7f1b4f5e-9a0c-4b4e-8a3a-0d1e2f3a4b5c";
    const moves: Array<[string, string]> = [
      ["/marketplace", "/store"],
      [`/marketplace/${id}`, `/store/${id}/productdetails`],
      [`/marketplace/edit/${id}`, `/store/${id}/edit`],
      ["/marketplace/my-products", "/store/my-products"],
      ["/refund-policy", "/refund"],
      ["/help/browser-cookies", "/cookie"],
    ];
    for (const [from, to] of moves) {
      const res = await page.request.get(from, { maxRedirects: 0 });
      expect(res.status(), from).toBe(301);
      expect(res.headers().location, from).toBe(to);
    }
  });

  test("an unknown page is a styled 404; a malformed id is 404, not 500", { tag: "@same-without-js" }, async ({ page }) => {
    const res = await page.goto("/no-such-page");
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to Home" })).toBeVisible();
    expect((await page.request.get("/marketplace/not-a-uuid", { maxRedirects: 0 })).status()).toBe(404);
  });

  test("pages are compressed and protected; fingerprinted assets are cached for a year", { tag: "@same-without-js" }, async ({ page }) => {
    const res = await page.request.get("/", { headers: { "Accept-Encoding": "gzip" } });
    expect(res.headers()["content-encoding"]).toBe("gzip");
    expect(res.headers()["x-frame-options"]).toBe("DENY");
    expect(res.headers()["x-content-type-options"]).toBe("nosniff");
    const asset = (await res.text()).match(/\/build\/[\w./-]+\.js/)![0];
    const cached = await page.request.get(asset);
    expect(cached.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  test("a POST from another site is refused", { tag: "@same-without-js" }, async ({ page, account }) => {
    const res = await page.request.post("/contact", {
      form: { name: "x", email: account.email, subject: "other", message: "x", privacy: "on" },
      headers: { Origin: "https://evil.example" },
      maxRedirects: 0,
    });
    expect(res.status()).toBe(403);
    const signOut = await page.request.post("/logout", { headers: { "Sec-Fetch-Site": "cross-site" }, maxRedirects: 0 });
    expect(signOut.status()).toBe(403);
    await page.goto("/dashboard");
    await expect(page).toHaveURL("/dashboard"); // still signed in
  });
});

test.describe("home", () => {
  test("hero, champions, upcoming contests, and the guide on the first visit only", async ({ page }) => {
    // The home page lists the six soonest contests: tests that need a card there start
    // theirs within minutes, and the other tests start theirs an hour or more away.
    const soon = unique("Home Soon Cup");
    await create("contest", { title: soon, startsInMinutes: 2, endsInMinutes: 60 });
    await page.goto("/");
    await expect(page.getByRole("link", { name: "Explore Contests" })).toHaveAttribute("href", "/contests");
    await expect(page.getByRole("link", { name: "Visit Marketplace" }).first()).toHaveAttribute("href", "/store");
    await expect(page.getByRole("region", { name: "Hall of Champions" })).toBeVisible();
    const upcoming = page.getByRole("region", { name: "Upcoming Contests" });
    // (the "Starts in 3d 4h" form for later contests is unit-tested in countdown.test.ts)
    await expect(upcoming.getByRole("article").filter({ hasText: soon }).getByText(/^Starts in \d+m \d\ds$/)).toBeVisible();
    await expect(page.getByRole("heading", { name: "Why Compete With Us?" })).toBeVisible();
    await expect(page.getByText("Textbooks at 50-70% off")).toBeVisible();

    const guide = page.getByRole("dialog", { name: "Getting Started Guide" });
    await expect(guide).toBeVisible();
    await expect(guide.getByRole("link", { name: "Sign Up Now" })).toHaveAttribute("href", "/signup");
    await guide.getByRole("button", { name: "Close guide" }).click();
    await expect(guide).toBeHidden();
    await page.reload();
    await expect(page.getByRole("dialog", { name: "Getting Started Guide" })).toHaveCount(0);
  });

  test("a signed-in student's first visit: the guide does not ask them to sign up", { tag: "@same-without-js" }, async ({ page, student }) => {
    expect(student.id).toBeTruthy();
    await page.goto("/");
    const guide = page.getByRole("dialog", { name: "Getting Started Guide" });
    await expect(guide).toBeVisible();
    await expect(guide.getByRole("link", { name: "Sign Up Now" })).toHaveCount(0);
    await expect(guide.getByRole("link", { name: "Browse Contests" })).toHaveAttribute("href", "/contests");
  });

  test("an enrolled student sees 'Already Enrolled' on the card", async ({ page, student }) => {
    const title = unique("Enrolled Cup");
    const contest = await create("contest", { title, startsInMinutes: 5, endsInMinutes: 60 });
    await create("entry", { userId: student.id, contestId: contest.id });
    await page.goto("/");
    const card = page.getByRole("article").filter({ hasText: title });
    await expect(card.getByRole("button", { name: "Already Enrolled" })).toBeDisabled();
    await expect(card.getByText("You have already joined this contest!")).toBeVisible();
  });

  test("the contest list searches without JavaScript and shows timing labels", async ({ page }) => {
    const token = unique("Listcup").split(" ")[1]!;
    await create("contest", { title: `Ended ${token}`, startsInMinutes: -120, endsInMinutes: -60 });
    await create("contest", { title: `Running ${token}`, subject: "Physics", startsInMinutes: -5, endsInMinutes: 2 * 24 * 60 });
    await page.goto("/contests");
    await page.getByLabel("Search contests").fill(token);
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(new RegExp(`q=${token}`));
    await expect(page.getByRole("article")).toHaveCount(2);
    await expect(page.getByRole("article").filter({ hasText: `Ended ${token}` }).getByText("ENDED", { exact: true })).toBeVisible();
    await expect(page.getByRole("article").filter({ hasText: `Running ${token}` }).getByText(/^ENDS IN \d+d \d+h \d+m$/)).toBeVisible();
    await expect(page.getByRole("article").filter({ hasText: `Running ${token}` }).getByText(/^Starts .+ IST · 3 questions$/)).toBeVisible();
    await page.getByLabel("Search contests").fill(`zzzz${token}`);
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.getByText("No contests found")).toBeVisible();
  });
});

test.describe("contest detail", () => {
  test("'Know more' opens the contest page; an enrolled student sees 'Already Enrolled'", async ({ page }) => {
    const title = unique("Physics Fundamentals");
    await create("contest", {
      title,
      subject: "Physics",
      startsInMinutes: 24 * 60,
      endsInMinutes: 24 * 60 + 60,
      durationMinutes: 30,
      entryFee: 0,
      sponsor: "Pragati Book House",
      prizePool: { first: 2000, second: 1000, bonus: "Certificate of Merit", grand_total: 3000 },
    });
    await page.goto(`/contests?q=${encodeURIComponent(title)}`);
    // The card says who funds the prizes before anyone opens it.
    await expect(page.locator("article", { hasText: title }).getByText("Free entry · prizes by Pragati Book House")).toBeVisible();
    await page.getByRole("link", { name: `Know more: ${title}` }).click();
    await expect(page.getByRole("heading", { name: title })).toBeVisible();
    await expect(page.getByText("30 minutes")).toBeVisible();
    await expect(page.getByText("First Prize")).toBeVisible();
    await expect(page.getByText("Certificate of Merit")).toBeVisible();
    await expect(page.getByText("Free entry · prizes by Pragati Book House")).toBeVisible();
    // A free contest's button says so; the spec's words stay for contests that take a fee.
    await expect(page.getByText("Enroll for Free")).toBeVisible();
    await expect(page.getByText("Pay & Enroll Now")).toHaveCount(0);
  });

  test("a paid practice test says it has no prizes, and a paid-prize contest is not offered", async ({ page }) => {
    const practice = await create("contest", { title: unique("Practice Paper"), startsInMinutes: 24 * 60, endsInMinutes: 24 * 60 + 60, entryFee: 29 });
    await page.goto(`/contest/${practice.id}`);
    await expect(page.getByText("Practice test · no prizes")).toBeVisible();
    await expect(page.getByText("Pay & Enroll Now")).toBeVisible();

    const dark = await create("contest", { title: unique("Cash Cup"), startsInMinutes: 24 * 60, endsInMinutes: 24 * 60 + 60, entryFee: 49, prizePool: { first: 2000 } });
    await page.goto(`/contest/${dark.id}`);
    await expect(page.getByText("Paid entry for cash prizes · not offered here")).toBeVisible();
    await expect(page.getByRole("button", { name: "Not Offered Here" })).toBeDisabled();
    await expect(page.getByText("Pay & Enroll Now")).toHaveCount(0);
  });

  test("an enrolled student sees 'Already Enrolled' with a way to the dashboard", async ({ page }) => {
    const title = unique("Maths Sprint");
    const contest = await create("contest", { title, startsInMinutes: 60, endsInMinutes: 120 });
    const email = uniqueEmail();
    const { id } = await create("student", { email, password: PASSWORD });
    await create("entry", { userId: id, contestId: contest.id });
    await logIn(page, email, PASSWORD, "/login?redirectTo=/contests");
    await page.getByLabel("Search contests").fill(title);
    await page.getByRole("button", { name: "Search" }).click();
    await page.getByRole("link", { name: `Enrolled: ${title}` }).click();
    await expect(page.getByRole("button", { name: "Already Enrolled" })).toBeDisabled();
    await expect(page.getByRole("link", { name: "dashboard" })).toBeVisible();
  });

  test("an unknown contest says 'Contest Not Found'", { tag: "@same-without-js" }, async ({ page }) => {
    const res = await page.goto("/contest/00000000-0000-4000-8000-000000000000");
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Contest Not Found" })).toBeVisible();
    await page.getByRole("link", { name: "Back to Home" }).click();
    await expect(page).toHaveURL("/");
  });
});

test.describe("the first screen on a phone", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("the header fits and reaches every section, without JavaScript too", async ({ page }) => {
    await page.goto("/");
    const register = page.getByRole("link", { name: "Register" });
    const box = (await register.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(360);
    await page.getByLabel("Menu", { exact: true }).click();
    const menu = page.getByRole("navigation", { name: "Main (menu)" });
    for (const [name, path] of [["Contests", "/contests"], ["Marketplace", "/store"], ["Blog", "/blog"]] as const) {
      await expect(menu.getByRole("link", { name })).toHaveAttribute("href", path);
    }
    await menu.getByRole("link", { name: "Blog" }).click();
    await expect(page).toHaveURL("/blog");
  });

  test("on the first visit nothing covers the hero or its buttons", async ({ page }) => {
    await page.goto("/");
    const hero = (await page.locator(".hero").boundingBox())!;
    const explore = page.getByRole("link", { name: "Explore Contests" });
    await expect(explore).toBeInViewport();
    // The guide sits under the hero, the cookie banner above it: neither overlaps.
    const guide = (await page.getByRole("dialog", { name: "Getting Started Guide" }).boundingBox())!;
    const banner = (await page.getByRole("complementary", { name: "Cookie consent" }).boundingBox())!;
    expect(guide.y).toBeGreaterThanOrEqual(hero.y + hero.height);
    expect(banner.y + banner.height).toBeLessThanOrEqual(hero.y + 1);
    const center = await explore.evaluate((el) => {
      const r = el.getBoundingClientRect();
      return document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2) === el;
    });
    expect(center).toBe(true);
  });
});

test.describe("on a desktop", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("three cards fill a row: no empty fourth column", { tag: "@same-without-js" }, async ({ page }) => {
    const token = unique("Row").split(" ")[1]!;
    for (const i of [1, 2, 3]) await create("contest", { title: `Row ${token} ${i}`, startsInMinutes: 300 + i, endsInMinutes: 400 });
    await page.goto(`/contests?q=${token}`);
    const cards = page.getByRole("article");
    await expect(cards).toHaveCount(3);
    const row = (await page.locator(".grid").boundingBox())!;
    const last = (await cards.nth(2).boundingBox())!;
    expect(Math.abs(last.x + last.width - (row.x + row.width))).toBeLessThan(2);
    expect(Math.abs(last.y - (await cards.nth(0).boundingBox())!.y)).toBeLessThan(2); // one row
  });
});
