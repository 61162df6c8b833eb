// The pay page with JavaScript: the checkout opens in place (the test gateway's dialog
// standing in for Razorpay's checkout.js), and the statuses follow docs/product/contests.md §4.
import { create, expect, test, unique } from "./support/fixtures";

test("dismissing the checkout resets the status; paying shows success, then the confirmation", async ({ page, student: _signedIn }) => {
  const title = unique("Modal Cup");
  const contest = await create("contest", { title, startsInMinutes: 90, endsInMinutes: 180, entryFee: 25 });
  await page.goto(`/contest/${contest.id}/pay`);
  const pay = page.getByRole("button", { name: "Pay ₹25 & Enroll" });
  const dialog = page.getByRole("dialog", { name: "StudyArena test gateway" });

  await pay.click();
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(`/contest/${contest.id}/pay`); // no navigation: in place
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("alert")).toHaveCount(0);
  await expect(pay).toBeEnabled();

  await pay.click();
  await dialog.getByRole("button", { name: "Pay" }).click();
  await expect(page.getByText("Payment successful! Taking you to your confirmation…")).toBeVisible();
  await expect(pay).toBeDisabled();
  await expect(page).toHaveURL(`/contest/${contest.id}/confirmation`);
  await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
});

test("a device without fullscreen or a camera is warned before paying", async ({ page, student: _signedIn }) => {
  const contest = await create("contest", { title: unique("Device Cup"), startsInMinutes: 90, endsInMinutes: 180 });
  await page.goto(`/contest/${contest.id}/pay`);
  await expect(page.getByText(/^Before you pay:/)).toHaveCount(0); // this Chromium has both
  // An iPhone-like browser: no Fullscreen API, no camera API.
  await page.addInitScript(() => {
    Object.defineProperty(Document.prototype, "fullscreenEnabled", { get: () => false });
    Object.defineProperty(Navigator.prototype, "mediaDevices", { get: () => undefined });
  });
  await page.reload();
  const warning = page.getByText(/^Before you pay:/);
  await expect(warning).toContainText("cannot show the test in fullscreen");
  await expect(warning).toContainText("cannot use a camera");
});
