// Campus hand-over (issue 49, point 4), in both projects: a buyer in the seller's city chooses
// to meet, pays cash and confirms the order; the order's page shows the code; the seller's wrong
// code comes back in the form with the tries left, the right one records the hand-over.
import { create, expect, PASSWORD, signedInPage, test, unique, uniqueEmail } from "./support/fixtures";
import { latinWords, overflow } from "./support/latin-words";

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
  await page.getByLabel("PIN code").fill("411005");
  await page.getByRole("button", { name: "Continue to Payment" }).click();
  await expect(page).toHaveURL("/checkout?step=payment");

  await page.getByLabel(/^Meet the seller in pune: no shipping fee/).check();
  await page.getByLabel("Cash on Delivery").check();
  await page.getByRole("button", { name: "Complete Order" }).click();
  await expect(page.getByRole("heading", { name: "Order Placed: Please Confirm It" })).toBeVisible();
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

test("in Hindi, at 360 px: the buyer's codes and confirmation, the seller's hand-over form and figures, nothing left in English", async ({ page, browser, javaScriptEnabled, context, student }) => {
  const seller = { email: uniqueEmail("seller-hi"), password: PASSWORD, fullName: "Meera Seller", city: "Pune" };
  const { id: sellerId } = await create("student", seller);
  const [meetTitle, waitTitle] = [unique("Hindi Meet Book"), unique("Hindi Wait Book")];
  const { id: meetBook } = await create("product", { sellerId, title: meetTitle, price: 300, category: "Engineering" });
  const { id: waitBook } = await create("product", { sellerId, title: waitTitle, price: 200, category: "Engineering" });
  const met = await create("order", { buyerId: student.id, productId: meetBook, meet: true, confirmed: true });
  const waiting = await create("order", { buyerId: student.id, productId: waitBook });
  const port = process.env.E2E_PORT;
  await context.addCookies([{ name: "lang", value: "hi", url: `http://localhost:${port}` }]);
  await page.setViewportSize({ width: 360, height: 740 });
  const typed = [meetTitle, waitTitle, student.fullName, "Meera Seller", "Asha Rao", "MG Road", "Pune", "Maharashtra", "India"];
  await page.goto(`/orders/${met.id}/confirmation`);
  await expect(page.getByRole("heading", { name: "आपका हैंड-ओवर कोड" })).toBeVisible();
  expect(await latinWords(page, typed), "met order").toEqual([]);
  await page.goto(`/orders/${waiting.id}/confirmation`);
  await expect(page.getByRole("button", { name: "मेरे ऑर्डर की पुष्टि करें" })).toBeVisible();
  expect(await latinWords(page, typed), "order to confirm").toEqual([]);
  expect(await overflow(page)).toBeLessThanOrEqual(0);

  const sellerPage = await signedInPage(browser, seller, javaScriptEnabled);
  await sellerPage.context().addCookies([{ name: "lang", value: "hi", url: `http://localhost:${port}` }]);
  await sellerPage.setViewportSize({ width: 360, height: 740 });
  await sellerPage.goto("/store/my-products?view=sales");
  await expect(sellerPage.getByRole("heading", { name: "डिलीवरी पर नकद: आपके आँकड़े" })).toBeVisible();
  await expect(sellerPage.getByLabel("ख़रीदार का कोड")).toBeVisible();
  expect(await latinWords(sellerPage, typed), "sales").toEqual([]);
  expect(await overflow(sellerPage)).toBeLessThanOrEqual(0);
  await sellerPage.context().close();
});
