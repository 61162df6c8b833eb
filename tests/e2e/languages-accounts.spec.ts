import { create, expect, latestMailTo, PASSWORD, test, unique, uniqueEmail } from "./support/fixtures";
import { latinWords } from "./support/latin-words";

// Issue 33: the site in Hindi, the accounts' pages (split from languages.spec.ts, which
// holds the rest): signing up and in, the dashboard, Your data, a declined prize, a
// parent's consent and changed terms. ./support/hindi-routes.ts says which test scans
// which page.

test.describe("हिन्दी", () => {
  test("signing up in Hindi: a refused form says why in Hindi with the input kept, then the account is made", async ({ page }) => {
    await page.goto("/signup?lang=hi");
    await page.getByLabel("पूरा नाम").fill("आशा वर्मा");
    await page.getByLabel("ईमेल").fill("not-an-email");
    await page.getByLabel("जन्म तिथि").fill("1998-04-12");
    await page.locator("input[name=password]").fill(PASSWORD);
    await page.getByRole("button", { name: "साइन अप करें" }).click();
    await expect(page.getByText("कृपया सही ईमेल पता लिखें")).toBeVisible();
    await expect(page.getByLabel("पूरा नाम")).toHaveValue("आशा वर्मा");
    await page.getByLabel("ईमेल").fill(uniqueEmail("hindi"));
    await page.locator("input[name=password]").fill(PASSWORD);
    await page.getByRole("button", { name: "साइन अप करें" }).click();
    await expect(page.getByRole("heading", { name: "खाता बन गया!" })).toBeVisible();
    await expect(page.getByText("StudyArena में आपका स्वागत है, आशा वर्मा।")).toBeVisible();
  });

  test("the dashboard in Hindi: an upcoming entry with its countdown and own deadline", { tag: "@same-without-js" }, async ({ page, student, context }) => {
    const title = unique("Dashboard Cup");
    const contest = await create("contest", { title, startsInMinutes: 90, endsInMinutes: 180, durationMinutes: 20 });
    await create("entry", { userId: student.id, contestId: contest.id });
    await context.addCookies([{ name: "lang", value: "hi", url: `http://localhost:${process.env.E2E_PORT}` }]);
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`फिर से स्वागत है, ${student.fullName}`);
    await expect(page.getByText(/1 घंटे \d+ मिनट \d+ सेकंड में शुरू/)).toBeVisible();
    expect(await latinWords(page, [title, student.fullName]), "dashboard").toEqual([]);
  });

  test("your data in Hindi: the page, and a wrong password refused", async ({ page, student, context }) => {
    await context.addCookies([{ name: "lang", value: "hi", url: `http://localhost:${process.env.E2E_PORT}` }]);
    await page.goto("/account/data");
    await expect(page.getByRole("heading", { name: "आपका डेटा" })).toBeVisible();
    await page.getByLabel("आपका पासवर्ड").fill("Not-my-password1");
    await page.getByRole("button", { name: "मेरा खाता मिटाएँ" }).click();
    await expect(page.getByText("आपका मौजूदा पासवर्ड सही नहीं है")).toBeVisible();
    expect(await latinWords(page, [student.fullName]), "your data").toEqual([]);
  });

  test("a declined prize in Hindi: Your data's waiting prize, the decline page refused without the tick, then declined", async ({ page, student, context }) => {
    const title = unique("Hindi Declined Cup");
    await create("finishedContest", { title, students: [{ userId: student.id, correct: 3, minutes: 5 }] });
    await context.addCookies([{ name: "lang", value: "hi", url: `http://localhost:${process.env.E2E_PORT}` }]);
    await page.goto("/account/data");
    await expect(page.getByRole("heading", { name: "आपके इंतज़ार में इनाम" })).toBeVisible();
    await page.getByRole("link", { name: "यह इनाम अस्वीकार करें" }).click();
    await expect(page.getByRole("heading", { name: "अपना इनाम अस्वीकार करें" })).toBeVisible();
    await page.getByLabel("आपका पासवर्ड").fill(student.password);
    await page.getByRole("button", { name: "इनाम अस्वीकार करें" }).click();
    await expect(page.getByText("इनाम अस्वीकार करने के लिए बॉक्स पर टिक करें।")).toBeVisible();
    expect(await latinWords(page, [title, student.fullName]), "decline page").toEqual([]);
    await page.getByLabel(`मैं ${title} में मिला अपना ₹700 का इनाम अस्वीकार करता/करती हूँ।`).check();
    await page.getByLabel("आपका पासवर्ड").fill(student.password);
    await page.getByRole("button", { name: "इनाम अस्वीकार करें" }).click();
    await expect(page.getByText(`आपने ${title} में मिला अपना इनाम अस्वीकार कर दिया। इसका भुगतान नहीं होगा।`)).toBeVisible();
    expect(await latinWords(page, [title, student.fullName]), "your data after").toEqual([]);
  });

  test("a parent's consent in Hindi: the sign-up that waits, the link's page refused, verified through the stand-in, then consented", async ({ page, context }) => {
    await context.addCookies([{ name: "lang", value: "hi", url: `http://localhost:${process.env.E2E_PORT}` }]);
    const parent = uniqueEmail("parent-hi");
    await page.goto("/signup");
    const minor = uniqueEmail("minor-hi");
    await page.getByLabel("पूरा नाम").fill("Riya Rao");
    await page.getByLabel("ईमेल").fill(minor);
    await page.getByLabel("जन्म तिथि").fill(`${new Date().getUTCFullYear() - 15}-03-10`);
    await page.locator("input[name=password]").fill(PASSWORD);
    await page.getByRole("button", { name: "साइन अप करें" }).click();
    await expect(page.getByText("आप 18 से कम हैं: कृपया माता-पिता या अभिभावक का ई-मेल दें, ताकि हम उनकी सहमति ले सकें")).toBeVisible();
    await page.getByLabel("माता-पिता या अभिभावक का ई-मेल (केवल यदि आप 18 से कम हैं)").fill(parent);
    await page.locator("input[name=password]").fill(PASSWORD);
    await page.getByRole("button", { name: "साइन अप करें" }).click();
    await expect(page.getByRole("heading", { name: "अपना ई-मेल देखें" })).toBeVisible();
    expect(await latinWords(page, ["m•••@example.in"]), "check your e-mail").toEqual([]);
    const proof = await latestMailTo(minor);
    expect(proof.subject).toBe("StudyArena के लिए अपने ई-मेल पते की पुष्टि करें");
    await page.goto(/\/confirm\/[A-Za-z0-9_-]{43}/.exec(proof.text)![0]);
    expect(await latinWords(page, ["Riya Rao", minor, parent]), "confirm page").toEqual([]);
    await page.getByRole("button", { name: "मेरे पते की पुष्टि करें" }).click();
    await expect(page.getByRole("heading", { name: "माता-पिता से अपना ई-मेल देखने को कहें" })).toBeVisible();
    expect(await latinWords(page, ["p•••@example.in"]), "waiting").toEqual([]);
    const mail = await latestMailTo(parent);
    expect(mail.subject).toBe("एक विद्यार्थी StudyArena के उपयोग के लिए आपकी सहमति माँग रहा है");
    await page.goto(/\/consent\/[A-Za-z0-9_-]{43}/.exec(mail.text)![0]);
    await page.getByRole("button", { name: "मैं सहमत हूँ" }).click();
    await expect(page.getByText("कृपया पुष्टि करें कि आप माता-पिता या क़ानूनी अभिभावक हैं।")).toBeVisible();
    expect(await latinWords(page, ["Riya Rao", minor]), "consent page").toEqual([]);
    // Issue 67, point 2: the parent verifies through the DigiLocker stand-in first; someone under 18 is refused.
    const link = page.url();
    await page.getByRole("button", { name: "DigiLocker से सत्यापित करें" }).click();
    await expect(page.getByRole("heading", { name: "DigiLocker का विकल्प" })).toBeVisible();
    expect(await latinWords(page), "stand-in page").toEqual([]);
    await page.getByRole("button", { name: "18 वर्ष से कम के व्यक्ति के रूप में साइन इन करें" }).click();
    await expect(page.getByRole("heading", { name: "हम आपको सत्यापित नहीं कर सके" })).toBeVisible();
    expect(await latinWords(page), "callback refused").toEqual([]);
    await page.goto(link);
    await page.getByRole("button", { name: "DigiLocker से सत्यापित करें" }).click();
    await page.getByRole("button", { name: "वयस्क के रूप में साइन इन करें" }).click();
    await expect(page.getByText(/को DigiLocker से सत्यापित: 18 वर्ष या उससे अधिक।/)).toBeVisible();
    await page.getByRole("checkbox", { name: /का\/की माता-पिता/ }).check();
    await page.getByRole("button", { name: "मैं सहमत हूँ" }).click();
    await expect(page.getByRole("heading", { name: "आपने सहमति दे दी है" })).toBeVisible();
    expect(await latinWords(page, ["Riya Rao"]), "consented").toEqual([]);
  });

  test("changed terms in Hindi: the agree page refused without the tick, then agreed", async ({ page, context }) => {
    const email = uniqueEmail("before-hi");
    await create("student", { email, password: PASSWORD, fullName: "Meera Iyer", agreed: false });
    expect((await page.request.post("/login", { form: { email, password: PASSWORD } })).ok()).toBe(true);
    await context.addCookies([{ name: "lang", value: "hi", url: `http://localhost:${process.env.E2E_PORT}` }]);
    await page.goto("/store/new");
    await expect(page.getByRole("heading", { name: "हमारी शर्तें बदल गई हैं" })).toBeVisible();
    await page.getByRole("button", { name: "सहमत हूँ, आगे बढ़ें" }).click();
    await expect(page.getByText("सहमति देने के लिए बॉक्स पर टिक करें।", { exact: false })).toBeVisible();
    expect(await latinWords(page, ["Meera Iyer"]), "agree page").toEqual([]);
    await page.getByRole("checkbox").check();
    await page.getByRole("button", { name: "सहमत हूँ, आगे बढ़ें" }).click();
    await expect(page).toHaveURL("/store/new");
    await expect(page.getByText("धन्यवाद। आपकी सहमति दर्ज कर ली गई है।")).toBeVisible();
  });

  test("logging in with a wrong password says so in Hindi", async ({ page, student }) => {
    await page.context().clearCookies();
    await page.goto("/login?lang=hi");
    await page.getByLabel("ईमेल").fill(student.email);
    await page.locator("input[name=password]").fill("Wrong@12345");
    await page.getByRole("button", { name: "लॉग इन करें" }).click();
    await expect(page.getByText("ईमेल या पासवर्ड ग़लत है")).toBeVisible();
    await expect(page.getByLabel("ईमेल")).toHaveValue(student.email);
  });
});
