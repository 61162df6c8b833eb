// The world of the busiest-minute benchmark, made directly in its database: N students
// with real sessions (the signed cookie a browser would hold, its hash in `sessions`),
// enrolled in a contest that is running, a paid contest for the payment storm, a book
// with 10 copies in 200 buyers' carts, and a little of everything for the guest pages.
// Bulk rows go in with one statement each; the few shaped rows use the app's factories.
import { createHash, randomBytes } from "node:crypto";
import { createCookie } from "@remix-run/node";
import { tsImport } from "tsx/esm/api";

const sha256Hex = (value) => createHash("sha256").update(value).digest("hex");
const MINUTE = 60_000;
export const QUESTIONS = 20;
export const OPTIONS = ["A", "B", "C", "D"];
export const BUYERS = 200;
export const COPIES = 10;

/**
 * `count` users whose e-mails start with `prefix`, each with a session made in the
 * database and the signed cookie a browser would hold for it (one statement per table).
 */
export async function createUsersWithSessions(sql, { prefix, count, secret }) {
  const session = createCookie("__session", { httpOnly: true, sameSite: "lax", path: "/", secrets: [secret], maxAge: 30 * 24 * 3600 });
  const rows = await sql`
    INSERT INTO users (email, password_hash)
    SELECT ${prefix} || g || '@example.in', 'x' FROM generate_series(1, ${count}::int) g
    RETURNING id, email`;
  await sql`INSERT INTO profiles (id, email, full_name) SELECT id, email, 'Bench Student' FROM users WHERE email LIKE ${prefix + "%"}`;
  // Signed up as sign-up does: agreeing to the current terms, or the payers' storm would be sent to agree first (issue 67, point 7).
  const { currentVersions } = await tsImport("../../app/models/accounts/agreements/policy-versions.ts", import.meta.url);
  const agreed = currentVersions();
  await sql`INSERT INTO policy_agreements (user_id, terms_version, privacy_version, agreed_at, via) SELECT id, ${agreed.terms}, ${agreed.privacy}, now(), 'signup' FROM users WHERE email LIKE ${prefix + "%"}`;
  const tokens = rows.map(() => randomBytes(32).toString("base64url"));
  await sql`
    INSERT INTO sessions (id, user_id, expires_at)
    SELECT t.id, t.user_id::uuid, now() + interval '1 day'
      FROM unnest(${sql.array(tokens.map(sha256Hex))}::text[], ${sql.array(rows.map((r) => r.id))}::text[]) AS t(id, user_id)`;
  return Promise.all(rows.map(async (r, i) => ({ userId: r.id, email: r.email, cookie: (await session.serialize(tokens[i])).split(";")[0] })));
}

/**
 * `sql` is a postgres.js client on the bench database (already migrated by the app);
 * `secret` the app's SESSION_SECRET. Returns what the load needs: ids and cookies.
 */
