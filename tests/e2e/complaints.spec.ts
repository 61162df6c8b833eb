import { expect, latestMailTo, test, uniqueEmail } from "./support/fixtures";

// Issue 67, point 4: a complaint's number shown and mailed at once, followed by its number
// without signing in, and who runs the site on the page's footer; with JavaScript off too
// (the no-js project runs this file).
test("a complaint: the contact form's ticket, mailed, then followed by its number; a mistyped number is said with the input kept", async ({ page }) => {
  const email = uniqueEmail("complaint");
  await page.goto("/contact");
  const footer = page.getByRole("contentinfo");
  await expect(footer.getByText("Operated by StudyArena Demo Operator (not a real company)")).toBeVisible();
  await expect(footer.getByRole("link", { name: "grievance@studyarena.in" })).toHaveAttribute("href", "mailto:grievance@studyarena.in");
  await expect(page.getByRole("main").getByRole("heading", { name: "Who runs StudyArena" })).toBeVisible();

  await page.getByLabel("Name").fill("Priya Nair");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Subject").selectOption("payment");
  await page.getByLabel("Message").fill("I paid twice for one entry.");
  await page.getByLabel("I agree to the Privacy Policy.").check();
  await page.getByRole("button", { name: "Send Message" }).click();
  const alert = page.getByText(/Your ticket number is SA-[0-9A-Z]{10}/);
  await expect(alert).toBeVisible();
  const ticket = (await alert.textContent())!.match(/SA-[0-9A-Z]{10}/)![0];
  const mail = await latestMailTo(email, /^Complaint SA-/);
  expect(mail.subject).toBe(`Complaint ${ticket} received`);

  await footer.getByRole("link", { name: "Follow a complaint by its ticket number" }).click();
  await expect(page).toHaveURL("/complaints");
  await page.getByLabel("Ticket number").fill("SA-123");
  await page.getByRole("button", { name: "Show status" }).click();
  await expect(page.getByText("A ticket number is SA- and ten letters and digits")).toBeVisible();
  await expect(page.getByLabel("Ticket number")).toHaveValue("SA-123");

  await page.getByLabel("Ticket number").fill(ticket.toLowerCase());
  await page.getByRole("button", { name: "Show status" }).click();
  const status = page.getByRole("region", { name: `Complaint ${ticket}` });
  await expect(status.getByText("Received and acknowledged")).toBeVisible();
  await expect(status.getByText("A message to support")).toBeVisible();
  await expect(status.getByText("To be resolved by")).toBeVisible();
  await expect(page.getByText("Priya Nair")).toHaveCount(0);
});
