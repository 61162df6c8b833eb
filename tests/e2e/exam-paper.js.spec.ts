// docs/admin-sql.md's JEE-style paper, end to end in Chromium: an admin stores the
// diagram with `npm run contests:image` and runs the example with `npm run db:sql`
// while this server runs, gives one student extra time, and the student sits it on a
// desktop (palette on the right, section tabs, Hindi by default with a per-question
// switch, math, the diagram, keys, marking for review, NTA's keypad and save rule: a
// choice left through the palette is not scored), submits with a summary, and reads
// marks per section once the paper has closed.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "@playwright/test";
import { create, expect, test, unique } from "./support/fixtures";

const doc = fs.readFileSync("docs/admin-sql.md", "utf8");
const block = (tag: string) => doc.match(new RegExp("```sql " + tag + "\\n([\\s\\S]*?)```"))![1]!;

/** An admin's command against the database this e2e server uses (its socket on the embedded one; the PostgreSQL database it made). */
function admin(script: string, ...args: string[]) {
  const dataDir = path.resolve(process.env.E2E_DATA_DIR || ".data-e2e");
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" };
  if (process.env.TEST_DATABASE_URL) {
    const url = new URL(process.env.TEST_DATABASE_URL);
    url.pathname = `/${fs.readFileSync(path.join(dataDir, "database"), "utf8").trim()}`;
    env.DATABASE_URL = url.toString();
  }
  const run = spawnSync(process.execPath, [script, ...args], { env, encoding: "utf8", timeout: 60_000 });
  expect(run.status, run.stderr).toBe(0);
  return run.stdout.trim();
}

function sqlFile(text: string) {
  const file = path.join(fs.mkdtempSync(path.join(fs.realpathSync(process.env.TMPDIR || "/tmp"), "jee-")), "paper.sql");
  fs.writeFileSync(file, text);
  return file;
}

const isFullscreen = (page: Page) => page.evaluate(() => document.fullscreenElement !== null);

// The student chooses Hindi on the instructions: the island's own words are Hindi from then on.
const sectionTab = (page: Page, name: string) => page.getByRole("group", { name: "खंड" }).getByRole("button", { name: new RegExp(`^${name}`) });

/** Shows the question of a section whose text contains `text` (the order is this entry's own, so it looks). */
async function show(page: Page, section: string, text: string) {
  await sectionTab(page, section).click();
  const buttons = page.getByRole("navigation", { name: "प्रश्न" }).getByRole("button");
  for (let i = 0; i < (await buttons.count()); i++) {
    const number = (await buttons.nth(i).getAttribute("aria-label"))!.match(/^प्रश्न (\d+)/)![1];
    await buttons.nth(i).click();
    await expect(page.locator(".test-qno")).toHaveText(`प्रश्न ${number}`);
    if (((await page.locator(".test-text").textContent()) ?? "").includes(text)) return;
  }
  throw new Error(`no question with "${text}" in this section`);
}

const option = (page: Page, name: string): Locator => page.getByRole("group").locator("label.test-option").filter({ hasText: name });

