import fs from "node:fs";
import { ADULT_BIRTH_DATE, create, expect, latestMailTo, logIn, PASSWORD, submitLogin, test, unique, uniqueEmail } from "./support/fixtures";

test.describe("accounts", () => {
  test("signup shows 'Account Created!', then goes home after 10 s", async ({ page, javaScriptEnabled }) => {
    if (javaScriptEnabled) await page.clock.install();
    await page.goto("/signup");
    await page.getByLabel("Full Name").fill("Asha Rao");
    await page.getByLabel("Email").fill(uniqueEmail("signup"));
    await page.getByLabel("Date of birth").fill(ADULT_BIRTH_DATE);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Sign Up" }).click();

    await expect(page.getByRole("heading", { name: "Account Created!" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Explore Contests" })).toHaveAttribute("href", "/contests");
    await expect(page.getByLabel("Account menu for Asha Rao")).toBeVisible();
    if (javaScriptEnabled) {
      await page.clock.fastForward(10_000);
    } else {
      await expect(page.locator('meta[http-equiv="refresh"]')).toHaveAttribute("content", "10;url=/");
    }
    await expect(page).toHaveURL("/", { timeout: 15_000 });
  });

  test("signup with a missing field keeps what was typed", async ({ page }) => {
    await page.goto("/signup");
    await page.getByLabel("Full Name").fill("Ravi Kumar");
    await page.getByLabel("Email").fill("ravi@example.in");
    await page.getByRole("button", { name: "Sign Up" }).click();
    await expect(page.getByText("All fields are required!")).toBeVisible();
    await expect(page.getByLabel("Full Name")).toHaveValue("Ravi Kumar");
    await expect(page.getByLabel("Email")).toHaveValue("ravi@example.in");
  });

  test("signup with a taken e-mail says so", async ({ page, account }) => {
    await page.context().clearCookies();
    await page.goto("/signup");
    await page.getByLabel("Full Name").fill("Someone Else");
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Date of birth").fill(ADULT_BIRTH_DATE);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Sign Up" }).click();
    await expect(page.getByText("An account with this email already exists. Please log in instead.")).toBeVisible();
  });

  test("login: empty fields, a wrong password, then the right one", async ({ page, account, javaScriptEnabled }) => {
    await page.context().clearCookies();
    await page.goto("/login");
    await page.getByRole("button", { name: "Log In" }).click();
    await expect(page.getByText("Please fill in both email and password")).toBeVisible();

    await logIn(page, account.email, "Wrong@123");
    await expect(page.getByText("Invalid email or password")).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveValue(account.email);
    // The server never sends a password back into the page.
    if (!javaScriptEnabled) await expect(page.getByLabel("Password", { exact: true })).toHaveValue("");

    await submitLogin(page, account.email, account.password);
    await expect(page).toHaveURL("/dashboard");
    await expect(page.getByRole("heading", { name: "Welcome Back, Test Student" })).toBeVisible();
  });

  test("login honours a same-site redirectTo and ignores another site", async ({ page, account }) => {
    await page.context().clearCookies();
    await logIn(page, account.email, account.password, "/login?redirectTo=/contests");
    await expect(page).toHaveURL("/contests");

    await page.context().clearCookies();
    await logIn(page, account.email, account.password, "/login?redirectTo=https://evil.example/");
    await expect(page).toHaveURL("/dashboard");
  });

  test("sign-out asks to confirm and ends the session", async ({ page, account, javaScriptEnabled }) => {
    await page.goto("/dashboard");
    await page.getByLabel(/Account menu/).click();
    await page.getByRole("menuitem", { name: "Sign Out" }).click();

    await expect(page.getByRole("heading", { name: "Confirm Sign Out" })).toBeVisible();
    await expect(page.getByText("Are you sure you want to sign out of your account?")).toBeVisible();
    // With JavaScript a dialog opens in place; without it, a confirmation page.
    await expect(page).toHaveURL(javaScriptEnabled ? "/dashboard" : "/logout");
    await page.getByRole("button", { name: "Sign Out" }).click();

    await expect(page).toHaveURL("/");
    await expect(page.getByRole("status").filter({ hasText: "You have been signed out." })).toBeVisible();
    await expect(page.getByRole("link", { name: "Login" })).toBeVisible();
    await page.goto("/dashboard");
    await expect(page).toHaveURL("/");
    expect(account.email).toContain("@");
  });

  test("forgot password, reset through the mailed link, then the link is spent", async ({ page, account }) => {
    await page.context().clearCookies();
    await page.goto("/login");
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(page.getByText("Please enter your email")).toBeVisible();
    await page.getByLabel("Email").fill(account.email);
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(page.getByText("Password reset link sent! Please check your inbox.")).toBeVisible();

    const mail = await latestMailTo(account.email);
    const link = mail.text.match(/http:\/\/localhost:\d+(\/reset-password\?token=[\w-]+)/)![1]!;
    await page.goto(link);
    await page.getByLabel("New Password").fill("password");
    await page.getByLabel("Confirm Password").fill("password");
    await page.getByRole("button", { name: "Update Password" }).click();
    await expect(page.getByText("Password is too weak")).toBeVisible();

    await page.getByLabel("New Password").fill("Brand@New9");
    await page.getByLabel("Confirm Password").fill("Brand@New8");
    await page.getByRole("button", { name: "Update Password" }).click();
    await expect(page.getByText("Passwords do not match")).toBeVisible();

    await page.getByLabel("New Password").fill("Brand@New9");
    await page.getByLabel("Confirm Password").fill("Brand@New9");
    await page.getByRole("button", { name: "Update Password" }).click();
    await expect(page.getByText("Password updated successfully! Redirecting to login...")).toBeVisible();
    await expect(page).toHaveURL("/login", { timeout: 10_000 });

    await logIn(page, account.email, "Brand@New9");
    await expect(page).toHaveURL("/dashboard");

    await page.goto(link);
    await expect(page.getByText("Reset link is invalid or expired")).toBeVisible();
  });

  test("a tampered reset link is refused", async ({ page }) => {
    await page.goto("/reset-password?token=not-a-real-token");
    await expect(page.getByText("Reset link is invalid or expired")).toBeVisible();
    await expect(page.getByRole("link", { name: "Request a new link" })).toBeVisible();
  });

  test("the dashboard sends guests home, saying the session expired", async ({ page, account }) => {
    await page.context().clearCookies();
    await page.goto("/dashboard");
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("status").filter({ hasText: "Session Expired" })).toBeVisible();
    await page.getByRole("link", { name: "Go to Login" }).click();
    await submitLogin(page, account.email, account.password);
    await expect(page).toHaveURL("/dashboard");
  });

  test("a winner sets where prizes are paid: a wrong IFSC and a missing password are said in the form, then the bank account is kept, shown masked and held", async ({ page, student }) => {
    await page.goto("/account");
    await expect(page.getByText("Add where your prizes and marketplace earnings should be paid. They wait until you do.")).toBeVisible();
    const payout = page.locator("form#payout");
    await expect(payout.getByRole("note")).toHaveText("You never need to enter your UPI PIN to receive money."); // issue 49, point 4
    await payout.getByRole("radio", { name: "Bank account" }).check();
    await payout.getByLabel("Account holder (for a bank account)").fill("Asha Rao");
    await payout.getByLabel("Account number", { exact: true }).fill("123456789012");
    await payout.getByLabel("Account number, again").fill("123456789012");
    await payout.getByLabel("IFSC").fill("SBIN12345");
    await payout.getByRole("button", { name: "Save Payout Details" }).click();
    await expect(page.getByText("Enter the 11-character IFSC, like SBIN0001234")).toBeVisible();
    await expect(page.locator("form#payout").getByLabel("Account holder (for a bank account)")).toHaveValue("Asha Rao");
    await expect(page.locator("form#payout").getByRole("radio", { name: "Bank account" })).toBeChecked();

    await page.locator("form#payout").getByLabel("Account number", { exact: true }).fill("123456789012");
    await page.locator("form#payout").getByLabel("Account number, again").fill("123456789012");
    await page.locator("form#payout").getByLabel("IFSC").fill("SBIN0001234");
    // Where money goes needs the password: without it, nothing is kept and the typed details stay.
    await page.locator("form#payout").getByRole("button", { name: "Save Payout Details" }).click();
    await expect(page.getByText("Enter your current password to change where money is paid")).toBeVisible();
    await expect(page.locator("form#payout").getByLabel("Account holder (for a bank account)")).toHaveValue("Asha Rao");
    await page.locator("form#payout").getByLabel("Account number", { exact: true }).fill("123456789012");
    await page.locator("form#payout").getByLabel("Account number, again").fill("123456789012");
    await page.locator("form#payout").getByLabel("Your current password").fill(student.password);
    await page.locator("form#payout").getByRole("button", { name: "Save Payout Details" }).click();
    await expect(page.getByText("Your payout details are saved. We have mailed you about the change, and payouts to them wait out a safety hold.")).toBeVisible();
    await expect(page.getByText("Bank account ••••9012 (SBIN0001234), Asha Rao")).toBeVisible();
    await expect(page.getByText(/For your safety, nothing is paid to these details before/)).toBeVisible();
  });

  test("your data: the download is a JSON file of the account; erasure asks for the password, then erases and signs out", async ({ page, student }) => {
    await page.goto("/account");
    await page.getByRole("link", { name: "Your data: download it, correct it or erase your account" }).click();
    await expect(page).toHaveURL("/account/data");
    await expect(page.getByRole("heading", { name: "Your data" })).toBeVisible();
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download my data" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^studyarena-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(fs.readFileSync(await download.path(), "utf8"));
    expect(data.account.email).toBe(student.email);
    expect(data.profile.full_name).toBe(student.fullName);

    await page.getByLabel("Your password").fill("Not-my-password1");
    await page.getByRole("button", { name: "Erase my account" }).click();
    await expect(page.getByText("Your current password is not right")).toBeVisible();
    await page.getByLabel("Your password").fill(student.password);
    await page.getByRole("button", { name: "Erase my account" }).click();
    await expect(page).toHaveURL("/");
    await expect(page.getByText("Your account has been erased.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Login" })).toBeVisible();
    await logIn(page, student.email, student.password);
    await expect(page.getByText("Invalid email or password")).toBeVisible();
  });

  // Issue 65, point 7: a winner who never gave payout details can leave by declining the prize.
  test("a winner declines a prize that waits for payout details, the tick first, then erases the account", async ({ page, student }) => {
    const title = unique("Declined Cup");
    const contest = await create("finishedContest", { title, students: [{ userId: student.id, correct: 3, minutes: 5 }] });
    await page.goto("/account/data");
    await page.getByLabel("Your password").fill(student.password);
    await page.getByRole("button", { name: "Erase my account" }).click();
    await expect(page.getByText("A prize waits for your payout details. Add them in My Account to be paid, or decline it under “Prizes waiting for you”. Then your account can be erased.")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Prizes waiting for you" })).toBeVisible();
    await expect(page.getByText(`${title}: ₹700 to be paid to you.`)).toBeVisible();
    await page.getByRole("link", { name: "Decline this prize" }).click();
    await expect(page.getByRole("heading", { name: "Decline your prize" })).toBeVisible();
    await expect(page.getByText("If you decline this prize, it will never be paid to you, now or later, and you cannot take it back.", { exact: false })).toHaveCount(1);
    // Without the tick: said beside it, nothing declined.
    await page.getByLabel("Your password").fill(student.password);
    await page.getByRole("button", { name: "Decline the prize" }).click();
    await expect(page.getByText("Tick the box to decline the prize.")).toBeVisible();
    await page.getByLabel(`I decline my prize of ₹700 in ${title}.`).check();
    await page.getByLabel("Your password").fill(student.password);
    await page.getByRole("button", { name: "Decline the prize" }).click();
    await expect(page).toHaveURL("/account/data");
    await expect(page.getByText(`You declined your prize in ${title}. It will not be paid.`)).toBeVisible();
    await expect(page.getByRole("heading", { name: "Prizes waiting for you" })).toHaveCount(0);
    await page.goto(`/contest/${contest.id}/results`);
    await expect(page.getByRole("region", { name: "Prize statement" })).toContainText("You declined this prize on");
    await page.goto("/account/data");
    await page.getByLabel("Your password").fill(student.password);
    await page.getByRole("button", { name: "Erase my account" }).click();
    await expect(page).toHaveURL("/");
    await expect(page.getByText("Your account has been erased.")).toBeVisible();
  });
});
