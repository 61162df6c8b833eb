// Issue 46, point 3: a practice test's entrants get a certificate when results are final
// (one per ranked result, and only for practice tests); anyone with its code sees that it
// is genuine, typed any way; a malformed or unknown code is said in the form, or a 404.
// Issue 65: new codes are 80 bits (old 48-bit ones still found), and one address's misses are limited.
import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { db } from "~/db/client.server";
import { certificates } from "~/db/schema";
import { checkCertificate } from "~/models/contests/results/certificates.server";
import { finalizeContest } from "~/models/contests/results/scoring.server";
import { LIMITS } from "~/services/rate-limit.server";
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
  for (const c of issued) expect(c.code).toMatch(/^[0-9A-F]{20}$/);
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
  expect(malformed.data).toMatchObject({ typed: "ABC", error: { id: "results.certificate.malformed" } });
  const unknown = await call(check.loader, getRequest("/certificates?code=0000-0000-0000"));
  expect(unknown.data).toMatchObject({ typed: "0000-0000-0000", error: { id: "results.certificate.unknown" } });
  const long = await call(check.loader, getRequest(`/certificates?code=${"A".repeat(5000)}`));
  expect(long.data.typed).toHaveLength(40);

  for (const code of ["0000-0000-0000", "not a code", "%00"]) {
    expect((await call(page.loader, getRequest(`/certificates/${encodeURIComponent(code)}`), { params: { code } })).status).toBe(404);
  }
});

test("a new code is 20 hex digits, each of them random; a certificate issued with 12 before issue 65 is still found, by the form and its page", async () => {
  const made = await contestWithResults({ start: past(3), end: past(2), kind: "practice", students: Array.from({ length: 24 }, (_, i) => ({ correct: i % 4, minutes: 5 + i })) });
  expect(await finalizeContest(db, made.contestId, new Date())).toBe("finalized");
  const codes = (await certificatesOf(made.contestId)).map((c) => c.code);
  expect(codes.length).toBeGreaterThanOrEqual(18);
  expect(new Set(codes).size).toBe(codes.length);
  // 80 bits: every one of the 20 places varies across the codes (a fixed or padded part would not).
  for (let place = 0; place < 20; place++) expect(new Set(codes.map((c) => c[place])).size).toBeGreaterThan(1);
  for (const c of codes) expect(c).toMatch(/^[0-9A-F]{20}$/);

  // An old certificate: its 12-digit code as 0026_certificates.sql issued it, untouched.
  const { contestId, meera } = await finishedPractice();
  const old = `${Date.now().toString(16).slice(-6)}A0B1C2`.toUpperCase();
  await db.update(certificates).set({ code: old }).where(eq(certificates.user_id, meera));
  const typed = old.match(/.{4}/g)!.join("-");
  expect((await call(check.loader, getRequest(`/certificates?code=${typed}`), { ip: "198.51.100.40" })).location).toBe(`/certificates/${old}`);
  const shown = await call(page.loader, getRequest(`/certificates/${old}`), { params: { code: old }, ip: "198.51.100.40" });
  expect(shown.status).toBe(200);
  expect(shown.data.certificate).toMatchObject({ code: typed, contest_id: contestId, name: "Meera Iyer" });
  // A new one is printed in five groups and found typed any way.
  const [fresh] = (await certificatesOf(made.contestId)).slice(0, 1);
  const printed = fresh!.code.match(/.{4}/g)!.join("-");
  expect((await call(check.loader, getRequest(`/certificates?code=${printed.toLowerCase()}`), { ip: "198.51.100.40" })).location).toBe(`/certificates/${fresh!.code}`);
});

test("one address's misses are limited before the lookup: the miss past the limit is refused, a genuine code too, another address is not; a hit gives back only its own count", async () => {
  const { contestId } = await finishedPractice();
  const [real] = await certificatesOf(contestId);
  const { max } = LIMITS.certificateMissesPerIp;
  const now = new Date("2026-12-03T10:00:00Z");
  const miss = (ip: string, at = now) => checkCertificate(db, { typed: `${String(++n).padStart(8, "0")}EEEEEEEEEEEE`, ip, now: at });
  const hit = (ip: string, at = now) => checkCertificate(db, { typed: real!.code, ip, now: at });
  const guesser = `198.51.100.${(n % 200) + 1}`;

  for (let i = 0; i < max; i++) expect((await miss(guesser)).kind).toBe("unknown");
  const refused = await miss(guesser);
  expect(refused).toEqual({ kind: "limited", retryAfterS: 3600 });
  // Past the limit nothing is looked up: a genuine code would otherwise say which guesses are real.
  expect((await hit(guesser)).kind).toBe("limited");
  // A malformed code is never looked up, so never counted.
  expect((await checkCertificate(db, { typed: "ABC", ip: guesser, now })).kind).toBe("malformed");
  // Another address, even of the same network, is its own.
  expect((await miss("203.0.113.250")).kind).toBe("unknown");
  expect((await hit("203.0.113.250")).kind).toBe("found");
  // The window ends an hour after the first miss.
  expect((await miss(guesser, new Date(now.getTime() + 3_600_001))).kind).toBe("unknown");

  // A school that mistyped: a hit does not clear its earlier misses (a guesser holding one real code
  // would interleave it), it only gives its own count back.
  const school = "192.0.2.77";
  for (let i = 0; i < max - 1; i++) await miss(school);
  for (let i = 0; i < 3; i++) expect((await hit(school)).kind).toBe("found");
  expect((await miss(school)).kind).toBe("unknown");
  expect((await miss(school)).kind).toBe("limited");
});

test("the form and the certificate's page share the limit, and say in both languages how long to wait (429)", async () => {
  const ip = "192.0.2.150";
  for (let i = 0; i < LIMITS.certificateMissesPerIp.max; i++) {
    const code = `${String(i).padStart(4, "0")}-DDDD-DDDD-DDDD-DDDD`;
    const res = i % 2 ? await call(check.loader, getRequest(`/certificates?code=${code}`), { ip }) : await call(page.loader, getRequest(`/certificates/${code}`), { params: { code }, ip });
    expect(res.status).toBe(i % 2 ? 200 : 404);
  }
  const formRefused = await call(check.loader, getRequest("/certificates?code=1234-1234-1234-1234-1234&lang=hi"), { ip, context: { clientIp: ip, locale: "hi" } });
  expect(formRefused.status).toBe(429);
  expect(formRefused.data).toMatchObject({ typed: "1234-1234-1234-1234-1234", error: { id: "results.certificate.limited", values: { minutes: 60 } } });
  expect(JSON.stringify(formRefused.data.messages["results.certificate.limited"])).toContain("मिनट रुककर");
  const pageRefused = await call(page.loader, getRequest("/certificates/12341234123412341234"), { params: { code: "12341234123412341234" }, ip });
  expect(pageRefused.status).toBe(429);
  expect(pageRefused.data.limited).toEqual({ id: "results.certificate.limited", values: { minutes: 60 } });
  expect(pageRefused.data).not.toHaveProperty("certificate");
});