test("the documented JEE paper: stored diagram, admin SQL, extra time, taken on a desktop in Hindi, results per section", async ({ page, student }) => {
  test.setTimeout(90_000);
  const key = admin("scripts/contests-image.js", "docs/examples/incline.png");
  expect(block("jee")).toContain(`'${key}'`);
  const title = unique("JEE Main Mock");
  admin("scripts/db-sql.js", sqlFile(block("jee").replaceAll("'JEE Main Mock Test 1'", `'${title}'`)));
  const contest = await create("contestByTitle", { title });
  await create("entry", { userId: student.id, contestId: contest.id });
  admin("scripts/db-sql.js", sqlFile(block("jee-extra-time").replaceAll("'JEE Main Mock Test 1'", `'${title}'`).replace("'asha.rao@example.in'", `'${student.email}'`)));
  await create("startContestNow", { contestId: contest.id, faceDetection: false });

  await page.setViewportSize({ width: 1280, height: 900 });
  // The dashboard shows the entry's own deadline, extra time included.
  await page.goto("/dashboard");
  await expect(page.locator("article", { hasText: title })).toContainText("with your 20 minutes of extra time");
  await page.goto(`/contest/${contest.id}/test`);
  await expect(page.getByText("60 minutes and your extra 20 minutes")).toBeVisible();
  await expect(page.getByText("Answered and Marked for Review questions will be considered for evaluation.")).toBeVisible();
  // A new paper follows NTA's rule, and says so before the start.
  await expect(page.getByText("An answer is saved only when you press Save & Next")).toBeVisible();
  await expect(page.getByText("Type numerical answers with the on-screen keypad; the keyboard is switched off")).toBeVisible();
  await expect(page.getByText("+4 / −1")).toBeVisible();
  await page.getByLabel("Default language").selectOption("hi");
  // The screen follows at once, without a reload, and says so to screen readers and fonts.
  await expect(page.getByText("निर्देश", { exact: true })).toBeVisible();
  await expect(page.getByText("60 मिनट और आपके अतिरिक्त 20 मिनट")).toBeVisible();
  await expect(page.getByText("एक सही उत्तर · +4 / −1")).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "hi-IN");
  await page.getByRole("button", { name: "टेस्ट शुरू करें" }).click();
  await expect.poll(() => isFullscreen(page)).toBe(true);
  // Its own deadline: 60 + 20 minutes from a start a minute ago.
  await expect(page.getByRole("timer", { name: "बचा समय" })).toHaveText(/^7[89]:\d\d$/);

  // On a desktop the palette is always there, on the right; the section tabs are in Hindi.
  const palette = page.getByRole("region", { name: "प्रश्न पैलेट" });
  await expect(palette).toBeVisible();
  const paletteBox = (await palette.boundingBox())!;
  expect(paletteBox.x).toBeGreaterThan(640);
  await expect(sectionTab(page, "भौतिकी")).toHaveText("भौतिकी 0/3");
  await expect(sectionTab(page, "रसायन विज्ञान")).toBeVisible();

  // Physics: the diagram question in Hindi, switched to English for itself only.
  await show(page, "भौतिकी", "आनत तल");
  const diagram = page.getByRole("img", { name: "A block of mass m on a smooth incline at 30 degrees to the horizontal" });
  await expect(diagram).toBeVisible();
  await expect(diagram).toHaveAttribute("width", "480");
  // Loaded whole (a busy machine may still be fetching it when it first shows).
  await expect.poll(() => diagram.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(480);
  await expect(page.locator(".test-text math").first()).toBeVisible();
  // The desktop screen, with Hindi, math and a diagram, has no accessibility violations (the phone's is in accessibility.js.spec.ts).
  const axe = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(axe.violations.map((v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  await page.getByLabel("इस प्रश्न की भाषा").selectOption("en");
  await expect(page.locator(".test-text")).toContainText("smooth incline");
  // The right option by its text, wherever this entry's order put it; then marked for review.
  await option(page, "5").filter({ hasNotText: "8.66" }).click();
  await page.getByRole("button", { name: "रिव्यू के लिए मार्क करें और आगे बढ़ें" }).click();

  await show(page, "भौतिकी", "पहले 2 s");
  await expect(palette.getByRole("button", { name: /उत्तर दिया और रिव्यू के लिए मार्क किया/ })).toHaveCount(1);
  // NTA's keypad: the keyboard types nothing into the box; the keys do, by their names.
  const box = page.getByLabel("आपका उत्तर (एक संख्या)");
  await box.focus();
  await page.keyboard.type("7");
  await expect(box).toHaveValue("");
  const keypad = page.getByRole("group", { name: "कीपैड" });
  for (const key of ["1", "9", "दशमलव बिंदु", "6", "6", "पिछला अंक मिटाएँ"]) await keypad.getByRole("button", { name: key, exact: true }).click();
  await expect(box).toHaveValue("19.6");
  await page.getByRole("button", { name: "सेव करें और आगे बढ़ें" }).click();
  await show(page, "भौतिकी", "आवेश");
  // Keys: the option under 'कूलॉम' by its letter.
  const letter = await option(page, "कूलॉम").locator(".test-option-key").textContent();
  await page.keyboard.press(letter!);
  await expect(page.getByRole("radio", { name: "कूलॉम" })).toBeChecked();
  await expect(page.getByText("सभी उत्तर सेव हो गए")).toBeVisible();
  // Chosen but not saved: NTA's palette still says Not Answered, and leaving through a tab drops the choice.
  await expect(sectionTab(page, "भौतिकी")).toHaveText("भौतिकी 2/3");
  await expect(palette.locator("button.is-current")).toHaveAttribute("aria-label", /, उत्तर नहीं दिया$/);

  // Chemistry: two right options of a multiple-correct question; a question only visited.
  await show(page, "रसायन विज्ञान", "उत्कृष्ट गैसें");
  await page.getByRole("checkbox", { name: "हीलियम" }).check();
  await page.getByRole("checkbox", { name: "आर्गन" }).check();
  await page.getByRole("button", { name: "सेव करें और आगे बढ़ें" }).click();
  await show(page, "रसायन विज्ञान", "मोल");
  await expect(palette.locator("button.is-current")).toHaveAttribute("aria-label", /, उत्तर नहीं दिया$/);

  // Back on the abandoned question: as it was saved, nothing chosen.
  await show(page, "भौतिकी", "आवेश");
  await expect(page.getByRole("radio", { name: "कूलॉम" })).not.toBeChecked();

  // From the last question, submitting asks with the summary: 3 evaluated (one of them marked), 6 not.
  await sectionTab(page, "गणित").click();
  await page.getByRole("navigation", { name: "प्रश्न" }).getByRole("button").last().click();
  await expect(page.getByText("सभी उत्तर सेव हो गए")).toBeVisible();
  await page.getByRole("button", { name: "टेस्ट सबमिट करें" }).click();
  const confirm = page.getByRole("dialog", { name: "टेस्ट सबमिट करें?" });
  await expect(confirm.getByRole("definition")).toHaveText(["3", "6", "1"]);
  await confirm.getByRole("button", { name: "हाँ, सबमिट करें" }).click();
  await expect(page).toHaveURL(new RegExp(`/contest/${contest.id}/complete`));

  // Once the paper has closed: 3 × 4 = 12 marks of 36, by section (the abandoned choice not scored); in Hindi, the language chosen for the test.
  await create("closeContest", { contestId: contest.id });
  await page.goto(`/contest/${contest.id}/results`);
  await expect(page.getByText("36 में से 12 अंक")).toBeVisible();
  const sections = page.getByRole("table", { name: "खंड के अनुसार अंक" });
  await expect(sections.getByRole("row", { name: /Physics/ })).toContainText(/3 में से 2.*2.*0.*8 \/ 12.*100%/);
  await expect(sections.getByRole("row", { name: /Chemistry/ })).toContainText(/3 में से 1.*1.*0.*4 \/ 12.*100%/);
  await expect(sections.getByRole("row", { name: /Mathematics/ })).toContainText(/3 में से 0.*0.*0.*0 \/ 12.*—/);
  await page.getByRole("link", { name: "विस्तृत विवरण" }).click();
  await expect(page.getByText("सही उत्तर: 19.5 से 19.7")).toBeVisible();
  const incline = page.getByRole("img", { name: "A block of mass m on a smooth incline at 30 degrees to the horizontal" });
  await expect(incline).toBeVisible();
  // The breakdown is numbered as this student saw the paper: the incline's explanation is under its own question.
  await page.getByRole("listitem").filter({ has: incline }).getByText("व्याख्या").click();
  // The island counted the time on the diagram's question (its checks took seconds); nobody else sat, so the topper's is the student's own.
  await expect(page.getByRole("listitem").filter({ has: incline })).toContainText(/इस पर लगा समय: ([1-9]\d*) सेकंड · टॉपर: \1 सेकंड/);
  // The explanation in Hindi, as the paper has it; the breakdown's questions in Hindi too.
  await expect(page.getByText("द्रव्यमान से कोई अंतर नहीं पड़ता")).toBeVisible();
  await expect(page.getByText("चित्र में दिखाए गए चिकने आनत तल")).toBeVisible();
  // Filtered to the wrong answers, on the server: the abandoned question is unattempted, not wrong.
  await page.getByRole("link", { name: /^छोड़े गए \(\d+\)$/ }).click();
  await expect(page).toHaveURL(/show=unattempted/);
  await expect(page.getByRole("listitem").filter({ hasText: "विद्युत आवेश का SI मात्रक है" })).toBeVisible();
  await expect(page.getByRole("listitem").filter({ has: incline })).toHaveCount(0);
});
