// Every link a guest and a student can follow leads to a page. Links into parts that a
// later issue builds are listed here by name, so the list only shrinks.
import type { APIRequestContext } from "@playwright/test";
import { create, expect, test, unique } from "./support/fixtures";

const PENDING: { pattern: RegExp; until: string }[] = [
];

async function crawl(request: APIRequestContext, start: string[], limit = 150) {
  const queue = [...start];
  const seen = new Set(queue);
  const broken: string[] = [];
  while (queue.length > 0 && seen.size <= limit) {
    const path = queue.shift()!;
    const res = await request.get(path, { maxRedirects: 5 });
    if (res.status() === 404) {
      if (!PENDING.some((p) => p.pattern.test(path.split("?")[0]!))) broken.push(path);
      continue;
    }
    expect(res.status(), path).toBeLessThan(400);
    if (!(res.headers()["content-type"] ?? "").includes("text/html")) continue;
    const html = await res.text();
    // Every page says what it is to search engines and link previews.
    const description = /<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? "";
    expect(description.length, `${path} has a description`).toBeGreaterThan(20);
    for (const [, href] of html.matchAll(/<a\b[^>]*\bhref="([^"#]*)"/g)) {
      if (!href || !href.startsWith("/") || href.startsWith("//")) continue;
      const link = href.replace(/&amp;/g, "&");
      // Pages of a list and search variants say nothing new about where links lead.
      if (/[?&](page|sort|min|max|condition)=/.test(link)) continue;
      if (!seen.has(link)) {
        seen.add(link);
        queue.push(link);
      }
    }
  }
  return { broken, visited: seen.size };
}

test("no link a guest can reach is a 404", async ({ request }) => {
  await create("contest", { title: unique("Crawl Cup"), startsInMinutes: 120, endsInMinutes: 180 });
  const { broken, visited } = await crawl(request, ["/"]);
  expect(broken).toEqual([]);
  expect(visited).toBeGreaterThan(12); // it did crawl: header, footer, lists, a contest
});

test("no link a student with entries can reach is a 404", async ({ page, student }) => {
  const upcoming = await create("contest", { title: unique("Crawl Upcoming"), startsInMinutes: 120, endsInMinutes: 180 });
  await create("entry", { userId: student.id, contestId: upcoming.id });
  await create("finishedContest", { title: unique("Crawl Finished"), students: [{ userId: student.id, correct: 2, minutes: 5 }] });
  const { broken } = await crawl(page.request, ["/dashboard", "/dashboard?tab=past", `/contest/${upcoming.id}`, `/contest/${upcoming.id}/confirmation`]);
  expect(broken).toEqual([]);
});
