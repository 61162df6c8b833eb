// Issue 47, points 5 and 6 in the browser, with JavaScript and without (this file runs in
// both projects): a reviewer disqualifies with a reason, the student reads it and appeals
// once, a second reviewer upholds the appeal; everyone else gets a 404 for the screen. And
// point 3's choice on the camera check: a picture with each flag, or none.
import { create, expect, logIn, PASSWORD, test, unique, uniqueEmail } from "./support/fixtures";

test("a reviewer disqualifies with a reason; the student appeals; a second reviewer upholds it; a student cannot open the screen", async ({ page }) => {
  // Five sign-ins (each an argon2 hash) and their pages, on two shared cores.
  test.setTimeout(60_000);
  const first = { email: uniqueEmail("reviewer-a"), password: PASSWORD, fullName: "Reviewer Anand", reviewer: true };
  await create("student", first);
  const second = { email: uniqueEmail("reviewer-b"), password: PASSWORD, fullName: "Reviewer Bela", reviewer: true };
  await create("student", second);
  const student = { email: uniqueEmail("reviewed"), password: PASSWORD, fullName: "Suspect Sahil" };
  const { id: studentId } = await create("student", student);
  const { id: rivalId } = await create("student", { email: uniqueEmail("rival"), password: PASSWORD, fullName: "Honest Hema" });
  const contest = await create("finishedContest", { title: unique("Review Cup"), challengeWindowHours: 24, students: [{ userId: studentId, correct: 3, minutes: 5 }, { userId: rivalId, correct: 2, minutes: 10 }] });

  // A student is not a reviewer: the screen does not exist for them.
  await logIn(page, student.email, PASSWORD);
  await expect(page).toHaveURL("/dashboard");
  const refused = await page.goto(`/contest/${contest.id}/review`);
  expect(refused!.status()).toBe(404);
  await page.context().clearCookies();

  await logIn(page, first.email, PASSWORD);
  await expect(page).toHaveURL("/dashboard");
  await page.goto(`/contest/${contest.id}/review`);
  const entry = page.locator("article", { hasText: "Suspect Sahil" });
  await expect(entry.getByText("rank 1")).toBeVisible();
  await entry.getByRole("button", { name: "Disqualify" }).click();
  await expect(page.locator("article", { hasText: "Suspect Sahil" }).getByText("Please write the reason: the student reads it.")).toBeVisible();
  await page.locator("article", { hasText: "Suspect Sahil" }).getByLabel("Reason (the student reads it)").fill("Answers match another entrant's, wrong ones included.");
  await page.locator("article", { hasText: "Suspect Sahil" }).getByRole("button", { name: "Disqualify" }).click();
  await expect(page.getByText("Decision recorded.")).toBeVisible();
  await expect(page.locator("article", { hasText: "Suspect Sahil" }).getByText("Disqualified: Answers match another entrant's, wrong ones included.")).toBeVisible();
  await expect(page.locator("article", { hasText: "Honest Hema" }).getByText("rank 1")).toBeVisible();
  await page.context().clearCookies();

  await logIn(page, student.email, PASSWORD);
  await expect(page).toHaveURL("/dashboard");
  await page.goto(`/contest/${contest.id}/results`);
  await expect(page.getByText(/A reviewer disqualified this entry: “Answers match another entrant's, wrong ones included\.”/)).toBeVisible();
  await page.getByRole("link", { name: /Appeal this decision/ }).click();
  await expect(page.getByRole("heading", { name: "Your entry was disqualified" })).toBeVisible();
  await page.getByRole("button", { name: "Send Appeal" }).click();
  await expect(page.getByText("Please write your statement.")).toBeVisible();
  await page.getByLabel("Your statement").fill("I sat alone in my room; my camera recording will show it.");
  await page.getByRole("button", { name: "Send Appeal" }).click();
  await expect(page).toHaveURL(`/contest/${contest.id}/results`);
  await expect(page.getByText(/Your appeal is sent/)).toBeVisible();
  // Received, and who decides; no second appeal offered (issue 65, point 7).
  await expect(page.getByText(/^Your appeal was received on .+ A second reviewer decides it before the results are final: never the one who disqualified your entry, nor anyone who entered this contest\./)).toBeVisible();
  await expect(page.getByRole("link", { name: /Appeal this decision/ })).toHaveCount(0);
  await page.context().clearCookies();

  // The reviewer who disqualified does not decide the appeal.
  await logIn(page, first.email, PASSWORD);
  await expect(page).toHaveURL("/dashboard");
  await page.goto(`/contest/${contest.id}/review`);
  await expect(page.locator("article", { hasText: "Suspect Sahil" }).getByText("You disqualified this entry: a second reviewer decides its appeal.")).toBeVisible();
  await page.context().clearCookies();

  await logIn(page, second.email, PASSWORD);
  await expect(page).toHaveURL("/dashboard");
  await page.goto(`/contest/${contest.id}/review`);
  await expect(page.locator("article", { hasText: "Suspect Sahil" }).getByText("I sat alone in my room; my camera recording will show it.")).toBeVisible();
  await page.locator("article", { hasText: "Suspect Sahil" }).getByRole("button", { name: "Uphold Appeal" }).click();
  await expect(page.getByText("Decision recorded.")).toBeVisible();
  await expect(page.locator("article", { hasText: "Suspect Sahil" }).getByText("Not disqualified")).toBeVisible();
  await expect(page.locator("article", { hasText: "Suspect Sahil" }).getByText("rank 1")).toBeVisible();
  // Every decision, with who made it (issue 65, point 3).
  const decisions = page.locator("article", { hasText: "Suspect Sahil" }).getByRole("listitem");
  await expect(decisions.filter({ hasText: /^Disqualified by Reviewer Anand, .*: Answers match another entrant's, wrong ones included\.$/ })).toHaveCount(1);
  await expect(decisions.filter({ hasText: /^Appeal upheld by Reviewer Bela, / })).toHaveCount(1);
  await page.context().clearCookies();

  // Upheld: the student's pages no longer speak of a disqualified entry.
  await logIn(page, student.email, PASSWORD);
  await expect(page).toHaveURL("/dashboard");
  await page.goto(`/contest/${contest.id}/results`);
  await expect(page.getByText(/A second reviewer upheld your appeal on .+: your entry is no longer disqualified/)).toBeVisible();
  await page.getByRole("link", { name: "See your appeal" }).click();
  await expect(page.getByRole("heading", { name: "Your appeal was upheld" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Your entry was disqualified" })).toHaveCount(0);
  await expect(page.getByText("You keep your marks, but not a rank, a percentile or a prize.", { exact: false })).toHaveCount(0);
});

test("issue 65, point 3: a reviewer who sat the contest is told why they decide nothing in it, and sees who decided what", async ({ page }) => {
  const sat = { email: uniqueEmail("reviewer-sat"), password: PASSWORD, fullName: "Reviewer Ravi", reviewer: true };
  const { id: satId } = await create("student", sat);
  const outsider = { email: uniqueEmail("reviewer-out"), password: PASSWORD, fullName: "Reviewer Uma", reviewer: true };
  await create("student", outsider);
  const { id: tiedId } = await create("student", { email: uniqueEmail("tied"), password: PASSWORD, fullName: "Tied Tanvi" });
  const contest = await create("finishedContest", { title: unique("Tied Cup"), challengeWindowHours: 24, students: [{ userId: tiedId, correct: 3, minutes: 5 }, { userId: satId, correct: 3, minutes: 5 }] });

  // A reviewer without an entry decides, and is named for it.
  await logIn(page, outsider.email, PASSWORD);
  await expect(page).toHaveURL("/dashboard");
  await page.goto(`/contest/${contest.id}/review`);
  await page.locator("article", { hasText: "Tied Tanvi" }).getByRole("button", { name: "Clear" }).click();
  await expect(page.getByText("Decision recorded.")).toBeVisible();
  await page.context().clearCookies();

  await logIn(page, sat.email, PASSWORD);
  await expect(page).toHaveURL("/dashboard");
  await page.goto(`/contest/${contest.id}/review`);
  await expect(page.getByRole("status").filter({ hasText: "You have an entry in this contest, so you decide nothing in it, appeals included: a reviewer who did not enter it decides." })).toBeVisible();
  // No decision to take: not on the rival's entry, not on his own.
  await expect(page.getByRole("button", { name: "Disqualify" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Clear" })).toHaveCount(0);
  await expect(page.locator("article", { hasText: "Reviewer Ravi" }).getByText("Not disqualified")).toBeVisible();
  await expect(page.locator("article", { hasText: "Tied Tanvi" }).getByRole("listitem").filter({ hasText: /^Cleared by Reviewer Uma, / })).toHaveCount(1);
});

test("the camera check's snapshot choice is a plain form: an adult ticks it, and may take it back", async ({ page }) => {
  const student = { email: uniqueEmail("snapshots"), password: PASSWORD, fullName: "Snapshot Sunita" };
  const { id: studentId } = await create("student", student);
  const contest = await create("contest", { title: unique("Snapshot Cup"), startsInMinutes: 60, endsInMinutes: 120, durationMinutes: 20, faceDetection: true });
  await create("entry", { userId: studentId, contestId: contest.id });
  await logIn(page, student.email, PASSWORD);
  await expect(page).toHaveURL("/dashboard");
  await page.goto(`/contest/${contest.id}/entry`);
  await expect(page.getByText("No picture is kept with your flags.")).toBeVisible();
  // (With JavaScript the camera's own question comes first.)
  const allow = page.getByRole("dialog", { name: "Camera Permission" }).getByRole("button", { name: "Allow Camera" });
  if (await allow.isVisible()) await allow.click();
  await page.getByLabel(/Keep one small picture from my camera with each flag/).check();
  await page.getByRole("button", { name: "Save my choice" }).click();
  await expect(page.getByText("You agreed: a small picture is kept with each flag.")).toBeVisible();
  await expect(page.getByLabel(/Keep one small picture from my camera with each flag/)).toBeChecked();
  await page.getByLabel(/Keep one small picture from my camera with each flag/).uncheck();
  await page.getByRole("button", { name: "Save my choice" }).click();
  await expect(page.getByText("No picture is kept with your flags.")).toBeVisible();
});
