// The start of a shift in a real browser (docs/decisions/contests-shift-sealed-paper.md, docs/decisions/contests-shift-start-is-a-key.md):
// the waiting room downloads the paper sealed and says so; at the start the page asks for
// the key alone (no paper), opens the paper with WebCrypto and the test runs on it; a
// ciphertext changed on the way does not open and the page says to reload.
import { create, expect, test, unique } from "./support/fixtures";

const QUESTIONS: Array<[string, string[], string]> = [
  ["Which gas do plants take in?", ["Oxygen", "Carbon dioxide", "Nitrogen", "Helium"], "Carbon dioxide"],
  ["What is 7 × 8?", ["54", "56", "58", "64"], "56"],
  ["Which is a prime number?", ["21", "27", "29", "33"], "29"],
];

/** A shuffled contest starting in about twelve seconds, the student enrolled. */
async function shiftAboutToStart(studentId: string) {
  const contest = await create("contest", { title: unique("Shift Cup"), startsInMinutes: 0.2, endsInMinutes: 60, shuffle: true, questions: QUESTIONS });
  await create("entry", { userId: studentId, contestId: contest.id });
  return contest;
}

test("the waiting room holds the sealed paper; at the start only the key is asked for and the test opens on the student's own order", async ({ page, student }) => {
  const contest = await shiftAboutToStart(student.id);
  const api = `/api/contest/${contest.id}/test`;
  const asked: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url()).pathname;
    const kind = url === api ? "api" : url.includes("/sealed/") ? "sealed" : url.startsWith(`/api/contest/${contest.id}/key/`) ? "key" : null;
    if (kind) asked.push(`${request.method()} ${kind}`);
  });
  await page.goto(`/contest/${contest.id}/test`);
  await expect(page.getByRole("status").filter({ hasText: "Your paper has been downloaded, sealed. It opens at the start; keep this page open." })).toBeVisible();
  await expect(page.getByRole("button", { name: "Start Contest" })).toBeDisabled();
  expect(asked).toEqual(["GET api", "GET sealed"]);
  // Nothing in the page can read a question before the start.
  await expect(page.getByText(QUESTIONS[1]![0])).toHaveCount(0);

  await expect(page.getByRole("button", { name: "Start Contest" })).toBeEnabled({ timeout: 20_000 });
  // The start asked for the key with its link (again if this clock ran a moment ahead), not for the paper: no second GET of it.
  expect(asked.filter((a) => a === "GET api")).toHaveLength(1);
  expect(asked.filter((a) => a === "GET key").length).toBeGreaterThanOrEqual(1);
  expect(asked.filter((a) => a.startsWith("POST"))).toEqual([]);
  await expect(page.getByText(/Time left: \d\d:\d\d/)).toBeVisible();
  await page.getByRole("button", { name: "Start Contest" }).click();
  await expect(page.getByRole("timer", { name: "Time left" })).toHaveText(/^\d\d:\d\d$/);
  await expect(page.locator(".test-text")).toHaveText(new RegExp(`^(${QUESTIONS.map(([text]) => text.replace(/[?×]/g, ".")).join("|")})$`));
  // An answer on the opened paper is saved as ever.
  await page.getByRole("radio").first().check();
  await page.getByRole("button", { name: "Save & Next" }).click();
  await expect(page.getByText("All answers saved")).toBeVisible();
});

test("a sealed paper changed on the way does not open: the page says to reload, and the reload opens the test", async ({ page, student }) => {
  const contest = await shiftAboutToStart(student.id);
  await page.route("**/sealed/**", async (route) => {
    const response = await route.fetch();
    const bytes = Buffer.from(await response.body());
    bytes[bytes.length - 30]! ^= 1;
    await route.fulfill({ response, body: bytes });
  });
  await page.goto(`/contest/${contest.id}/test`);
  await expect(page.getByText("Your paper has been downloaded, sealed. It opens at the start; keep this page open.")).toBeVisible();
  await expect(page.getByRole("alert")).toHaveText("The paper could not be opened: it changed on the way. Please reload the page.", { timeout: 20_000 });
  await page.getByRole("button", { name: "Refresh Page" }).click();
  await expect(page.getByRole("button", { name: "Start Contest" })).toBeEnabled();
});
