// axe runs inside the page, so this file runs in the JavaScript project only; the
// markup it checks is the same server-rendered HTML the JavaScript-off project gets.
import AxeBuilder from "@axe-core/playwright";
import { create, expect, test, unique, uniqueEmail } from "./support/fixtures";

// Colours are checked as they settle: a 0.2 s header transition caught mid-way (after a
// client navigation scrolls back up) is not what a student reads. Our CSS drops
// transitions for reduced motion.
test.use({ reducedMotion: "reduce" });

// Every screen a student meets, checked by axe for WCAG 2.1 A/AA problems.
const PAGES = ["/", "/contests", "/login", "/signup", "/forgot-password", "/reset-password?token=x", "/contact", "/complaints?ticket=SA-0000000000", "/faq", "/about", "/privacy", "/terms", "/refund", "/cookie", "/store", "/blog", "/no-such-page"];

for (const path of PAGES) {
  test(`no accessibility violations on ${path}`, async ({ page }) => {
    await page.goto(path);
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  });
}

test("no accessibility violations on a contest page, a product page, a post and the dashboard", async ({ page, account: _signedIn }) => {
  const title = unique("Axe Cup");
  const { id: sellerId } = await create("student", { email: uniqueEmail("seller"), password: "Secret@123" });
  await create("contest", { title, startsInMinutes: 60, endsInMinutes: 120 });
  await create("product", { sellerId, title, price: 250, category: "Engineering" });
  const slug = `axe-${Date.now().toString(36)}`;
  await create("post", { slug, title, category: "Study Tips", content: "<h2>Why</h2><p>Because.</p>" });
  for (const path of [`/contests?q=${encodeURIComponent(title)}`, `/store?q=${encodeURIComponent(title)}`]) {
    await page.goto(path);
    await page.getByRole("article").first().getByRole("link").first().click();
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
    expect(results.violations.map((v) => v.id), page.url()).toEqual([]);
  }
  await page.goto(`/blog/${slug}`);
  const post = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  expect(post.violations.map((v) => v.id)).toEqual([]);
  await page.goto("/dashboard");
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);
});

test("no accessibility violations on the camera check, the test's instructions, the completion page and every results tab", async ({ page, student }) => {
  // Six pages, each analysed by axe: past 30 s on a busy two-core machine.
  test.setTimeout(90_000);
  const finished = await create("finishedContest", { title: unique("Axe Results"), students: [{ userId: student.id, correct: 2, minutes: 5 }] });
  const running = await create("contest", { title: unique("Axe Test"), startsInMinutes: -1, endsInMinutes: 60 });
  await create("entry", { userId: student.id, contestId: running.id });
  const check = async (path: string, ready: string) => {
    await page.goto(path);
    await expect(page.getByText(ready).first()).toBeVisible();
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`), path).toEqual([]);
  };
  await check(`/contest/${running.id}/entry`, "Camera Permission");
  await check(`/contest/${running.id}/test`, "Start Contest");
  await check(`/contest/${finished.id}/complete?reason=manual`, "Test submitted!");
  await check(`/contest/${finished.id}/results`, "Good effort");
  await check(`/contest/${finished.id}/results?tab=breakdown`, "Correct answer: 3");
  await check(`/contest/${finished.id}/results?tab=leaderboard`, "Test S.");
  // The running test itself: the NTA screen with its palette, statuses and timer.
  await page.goto(`/contest/${running.id}/test`);
  await page.getByRole("button", { name: "Start Contest" }).click();
  await expect(page.getByRole("timer", { name: "Time left" })).toBeVisible();
  // On a phone the palette is a drawer: opened, so its buttons and legend are checked too.
  await page.getByRole("button", { name: "Question Palette" }).click();
  await expect(page.getByRole("region", { name: "Question Palette" })).toBeVisible();
  const sitting = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(sitting.violations.map((v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
});

test("no accessibility violations on the running test at 360 and 1280 px with its warning open, and on the review screen", async ({ page, student }) => {
  test.setTimeout(120_000);
  const axe = async (where: string) => {
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
    expect(results.violations.map((v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`), where).toEqual([]);
  };
  const running = await create("contest", { title: unique("Axe Widths"), startsInMinutes: -1, endsInMinutes: 60 });
  await create("entry", { userId: student.id, contestId: running.id });
  // Leaving a running test asks first; the next width opens it again.
  page.on("dialog", (dialog) => void dialog.accept());
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(`/contest/${running.id}/test`);
    await page.getByRole("button", { name: "Start Contest" }).click();
    await expect(page.getByRole("timer", { name: "Time left" })).toBeVisible();
    await axe(`the test at ${width} px`);
    // The warning (issue 47): what was noticed and the warnings left, in a dialog.
    await page.evaluate(() => document.exitFullscreen());
    await expect(page.getByRole("dialog", { name: "You left the test" })).toBeVisible();
    await axe(`the warning at ${width} px`);
  }

  const reviewer = { email: uniqueEmail("axe-reviewer"), password: "Secret@123", reviewer: true };
  await create("student", reviewer);
  const closed = await create("finishedContest", { title: unique("Axe Review"), challengeWindowHours: 24, students: [{ userId: student.id, correct: 2, minutes: 5 }] });
  expect((await page.request.post("/login", { form: { email: reviewer.email, password: reviewer.password } })).ok()).toBe(true);
  await page.goto(`/contest/${closed.id}/review`);
  await expect(page.getByRole("button", { name: "Disqualify" })).toBeVisible();
  await axe("the review screen");
});
