// Issue 33, the test in Hindi: the camera check, the waiting room, the island's
// instructions, running screen and dialogs, and the completion page, with no English
// left; and the instructions' language choice, which is the island's, kept across a reload.
import type { Page } from "@playwright/test";
import { create, expect, PASSWORD, test, unique, uniqueEmail } from "./support/fixtures";
import { HINDI_PAGES } from "./support/hindi-routes";
import { keepServerWords, latinWords, overflow, serverAndHydratedWords } from "./support/latin-words";

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

// The Hindi scans tagged @same-without-js in languages.spec.ts run with JavaScript off
// alone. Here, with it on, each of their pages has the words the server sent (the page
// read without JavaScript) or, where scripts add some (the home page's guide button, a
// signed-in page's sign-out dialog), is scanned as it is; and it fits a small phone.
test("the Hindi pages scanned without JavaScript have the same words with it, or none in English, and fit a 360 px phone", async ({ page, context }) => {
  test.setTimeout(90_000);
  await keepServerWords(page);
  await inHindi(page);
  await page.setViewportSize({ width: 360, height: 740 });
  const [cup, results, practice, dashboard, sold, released, releasing, category] = ["Latin Title Cup", "Hindi Results Cup", "Hindi Practice", "Dashboard Cup", "Hindi Sold Book", "Hindi Released Book", "Hindi Releasing Book", "Latin Category"].map(unique) as [string, ...string[]];
  // What the test typed, which pages show as written.
  const typed = [cup, results, practice, dashboard, sold, released, releasing, category, "Same Student", "Rival Rao", "Buyer Bose", "Same S.", "Rival R."] as string[];
  const same = async (path: string) => {
    await page.goto(path);
    const { server, hydrated } = await serverAndHydratedWords(page);
    expect(server.length, path).toBeGreaterThan(0);
    if (hydrated.join(" ") !== server.join(" ")) expect(await latinWords(page, typed), `${path}, as scripts changed it`).toEqual([]);
    expect(await overflow(page), path).toBeLessThanOrEqual(0);
  };
  // A guest's pages (every translated page's scan), with a contest on the list.
  await create("contest", { title: cup, subject: "Physics", startsInMinutes: 120, endsInMinutes: 180 });
  for (const path of HINDI_PAGES) await same(path);

  // A student's: results with a rival, a practice test's certificate, the dashboard, a seller's pages.
  const student = { email: uniqueEmail("same-hi"), password: PASSWORD, fullName: "Same Student" };
  const { id: studentId } = await create("student", student);
  const rival = await create("student", { email: uniqueEmail("rival-hi"), password: PASSWORD, fullName: "Rival Rao" });
  const buyer = await create("student", { email: uniqueEmail("buyer-hi"), password: PASSWORD, fullName: "Buyer Bose" });
  const contest = await create("finishedContest", { title: results!, students: [{ userId: studentId, correct: 2, minutes: 5 }, { userId: rival.id, correct: 3, minutes: 9 }] });
  const practised = await create("finishedContest", { title: practice!, practice: true, students: [{ userId: studentId, correct: 2, minutes: 5 }] });
  const upcoming = await create("contest", { title: dashboard!, startsInMinutes: 90, endsInMinutes: 180, durationMinutes: 20 });
  await create("entry", { userId: studentId, contestId: upcoming.id });
  const { id } = await create("product", { sellerId: studentId, title: sold!, price: 420, category: category!, stock: 2, photos: 2 });
  await create("order", { buyerId: buyer.id, productId: id });
  await create("heldSale", { sellerId: studentId, buyerId: buyer.id, title: released!, price: 300 });
  await create("heldSale", { sellerId: studentId, buyerId: buyer.id, title: releasing!, price: 200, releasing: true });
  expect((await context.request.post("/login", { form: { email: student.email, password: student.password } })).ok()).toBe(true);
  for (const tab of ["", "?tab=breakdown", "?tab=leaderboard"]) await same(`/contest/${contest.id}/results${tab}`);
  await page.goto(`/contest/${practised.id}/results`);
  const certificate = (await page.getByRole("link", { name: "इसे देखें और प्रिंट करें" }).getAttribute("href"))!;
  typed.push(certificate.split("/").at(-1)!.replace(/(.{4})(?=.)/g, "$1-"), certificate.split("/").at(-1)!);
  for (const path of [certificate, "/certificates?code=12345", "/dashboard"]) await same(path);
  for (const path of ["/store/my-products", "/store/my-products?view=sales", "/store/my-products?view=earnings", `/store/${id}/edit`, `/store/${id}/image`, `/store/${id}/delete`]) await same(path);
});
