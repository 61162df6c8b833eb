// Issue 46, point 3: a practice test's entrants get a certificate when results are final
// (one per ranked result, and only for practice tests); anyone with its code sees that it
// is genuine, typed any way; a malformed or unknown code is said in the form, or a 404.
import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { db } from "~/db/client.server";
import { certificates } from "~/db/schema";
import { finalizeContest } from "~/models/contests/results/scoring.server";
import * as check from "~/routes/certificates._index";
import * as page from "~/routes/certificates.$code";
import { resultsPage } from "~/routes/contest.$id.results.query.server";
import { createUser } from "~/seed/factories.server";
import { call, getRequest } from "../support/remix";
import { contestWithResults } from "../support/scenarios";

const HOUR = 3_600_000;
let n = 0;
const past = (hours: number) => new Date(Date.now() - hours * HOUR);
const certificatesOf = (contestId: string) => db.select().from(certificates).where(eq(certificates.contest_id, contestId));

async function finishedPractice() {
  const meera = await createUser(db, { email: `meera${++n}@example.in`, passwordHash: "x", fullName: "Meera Iyer" });
  const ravi = await createUser(db, { email: `ravi${n}@example.in`, passwordHash: "x", fullName: "Ravi Kumar" });
  const made = await contestWithResults({
    start: past(3),
    end: past(2),
    kind: "practice",
    entryFee: 29,
    students: [
      { userId: meera, correct: 3, minutes: 10 },
      { userId: ravi, correct: 1, minutes: 12 },
      { correct: 0, minutes: 5, blank: true },
    ],
  });
  expect(await finalizeContest(db, made.contestId, new Date())).toBe("finalized");
  return { ...made, meera, ravi };
}

test("finalising a practice test certifies each ranked result once; a blank paper and other kinds get none", async () => {
  const { contestId, meera, ravi } = await finishedPractice();
  const issued = await certificatesOf(contestId);
  expect(issued.map((c) => c.user_id).sort()).toEqual([meera, ravi].sort());
  for (const c of issued) expect(c.code).toMatch(/^[0-9A-F]{12}$/);
  expect(await finalizeContest(db, contestId, new Date())).toBe("already");
  expect((await certificatesOf(contestId)).map((c) => c.code).sort()).toEqual(issued.map((c) => c.code).sort());

  const free = await contestWithResults({ start: past(3), end: past(2), prizePool: { first: 100 }, students: [{ correct: 3, minutes: 10 }] });
  expect(await finalizeContest(db, free.contestId, new Date())).toBe("finalized");
  expect(await certificatesOf(free.contestId)).toEqual([]);
});

test("a certificate's page says who, which test, the marks, rank and percentile, and its code; the results page links it", async () => {
  const { contestId, contest, meera } = await finishedPractice();
  const [mine] = (await certificatesOf(contestId)).filter((c) => c.user_id === meera);
  const res = await call(page.loader, getRequest(`/certificates/${mine!.code}`), { params: { code: mine!.code } });
  expect(res.status).toBe(200);
  expect(res.data.certificate).toMatchObject({ name: "Meera Iyer", title: contest.title, score: 3, full_marks: 4, rank: 1, ranked: 2, percentile: 100 });
  expect(res.data.certificate.code).toBe(mine!.code.match(/.{4}/g)!.join("-"));
  expect(JSON.stringify(res.data)).not.toContain("@example.in");

  const results = await resultsPage(db, { contestId, userId: meera, tab: "summary", locale: "en", now: new Date() });
  expect(results.certificate).toBe(mine!.code);
  expect(results.contest.practice).toBe(true);
});

test("the check form takes a code typed any way, and says in the form what is malformed or unknown", async () => {
  const { contestId } = await finishedPractice();
  const [one] = await certificatesOf(contestId);
  const typed = one!.code.toLowerCase().match(/.{4}/g)!.join(" - ");
  const found = await call(check.loader, getRequest(`/certificates?code=${encodeURIComponent(typed)}`));
  expect(found.location).toBe(`/certificates/${one!.code}`);

  const malformed = await call(check.loader, getRequest("/certificates?code=ABC"));
  expect(malformed.data).toMatchObject({ typed: "ABC", error: "results.certificate.malformed" });
  const unknown = await call(check.loader, getRequest("/certificates?code=0000-0000-0000"));
  expect(unknown.data).toMatchObject({ typed: "0000-0000-0000", error: "results.certificate.unknown" });
  const long = await call(check.loader, getRequest(`/certificates?code=${"A".repeat(5000)}`));
  expect(long.data.typed).toHaveLength(40);

  for (const code of ["0000-0000-0000", "not a code", "%00"]) {
    expect((await call(page.loader, getRequest(`/certificates/${encodeURIComponent(code)}`), { params: { code } })).status).toBe(404);
  }
});
