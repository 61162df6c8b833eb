// Results and the completion page are server-rendered: they work with JavaScript off
// too (tabs are links). The test page itself says plainly that it needs JavaScript.
import fs from "node:fs";
import { create, expect, test, unique } from "./support/fixtures";

test("results: summary with the band, the breakdown beside the key, the leaderboard with a podium", async ({ page, student }) => {
  const rival = await create("student", { email: `${unique("rival").replace(/\s/g, "")}@example.in`, password: "Secret@123", fullName: "Rival Rao" });
  const contest = await create("finishedContest", {
    title: unique("Results Cup"),
    students: [
      { userId: student.id, correct: 2, minutes: 5 },
      { userId: rival.id, correct: 3, minutes: 9 },
    ],
  });
  await page.goto(`/contest/${contest.id}/results`);
  await expect(page.getByText("Score: 67%")).toBeVisible();
  await expect(page.getByText("Good effort")).toBeVisible();
  await expect(page.getByText("#2", { exact: true })).toBeVisible();
  await expect(page.getByRole("definition").filter({ hasText: "₹500" }).first()).toBeVisible(); // second place
  // The prize statement: 30% withheld, the rest paid once payout details are added.
  const statement = page.getByRole("region", { name: "Prize statement" });
  await expect(statement.getByRole("definition")).toHaveText(["₹500", "₹150", "₹350"]);
  await expect(statement).toContainText("Waiting for your payout details");
  await expect(statement.getByRole("note")).toHaveText("You never need to enter your UPI PIN to receive money.");
  await expect(page.getByText("2 of 3 marks")).toBeVisible();
  // NTA's percentile to seven decimals: 1 of the 2 who sat at or below 2 marks, out of how many, within this contest.
  await expect(page.getByText("Percentile", { exact: true }).locator("..")).toContainText("50.0000000 within this contest, of 2 entrants");
  // Beside the topper (Rival, 3 of 3) and the average of the two.
  const compare = page.getByRole("table", { name: "You beside the topper and the average" });
  await expect(compare.getByRole("row", { name: /^Marks/ })).toContainText(/2\s*3\s*2\.5/);
  await expect(compare.getByRole("row", { name: /^Accuracy/ })).toContainText(/67%\s*100%\s*83%/);
  const sections = page.getByRole("table", { name: "Marks by section" });
  await expect(sections.getByRole("row", { name: /All questions/ })).toContainText("3 of 3");
  await expect(sections.getByRole("row", { name: /All questions/ })).toContainText("67%");

  await page.getByRole("link", { name: "Detailed Breakdown" }).click();
  await expect(page).toHaveURL(`/contest/${contest.id}/results?tab=breakdown`);
  await expect(page.getByText("Correct answer: 3")).toBeVisible();
  await expect(page.getByText("Incorrect")).toBeVisible();
  await expect(page.getByText("Correct", { exact: true })).toHaveCount(2);

  await page.getByRole("link", { name: "Leaderboard" }).click();
  const podium = page.getByRole("list", { name: "Top three" });
  // A first name and an initial: neither chose their full name (issue 67, point 5).
  await expect(podium.getByText("Rival R.")).toBeVisible();
  await expect(podium.getByText("Test S.")).toBeVisible();
  await expect(page.getByRole("row", { name: /Test S\. \(you\)/ })).toContainText("5 min 00 s");
});

