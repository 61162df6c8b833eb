// Issue 67, point 4: complaints on a clock. Every complaint (the contact form, a return its
// seller disputed, a student's appeal) gets a ticket number, shown at once and mailed (the
// acknowledgement), a status anyone holding the number follows without signing in (nothing
// personal in it; guesses counted per address, as /certificates' misses), a due date a month
// out; support's register lists what is open, oldest first, with the 48-hour and one-month
// clocks at an injected now. The operator and its grievance officer are on every page.
import fs from "node:fs";
import { eq, sql } from "drizzle-orm";
import { expect, test } from "vitest";
import { db, rowsOf } from "~/db/client.server";
import { complaints, contact_requests, email_outbox, rate_limits, users } from "~/db/schema";
import { complaintDueAt } from "~/models/support/complaints";
import { complaintRegister, lookUpComplaint, openComplaint } from "~/models/support/complaints.server";
import { appeal, decideAppeal, decideEntry } from "~/models/contests/review/review.server";
import { LIMITS } from "~/services/rate-limit.server";
import * as root from "~/root";
import * as complaintsRoute from "~/routes/complaints";
import * as contactRoute from "~/routes/contact";
import * as productRoute from "~/routes/store.$id.productdetails";
import { createUser } from "~/seed/factories.server";
import { OPERATOR_DEMO } from "~/utils/env.server";
import { manualClock } from "../support/manual-clock";
import { call, cookieFrom, formRequest, getRequest } from "../support/remix";
import { contestWithResults, signedInStudent } from "../support/scenarios";
import { book, buyerStep, flashOf, mailsTo, order, sellerStep } from "../support/orders";
import { english } from "../support/words";

const HOUR = 3_600_000;
const TICKET = /SA-[0-9A-HJKMNP-TV-Z]{10}/;
const valid = { name: "Asha Rao", email: "asha.complaint@example.in", subject: "payment", message: "My payment went through but I am not enrolled.", privacy: "on" };
let n = 0;
const ip = () => `198.51.100.${100 + (++n % 100)}`;
const follow = (typed: string, from: string, clock = manualClock()) => call(complaintsRoute.loader, getRequest(`/complaints?ticket=${encodeURIComponent(typed)}`), { ip: from, clock });
const complaintOf = async (ticket: string) => (await db.select().from(complaints).where(eq(complaints.ticket, ticket)))[0]!;

test("the contact form: a ticket number in the alert at once, the acknowledgement mailed in the sender's language, due a month out", async () => {
  const clock = manualClock(Date.parse("2026-12-07T04:30:00Z"));
  const sent = await call(contactRoute.action, formRequest("/contact", valid), { ip: ip(), clock });
  expect(sent.status).toBe(302);
  const flash = (await call(root.loader, getRequest("/contact", cookieFrom(sent.headers, "__flash")), { context: {} })).data.flash;
  const ticket = flash.message.match(TICKET)![0];
  expect(flash.message).toBe(english({ id: "pages.contact.sentTicket", values: { ticket } }));

  const [request] = await db.select().from(contact_requests).where(eq(contact_requests.email, valid.email));
  expect(await complaintOf(ticket)).toMatchObject({
    kind: "contact",
    ref: `contact:${request!.id}`,
    email: valid.email,
    received_at: new Date("2026-12-07T04:30:00Z"),
    due_at: new Date("2027-01-07T04:30:00Z"),
    answered_at: null,
    resolved_at: null,
  });
  const [ack] = await mailsTo(valid.email);
  expect(ack!.subject).toBe(`Complaint ${ticket} received`);
  expect(ack!.text).toContain(`Your ticket number is ${ticket}.`);
  expect(ack!.text).toContain("answer within 48 hours and resolve it by 7 Jan 2027");
  expect(ack!.text).toContain(`/complaints?ticket=${ticket}`);
  expect(ack!.text).toContain(OPERATOR_DEMO.grievanceOfficer.email);
  // Support's own mail names the ticket too.
  expect((await mailsTo("support@studyarena.in")).map((m) => m.subject)).toContain(`[Contact ${ticket}] Payment: Asha Rao`);

  // In Hindi, the acknowledgement is Hindi.
  const hindi = await call(contactRoute.action, formRequest("/contact", { ...valid, email: "asha.hindi@example.in" }, "lang=hi"), { ip: ip(), clock });
  expect(hindi.status).toBe(302);
  const [hiAck] = await mailsTo("asha.hindi@example.in");
  expect(hiAck!.subject).toMatch(/^शिकायत SA-[0-9A-Z]{10} मिल गई$/);
});