export async function seedBusyMinute(sql, { students, payers, secret }) {
  const { createContest, createProduct, createPost, createUser } = await tsImport("../../app/seed/factories.server.ts", import.meta.url);
  const { db, getConnection } = await tsImport("../../app/db/client.server.ts", import.meta.url);
  const checkout = createCookie("__checkout", { httpOnly: true, sameSite: "lax", path: "/", secrets: [secret], maxAge: 2 * 3600 });
  const cookieOf = async (cookie, value) => (await cookie.serialize(value)).split(";")[0];

  const now = Date.now();
  const contest = await createContest(db, {
    title: "Busiest Minute Cup",
    subject: "General",
    start_time: new Date(now - MINUTE),
    end_time: new Date(now + 3 * 60 * MINUTE),
    duration_minutes: 120,
    prize_pool: { first: 5000, second: 2000 },
    questions: Array.from({ length: QUESTIONS }, (_, i) => [`Question ${i + 1}: which letter?`, OPTIONS, OPTIONS[i % OPTIONS.length]]),
  });
  const paid = await createContest(db, {
    title: "Paid Busy Cup",
    subject: "General",
    entry_fee: 49,
    start_time: new Date(now + 24 * 60 * MINUTE),
    end_time: new Date(now + 26 * 60 * MINUTE),
    duration_minutes: 60,
    // A paid practice test: a fee and no prize, the kind of paid entry offered by default
    // (PAID_PRIZE_CONTESTS=off, docs/decisions/contests-lawful-kinds.md); a fee with a cash
    // prize is refused at create-order, which left the payments run with nothing to pay.
    kind: "practice",
    prize_pool: {},
    questions: [["1 + 1?", ["1", "2"], "2"]],
  });
  for (let i = 0; i < 9; i++) {
    await createContest(db, {
      title: `Weekly ${["Maths", "Physics", "Chemistry"][i % 3]} Challenge ${i + 1}`,
      subject: ["Maths", "Physics", "Chemistry"][i % 3],
      entry_fee: i % 2 ? 0 : 29,
      start_time: new Date(now + (i + 2) * 24 * 60 * MINUTE),
      end_time: new Date(now + (i + 2) * 24 * 60 * MINUTE + 2 * 60 * MINUTE),
      duration_minutes: 60,
      prize_pool: { first: 1000 },
      questions: [["1 + 1?", ["1", "2"], "2"]],
    });
  }
  const seller = await createUser(db, { email: "bench-seller@example.in", passwordHash: "x" });
  const book = await createProduct(db, { sellerId: seller, title: "Busy Book", price: 300, category: "Textbooks", stock: COPIES });
  for (let i = 0; i < 11; i++) await createProduct(db, { sellerId: seller, title: `Used Textbook ${i + 1}`, price: 150 + i * 10, category: "Textbooks", stock: 3 });
  for (let i = 0; i < 6; i++) {
    await createPost(db, { slug: `bench-post-${i + 1}`, title: `Study tip ${i + 1}`, category: "Tips", content: "<p>Read the question twice.</p>".repeat(20) });
  }

  // Students and buyers in bulk: users, profiles, sessions, entries, carts.
  const makeUsers = (prefix, count) => createUsersWithSessions(sql, { prefix, count, secret });
  const studentRows = await makeUsers("bench-student-", students);
  await sql`INSERT INTO user_contest_entries (user_id, contest_id) SELECT id, ${contest.id} FROM users WHERE email LIKE 'bench-student-%'`;
  const buyerRows = await makeUsers("bench-buyer-", BUYERS);
  await sql`INSERT INTO user_cart (user_id, product_id, quantity) SELECT id, ${book}, 1 FROM users WHERE email LIKE 'bench-buyer-%'`;
  const shipping = { name: "Asha Rao", email: "asha@example.in", phone: "9876543210", address: "12 MG Road", city: "Pune", state: "Maharashtra", zip: "411001" };
  const checkoutCookie = await cookieOf(checkout, shipping);
  await sql`ANALYZE`;
  await getConnection().close();

  return {
    contest: { id: contest.id, questions: contest.questions.map((q) => q.id) },
    paidContest: paid.id,
    product: book,
    students: studentRows,
    payers: studentRows.slice(0, payers),
    buyers: buyerRows.map((b) => ({ ...b, cookie: `${b.cookie}; ${checkoutCookie}` })),
  };
}

/**
 * A shift (the sealed paper): `students` enrolled in a shuffled 75-question contest in both
 * languages, JEE Main's size, starting `startsInMs` from now. Returns its id, start and students.
 */
export async function seedShift(sql, { students, secret, startsInMs }) {
  // The seed above closed this process's connection when it was done: open a new one.
  delete globalThis.__studyarenaDb;
  const { createContest } = await tsImport("../../app/seed/factories.server.ts", import.meta.url);
  const { db, getConnection } = await tsImport("../../app/db/client.server.ts", import.meta.url);
  const startsAt = Date.now() + startsInMs;
  const text = (i) => `Question ${i + 1}: a body of mass $m$ slides down a rough incline of angle $\\theta$; which of these is the work done by friction over a length $L$?`;
  const contest = await createContest(db, {
    title: "Shift Cup",
    subject: "Physics",
    start_time: new Date(startsAt),
    end_time: new Date(startsAt + 4 * 60 * MINUTE),
    duration_minutes: 180,
    shuffle: true,
    prize_pool: { first: 5000 },
    questions: Array.from({ length: 75 }, (_, i) => [text(i), ["$\\mu m g L \\cos\\theta$", "$m g L \\sin\\theta$", "$\\mu m g L$", "zero"], "$\\mu m g L \\cos\\theta$"]),
  });
  await sql`UPDATE questions SET question_text_hi = 'प्रश्न: ' || question_text, options_hi = options WHERE contest_id = ${contest.id}`;
  const rows = await createUsersWithSessions(sql, { prefix: "bench-shift-", count: students, secret });
  await sql`INSERT INTO user_contest_entries (user_id, contest_id) SELECT id, ${contest.id} FROM users WHERE email LIKE 'bench-shift-%'`;
  await sql`ANALYZE`;
  await getConnection().close();
  return { id: contest.id, startsAt, questions: 75, students: rows };
}
