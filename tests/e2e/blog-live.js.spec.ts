// With JavaScript: counts stay live in every open reader, and sharing copies the link.
import { create, expect, test, unique } from "./support/fixtures";

test("a like in one page updates the count in another open page of the same post", async ({ page, student: _signedIn, context }) => {
  const token = unique("Live").split(" ")[1]!.toLowerCase();
  const slug = `live-${token}`;
  await create("post", { slug, title: `Live ${token}`, category: "Study Tips" });
  const watcher = await context.newPage();
  const streamOpen = watcher.waitForResponse((res) => res.url().endsWith(`/blog/${slug}/events`) && res.ok());
  await watcher.goto(`/blog/${slug}`);
  await expect(watcher.getByText("0 likes", { exact: true })).toBeVisible();
  await streamOpen; // the other page acts once this one is listening

  await page.goto(`/blog/${slug}`);
  await page.getByRole("button", { name: "Like", exact: true }).click();
  await expect(page.getByText("1 like", { exact: true })).toBeVisible();
  await expect(watcher.getByText("1 like", { exact: true })).toBeVisible();
  await page.getByLabel("Add a comment").fill("Seen live");
  await page.getByRole("button", { name: "Post Comment" }).click();
  await expect(watcher.getByRole("link", { name: "1 comment" })).toBeVisible();
});

test("share copies the link and says so for 2 seconds", async ({ page, context }) => {
  const token = unique("Share").split(" ")[1]!.toLowerCase();
  await create("post", { slug: `share-${token}`, title: `Share ${token}`, category: "Study Tips" });
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  // A desktop browser without a share sheet: the link is copied instead.
  await page.addInitScript(() => Object.defineProperty(Navigator.prototype, "share", { value: undefined, configurable: true }));
  await page.goto(`/blog/share-${token}`);
  await page.getByRole("button", { name: "Share" }).click();
  await expect(page.getByText("Link copied!")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(new RegExp(`/blog/share-${token}$`));
  await expect(page.getByText("Link copied!")).toBeHidden({ timeout: 3000 });
});

test("with JavaScript the list opens the reader in place, at the post's own address", async ({ page }) => {
  const token = unique("InPlace").split(" ")[1]!.toLowerCase();
  await create("post", { slug: `in-place-${token}`, title: `In Place ${token}`, category: "Study Tips" });
  await page.goto("/blog");
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  await page.getByRole("link", { name: `In Place ${token}` }).click();
  await expect(page).toHaveURL(`/blog/in-place-${token}`);
  await expect(page.getByRole("heading", { name: `In Place ${token}` })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true); // no new document
});

test("a reader refused for a full address tries again by itself, later, and then follows the counts", async ({ page, student: _signedIn, baseURL, extraHTTPHeaders }) => {
  test.setTimeout(60_000);
  const token = unique("Retry").split(" ")[1]!.toLowerCase();
  const slug = `retry-${token}`;
  await create("post", { slug, title: `Retry ${token}`, category: "Study Tips" });
  // Eight other streams from this page's address take its places.
  const holders = await Promise.all(Array.from({ length: 8 }, () => fetch(`${baseURL}/blog/${slug}/events`, { headers: extraHTTPHeaders })));
  expect(holders.map((h) => h.status)).toEqual(Array(8).fill(200));
  const refused = page.waitForResponse((res) => res.url().endsWith(`/blog/${slug}/events`) && res.status() === 503);
  await page.goto(`/blog/${slug}`);
  await refused;
  const accepted = page.waitForResponse((res) => res.url().endsWith(`/blog/${slug}/events`) && res.ok(), { timeout: 20_000 });
  await Promise.all(holders.map((h) => h.body?.cancel()));
  await accepted;

  // Now live: a like sent from elsewhere (not this page's button) shows up without a reload.
  await expect(page.getByText("0 likes", { exact: true })).toBeVisible();
  await page.request.post(`/blog/${slug}`, { form: { intent: "like", on: "1" }, headers: { Origin: baseURL! } });
  await expect(page.getByText("1 like", { exact: true })).toBeVisible();
});