test("a refused contact form opens no complaint and mails nothing", async () => {
  const [before, mailed] = [await db.$count(complaints), await db.$count(email_outbox)];
  const res = await call(contactRoute.action, formRequest("/contact", { ...valid, message: "" }), { ip: ip() });
  expect(res.status).toBe(400);
  expect(await db.$count(complaints)).toBe(before);
  expect(await db.$count(email_outbox)).toBe(mailed);
});

test("anyone with the number follows it without signing in: where it stands and by when, nothing personal", async () => {
  const clock = manualClock(Date.parse("2026-12-07T04:30:00Z"));
  const sent = await call(contactRoute.action, formRequest("/contact", valid), { ip: ip(), clock });
  const ticket = (await call(root.loader, getRequest("/", cookieFrom(sent.headers, "__flash")), { context: {} })).data.flash.message.match(TICKET)![0];

  // Typed as a person might: lower case, spaces, no dashes.
  const shown = await follow(` ${ticket.toLowerCase().replace("-", " ")} `, ip(), clock);
  expect(shown.status).toBe(200);
  expect(shown.headers.get("Cache-Control")).toBe("private, no-store");
  expect(shown.data.error).toBeNull();
  expect(shown.data.found).toMatchObject({ complaint: { ticket, kind: "contact", answered_at: null, resolved_at: null }, late: false });
  // Only the number, the kind and the times: no name, address, subject or words.
  expect(Object.keys(shown.data.found.complaint).sort()).toEqual(["answered_at", "due_at", "kind", "received_at", "resolved_at", "ticket"]);
  const json = JSON.stringify(shown.data);
  for (const personal of [valid.name, valid.email, valid.message, "payment"]) expect(json).not.toContain(personal);

  // Answered, then a month and a minute on without a resolution: the page says we are late.
  await db.update(complaints).set({ answered_at: new Date(clock.now() + HOUR) }).where(eq(complaints.ticket, ticket));
  clock.advance(complaintDueAt(new Date(clock.now())).getTime() - clock.now() + 60_000);
  expect((await follow(ticket, ip(), clock)).data.found).toMatchObject({ late: true, complaint: { answered_at: expect.any(Date) } });
  await db.update(complaints).set({ resolved_at: new Date(clock.now()) }).where(eq(complaints.ticket, ticket));
  expect((await follow(ticket, ip(), clock)).data.found).toMatchObject({ late: false, complaint: { resolved_at: expect.any(Date) } });
});

test("bad numbers: each answered in the form with what was typed kept, nothing looked up for a malformed one, nothing written", async () => {
  const from = ip();
  const [before, mailed] = [await db.$count(complaints), await db.$count(email_outbox)];
  const counted = () => db.$count(rate_limits, eq(rate_limits.key, `complaints:ip:${from}`));
  const empty = await follow("", from);
  expect([empty.status, empty.data.error, empty.data.found]).toEqual([200, null, null]);
  const malformed = await follow("SA-123", from);
  expect([malformed.status, malformed.data.typed, malformed.data.error]).toEqual([200, "SA-123", { id: "pages.complaints.malformed" }]);
  // Hostile: a NUL byte, a very long value (bounded before anything is done), a Devanagari digit.
  for (const typed of ["SA-7K3M9Q2XT\u0000", "A".repeat(5000), "SA-७K3M9Q2XTB"]) {
    const res = await follow(typed, from);
    expect(res.status, typed.slice(0, 12)).toBe(200);
    expect(res.data.error).toEqual({ id: "pages.complaints.malformed" });
    expect(res.data.typed.length).toBeLessThanOrEqual(40);
  }
  // A malformed number is never counted: nobody's allowance is spent on a typo of form.
  expect(await counted()).toBe(0);
  const unknown = await follow("SA-0000000000", from);
  expect([unknown.status, unknown.data.error, unknown.data.found]).toEqual([200, { id: "pages.complaints.unknown" }, null]);
  expect(await counted()).toBe(1);
  expect(await db.$count(complaints)).toBe(before);
  expect(await db.$count(email_outbox)).toBe(mailed);
});

