// The store's search at 50,000 listings (issue 32, point 5): the production server on a
// throwaway PostgreSQL database (TEST_DATABASE_URL names the admin connection), 50,000
// listings inserted beside the demo ones, then misspelt searches timed one at a time over
// loopback as a signed-in student (whose pages are never served from the guest cache).
// The baseline, in the same run: the same store page without a search, on as many
// distinct pages. Bounded: a fixed number of requests each.
//
//   npm run build && TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node scripts/bench/store-search.js [--listings 50000] [--rounds 10]
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import postgres from "postgres";
import { freePort, startInstance } from "../ops/processes.js";

const { values } = parseArgs({ options: { listings: { type: "string", default: "50000" }, rounds: { type: "string", default: "10" } } });
const LISTINGS = Number(values.listings);
const ROUNDS = Number(values.rounds);
const admin = process.env.TEST_DATABASE_URL;
if (!admin || !(LISTINGS >= 1 && LISTINGS <= 500_000) || !(ROUNDS >= 1 && ROUNDS <= 100)) {
  console.error("usage: TEST_DATABASE_URL=postgres://… node scripts/bench/store-search.js [--listings 1..500000] [--rounds 1..100]");
  process.exit(2);
}

// What students type: a word or two, often misspelt, in any order.
const SEARCHES = [
  "phyiscs hc verma",
  "organik chemistry",
  "mathmatics rd sharma",
  "biolgy ncert",
  "histroy class 10",
  "economcs",
  "accountancy ts grewal",
  "fisics",
  "calculas",
  "englsh grammar wren",
  "verma concepts",
  "inorganic chemstry jd lee",
  "quantitative aptitude rs agarwal",
  "neet biology trueman",
  "jee advanced problems irodov",
  "polity laxmikanth",
  "geograpy atlas",
  "cbse sample papers",
  "data structures",
  "anatomy grays",
];
const SUBJECTS = ["Physics", "Chemistry", "Mathematics", "Biology", "History", "Economics", "Accountancy", "English Grammar", "Polity", "Geography", "Anatomy", "Data Structures", "Calculus", "Organic Chemistry", "Inorganic Chemistry", "Quantitative Aptitude"];
const KINDS = ["Concepts of", "Problems in", "Objective", "Fundamentals of", "Handbook of", "Practice Papers:", "Complete Guide to", "Class 10", "Class 12", "NCERT Solutions"];
const AUTHORS = ["H.C. Verma", "R.D. Sharma", "J.D. Lee", "T.S. Grewal", "R.S. Aggarwal", "M. Laxmikanth", "I.E. Irodov", "Trueman", "Wren & Martin", "O.P. Tandon", "N. Awasthi", "D.C. Pandey", "S.L. Loney", "Gray", "Morrison & Boyd"];

const name = `bench_search_${process.pid}`;
const adminSql = postgres(admin, { max: 1, onnotice: () => {} });
await adminSql.unsafe(`CREATE DATABASE ${name}`);
const url = new URL(admin);
url.pathname = `/${name}`;
const work = fs.mkdtempSync(path.join(os.tmpdir(), "studyarena-search-bench-"));
let instance;
try {
  const port = await freePort();
  instance = await startInstance({ port, name: "bench", env: { DATABASE_URL: url.toString(), DATA_DIR: work, SESSION_SECRET: "search-bench-secret-0123456789abcdef" }, output: fs.openSync(path.join(work, "app.log"), "a") });
  const base = `http://127.0.0.1:${port}`;

  const sql = postgres(url.toString(), { max: 1, onnotice: () => {} });
  const [{ seller, category }] = await sql`SELECT (SELECT id FROM users ORDER BY created_at LIMIT 1) AS seller, (SELECT min(id) FROM product_categories) AS category`;
  const started = Date.now();
  await sql`
    INSERT INTO marketplace_products (seller_id, title, description, price, category_id, author, isbn, stock, created_at)
    SELECT ${seller}, (${sql.array(KINDS)}::text[])[1 + i % ${KINDS.length}] || ' ' || (${sql.array(SUBJECTS)}::text[])[1 + (i / ${KINDS.length}) % ${SUBJECTS.length}] || ' Vol. ' || (1 + i % 3),
           'A used copy.', 100 + i % 900, ${category}, (${sql.array(AUTHORS)}::text[])[1 + (i / 7) % ${AUTHORS.length}],
           '978-81-' || lpad((i % 10000)::text, 4, '0') || '-' || lpad((i % 997)::text, 3, '0'), 1, now() - (i || ' minutes')::interval
      FROM generate_series(1, ${LISTINGS}) AS i`;
  await sql`ANALYZE marketplace_products`;
  const [{ total }] = await sql`SELECT count(*)::int AS total FROM marketplace_products`;
  await sql.end();
  console.error(`${total} listings in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  const login = await fetch(`${base}/login`, { method: "POST", body: new URLSearchParams({ email: "student@studyarena.in", password: "Student@123" }), redirect: "manual" });
  const cookie = login.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  if (!cookie.includes("__session")) throw new Error(`the demo student could not sign in (${login.status})`);

  const time = async (pathname) => {
    const t = process.hrtime.bigint();
    const res = await fetch(`${base}${pathname}`, { headers: { Cookie: cookie } });
    const body = await res.text();
    if (!res.ok) throw new Error(`${pathname}: ${res.status}`);
    return { ms: Number(process.hrtime.bigint() - t) / 1e6, body };
  };
  // Warm the server and the database's caches once for each.
  for (const q of SEARCHES) await time(`/store?q=${encodeURIComponent(q)}`);
  await time("/store?page=2");

  const searches = [];
  const baseline = [];
  let found = 0;
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, q] of SEARCHES.entries()) {
      // Interleaved, so the machine's noise falls on both alike.
      const s = await time(`/store?q=${encodeURIComponent(q)}`);
      searches.push(s.ms);
      if (!s.body.includes("No products found")) found++;
      baseline.push((await time(`/store?page=${1 + ((round * SEARCHES.length + i) % 200)}`)).ms);
    }
  }
  const pct = (list, p) => [...list].sort((a, b) => a - b)[Math.min(list.length - 1, Math.ceil((p / 100) * list.length) - 1)];
  const row = (list) => ({ p50: +pct(list, 50).toFixed(1), p95: +pct(list, 95).toFixed(1), max: +Math.max(...list).toFixed(1) });
  const result = { listings: total, requests: searches.length, searchesWithResults: `${found}/${searches.length}`, search: row(searches), baseline: row(baseline) };
  result.search.p95_ratio = +(result.search.p95 / result.baseline.p95).toFixed(2);
  console.log(JSON.stringify(result, null, 2));
} finally {
  await instance?.stop("SIGTERM");
  await adminSql.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await adminSql.end();
  fs.rmSync(work, { recursive: true, force: true });
}
