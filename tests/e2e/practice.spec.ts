// Issue 48, point 6: practise again and My revision are server-rendered pages whose forms work
// with JavaScript off; only the practice screen itself needs JavaScript, as the test does.
import { create, expect, test, unique } from "./support/fixtures";

test("practise again and My revision: from the results, bookmarks without JavaScript, the revision's filters, on a 360 px phone", async ({ page, student, javaScriptEnabled }) => {
  const title = unique("Practice Cup");
  const contest = await create("finishedContest", { title, students: [{ userId: student.id, correct: 1, minutes: 5 }] });
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`/contest/${contest.id}/results?tab=breakdown`);
  // 'What is 2 + 2?' was right; keep it for revision anyway (the paper is shuffled: found by its words).
  const first = page.locator(".breakdown > li", { hasText: "What is 2 + 2?" });
  await first.getByRole("button", { name: "Bookmark for revision" }).click();
  await expect(page.getByText("Bookmarked for revision.")).toBeVisible();
  await expect(first.getByRole("button", { name: "Remove the bookmark" })).toBeVisible();

  await page.getByRole("link", { name: "My revision" }).click();
  await expect(page.getByRole("heading", { name: "My revision" })).toBeVisible();
  const filters = page.getByRole("navigation", { name: "Show" });
  await expect(filters.getByRole("link")).toHaveText(["All (3)", "Bookmarked (1)", "Wrong (2)"]);
  await expect(page.locator(".breakdown > li")).toHaveCount(3);
  await filters.getByRole("link", { name: "Wrong (2)" }).click();
  await expect(page).toHaveURL("/revision?show=wrong");
  await expect(page.locator(".breakdown > li")).toHaveCount(2);
  await expect(page.getByText("Correct answer: 9")).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  // Removed from the revision page itself: back to the same filter, one fewer bookmarked.
  await page.goto("/revision?show=bookmarked");
  await page.getByRole("button", { name: "Remove the bookmark" }).click();
  await expect(page.getByText("Bookmark removed.")).toBeVisible();
  await expect(page).toHaveURL(/\/revision\?show=bookmarked/);
  await expect(page.getByRole("navigation", { name: "Show" }).getByRole("link")).toHaveText(["All (2)", "Bookmarked (0)", "Wrong (2)"]);

  // The results link to practice once final; the practice page offers the wrong ones.
  await page.goto(`/contest/${contest.id}/results`);
  await page.getByRole("link", { name: "Practise this paper again" }).click();
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
  await expect(page.getByText("No practice yet.")).toBeVisible();
  await page.getByRole("button", { name: "Practise the wrong ones only (2)" }).click();
  await expect(page).toHaveURL(`/contest/${contest.id}/practice/test`);
  if (javaScriptEnabled) await expect(page.getByText("Practice: not scored, not ranked, and the camera stays off.", { exact: false })).toBeVisible();
  else await expect(page.getByRole("heading", { name: "Practice needs JavaScript" })).toBeVisible();
  await page.goto(`/contest/${contest.id}/practice`);
  await expect(page.getByText("In progress", { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Continue your practice" })).toBeVisible();
});

test("practice and its result belong to the student: another contest's or nobody's is Contest Not Found", { tag: "@same-without-js" }, async ({ page, student: _signedIn }) => {
  const other = await create("student", { email: `${unique("other").replace(/\s/g, "")}@example.in`, password: "Secret@123" });
  const theirs = await create("finishedContest", { title: unique("Not Mine Cup"), students: [{ userId: other.id, correct: 1, minutes: 5 }] });
  const attempt = await create("practiceAttempt", { contestId: theirs.id, userId: other.id });
  for (const path of [`/contest/${theirs.id}/practice`, `/contest/${theirs.id}/practice/${attempt.id}`, `/contest/${theirs.id}/practice/not-a-uuid`]) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { name: "Contest Not Found" })).toBeVisible();
  }
});