test("guessed numbers are limited per address before the lookup; a genuine one too once over, another address is not; a hit gives back its own count", async () => {
  const now = new Date();
  const userId = await createUser(db, { email: "guessed@example.in", passwordHash: "x" });
  const { ticket } = await db.transaction((tx) => openComplaint(tx, { kind: "contact", ref: "contact:guessed", userId, from: { email: "guessed@example.in", locale: "en" }, now }));
  const guesser = "198.51.100.250";
  const miss = (at = now) => lookUpComplaint(db, { typed: `SA-${String(++n).padStart(10, "0")}`, ip: guesser, now: at });
  // A hit first: it gives its count back, so it spends none of the allowance.
  expect((await lookUpComplaint(db, { typed: ticket, ip: guesser, now })).kind).toBe("found");
  for (let i = 0; i < LIMITS.complaintMissesPerIp.max; i++) expect((await miss()).kind).toBe("unknown");
  expect(await miss()).toEqual({ kind: "limited", retryAfterS: 3600 });
  // Past the limit nothing is looked up: a genuine number would otherwise say which guesses are real.
  expect((await lookUpComplaint(db, { typed: ticket, ip: guesser, now })).kind).toBe("limited");
  expect((await lookUpComplaint(db, { typed: ticket, ip: "198.51.100.251", now })).kind).toBe("found");
  // The page says it, in minutes, with a 429 and nothing about the complaint.
  const page = await follow(ticket, guesser, manualClock(now.getTime() + 30 * 60_000));
  expect([page.status, page.data.found, page.data.error]).toEqual([429, null, { id: "pages.complaints.limited", values: { minutes: 30 } }]);
  // The window over, the number is found again.
  expect((await lookUpComplaint(db, { typed: ticket, ip: guesser, now: new Date(now.getTime() + HOUR + 1) })).kind).toBe("found");
});

test("support's register: what is open, oldest first, with what is past 48 hours unanswered and past its month; the guide's SQL says the same", async () => {
  const start = Date.parse("2026-11-01T06:00:00Z");
  const open = async (hoursAfterStart: number, email: string) =>
    (await db.transaction((tx) => openComplaint(tx, { kind: "contact", ref: `contact:${email}`, userId: null, from: { email, locale: "en" }, now: new Date(start + hoursAfterStart * HOUR) }))).ticket;
  const oldest = await open(0, "oldest@example.in"); // answered in time, never resolved: past its month
  const answered = await open(24 * 20, "answered@example.in");
  const late = await open(24 * 30, "late@example.in"); // no answer yet
  const fresh = await open(24 * 32, "fresh@example.in");
  const settled = await open(1, "settled@example.in");
  await db.update(complaints).set({ answered_at: new Date(start + 2 * HOUR) }).where(eq(complaints.ticket, oldest));
  await db.update(complaints).set({ answered_at: new Date(start + 24 * 21 * HOUR) }).where(eq(complaints.ticket, answered));
  await db.update(complaints).set({ answered_at: new Date(start + 3 * HOUR), resolved_at: new Date(start + 4 * HOUR) }).where(eq(complaints.ticket, settled));

  const now = new Date(start + 24 * 33 * HOUR); // 4 December, 06:00 UTC
  const mine = [oldest, answered, late, fresh, settled];
  const register = (await complaintRegister(db, now)).filter((c) => mine.includes(c.ticket));
  expect(register.map((c) => [c.ticket, c.email, c.unanswered, c.overdue])).toEqual([
    [oldest, "oldest@example.in", false, true],
    [answered, "answered@example.in", false, false],
    [late, "late@example.in", true, false],
    [fresh, "fresh@example.in", false, false],
  ]);
  // Exactly 48 hours is not yet late; a moment later is.
  expect((await complaintRegister(db, new Date(start + (24 * 32 + 48) * HOUR))).find((c) => c.ticket === fresh)!.unanswered).toBe(false);
  expect((await complaintRegister(db, new Date(start + (24 * 32 + 48) * HOUR + 1))).find((c) => c.ticket === fresh)!.unanswered).toBe(true);

  // docs/admin-sql.md's register, at the same now (the database's now() pinned for one statement).
  const guide = fs.readFileSync("docs/admin-sql.md", "utf8").match(/```sql complaints-open\n([\s\S]*?)```/)![1]!;
  const pinned = guide.replaceAll("now()", `'${now.toISOString()}'::timestamptz`);
  const rows = rowsOf<{ ticket: string; unanswered_48h: boolean; past_due: boolean }>(await db.execute(sql.raw(pinned)));
  expect(rows.filter((r) => mine.includes(r.ticket)).map((r) => [r.ticket, r.unanswered_48h, r.past_due])).toEqual(register.map((c) => [c.ticket, c.unanswered, c.overdue]));
});

