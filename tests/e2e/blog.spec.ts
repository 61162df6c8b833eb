// Likes, bookmarks and comments are form posts: they work with JavaScript off too. A
// guest is sent to log in and comes back to the post with the action done.
import { create, expect, submitLogin, test, unique } from "./support/fixtures";

async function newPost() {
  const token = unique("Post").split(" ")[1]!.toLowerCase();
  const slug = `reader-${token}`;
  const title = `Revision Plan ${token}`;
  await create("post", { slug, title, category: "Study Tips", excerpt: `A revision plan (${token}).` });
  return { slug, title };
}

test("a guest's like goes through login and is done on return", async ({ page, student }) => {
  const post = await newPost();
  await page.context().clearCookies(); // a guest with an account
  await page.goto(`/blog/${post.slug}`);
  await page.getByRole("button", { name: "Like", exact: true }).click();
  await expect(page).toHaveURL(`/login?redirect=${encodeURIComponent(`/blog/${post.slug}`)}&action=like`);
  await submitLogin(page, student.email, student.password);
  await expect(page).toHaveURL(`/blog/${post.slug}`);
  await expect(page.getByRole("button", { name: "Liked" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByText("1 like", { exact: true })).toBeVisible();
  // Pressing again unlikes.
  await page.getByRole("button", { name: "Liked" }).click();
  await expect(page.getByRole("button", { name: "Like", exact: true })).toHaveAttribute("aria-pressed", "false");
  await expect(page.getByText("0 likes", { exact: true })).toBeVisible();
});

test("a guest's comment comes back focused with the draft after login, then posts", async ({ page, student }) => {
  const post = await newPost();
  await page.context().clearCookies();
  await page.goto(`/blog/${post.slug}`);
  await page.getByLabel("Add a comment").fill("Day-wise plans work for me");
  await page.getByRole("button", { name: "Post Comment" }).click();
  await expect(page).toHaveURL(/\/login\?redirect=.*&action=comment&draft=/);
  await submitLogin(page, student.email, student.password);
  await expect(page).toHaveURL(new RegExp(`/blog/${post.slug}\\?comment=1&draft=`));
  await expect(page.getByLabel("Add a comment")).toHaveValue("Day-wise plans work for me");
  await expect(page.getByLabel("Add a comment")).toBeFocused();
  await expect(page.getByText("No comments yet. Be the first to comment!")).toBeVisible();
  await page.getByRole("button", { name: "Post Comment" }).click();
  await expect(page.getByText("Your comment is posted.")).toBeVisible();
  const list = page.getByRole("region", { name: "Comments" }).getByRole("listitem");
  await expect(list).toHaveCount(1);
  await expect(list.first()).toContainText("Test Student");
  await expect(list.first()).toContainText("Day-wise plans work for me");
  await expect(page.getByRole("link", { name: "1 comment" })).toBeVisible();
});

test("a blank comment is refused in the form; a comment's text is kept when it is too long", async ({ page, student: _signedIn }) => {
  const post = await newPost();
  await page.goto(`/blog/${post.slug}`);
  await page.getByLabel("Add a comment").fill("   ");
  await page.getByRole("button", { name: "Post Comment" }).click();
  await expect(page.getByText("Please write a comment first.")).toBeVisible();
  await expect(page.getByText("No comments yet. Be the first to comment!")).toBeVisible();
});

test("a bookmark is listed under Bookmarked on the blog", async ({ page, student: _signedIn }) => {
  const post = await newPost();
  await page.goto(`/blog/${post.slug}`);
  await page.getByRole("button", { name: "Bookmark", exact: true }).click();
  await expect(page.getByRole("button", { name: "Bookmarked" })).toHaveAttribute("aria-pressed", "true");
  await page.goto("/blog");
  await page.getByRole("navigation", { name: "Categories" }).getByRole("link", { name: "Bookmarked" }).click();
  await expect(page).toHaveURL("/blog?bookmarked=1");
  await expect(page.getByRole("heading", { name: "Your bookmarks" })).toBeVisible();
  await expect(page.getByRole("article")).toHaveCount(1);
  await expect(page.getByRole("link", { name: post.title })).toBeVisible();
});

test("the reader has a proper title, description and link preview tags; counts carry words", async ({ page, javaScriptEnabled }) => {
  const post = await newPost();
  await page.goto(`/blog/${post.slug}`);
  await expect(page).toHaveTitle(`${post.title} — StudyArena Blog`);
  const meta = (selector: string) => page.locator(`meta[${selector}]`).getAttribute("content");
  expect(await meta('name="description"')).toContain("A revision plan");
  expect(await meta('property="og:title"')).toBe(post.title);
  expect(await meta('property="og:url"')).toMatch(new RegExp(`/blog/${post.slug}$`));
  expect(await meta('property="og:image"')).toMatch(/^http.*\/images\/og-blog\.jpg$/);
  expect(await meta('name="twitter:card"')).toBe("summary_large_image");
  await expect(page.getByText("0 likes", { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "0 comments" })).toBeVisible();
  expect(await page.locator(".reactions svg").count()).toBeGreaterThan(3);
  expect(await page.locator("main").innerText()).not.toMatch(/[♥💬]/u);
  // Without JavaScript, sharing is the post's plain link.
  if (!javaScriptEnabled) expect(await page.getByRole("link", { name: "Share link" }).getAttribute("href")).toMatch(new RegExp(`^http.*/blog/${post.slug}$`));
});
