// What the busiest minute changed in the production server (issue 18), through HTTP:
// the test API's lean route keeps every guard of the Remix route, pages come from
// memory with a nonce of their own and never a signed-in visitor's page, no brotli,
// and the island waits out a busy server. JavaScript project only: one run is enough.
import { createHash } from "node:crypto";
import { create, expect, test, unique } from "./support/fixtures";

const nonces = (html: string) => [...html.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]);
const cspNonce = (csp: string | undefined) => /'nonce-([^']+)'/.exec(csp ?? "")?.[1];
const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
/** Every inline script of the page is named in the policy by its hash (and nothing else lets an inline script run). */
function expectScriptsHashed(html: string, csp: string) {
  const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter((m) => !/\bsrc=/.test(m[1]!));
  expect(inline.length).toBeGreaterThan(0);
  const scriptSrc = /script-src ([^;]*)/.exec(csp)![1]!;
  for (const [, , text] of inline) expect(scriptSrc).toContain(sha256(text!));
  expect(scriptSrc).not.toMatch(/unsafe-inline|nonce-/);
  expect(nonces(html)).toEqual([]);
}

async function runningContest(studentId: string) {
  const contest = await create("contest", { title: unique("Lean Cup"), startsInMinutes: -1, endsInMinutes: 60, durationMinutes: 20 });
  await create("entry", { userId: studentId, contestId: contest.id });
  return contest;
}

test("the test API's lean route: the paper and an answer for the student, and every guard of the Remix route", async ({ page, student, baseURL }) => {
  const contest = await runningContest(student.id);
  const api = `/api/contest/${contest.id}/test`;
  const paper = await page.request.get(api);
  expect(paper.status()).toBe(200);
  expect(paper.headers()["cache-control"]).toBe("private, no-store");
  const { questions } = await paper.json();
  const saved = await page.request.post(api, { data: { intent: "answer", questionId: questions[0].id, choice: 1 } });
  expect(await saved.json()).toEqual({ saved: true });
  expect((await (await page.request.get(api)).json()).answers).toEqual({ [questions[0].id]: { o: [2] } });

  // Guests, forged cookies, malformed ids, wrong types and sizes, other sites, junk: short answers, nothing echoed.
  const guest = await page.request.fetch(`${baseURL}${api}`, { method: "POST", data: { intent: "answer" }, headers: { Cookie: "" } });
  expect(guest.status()).toBe(401);
  const forged = await page.request.fetch(`${baseURL}${api}`, { headers: { Cookie: "__session=forged.value" } });
  expect(forged.status()).toBe(401);
  expect((await page.request.get("/api/contest/not-a-uuid/test")).status()).toBe(404);
  const text = await page.request.post(api, { data: "intent=answer", headers: { "Content-Type": "text/plain" } });
  expect(text.status()).toBe(415);
  const big = await page.request.post(api, { data: JSON.stringify({ intent: "answer", pad: "x".repeat(5000) }), headers: { "Content-Type": "application/json" } });
  expect(big.status()).toBe(413);
  const crossSite = await page.request.post(api, { data: { intent: "answer", questionId: questions[0].id, choice: 0 }, headers: { Origin: "https://evil.example" } });
  expect(crossSite.status()).toBe(403);
  const junk = await page.request.post(api, { data: "{not json", headers: { "Content-Type": "application/json" } });
  expect(junk.status()).toBe(400);
  const odd = await page.request.post(api, { data: { intent: "answer", questionId: questions[0].id, choice: "<script>", hacker: "<b>PWNED</b>" } });
  expect(odd.status()).toBe(400);
  for (const reply of [junk, odd, text, big]) {
    const body = await reply.text();
    expect(body).not.toMatch(/PWNED|<script>|at \w+ \(|node_modules/);
  }
  expect((await (await page.request.get(api)).json()).answers).toEqual({ [questions[0].id]: { o: [2] } });
});

test("the shared test document comes from memory, the same bytes for everyone, its scripts allowed by hash; a signed-in page never does", async ({ page, student }) => {
  const contest = await runningContest(student.id);
  const [a, b] = [await page.request.get(`/contest/${contest.id}/test`), await page.request.get(`/contest/${contest.id}/test`)];
  const [htmlA, htmlB] = [await a.text(), await b.text()];
  expect(htmlA).toBe(htmlB);
  expectScriptsHashed(htmlA, a.headers()["content-security-policy"]!);
  expect(a.headers()["cache-control"]).toBe("public, max-age=60");
  expect(a.headers()["etag"]).toBe(b.headers()["etag"]);
  const again = await page.request.get(`/contest/${contest.id}/test`, { headers: { "If-None-Match": a.headers()["etag"]! } });
  expect(again.status()).toBe(304);

  // The same public page, guest and signed in: the signed-in one is this student's own, with a nonce of its own.
  const guestPage = await (await page.request.get("/contests", { headers: { Cookie: "" } })).text();
  expect(guestPage).toContain('href="/login"');
  const signedIn = await page.request.get("/contests");
  expect(signedIn.headers()["cache-control"]).toBe("private, no-store");
  const mine = await signedIn.text();
  expect(mine).toContain(`Account menu for ${student.fullName}`);
  expect(mine).not.toContain('href="/login"');
  const nonce = cspNonce(signedIn.headers()["content-security-policy"]);
  expect(new Set(nonces(mine))).toEqual(new Set([nonce]));

  // And the test page runs under its hashed policy: the island hydrates and loads the paper.
  const violations: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  await page.goto(`/contest/${contest.id}/test`);
  await expect(page.getByRole("button", { name: "Start Contest" })).toBeVisible();
  expect(violations).toEqual([]);
});

test("a guest's public page is shared for a second, gzipped once; browsers offering br get gzip", async ({ playwright, baseURL }) => {
  const guest = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { "Accept-Encoding": "br, gzip" } });
  const [a, b] = [await guest.get("/blog"), await guest.get("/blog")];
  expect(a.headers()["content-encoding"]).toBe("gzip");
  expect(a.headers()["vary"]).toMatch(/Accept-Encoding/i);
  const [htmlA, htmlB] = [await a.text(), await b.text()];
  expect(htmlA).toBe(htmlB);
  expectScriptsHashed(htmlA, a.headers()["content-security-policy"]!);
  expect(htmlA).toContain('href="/login"');
  // A page the cache does not keep (a signed-in visitor's, here a contact form's) is compressed as it streams, also gzip.
  expect((await guest.get("/contact")).headers()["content-encoding"]).toBe("gzip");
  await guest.dispose();
});

test("when the server says it is busy (503, Retry-After), the island waits and asks again for the paper", async ({ page, student }) => {
  const contest = await runningContest(student.id);
  let refused = 0;
  await page.route(`**/api/contest/${contest.id}/test`, async (route) => {
    if (route.request().method() === "GET" && refused < 2) {
      refused++;
      await route.fulfill({ status: 503, headers: { "Retry-After": "1", "Content-Type": "application/json" }, body: JSON.stringify({ error: "busy" }) });
    } else await route.continue();
  });
  await page.goto(`/contest/${contest.id}/test`);
  await expect(page.getByRole("button", { name: "Start Contest" })).toBeVisible({ timeout: 15_000 });
  expect(refused).toBe(2);
  await expect(page.getByText("Failed to load contest. Please try again later.")).toHaveCount(0);
});
