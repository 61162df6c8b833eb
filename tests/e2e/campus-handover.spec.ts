// Campus hand-over (issue 49, point 4), in both projects: a buyer in the seller's city chooses
// to meet, pays cash and confirms the order; the order's page shows the code; the seller's wrong
// code comes back in the form with the tries left, the right one records the hand-over.
import { create, expect, PASSWORD, signedInPage, test, unique, uniqueEmail } from "./support/fixtures";

test("met in person: no shipping, the buyer's code on their order, a wrong code refused in the form, the right one hands it over", async ({ page, browser, javaScriptEnabled, student: _signedIn }) => {
  const seller = { email: uniqueEmail("seller"), password: PASSWORD, fullName: "Meera Seller", city: "Pune" };
  const { id: sellerId } = await create("student", seller);
  const title = unique("Meet Me");
  const { id: productId } = await create("product", { sellerId, title, price: 300, category: "Engineering", stock: 1 });
  await page.goto(`/store/${productId}/productdetails`);
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByRole("button", { name: "Remove from Cart" })).toBeVisible();
  await page.goto("/checkout");
  await page.getByLabel("Full Name").fill("Asha Rao");
  await page.getByLabel("Phone Number").fill("9876543210");
  await page.getByLabel("Address").fill("Hostel 4, COEP");
  await page.getByLabel("City").fill("pune");
  await page.getByLabel("State").fill("Maharashtra");
  await page.getByLabel("ZIP Code").fill("411005");
  await page.getByRole("button", { name: "Continue to Payment" }).click();
  await expect(page).toHaveURL("/checkout?step=payment");

  await page.getByLabel(/^Meet the seller in pune: no shipping fee/).check();
  await page.getByLabel("Cash on Delivery").check();
  await page.getByRole("button", { name: "Complete Order" }).click();
  await expect(page.getByRole("heading", { name: "Order Confirmed!" })).toBeVisible();
  await page.getByRole("link", { name: "View Order Details" }).click();
  const total = page.locator(".facts-list div").filter({ hasText: /^Total/ });
  await expect(total).toContainText("₹300");
  await page.getByRole("button", { name: "Confirm my order" }).click();
  await expect(page.getByRole("heading", { name: "Your hand-over code" })).toBeVisible();
  const code = (await page.locator(".price").first().textContent())!.trim();
  expect(code).toMatch(/^[0-9]{6}$/);
  await expect(page.locator(".timeline").getByRole("listitem").filter({ hasText: "Handed over in person" })).toContainText("Meet the seller within 3 business days");

  const sellerPage = await signedInPage(browser, seller, javaScriptEnabled);
  await sellerPage.goto("/store/my-products?view=sales");
  const sale = sellerPage.locator(".order").filter({ hasText: title });
  await expect(sale.getByText("The buyer chose to meet you in pune.", { exact: false })).toBeVisible();
  await expect(sale.locator(".order-head").getByText("To hand over")).toBeVisible();
  await expect(sale.getByText("You never need to enter your UPI PIN to receive money")).toBeVisible();
  await expect(sale.getByRole("button", { name: `Mark ${title} as shipped` })).toHaveCount(0);
  const wrong = code === "000000" ? "000001" : "000000";
  await sale.getByLabel("Buyer's code").fill(wrong);
  await sale.getByRole("button", { name: `Record the hand-over of ${title}` }).click();
  await expect(sellerPage.getByText("That is not the buyer's code. 4 tries left before this hand-over locks.")).toBeVisible();
  await expect(sellerPage.locator(".order").filter({ hasText: title }).getByLabel("Buyer's code")).toHaveValue(wrong);
  await sellerPage.locator(".order").filter({ hasText: title }).getByLabel("Buyer's code").fill(code);
  await sellerPage.locator(".order").filter({ hasText: title }).getByRole("button", { name: `Record the hand-over of ${title}` }).click();
  await expect(sellerPage.getByText("Handed over. The buyer's order now counts as delivered.")).toBeVisible();

  await page.reload();
  await expect(page.getByRole("heading", { name: "Your hand-over code" })).toHaveCount(0);
  await expect(page.locator(".timeline").getByRole("listitem").filter({ hasText: "Handed over in person" })).toContainText("IST");
  await sellerPage.context().close();
});
