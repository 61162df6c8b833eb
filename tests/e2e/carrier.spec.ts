// A courier's pickup (issue 49, point 2), in both projects: the seller books it from the sale
// with the built-in test carrier and prints its label, the carrier's number becomes the tracking number, and once the
// poll has heard from the carrier the buyer's order follows the parcel to its delivery.
import { create, expect, PASSWORD, signedInPage, test, unique, uniqueEmail } from "./support/fixtures";
import { latinWords, overflow } from "./support/latin-words";

test("the seller books a pickup; the buyer's order follows the parcel to its delivery", async ({ page, browser, javaScriptEnabled, student }) => {
  const buyer = { email: uniqueEmail("buyer"), password: PASSWORD, fullName: "Nisha Buyer" };
  const { id: buyerId } = await create("student", buyer);
  const title = unique("Couriered Chemistry");
  const { id: productId } = await create("product", { sellerId: student.id, title, price: 240, category: "Engineering" });
  const { id: orderId } = await create("order", { buyerId, productId, paid: true, email: buyer.email });

  await page.goto("/store/my-products?view=sales");
  const sale = page.locator(".order").filter({ hasText: title });
  await sale.getByRole("button", { name: `Book a pickup of ${title} with the StudyArena test courier` }).click();
  await expect(page.getByText("Pickup booked: the courier's number is on the sale, and the buyer is told.")).toBeVisible();
  const shipped = page.locator(".order").filter({ hasText: title }).locator(".timeline li").filter({ hasText: "Shipped" });
  await expect(shipped).toContainText(/TC[0-9]{9}IN/);
  const awb = (await shipped.textContent())!.match(/TC[0-9]{9}IN/)![0];
  await expect(page.locator(".order").filter({ hasText: title }).getByRole("button", { name: /Book a pickup/ })).toHaveCount(0);
  // The label to print: a PDF with the courier's number.
  const label = await page.request.get((await page.getByRole("link", { name: `Print the label of ${title} (PDF)` }).getAttribute("href"))!);
  expect(label.headers()["content-type"]).toBe("application/pdf");
  expect((await label.body()).toString("latin1")).toContain(`(AWB ${awb})`);

  // Two and a half hours on, as the carrier's poll hears it: delivered.
  await create("parcelsPolled", { minutesLater: 151 });
  const buyerPage = await signedInPage(browser, buyer, javaScriptEnabled);
  await buyerPage.goto(`/orders/${orderId}/confirmation`);
  await expect(buyerPage.getByRole("heading", { name: `Where the parcel is (AWB ${awb})` })).toBeVisible();
  for (const step of ["Booked with the courier", "Picked up", "In transit", "Out for delivery", "Delivered by the courier"]) await expect(buyerPage.getByText(step, { exact: true })).toBeVisible();
  await expect(buyerPage.locator(".timeline").first().getByRole("listitem").filter({ hasText: "Delivered" })).toContainText("IST");

  // In Hindi at 360 px: the buyer's parcel and the seller's sale, nothing left in English.
  const typed = [title, "Nisha Buyer", student.fullName, "Asha Rao", "MG Road", "Pune", "Maharashtra", "India", awb];
  for (const reader of [buyerPage, page]) {
    await reader.context().addCookies([{ name: "lang", value: "hi", url: `http://localhost:${process.env.E2E_PORT}` }]);
    await reader.setViewportSize({ width: 360, height: 740 });
  }
  await buyerPage.goto(`/orders/${orderId}/confirmation`);
  await expect(buyerPage.getByText("कूरियर ने डिलीवर किया", { exact: true })).toBeVisible();
  expect(await latinWords(buyerPage, typed), "order with a parcel").toEqual([]);
  expect(await overflow(buyerPage), "order with a parcel").toBeLessThanOrEqual(0);
  await buyerPage.context().close();
  await page.goto("/store/my-products?view=sales");
  expect(await latinWords(page, typed), "sales with a parcel").toEqual([]);
});
