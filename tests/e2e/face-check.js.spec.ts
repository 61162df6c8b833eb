// Issue 47, points 1 to 3: the on-device face check. Chromium's fake camera plays a video
// made from a photo of one face: a face all along (its head tilted, facing the camera) is
// never warned of; a face, then nothing, is warned of ("Your face is not visible", with how
// many warnings are left) and, for a student who agreed on the camera check, flagged with
// its length and one small snapshot. The check's files come from our own origin, cached
// for good, fetched ahead by the camera check.
import path from "node:path";
import { chromium, type Page } from "@playwright/test";
import { create, expect, PASSWORD, test, unique, uniqueEmail } from "./support/fixtures";
import { fakeCamera } from "./support/fake-camera";

/** A student enrolled in a running contest with the face check, in a browser whose camera plays `video`; the test started. */
async function sitWith(video: string, baseURL: string | undefined, run: (page: Page, detector: string[]) => Promise<void>, options: { snapshots?: boolean } = {}) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
    args: ["--no-sandbox", "--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream", `--use-file-for-fake-video-capture=${video}`],
  });
  try {
    const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, extraHTTPHeaders: { "X-Forwarded-For": `198.19.${Math.floor(Math.random() * 250)}.7` } });
    const student = { email: uniqueEmail("face"), password: PASSWORD, fullName: "Face Check Student" };
    const { id: studentId } = await create("student", student);
    expect((await context.request.post("/login", { form: { email: student.email, password: PASSWORD } })).ok()).toBe(true);
    const contest = await create("contest", { title: unique("Face Cup"), startsInMinutes: -1, endsInMinutes: 60, durationMinutes: 20, faceDetection: true });
    await create("entry", { userId: studentId, contestId: contest.id });
    const page = await context.newPage();
    const detector: string[] = [];
    page.on("response", (response) => {
      const { pathname } = new URL(response.url());
      if (pathname.startsWith("/proctor/")) detector.push(`${pathname} ${response.headers()["cache-control"]}`);
    });
    // The camera check fetches the check's files ahead, so the test's check starts at once.
    await page.goto(`/contest/${contest.id}/entry`);
    await expect.poll(() => new Set(detector.map((line) => line.split(" ")[0])).size, { timeout: 30_000 }).toBe(6);
    if (options.snapshots) {
      await page.getByRole("dialog", { name: "Camera Permission" }).getByRole("button", { name: "Allow Camera" }).click();
      await page.getByLabel(/Keep one small picture from my camera with each flag/).check();
      await page.getByRole("button", { name: "Save my choice" }).click();
      await expect(page.getByText("You agreed: a small picture is kept with each flag.")).toBeVisible();
    }
    await page.goto(`/contest/${contest.id}/test`);
    await page.getByRole("button", { name: "Start Contest" }).click();
    await expect(page.getByRole("button", { name: "Save & Next" })).toBeVisible();
    await run(page, detector);
  } finally {
    await browser.close();
  }
}

test("a face all along is never warned of; the check's files come from our origin, cached for good", async ({ baseURL }, testInfo) => {
  test.setTimeout(120_000);
  const video = await fakeCamera(path.join(testInfo.outputDir, "face.y4m"), { face: 5, empty: 0 });
  await sitWith(video, baseURL, async (page, detector) => {
    // The check runs (it has answered a frame), and for three frames and more nothing is warned of.
    await expect(page.getByText("Face check on")).toBeVisible({ timeout: 30_000 });
    await page.waitForTimeout(8_000);
    await expect(page.getByRole("dialog", { name: "Stay in view of your camera" })).toHaveCount(0);
    expect([...new Set(detector.map((line) => line.split(" ")[0]))].sort()).toEqual(
      [
        "face-api.esm.js",
        "face-worker.js",
        "models/face_landmark_68_tiny_model-weights_manifest.json",
        "models/face_landmark_68_tiny_model.bin",
        "models/tiny_face_detector_model-weights_manifest.json",
        "models/tiny_face_detector_model.bin",
      ].map((file) => `/proctor/v2/${file}`),
    );
    for (const line of detector) expect(line).toMatch(/immutable/);
  });
});

test("a face, then none: the test warns that the face is not visible, with the warnings left; the flag goes with its length and a small snapshot", async ({ baseURL }, testInfo) => {
  test.setTimeout(120_000);
  const video = await fakeCamera(path.join(testInfo.outputDir, "face-then-none.y4m"), { face: 8, empty: 9 });
  await sitWith(
    video,
    baseURL,
    async (page) => {
      // The flag is sent when the face is back: its length, and the snapshot taken when it was noticed.
      const flagged = page.waitForRequest((request) => request.url().endsWith("/evidence"), { timeout: 90_000 });
      const warning = page.getByRole("dialog", { name: "Stay in view of your camera" });
      await expect(warning).toBeVisible({ timeout: 60_000 });
      await expect(warning.getByText("Your face is not visible.")).toBeVisible();
      await expect(warning.getByText("1 warning left before it is reported to a reviewer.")).toBeVisible();
      const request = await flagged;
      const body = request.postDataJSON() as { kind: string; durationMs: number; snapshot: string };
      expect(body.kind).toBe("no_face");
      expect(body.durationMs).toBeGreaterThanOrEqual(4500);
      expect(Buffer.from(body.snapshot, "base64").subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
      expect(Buffer.from(body.snapshot, "base64").length).toBeLessThan(20 * 1024);
      expect((await request.response())!.status()).toBe(200);
    },
    { snapshots: true },
  );
});
