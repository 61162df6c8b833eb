// Issue 48, point 6: a practice attempt runs in the test's own screen, without the camera,
// fullscreen or proctoring, and ends on its result beside the first attempt.
import { create, expect, test, unique } from "./support/fixtures";

test("practising the wrong ones: the test's screen without camera or fullscreen, then the result beside the first attempt", async ({ page, student }) => {
  const title = unique("Again Cup");
  // Right on 'What is 2 + 2?', wrong on the other two.
  const contest = await create("finishedContest", { title, students: [{ userId: student.id, correct: 1, minutes: 5 }] });
  await page.goto(`/contest/${contest.id}/practice`);
  await page.getByRole("button", { name: "Practise the wrong ones only (2)" }).click();
  await expect(page.getByText("Practice: not scored, not ranked, and the camera stays off.", { exact: false })).toBeVisible();
  await expect(page.getByText("The test runs in fullscreen", { exact: false })).toHaveCount(0);
  // A practice of 2 of 3 questions of a 30-minute paper runs 20 minutes.
  await expect(page.locator(".test-wait")).toContainText(/20:00|19:5\d/);
  await page.getByRole("button", { name: "Start practice" }).click();
  await expect(page.getByText("Practice", { exact: true })).toBeVisible();
  expect(await page.evaluate(() => document.fullscreenElement === null)).toBe(true);
  await expect(page.locator("video")).toHaveCount(0);
  await expect(page.getByText("Question 1 of 2", { exact: false }).first()).toBeVisible();

  // The paper is shuffled for each entry: each question found by its words. 3 × 3 right this time, 10 − 7 wrong again.
  for (let i = 0; i < 2; i++) {
    const nine = await page.getByText("What is 3 × 3?").isVisible();
    await page.getByRole("radio", { name: nine ? /^[A-D] 9$/ : /^[A-D] 2$/ }).check();
    await page.getByRole("button", { name: "Save & Next" }).click();
  }
  await page.getByRole("button", { name: "Submit Test" }).click();
  await page.getByRole("dialog", { name: "Submit your test?" }).getByRole("button", { name: "Yes, submit" }).click();

  await expect(page.getByRole("heading", { name: title })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/contest/${contest.id}/practice/[0-9a-f-]{36}$`));
  const figures = page.getByRole("table", { name: "This attempt beside your first, on the same 2 questions" });
  await expect(figures.getByRole("row", { name: /^Correct/ })).toContainText(/1\s*0/);
  await expect(figures.getByRole("row", { name: /^Wrong/ })).toContainText(/1\s*2/);
  await expect(page.getByText("Better than the first time")).toBeVisible();
  await expect(page.getByText("As the first time")).toBeVisible();
  // The scored result did not move.
  await page.goto(`/contest/${contest.id}/results`);
  await expect(page.getByText("1 of 3 marks")).toBeVisible();
  // And the attempt is listed with its figures.
  await page.goto(`/contest/${contest.id}/practice`);
  await expect(page.locator(".facts-list > li").first()).toContainText("Wrong ones only");
  await expect(page.locator(".facts-list > li").first()).toContainText("Correct: 1");
});
