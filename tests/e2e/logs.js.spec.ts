import fs from "node:fs";
import path from "node:path";
import { expect, latestMailTo, logIn, test, unique, uniqueEmail } from "./support/fixtures";

// The server's log (LOG_FILE, set by scripts/e2e-server.js): one JSON line per request
// with its id, and nothing personal or secret in any line (issue 19, point 4).
const LOG = path.resolve(".data-e2e/server.log");
const logLines = () => (fs.existsSync(LOG) ? fs.readFileSync(LOG, "utf8") : "");

test("a visitor's passwords, reset token, address and message never reach the log; each request is one line with its id", async ({ page }) => {
  const email = uniqueEmail("logs");
  const password = `Log@${Date.now().toString(36)}x9`;
  const wrongPassword = `Wrong@${Date.now().toString(36)}y8`;
  const newPassword = `New@${Date.now().toString(36)}z7`;
  const message = unique("Please call me back about my order, my number is 98450");

  expect((await page.request.post("/signup", { form: { fullName: "Log Tester", email, password, birthDate: "1998-04-12" } })).ok()).toBe(true);
  await page.context().clearCookies();
  await logIn(page, email, wrongPassword);
  await expect(page.getByText("Invalid email or password")).toBeVisible();

  await page.goto("/forgot-password");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(page.getByText("Password reset link sent! Please check your inbox.")).toBeVisible();
  const mail = await latestMailTo(email);
  const link = mail.text.match(/http:\/\/localhost:\d+(\/reset-password\?token=([\w-]+))/)!;
  await page.goto(link[1]!);
  await page.getByLabel("New Password").fill(newPassword);
  await page.getByLabel("Confirm Password").fill(newPassword);
  await page.getByRole("button", { name: "Update Password" }).click();
  await expect(page.getByText("Password updated successfully! Redirecting to login...")).toBeVisible();

  const contact = await page.request.post("/contact", { form: { name: "Log Tester", email, subject: "payment", message, privacy: "on" } });
  expect(contact.status()).toBeLessThan(400);
  const requestId = (await page.request.get("/about")).headers()["x-request-id"]!;
  expect(requestId).toMatch(/^[0-9a-f-]{36}$/);

  // The last request's line is written when its answer ends; lines are written in order.
  await expect.poll(() => logLines().includes(requestId), { timeout: 10_000 }).toBe(true);
  const lines = logLines().trim().split("\n").map((l) => JSON.parse(l));
  const mine = lines.find((l) => l.reqId === requestId && l.msg === "request");
  expect(mine).toMatchObject({ level: "info", method: "GET", path: "/about", status: 200, instance: expect.any(String) });
  expect(typeof mine.ms).toBe("number");
  expect(lines.some((l) => l.msg === "request" && l.method === "POST" && l.path === "/contact")).toBe(true);

  const text = logLines();
  for (const secret of [email, password, wrongPassword, newPassword, link[2]!, message, mail.text.slice(0, 40)]) {
    expect(text, `the log holds ${secret}`).not.toContain(secret);
  }
});
