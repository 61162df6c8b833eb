import { expect, test } from "./support/fixtures";

test.describe("store (browsing)", () => {
  test("filters, sorts and pages with plain links and a GET form", async ({ page }) => {
    await page.goto("/store");
    await expect(page.getByRole("heading", { name: "Marketplace" })).toBeVisible();
    await expect(page.getByRole("article")).toHaveCount(12);
    await expect(page.getByRole("status").filter({ hasText: "36 items" })).toBeVisible();

    await page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Page 3" }).click();
    await expect(page).toHaveURL(/page=3/);
    await expect(page.getByRole("article")).toHaveCount(12);

    await page.getByRole("navigation", { name: "Categories" }).getByRole("link", { name: "Medical" }).click();
    await expect(page.getByRole("article")).toHaveCount(5);

    await page.getByLabel("Search").fill("anatomy");
    await page.getByLabel("Sort").selectOption("price-low");
    await page.getByRole("button", { name: "Apply" }).click();
    const titles = page.getByRole("article").getByRole("heading");
    await expect(titles).toHaveText(["BD Chaurasia's Human Anatomy Vol. 1", "Gray's Anatomy for Students"]);

    await page.getByLabel("Search").fill("no such book anywhere");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByText("No products found")).toBeVisible();
  });

  test("a card opens the product page; a missing product says so", async ({ page }) => {
    await page.goto("/store?q=Indian%20Polity");
    await page.getByRole("link", { name: "Indian Polity" }).click();
    await expect(page.getByRole("heading", { name: "Indian Polity" })).toBeVisible();
    await expect(page.getByText("M. Laxmikanth", { exact: true })).toBeVisible();
    await expect(page.getByText("₹520")).toBeVisible();
    await expect(page.getByText("Active", { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "Log in" })).toBeVisible();

    const res = await page.goto("/store/00000000-0000-4000-8000-000000000000/productdetails");
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Product Not Found" })).toBeVisible();
    await page.getByRole("link", { name: "Browse Marketplace" }).click();
    await expect(page).toHaveURL("/store");
  });
});

test.describe("blog (reading)", () => {
  test("list, search, category chips and the reader", async ({ page }) => {
    await page.goto("/blog");
    await expect(page.getByText(/^Featured/)).toBeVisible();
    await page.getByRole("navigation", { name: "Categories" }).getByRole("link", { name: "Study Tips" }).click();
    await expect(page.getByRole("article")).toHaveCount(2);
    await page.getByRole("link", { name: "Active Recall Beats Rereading" }).click();
    await expect(page.getByRole("heading", { name: "Active Recall Beats Rereading" })).toBeVisible();
    await expect(page.getByText("No comments yet. Be the first to comment!")).toBeVisible();

    await page.goto("/blog?q=zzzz");
    await expect(page.getByText("No posts found")).toBeVisible();
  });
});