test("a seller's return dispute sent to support: a ticket on the seller's screen, the acknowledgement to seller and buyer, support's mail names it", async () => {
  const [seller, buyer] = [await signedInStudent(), await signedInStudent()];
  const product = await book(seller, { price: 320 });
  const { orderId, itemOf } = await order(buyer, [[product, 1]], "upi");
  const itemId = itemOf(product);
  await sellerStep(seller, { intent: "ship", itemId, tracking: "" });
  await buyerStep(buyer, orderId, { intent: "received", itemId });
  await buyerStep(buyer, orderId, { intent: "return", itemId, reason: "Every page is highlighted." });
  const before = await db.$count(complaints);
  const done = await sellerStep(seller, { intent: "dispute", itemId, words: "It was clean when I packed it." });
  const flash = await flashOf(done);
  const ticket = (flash!.message.values as { ticket: string }).ticket;
  expect(ticket).toMatch(TICKET);
  expect(await complaintOf(ticket)).toMatchObject({ kind: "return_dispute", ref: `order-line:${itemId}`, user_id: seller.userId, email: seller.email });
  for (const who of [seller, buyer]) expect((await mailsTo(who.email)).map((m) => m.subject)).toContain(`Complaint ${ticket} received`);
  expect((await mailsTo("support@studyarena.in")).some((m) => m.subject.startsWith(`Disputed return ${ticket}:`))).toBe(true);
  // A second press opens no second complaint.
  await sellerStep(seller, { intent: "dispute", itemId, words: "Again." });
  expect(await db.$count(complaints)).toBe(before + 1);
  // Support decides for the buyer and the seller confirms the return: the complaint is resolved.
  expect((await complaintOf(ticket)).resolved_at).toBeNull();
  await sellerStep(seller, { intent: "return-received", itemId });
  expect((await complaintOf(ticket)).resolved_at).toEqual(expect.any(Date));
});

test("a student's appeal: a ticket in the answer, the acknowledgement mailed, resolved when a second reviewer decides", async () => {
  const made = await contestWithResults({
    start: new Date(Date.now() - 3 * HOUR),
    end: new Date(Date.now() - 2 * HOUR),
    recordResults: true,
    students: [
      { correct: 3, minutes: 5 },
      { correct: 2, minutes: 10 },
    ],
  });
  const cheat = made.users[0]!;
  const reviewers = [];
  for (const name of ["one", "two"]) {
    const id = await createUser(db, { email: `reviewer-${name}-${++n}@example.in`, passwordHash: "x" });
    await db.update(users).set({ is_reviewer: true }).where(eq(users.id, id));
    reviewers.push(id);
  }
  const now = new Date();
  const before = await db.$count(complaints);
  await decideEntry(db, { contestId: made.contestId, userId: cheat, reviewerId: reviewers[0]!, decision: "disqualify", reason: "Looked away.", now });
  const appealed = await appeal(db, { contestId: made.contestId, userId: cheat, statement: "I never left the desk.", now });
  if (!appealed.ok) throw new Error(appealed.reason);
  const [student] = await db.select({ email: users.email }).from(users).where(eq(users.id, cheat));
  expect(await complaintOf(appealed.ticket)).toMatchObject({ kind: "appeal", ref: `appeal:${made.contestId}:${cheat}`, email: student!.email, resolved_at: null });
  expect((await mailsTo(student!.email)).map((m) => m.subject)).toContain(`Complaint ${appealed.ticket} received`);
  // A refused second appeal opens nothing.
  expect(await appeal(db, { contestId: made.contestId, userId: cheat, statement: "Again.", now })).toEqual({ ok: false, reason: "already" });
  expect(await db.$count(complaints)).toBe(before + 1);
  const later = new Date(now.getTime() + HOUR);
  expect(await decideAppeal(db, { contestId: made.contestId, userId: cheat, reviewerId: reviewers[1]!, upheld: false, reason: "The snapshots show a phone.", now: later })).toEqual({ ok: true });
  expect((await complaintOf(appealed.ticket)).resolved_at).toEqual(later);
  expect((await complaintRegister(db, later)).map((c) => c.ticket)).not.toContain(appealed.ticket);
});

test("the operator and its grievance officer reach every page through the root; a listing shows its return and refund terms", async () => {
  const page = await call(root.loader, getRequest("/terms"), { context: {} });
  expect(page.data.operator).toEqual({ legalName: OPERATOR_DEMO.legalName, address: OPERATOR_DEMO.address, grievanceOfficer: OPERATOR_DEMO.grievanceOfficer });
  // The shared document (the test page) carries it too, so its footer does not go blank.
  expect((await call(root.loader, getRequest("/contest/x/test"), { context: { page: "shared" } as never })).data.operator).toEqual(page.data.operator);

  const seller = await signedInStudent();
  const productId = await book(seller, { price: 200 });
  const listing = await call(productRoute.loader, getRequest(`/store/${productId}/productdetails`), { params: { id: productId } });
  expect(listing.status).toBe(200);
  for (const id of ["store.product.terms", "store.product.termsSeller", "store.product.termsReturn", "store.product.termsRefund", "store.product.termsProblem", "store.product.termsMore"]) {
    expect(listing.data.messages[id], id).toBeTruthy();
  }
});
