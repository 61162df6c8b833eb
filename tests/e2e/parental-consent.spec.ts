// Issue 46, point 4: a student under 18 signs up, waits for a parent, and the parent's link
// consents and later withdraws; with JavaScript and without (this file runs in both projects).
// Issue 65, point 2: the student first confirms their own address by the link mailed to it
// ("Check your e-mail"); only then is the parent mailed. Issue 67, point 2: the parent first verifies through
// the DigiLocker stand-in.
import { expect, latestMailTo, logIn, PASSWORD, test, uniqueEmail } from "./support/fixtures";

/** A date of birth 16 years ago. */
const minorBirthDate = () => {
  const d = new Date();
  return `${d.getUTCFullYear() - 16}-01-15`;
};

test("under 18: sign-up waits for a parent, who consents by the mailed link; the student then logs in; the parent withdraws and the account is erased", async ({ page }) => {
  const email = uniqueEmail("minor");
  const parent = uniqueEmail("parent");
  await page.goto("/signup");
  await page.getByLabel("Full Name").fill("Riya Sharma");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Date of birth").fill(minorBirthDate());
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page.getByText("You are under 18: please give a parent's or guardian's e-mail, so we can ask for their consent")).toBeVisible();
  await expect(page.getByLabel("Full Name")).toHaveValue("Riya Sharma");
  await expect(page.getByLabel("Date of birth")).toHaveValue(minorBirthDate());

  await page.getByLabel("Parent's or guardian's e-mail (only if you are under 18)").fill(parent);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign Up" }).click();
  // The student's own address first: nothing goes to the parent yet.
  await expect(page.getByRole("heading", { name: "Check your e-mail" })).toBeVisible();
  await expect(page.getByText(/We have e-mailed a link to m•••@example\.in/)).toBeVisible();
  await logIn(page, email, PASSWORD);
  await expect(page.getByText(/Please confirm your e-mail address first: we have e-mailed a new link to m•••@example\.in/)).toBeVisible();
  const proof = await latestMailTo(email, /Confirm your e-mail address/, 2);
  expect(proof.text).toContain("“Riya Sharma”");
  await page.goto(/\/confirm\/[A-Za-z0-9_-]{43}/.exec(proof.text)![0]);
  await expect(page.getByRole("heading", { name: "Confirm your e-mail address" })).toBeVisible();
  await expect(page.getByText(`We then e-mail ${parent} to ask for a parent's consent.`)).toBeVisible();
  await page.getByRole("button", { name: "Confirm My Address" }).click();

  await expect(page.getByRole("heading", { name: "Ask your parent to check their e-mail" })).toBeVisible();
  await expect(page.getByText(/We have e-mailed p•••@example\.in to ask for their consent/)).toBeVisible();
  await expect(page.getByText("Until they agree you can browse StudyArena as a guest, but you cannot take a test, pay or win a prize.")).toBeVisible();

  // Logging in says why not yet, and mails the parent again.
  await logIn(page, email, PASSWORD);
  await expect(page.getByText(/Your account is waiting for your parent's consent/)).toBeVisible();
  await expect(page).toHaveURL(/\/login/);

  // The second mail: logging in sent the parent a new link, and the first one stopped working.
  const mail = await latestMailTo(parent, undefined, 2);
  // No word the signer chose in the subject: the name is in the body, quoted, beside the address.
  expect(mail.subject).toBe("A student asks for your consent to use StudyArena");
  expect(mail.text).toContain(`“Riya Sharma”`);
  expect(mail.text).toContain(email);
  const link = /\/consent\/[A-Za-z0-9_-]{43}/.exec(mail.text)![0];
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Riya Sharma would like to use StudyArena" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "What we collect, and why" })).toBeVisible();
  await page.getByLabel("I am Riya Sharma's parent or lawful guardian, and I am 18 or older.").check();
  await page.getByRole("button", { name: "I Consent" }).click();
  await expect(page.getByText("Please first show that you are 18 or older, through DigiLocker or a verified StudyArena account.")).toBeVisible();
  // Issue 67, point 2: the parent verifies through DigiLocker (here its built-in stand-in) before consenting.
  await page.getByRole("button", { name: "Verify with DigiLocker" }).click();
  await expect(page.getByRole("heading", { name: "DigiLocker stand-in" })).toBeVisible();
  await page.getByRole("button", { name: "Sign In as an Adult" }).click();
  await expect(page).toHaveURL(link);
  await expect(page.getByText(/Verified through DigiLocker on .*: 18 or older\./)).toBeVisible();
  await page.getByRole("button", { name: "I Consent" }).click();
  await expect(page.getByText("Please confirm that you are the parent or lawful guardian.")).toBeVisible();
  await page.getByLabel("I am Riya Sharma's parent or lawful guardian, and I am 18 or older.").check();
  await page.getByRole("button", { name: "I Consent" }).click();
  await expect(page.getByRole("heading", { name: "You have consented" })).toBeVisible();
  await expect(page.getByText("You were verified through DigiLocker as 18 or older.")).toBeVisible();

  await logIn(page, email, PASSWORD);
  await expect(page).toHaveURL("/dashboard");
  await page.context().clearCookies();

  await page.goto(link);
  await page.getByLabel("I understand that this closes Riya Sharma's account and erases their data.").check();
  await page.getByRole("button", { name: "Withdraw Consent" }).click();
  await expect(page.getByRole("heading", { name: "Consent withdrawn" })).toBeVisible();
  await expect(page.getByText(/The account has been closed and erased\./)).toBeVisible();
  await logIn(page, email, PASSWORD);
  await expect(page.getByText("Invalid email or password")).toBeVisible();
});

test("a forged consent link says it is not valid, with a way home", async ({ page }) => {
  const res = await page.goto(`/consent/${"A".repeat(43)}`);
  expect(res!.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "This link is not valid" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Go to StudyArena" })).toHaveAttribute("href", "/");
});
