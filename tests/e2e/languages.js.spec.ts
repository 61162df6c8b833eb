// Issue 33, the test in Hindi: the camera check, the waiting room, the island's
// instructions, running screen and dialogs, and the completion page, with no English
// left; and the instructions' language choice, which is the island's, kept across a reload.
import type { Page } from "@playwright/test";
import { create, expect, test, unique } from "./support/fixtures";
import { latinWords, overflow } from "./support/latin-words";

const inHindi = (page: Page) => page.context().addCookies([{ name: "lang", value: "hi", url: `http://localhost:${process.env.E2E_PORT}` }]);
const isFullscreen = (page: Page) => page.evaluate(() => document.fullscreenElement !== null);

test("the test in Hindi, from the camera check to the completion page, has no English left", async ({ page, student }) => {
  const title = unique("Hindi Test Cup");
  const later = await create("contest", { title, startsInMinutes: 70, endsInMinutes: 120 });
  await create("entry", { userId: student.id, contestId: later.id });
  const live = await create("contest", { title, startsInMinutes: -1, endsInMinutes: 60, durationMinutes: 20 });
  await create("entry", { userId: student.id, contestId: live.id });
  const typed = [title, `${title}: a short test.`, student.fullName];
  await inHindi(page);
  await page.setViewportSize({ width: 360, height: 740 });

  // The camera check: its dialog, then the camera working.
  await page.goto(`/contest/${later.id}/entry`);
  await expect(page.getByRole("timer")).toHaveText(/^1 घंटे (9|10) मिनट \d+ सेकंड$/);
  const dialog = page.getByRole("dialog", { name: "कैमरे की अनुमति" });
  expect(await latinWords(page, typed), "camera check").toEqual([]);
  await dialog.getByRole("button", { name: "कैमरे की अनुमति दें" }).click();
  await expect(page.getByText("आपका कैमरा चल रहा है। आप तैयार हैं।")).toBeVisible();
  expect(await latinWords(page, typed), "camera check, camera on").toEqual([]);
  // The waiting room.
  await page.getByRole("button", { name: "एंट्री जमा करें" }).click();
  await expect(page.getByText(/1 घंटे (9|10) मिनट \d+ सेकंड में शुरू/)).toBeVisible();
  await expect(page.getByRole("button", { name: "टेस्ट शुरू करें" })).toBeDisabled();
  expect(await latinWords(page, typed), "waiting room").toEqual([]);

  // The open test: instructions, the running screen, the submission's dialog.
  await page.goto(`/contest/${live.id}/test`);
  await expect(page.getByText("निर्देश", { exact: true })).toBeVisible();
  await expect(page.getByText("20 मिनट, एक बार में एक प्रश्न", { exact: false })).toBeVisible();
  await expect(page.getByLabel("डिफ़ॉल्ट भाषा")).toHaveValue("hi");
  expect(await latinWords(page, typed), "instructions").toEqual([]);
  expect(await overflow(page), "instructions").toBeLessThanOrEqual(0);
  await page.getByRole("button", { name: "टेस्ट शुरू करें" }).click();
  await expect.poll(() => isFullscreen(page)).toBe(true);
  await expect(page.getByText("प्रश्न 1 / 3 · 33%")).toBeVisible();
  await expect(page.getByText("अभी कोई उत्तर सेव नहीं हुआ")).toBeVisible();
  expect(await latinWords(page, typed), "running test").toEqual([]);
  expect(await overflow(page), "running test").toBeLessThanOrEqual(0);
  await page.getByRole("group").locator("label.test-option").first().click();
  await page.getByRole("button", { name: "सेव करें और आगे बढ़ें" }).click();
  await expect(page.getByText("सभी उत्तर सेव हो गए")).toBeVisible();
  // On a phone the palette is a drawer: its legend and buttons in Hindi too.
  await page.getByRole("button", { name: "प्रश्न पैलेट" }).click();
  const palette = page.getByRole("region", { name: "प्रश्न पैलेट" });
  await expect(palette.getByRole("button", { name: "प्रश्न 1, उत्तर दिया" })).toBeVisible();
  expect(await latinWords(page, typed), "palette").toEqual([]);
  await palette.getByRole("button", { name: /^प्रश्न 3,/ }).click();
  await page.getByRole("button", { name: "टेस्ट सबमिट करें" }).click();
  const confirm = page.getByRole("dialog", { name: "टेस्ट सबमिट करें?" });
  await expect(confirm.getByRole("definition")).toHaveText(["1", "2", "0"]);
  expect(await latinWords(page, typed), "submit dialog").toEqual([]);
  await confirm.getByRole("button", { name: "हाँ, सबमिट करें" }).click();
  await expect(page).toHaveURL(new RegExp(`/contest/${live.id}/complete`));
  await expect(page.getByRole("heading", { name: "टेस्ट सबमिट हो गया!" })).toBeVisible();
  await expect(page.getByText("कारण: आपने ख़ुद सबमिट किया")).toBeVisible();
  expect(await latinWords(page, typed), "completion").toEqual([]);
  expect(await overflow(page), "completion").toBeLessThanOrEqual(0);
});

test("the instructions' language is the island's: it changes without a reload, and a reload keeps it", async ({ page, student }) => {
  const contest = await create("contest", { title: unique("Switch Cup"), startsInMinutes: -1, endsInMinutes: 60, durationMinutes: 20 });
  await create("entry", { userId: student.id, contestId: contest.id });
  await page.goto(`/contest/${contest.id}/test`);
  await expect(page.getByText("Instructions", { exact: true })).toBeVisible();
  await page.getByLabel("Default language").selectOption("hi");
  await expect(page.getByText("निर्देश", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "टेस्ट शुरू करें" })).toBeEnabled();
  await page.reload();
  await expect(page.getByText("निर्देश", { exact: true })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "hi-IN");
  await page.getByLabel("डिफ़ॉल्ट भाषा").selectOption("en");
  await expect(page.getByRole("button", { name: "Start Contest" })).toBeEnabled();
  await expect(page.locator("html")).toHaveAttribute("lang", "en-IN");
});
