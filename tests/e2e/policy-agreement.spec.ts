// Versions of what people agreed to (issue 67, point 7): an account from before the versions
// were recorded (the fixtures' `agreed: false`, as a change of version looks to someone who
// agreed to the older one) is asked once, on a plain form, before it enrols; after agreeing
// it goes on to where it was headed, and is not asked again. In both projects.
import { create, expect, PASSWORD, test, unique, uniqueEmail } from "./support/fixtures";

test("asked once before enrolling: what changed, the tick, then on to the enrolment; not asked again", async ({ page }) => {
  const email = uniqueEmail("before");
  await create("student", { email, password: PASSWORD, fullName: "Meera Iyer", agreed: false });
  expect((await page.request.post("/login", { form: { email, password: PASSWORD } })).ok()).toBe(true);
  const contest = await create("contest", { title: unique("Agreement Cup"), startsInMinutes: 90, endsInMinutes: 180, entryFee: 0 });

  await page.goto(`/contest/${contest.id}/pay`);
  await expect(page).toHaveURL(`/account/agree?next=${encodeURIComponent(`/contest/${contest.id}/pay`)}`);
  await expect(page.getByRole("heading", { name: "Our terms have changed" })).toBeVisible();
  await expect(page.getByText(/Terms of Service, version 1 \(7 Dec 2026\): The terms now carry a version number and a date/)).toBeVisible();
  await expect(page.getByText(/Privacy Policy, version 1 \(7 Dec 2026\): We now keep a record/)).toBeVisible();

  const tick = page.getByRole("checkbox", { name: "I have read and agree to the Terms of Service (version 1) and the Privacy Policy (version 1)." });
  await page.getByRole("button", { name: "Agree and continue" }).click();
  await expect(page.getByText("Tick the box to agree.", { exact: false })).toBeVisible();
  await tick.check();
  await page.getByRole("button", { name: "Agree and continue" }).click();
  await expect(page).toHaveURL(`/contest/${contest.id}/pay`);
  await expect(page.getByText("Thank you. We have recorded that you agreed.")).toBeVisible();
  await page.getByRole("button", { name: "Enroll for Free" }).click();
  await expect(page).toHaveURL(`/contest/${contest.id}/confirmation`);

  // Asked once: selling goes straight to its form, and the terms say which version they are.
  await page.goto("/store/new");
  await expect(page.getByRole("heading", { name: "Add New Product" })).toBeVisible();
  await page.goto("/terms");
  await expect(page.getByText("Version 1, in effect from 7 Dec 2026.")).toBeVisible();
});
