// A return the grade did not keep (issue 49, point 6), in both projects: the buyer adds a photo
// of what is wrong on its own page (a wrong file refused in the form), the seller sees the
// photo beside the buyer's words, and sends the return to support with theirs; the buyer's
// order then says so.
import sharp from "sharp";
import { create, expect, PASSWORD, signedInPage, test, unique, uniqueEmail } from "./support/fixtures";

const photo = async () => ({ name: "torn-cover.png", mimeType: "image/png", buffer: await sharp({ create: { width: 600, height: 800, channels: 3, background: { r: 180, g: 40, b: 40 } } }).png().toBuffer() });

test("a photo of what is wrong, seen by the seller, who sends the return to support; the buyer's order says so", async ({ page, browser, javaScriptEnabled, student }) => {
  const seller = { email: uniqueEmail("seller"), password: PASSWORD, fullName: "Ravi Seller" };
  const { id: sellerId } = await create("student", seller);
  const title = unique("Torn Physics");
  const { id: orderId } = await create("returnAsked", { sellerId, buyerId: student.id, title, reason: "The cover is torn; it was sold as Very Good." });

  await page.goto(`/orders/${orderId}/confirmation`);
  await page.getByRole("link", { name: "Show the seller what is wrong: add a photo" }).click();
  await expect(page.getByRole("heading", { name: "A photo of what is wrong" })).toBeVisible();
  await page.getByLabel("Photo").setInputFiles({ name: "notes.jpg", mimeType: "image/jpeg", buffer: Buffer.from("not a picture") });
  await page.getByRole("button", { name: "Send photo" }).click();
  await expect(page.getByText("Please upload an image file")).toBeVisible();
  await page.getByLabel("Photo").setInputFiles(await photo());
  await page.getByRole("button", { name: "Send photo" }).click();
  await expect(page.getByText("Your photo is saved: the seller sees it with your return.")).toBeVisible();
  await expect(page.getByRole("img", { name: "Your photo of what is wrong" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Replace the photo" })).toBeVisible();

  const sellerPage = await signedInPage(browser, seller, javaScriptEnabled);
  await sellerPage.goto("/store/my-products?view=sales");
  const sale = sellerPage.locator(".order").filter({ hasText: title });
  await expect(sale.getByText("The cover is torn; it was sold as Very Good.")).toBeVisible();
  const shown = sale.getByRole("img", { name: "The buyer's photo of what is wrong" });
  await expect(shown).toBeVisible();
  expect((await sellerPage.request.get((await shown.getAttribute("src"))!)).status()).toBe(200);
  await sale.getByText("Disagree? Send it to support").click();
  await sale.getByRole("button", { name: `Send the return of ${title} to support` }).click();
  await expect(sellerPage.getByText("Say why you disagree (at least 3 characters).")).toBeVisible();
  const again = sellerPage.locator(".order").filter({ hasText: title });
  await again.getByLabel("Why the book is as its grade promised").fill("The cover was whole when I packed it.");
  await again.getByRole("button", { name: `Send the return of ${title} to support` }).click();
  await expect(sellerPage.getByText(/Sent to support with both sides' words, ticket number SA-[0-9A-Z]{10} \(mailed to you both\): they will write to you both within 24 hours./)).toBeVisible();
  await expect(sellerPage.locator(".order").filter({ hasText: title }).getByText("Disagree? Send it to support")).toHaveCount(0);
  await sellerPage.context().close();

  await page.reload();
  await expect(page.getByRole("heading", { name: "The seller disputes this return" })).toBeVisible();
  await expect(page.getByText("The cover was whole when I packed it.")).toBeVisible();
  await expect(page.locator(".timeline").getByRole("listitem").filter({ hasText: "Disputed by the seller: support decides" })).toContainText("IST");
  await expect(page.getByRole("link", { name: "Replace the photo" })).toHaveCount(0);
});
