// Issue 67, point 1: children are not filmed by default. A student under 18 (their parent
// consented) goes from the camera check to the running test and the page never asks for a
// camera; an adult's camera check and test do, as before. Every call of getUserMedia is counted.
import type { Page } from "@playwright/test";
import { create, expect, PASSWORD, signedInPage, test, unique, uniqueEmail } from "./support/fixtures";

async function sitting(page: Page, userId: string) {
  await page.addInitScript(() => {
    const w = window as unknown as { cameraAsks: number };
    w.cameraAsks = 0;
    const media = navigator.mediaDevices;
    const ask = media.getUserMedia.bind(media);
    media.getUserMedia = (constraints) => {
      w.cameraAsks += 1;
      return ask(constraints);
    };
  });
  const contest = await create("contest", { title: unique("Camera Age Cup"), startsInMinutes: -1, endsInMinutes: 60, durationMinutes: 20, faceDetection: true });
  await create("entry", { userId, contestId: contest.id });
  return contest;
}
const asks = (page: Page) => page.evaluate(() => (window as unknown as { cameraAsks: number }).cameraAsks);

test("under 18 the camera check and the test never ask for the camera; the test runs", async ({ browser }) => {
  const minor = { email: uniqueEmail("minor"), password: PASSWORD, fullName: "Chhoti Student" };
  const { id } = await create("student", { ...minor, minor: true });
  const page = await signedInPage(browser, minor, true);
  const contest = await sitting(page, id);
  await page.goto(`/contest/${contest.id}/entry`);
  await expect(page.getByRole("heading", { name: "No camera for you" })).toBeVisible();
  await expect(page.getByRole("dialog", { name: "Camera Permission" })).toHaveCount(0);
  await expect(page.getByText(/the camera is not used, because you are under 18/)).toBeVisible();
  await page.getByRole("link", { name: "Submit Entry" }).click();
  await expect(page).toHaveURL(`/contest/${contest.id}/test`);
  await page.getByRole("button", { name: "Start Contest" }).click();
  await expect(page.getByRole("button", { name: "Save & Next" })).toBeVisible();
  await expect(page.locator("video")).toHaveCount(0);
  expect(await asks(page)).toBe(0);
  await page.context().close();
});

test("an adult's camera check asks for the camera, and so does the test", async ({ page, student }) => {
  const contest = await sitting(page, student.id);
  await page.goto(`/contest/${contest.id}/entry`);
  await page.getByRole("dialog", { name: "Camera Permission" }).getByRole("button", { name: "Allow Camera" }).click();
  await expect(page.getByText("Your camera works. You are ready.")).toBeVisible();
  expect(await asks(page)).toBe(1);
  await page.getByRole("button", { name: "Submit Entry" }).click();
  await page.getByRole("button", { name: "Start Contest" }).click();
  await expect(page.getByRole("button", { name: "Save & Next" })).toBeVisible();
  // The test page opens by Remix's navigation (the same window): the check's ask, then the test's.
  await expect.poll(() => asks(page)).toBe(2);
  await expect(page.locator("video.test-camera")).toHaveCount(1);
});