test("equal marks: the leaderboard shows the time taken that breaks the tie, and says the rule", { tag: "@same-without-js" }, async ({ page, student }) => {
  const rival = await create("student", { email: `${unique("tie").replace(/\s/g, "")}@example.in`, password: "Secret@123", fullName: "Tied Tara" });
  const contest = await create("finishedContest", {
    title: unique("Tie Cup"),
    students: [
      { userId: student.id, correct: 3, minutes: 7 },
      { userId: rival.id, correct: 3, minutes: 4 },
    ],
  });
  await page.goto(`/contest/${contest.id}/results?tab=leaderboard`);
  await expect(page.getByText("Equal marks are ranked by time taken")).toBeVisible();
  const table = page.getByRole("table");
  await expect(table.getByRole("columnheader", { name: "Time taken" })).toBeVisible();
  await expect(table.getByRole("row", { name: /Tied T\./ })).toContainText(/#1.*3.*4 min 00 s.*₹1,000/);
  await expect(table.getByRole("row", { name: /Test S\./ })).toContainText(/#2.*3.*7 min 00 s.*₹500/);
});

test("a contest with one entrant says so instead of a percentile of 100", { tag: "@same-without-js" }, async ({ page, student }) => {
  const contest = await create("finishedContest", { title: unique("Alone Cup"), students: [{ userId: student.id, correct: 1, minutes: 5 }] });
  await page.goto(`/contest/${contest.id}/results`);
  await expect(page.getByText("Percentile", { exact: true }).locator("..")).toHaveText("Percentilenone: you were the only entrant ranked in this contest");
});

test("no result for this student: 'Results Not Available' with 'Return to Dashboard'", { tag: "@same-without-js" }, async ({ page, student }) => {
  const contest = await create("finishedContest", { title: unique("Not Mine Cup"), students: [] });
  await create("entry", { userId: student.id, contestId: contest.id });
  await page.goto(`/contest/${contest.id}/results`);
  await expect(page.getByRole("heading", { name: "Results Not Available" })).toBeVisible();
  await expect(page.getByText("We couldn't find your results for this contest.")).toBeVisible();
  await page.getByRole("link", { name: "Return to Dashboard" }).click();
  await expect(page).toHaveURL("/dashboard");
});

test("the response sheet: question and option ids in the order seen, the response, the status and the key, on a 360 px phone, in both languages, with its CSV", async ({ page, student, javaScriptEnabled }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const contest = await create("finishedContest", { title: unique("Sheet Cup"), students: [{ userId: student.id, correct: 2, minutes: 5 }] });
  await page.goto(`/contest/${contest.id}/results`);
  await page.getByRole("link", { name: "Response Sheet" }).click();
  const sheet = page.getByRole("table", { name: "Your response sheet" });
  const rows = sheet.locator("tbody tr");
  await expect(rows).toHaveCount(3);
  // Each option by the letter seen and its id (the question's id and two digits); the response and the key by id.
  const first = rows.first();
  const questionId = (await first.locator("td").first().textContent())!.trim();
  expect(questionId).toMatch(/^\d{7,}$/);
  await expect(first).toContainText(new RegExp(`A · ${questionId}0\\d`));
  await expect(first.getByText("Answered", { exact: true })).toBeVisible();
  await expect(first.locator("td").nth(2)).toHaveText(new RegExp(`^[A-D] · ${questionId}0\\d$`));
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  // Print is the browser's own without JavaScript; with it, a button.
  await expect(page.getByRole("button", { name: "Print" })).toHaveCount(javaScriptEnabled ? 1 : 0);

  const href = await page.getByRole("link", { name: "Download (CSV)" }).getAttribute("href");
  const csv = await page.request.get(href!);
  expect(csv.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  expect(await csv.text()).toContain(`"1","","${questionId}","`);

  await page.goto(`/contest/${contest.id}/results?tab=sheet&lang=hi`);
  await expect(page.getByRole("table", { name: "आपकी रिस्पॉन्स शीट" }).locator("tbody tr").first().getByText("उत्तर दिया", { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "डाउनलोड करें (CSV)" })).toBeVisible();
  // The analysis in Hindi too: beside the topper and the average, and the breakdown's filters, each a link.
  await page.goto(`/contest/${contest.id}/results?tab=summary&lang=hi`);
  await expect(page.getByRole("table", { name: "टॉपर और औसत के साथ आप" })).toBeVisible();
  await page.goto(`/contest/${contest.id}/results?tab=breakdown&lang=hi`);
  await page.getByRole("link", { name: "ग़लत (1)" }).click();
  await expect(page).toHaveURL(/show=wrong/);
  await expect(page.locator("ol.breakdown > li")).toHaveCount(1);
  await expect(page.getByText(/इस पर लगा समय: /)).toBeVisible();
});

test("the completion page: a message per reason, the error when saving failed, and its links", async ({ page, student }) => {
  const contest = await create("finishedContest", { title: unique("Done Cup"), students: [{ userId: student.id, correct: 1, minutes: 5 }] });
  await page.goto(`/contest/${contest.id}/complete?reason=time_up&error=network`);
  await expect(page.getByRole("heading", { name: "Time's up!" })).toBeVisible();
  await expect(page.getByText("Reason: Time's up (with errors)")).toBeVisible();
  await expect(page.getByRole("alert")).toContainText("connection dropped");
  await page.goto(`/contest/${contest.id}/complete`);
  await expect(page.getByRole("heading", { name: "Test submitted!" })).toBeVisible();
  await expect(page.getByText("Reason: Test completed successfully")).toBeVisible();
  await expect(page.getByRole("link", { name: "Go to Dashboard" })).toHaveAttribute("href", "/dashboard");
  await expect(page.getByRole("main").getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
  await page.getByRole("link", { name: "See Results" }).click();
  await expect(page).toHaveURL(`/contest/${contest.id}/results`);
});

test("past entries on the dashboard show rank, score and prize, and lead to the results", async ({ page, student }) => {
  const title = unique("Past Cup");
  const contest = await create("finishedContest", { title, students: [{ userId: student.id, correct: 3, minutes: 5 }] });
  await page.goto("/dashboard?tab=past");
  const card = page.getByRole("article").filter({ hasText: title });
  await expect(card.getByText("#1")).toBeVisible();
  await expect(card.getByText("₹1,000")).toBeVisible();
  await expect(page.getByText("Total Won").locator("..")).toContainText("₹1,000");
  await expect(page.getByText("Best Rank").locator("..")).toContainText("#1");
  await card.getByRole("link", { name: "View Results" }).click();
  await expect(page).toHaveURL(`/contest/${contest.id}/results`);
  await expect(page.getByText("Score: 100%")).toBeVisible();
  await expect(page.getByText("Excellent")).toBeVisible();
});

test("the test and camera check say plainly when JavaScript is off", async ({ page, student, javaScriptEnabled }) => {
  const contest = await create("contest", { title: unique("Plain Cup"), startsInMinutes: -1, endsInMinutes: 60 });
  await create("entry", { userId: student.id, contestId: contest.id });
  await page.goto(`/contest/${contest.id}/test`);
  const needsJs = page.getByRole("heading", { name: "The test needs JavaScript and a camera" });
  if (javaScriptEnabled) await expect(page.getByRole("button", { name: "Start Contest" })).toBeVisible();
  else {
    // That message only: no 'Loading your test…' that would never end.
    await expect(needsJs).toBeVisible();
    await expect(page.getByText("Loading your test…")).toHaveCount(0);
  }
  await page.goto(`/contest/${contest.id}/entry`);
  if (!javaScriptEnabled) await expect(page.getByRole("heading", { name: "The test needs JavaScript and a camera" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Submit Entry" })).toBeDisabled();
});

test("the test page is one shared document: no session read, cacheable, no header", { tag: "@same-without-js" }, async ({ page, student }) => {
  const contest = await create("contest", { title: unique("Shell Cup"), startsInMinutes: -1, endsInMinutes: 60 });
  await create("entry", { userId: student.id, contestId: contest.id });
  const signedIn = await page.request.get(`/contest/${contest.id}/test`);
  const guest = await fetch(new URL(`/contest/${contest.id}/test`, page.url() === "about:blank" ? `http://localhost:${process.env.E2E_PORT}` : page.url()));
  expect(signedIn.headers()["cache-control"]).toBe("public, max-age=60");
  expect(signedIn.headers()["set-cookie"]).toBeUndefined();
  const strip = (html: string) => html.replace(/nonce="[^"]*"/g, "").replace(/'nonce-[^']*'/g, "");
  expect(strip(await signedIn.text())).toBe(strip(await guest.text()));
  expect(await signedIn.text()).not.toContain(student.email);
  expect(await signedIn.text()).toMatch(/<title>Contest Test[^<]*<\/title>/);
  // A malformed id: a 404 with the error's title, never the test's words without their messages.
  const malformed = await page.request.get("/contest/not-a-uuid/test");
  expect(malformed.status()).toBe(404);
  expect(await malformed.text()).toMatch(/<title>[^<]*not found[^<]*<\/title>/i);
});

test("a leaderboard and podium with a 40-character unbroken name fit a 360 px phone", { tag: "@same-without-js" }, async ({ page, student }) => {
  const longName = "Venkatanarasimharajuvaripetaramasubbaiah";
  expect(longName).toHaveLength(40);
  const rival = await create("student", { email: `${unique("long").replace(/\s/g, "")}@example.in`, password: "Secret@123", fullName: longName });
  const contest = await create("finishedContest", {
    title: unique("Long Name Cup"),
    students: [
      { userId: rival.id, correct: 3, minutes: 9 },
      { userId: student.id, correct: 2, minutes: 5 },
    ],
  });
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`/contest/${contest.id}/results?tab=leaderboard`);
  await expect(page.getByRole("row", { name: new RegExp(longName) })).toBeVisible();
  await expect(page.getByRole("list", { name: "Top three" }).getByText(longName)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test("the provisional key is challenged from the breakdown: a message with the words kept, then received, once", async ({ page, student }) => {
  const contest = await create("finishedContest", { title: unique("Challenge Cup"), students: [{ userId: student.id, correct: 1, minutes: 5 }], challengeWindowHours: 24 });
  await page.goto(`/contest/${contest.id}/results`);
  await expect(page.getByRole("status").filter({ hasText: "Provisional results." })).toContainText("may be challenged");
  await expect(page.getByText("When the results are final")).toBeVisible();

  await page.getByRole("link", { name: "Detailed Breakdown" }).click();
  const question = page.getByRole("listitem").filter({ hasText: "What is 3 × 3?" });
  await question.getByText("Challenge this answer").click();
  await question.getByLabel("A link to a source (optional)").fill("ncert.nic.in");
  await question.getByRole("button", { name: "Submit Challenge" }).click();
  // Refused in the form, the words kept, the form open again at the same question.
  const again = page.getByRole("listitem").filter({ hasText: "What is 3 × 3?" });
  await expect(again.getByText("Say why you think the key is wrong.")).toBeVisible();
  await expect(again.getByText("Give a link that starts with http:// or https://, or leave it empty.")).toBeVisible();
  await expect(again.getByLabel("A link to a source (optional)")).toHaveValue("ncert.nic.in");

  await again.getByLabel(/^Why is the key for question [123] wrong\?$/).fill("12 is right if the × is a typo for +.");
  await again.getByLabel("A link to a source (optional)").fill("https://ncert.nic.in/");
  // Each option by its letter and id as seen, and its text beside them (issue 65, point 7).
  const options = again.getByRole("group", { name: "The right option in your view (optional)" }).getByRole("checkbox");
  await expect(options).toHaveCount(4);
  for (const text of ["6", "9", "12", "33"]) await expect(again.getByRole("checkbox", { name: new RegExp(`^[A-D] · \\d+ ${text}$`) })).toHaveCount(1);
  await again.getByRole("checkbox", { name: /^[A-D] · \d+ 12$/ }).check();
  await again.getByRole("button", { name: "Submit Challenge" }).click();
  await expect(page.getByText("Challenge received. You will get the outcome by e-mail when the results are final.")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/contest/${contest.id}/results\\?tab=breakdown`));
  const challenged = page.getByRole("listitem").filter({ hasText: "What is 3 × 3?" });
  await expect(challenged.getByText("You challenged this answer: Waiting for review")).toBeVisible();
  await expect(challenged.getByText("The options you said are right:")).toBeVisible();
  await expect(challenged.getByRole("listitem").filter({ hasText: /^[A-D] · \d+ 12$/ })).toHaveCount(1);
  await expect(challenged.getByRole("button", { name: "Submit Challenge" })).toHaveCount(0);
  // The other questions can still be challenged, each once.
  await expect(page.getByText("Challenge this answer")).toHaveCount(2);
});

test("a challenge with a fee is sent once its fee is paid through the gateway, and says what it waits for until then", async ({ page, student }) => {
  const contest = await create("finishedContest", { title: unique("Fee Cup"), students: [{ userId: student.id, correct: 1, minutes: 5 }], challengeWindowHours: 24, challengeFee: 50 });
  await page.goto(`/contest/${contest.id}/results?tab=breakdown`);
  const question = page.getByRole("listitem").filter({ hasText: "What is 3 × 3?" });
  await question.getByText("Challenge this answer").click();
  await expect(question.getByText("Challenge fee ₹50, refunded if your challenge is upheld.")).toBeVisible();
  await question.getByLabel(/^Why is the key for question [123] wrong\?$/).fill("12 is right if the × is a typo for +.");
  await question.getByRole("button", { name: "Submit Challenge and Pay ₹50" }).click();

  // The fee's page; leaving it unpaid, the breakdown says what the challenge waits for.
  await expect(page.getByRole("heading", { name: "Pay the challenge fee" })).toBeVisible();
  await page.getByRole("link", { name: "← Back to question 2" }).click();
  const waiting = page.getByRole("listitem").filter({ hasText: "What is 3 × 3?" });
  await expect(waiting.getByText("You challenged this answer: Not sent: its fee is not paid")).toBeVisible();
  await waiting.getByRole("link", { name: "Pay ₹50 to send it" }).click();

  await page.getByRole("button", { name: "Pay ₹50" }).click();
  await expect(page.getByText("Test payment: no money moves")).toBeVisible();
  await expect(page.getByText(/Answer-key challenge fee \(₹50\)/)).toBeVisible();
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await expect(page.getByText("Fee paid: your challenge is received.")).toBeVisible();
  const sent = page.getByRole("listitem").filter({ hasText: "What is 3 × 3?" });
  await expect(sent.getByText("You challenged this answer: Waiting for review")).toBeVisible();
});

test("a practice test's certificate: from the results to its page, then checked by its code as a guest", async ({ page, student }) => {
  const title = unique("Practice Certificate");
  const finished = await create("finishedContest", { title, practice: true, students: [{ userId: student.id, correct: 2, minutes: 5 }] });
  await page.goto(`/contest/${finished.id}/results`);
  // A practice test has no prize to show.
  await expect(page.getByText("None: a practice test")).toBeVisible();
  await page.getByRole("link", { name: "see and print it" }).click();
  await expect(page.getByRole("heading", { name: "Certificate", exact: true })).toBeVisible();
  const certificate = page.locator("article.certificate");
  await expect(certificate).toContainText(`This certifies that ${student.fullName} took the practice test ${title}`);
  await expect(certificate).toContainText("and scored 2 of 3 marks: rank 1 of 1, percentile 100.0000000.");
  await expect(certificate).toContainText("Genuine: issued by StudyArena");
  const code = (await page.locator(".certificate-code dd").textContent())!;
  expect(code).toMatch(/^[0-9A-F]{4}(-[0-9A-F]{4}){4}$/);

  // Anyone can check it: a guest types the code as they like; a wrong one is said in the form, kept.
  await page.context().clearCookies();
  await page.goto("/certificates");
  await page.getByLabel("Verification code").fill("12345");
  await page.getByRole("button", { name: "Check" }).click();
  await expect(page.getByText("A code is 20 letters and digits (12 on older certificates), such as 3F9A-07C2-B4E1-5D68-A0C3.")).toBeVisible();
  await expect(page.getByLabel("Verification code")).toHaveValue("12345");
  await page.getByLabel("Verification code").fill(code.toLowerCase().replaceAll("-", " "));
  await page.getByRole("button", { name: "Check" }).click();
  await expect(page).toHaveURL(`/certificates/${code.replaceAll("-", "")}`);
  await expect(page.locator("article.certificate")).toContainText(student.fullName);

  // It fits a phone, and an unknown code is a 404 that says so.
  await page.setViewportSize({ width: 360, height: 740 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  const unknown = await page.goto("/certificates/000000000000");
  expect(unknown?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Certificate Not Found" })).toBeVisible();
});

test("a student our outage kept from starting: the results page says so, and they choose a re-test", async ({ page, student }) => {
  const rival = await create("student", { email: `${unique("outage-rival").replace(/\s/g, "")}@example.in`, password: "Secret@123", fullName: "Rival Rao" });
  const contest = await create("finishedContest", {
    title: unique("Missed Cup"),
    durationMinutes: 60,
    students: [
      { userId: student.id, correct: 0, minutes: 0, absent: true },
      { userId: rival.id, correct: 2, minutes: 55 },
    ],
  });
  await create("outage", { contestId: contest.id, startedMinutesAgo: 115, minutes: 40 });
  await page.goto(`/contest/${contest.id}/results`);
  await expect(page.getByRole("heading", { name: "Results Not Available" })).toBeVisible();
  await expect(page.getByRole("note")).toHaveText(
    "Our service was down for 40 minutes during the time of your test, more than our limit of 30 minutes, and your test was never started. By our rule you may choose a re-test or a refund.",
  );
  await page.getByRole("link", { name: "choose a re-test or a refund" }).click();
  await expect(page.getByText("and your test was never started. By our rule you may choose one of these, once.")).toBeVisible();
  await expect(page.locator("ul.card > li")).toHaveText(["Do nothing. Your test stays not attempted.", "A re-test. A new paper at a time we announce: we enrol you and write to you."]);
  await page.getByRole("button", { name: "Choose a re-test" }).click();
  await expect(page.getByText("Your choice is recorded.")).toBeVisible();
  await page.getByRole("link", { name: "Back to your results" }).click();
  await expect(page.getByRole("note")).toHaveText("You chose a re-test after our outage. See your choice");
});

test("after our outage past the bound: the results say so, the student chooses a re-test once, and their result leaves the ranking", async ({ page, student }) => {
  const rival = await create("student", { email: `${unique("outage-rival").replace(/\s/g, "")}@example.in`, password: "Secret@123", fullName: "Rival Rao" });
  // Provisional for a day, so the choice is still open; both submitted after forty minutes of our outage.
  const contest = await create("finishedContest", {
    title: unique("Outage Cup"),
    challengeWindowHours: 24,
    durationMinutes: 60,
    students: [
      { userId: student.id, correct: 3, minutes: 50 },
      { userId: rival.id, correct: 2, minutes: 55 },
    ],
  });
  await create("outage", { contestId: contest.id, startedMinutesAgo: 115, minutes: 40 });
  await page.goto(`/contest/${contest.id}/results`);
  await expect(page.getByRole("note").filter({ hasText: "Our service was down for 40 minutes during your test, more than our limit of 30 minutes." })).toBeVisible();
  await expect(page.getByText("Rank", { exact: true }).locator("..")).toContainText("#1");
  await page.getByRole("link", { name: "choose a re-test or a refund" }).click();

  await expect(page.getByRole("heading", { name: "Our outage and your test" })).toBeVisible();
  // A free entry: a re-test, and no fee to refund.
  await expect(page.getByRole("button", { name: /Refund my fee/ })).toHaveCount(0);
  await page.getByRole("button", { name: "Choose a re-test" }).click();
  await expect(page.getByText("Your choice is recorded.")).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "You chose a re-test on" })).toContainText("We will enrol you in the re-test when it is scheduled, and write to you.");
  await expect(page.getByRole("button", { name: "Choose a re-test" })).toHaveCount(0);

  await page.getByRole("link", { name: "Back to your results" }).click();
  await expect(page.getByRole("note")).toContainText("You chose a re-test: this result is not ranked and wins no prize.");
  await expect(page.getByText("Rank", { exact: true }).locator("..")).toContainText("—");
  await page.getByRole("link", { name: "Leaderboard" }).click();
  await expect(page.getByRole("list", { name: "Top three" })).toContainText("Rival R.");
  await expect(page.getByRole("list", { name: "Top three" })).not.toContainText("Test S.");
});

// Issue 67, point 3: the yearly tax statement is a plain page: its year is chosen by a GET
// form and its CSV is a link, so it reads and downloads the same without JavaScript.
test("the yearly tax statement: the prize and its tax, another year, the CSV; My Account asks for the PAN", { tag: "@same-without-js" }, async ({ page, student }) => {
  const title = unique("Tax Cup");
  await create("finishedContest", { title, students: [{ userId: student.id, correct: 3, minutes: 5 }] });
  await page.goto("/account");
  await expect(page.getByRole("heading", { name: "PAN for the tax on prizes" })).toBeVisible();
  await expect(page.getByText("No PAN given yet: your prizes wait until you give it.")).toBeVisible();
  await page.getByRole("link", { name: "Your tax statement: prizes and tax withheld, by year" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Tax statement \d{4}-\d{2}$/);
  await expect(page.getByText("section 393(3) of the Income-tax Act, 2025")).toBeVisible();
  // First prize ₹1,000: ₹300 withheld.
  await expect(page.getByRole("row", { name: title })).toContainText(/₹1,000\s*30%\s*₹300\s*₹700\s*Not paid yet/);
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download as CSV" }).click();
  const csv = fs.readFileSync(await (await download).path(), "utf8");
  expect(csv).toContain(`"${title}","1000","30%","300","700","Not paid yet"`);
  await page.getByLabel("Financial year").selectOption({ label: "2023-24" });
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL("/account/tax-statement?year=2023");
  await expect(page.getByText("No prizes in this year.")).toBeVisible();
});
