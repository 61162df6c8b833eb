import { create, expect, test, unique, uniqueEmail } from "./support/fixtures";

async function seller() {
  return (await create("student", { email: uniqueEmail("seller"), password: "Secret@123", fullName: "Asha Rao" })).id;
}

test.describe("store (browsing)", () => {
  test("filters, sorts and pages with plain links and a GET form", async ({ page }) => {
    const token = unique("Shelf").split(" ")[1]!;
    const category = `Medical ${token}`;
    const sellerId = await seller();
    // 14 listings of this test's own: 12 on page 1, 2 on page 2; 3 in a category of their own.
    for (let i = 0; i < 11; i++) await create("product", { sellerId, title: `Notes ${token} ${i}`, price: 200 + i, category: "Engineering" });
    await create("product", { sellerId, title: `Gray's Anatomy ${token}`, price: 450, category });
    await create("product", { sellerId, title: `Human Anatomy ${token}`, price: 300, category });
    await create("product", { sellerId, title: `Physiology ${token}`, price: 350, category });

    await page.goto(`/store?q=${token}`);
    await expect(page.getByRole("heading", { name: "Marketplace" })).toBeVisible();
    await expect(page.getByRole("article")).toHaveCount(12);
    await expect(page.getByRole("status").filter({ hasText: "14 items" })).toBeVisible();

    await page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Page 2" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByRole("article")).toHaveCount(2);

    await page.getByRole("navigation", { name: "Categories" }).getByRole("link", { name: category }).click();
    await expect(page.getByRole("article")).toHaveCount(3);

    await page.getByLabel("Search").fill("anatomy");
    // On a phone the filters are folded behind one control.
    await page.getByText("Filters and sort").click();
    await page.getByLabel("Sort").selectOption("price-low");
    await page.getByRole("button", { name: "Apply" }).click();
    const titles = page.getByRole("article").getByRole("heading");
    await expect(titles).toHaveText([`Human Anatomy ${token}`, `Gray's Anatomy ${token}`]);

    await page.getByLabel("Search").fill("no such book anywhere");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByText("No products found")).toBeVisible();
  });

  test("a card opens the product page; a missing product says so", async ({ page }) => {
    const title = unique("Indian Polity");
    await create("product", { sellerId: await seller(), title, author: "M. Laxmikanth", price: 520, category: "Competitive Exams" });
    await page.goto(`/store?q=${encodeURIComponent(title)}`);
    await page.getByRole("link", { name: title }).click();
    await expect(page.getByRole("heading", { name: title })).toBeVisible();
    await expect(page.getByText("M. Laxmikanth", { exact: true })).toBeVisible();
    await expect(page.getByText("₹520")).toBeVisible();
    await expect(page.getByText("Active", { exact: true })).toBeVisible();
    await expect(page.getByText(/No books delivered yet\./)).toBeVisible();

    const res = await page.goto("/store/00000000-0000-4000-8000-000000000000/productdetails");
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Product Not Found" })).toBeVisible();
    await page.getByRole("link", { name: "Browse Marketplace" }).click();
    await expect(page).toHaveURL("/store");
  });
});

test.describe("blog (reading)", () => {
  test("list, search, category chips and the reader", async ({ page }) => {
    const token = unique("Tips").split(" ")[1]!;
    const category = `Study Tips ${token}`;
    const slug = `active-recall-${token}`.toLowerCase();
    await create("post", { slug, title: `Active Recall ${token}`, category });
    await create("post", { slug: `spaced-${token}`.toLowerCase(), title: `Spaced Repetition ${token}`, category });
    await create("post", { slug: `featured-${token}`.toLowerCase(), title: `Featured ${token}`, category: "Exam Strategy", featured: true });

    await page.goto("/blog");
    await expect(page.getByText(/^Featured/).first()).toBeVisible();
    await page.getByRole("navigation", { name: "Categories" }).getByRole("link", { name: category }).click();
    await expect(page.getByRole("article")).toHaveCount(2);
    await page.getByRole("link", { name: `Active Recall ${token}` }).click();
    await expect(page.getByRole("heading", { name: `Active Recall ${token}` })).toBeVisible();
    await expect(page.getByText("No comments yet. Be the first to comment!")).toBeVisible();

    await page.goto("/blog?q=zzzz");
    await expect(page.getByText("No posts found")).toBeVisible();
  });
});
