// Issue 67, point 3: tax on prizes under the Income-tax Act, 2025. A winner gives their PAN
// (a person's: the fourth letter P) with the name on it and their password before any
// prize is paid; a malformed one is refused with its message, the input kept, nothing
// written. A prize without a PAN waits, as one without payout details does, and its winner
// is told what to give; the sender never pays one. Each winner reads a yearly statement
// (India's financial year, our TAN, their PAN masked) and downloads it as a CSV; the PAN is
// kept whole through erasure as a tax record, masked in the person's download.
// (The environment is read once per test file: this file sets our TAN before the first read.)
import { eq, sql } from "drizzle-orm";
import { afterAll, expect, test, vi } from "vitest";
import { db, pgConstraint, rowsOf } from "~/db/client.server";
import { email_outbox, payouts, tax_pans, test_gateway_payouts } from "~/db/schema";
import { eraseAccountNow, exportPersonalData } from "~/models/accounts/personal-data.server";
import { finalizeContest } from "~/models/contests/results/scoring.server";
import { savePayoutDetails } from "~/models/payments/payout-details.server";
import { payoutGateway } from "~/models/payments/payout-gateway.server";
import { sendDuePayouts } from "~/models/payments/payout-sender.server";
import { savePan } from "~/models/payments/tax/pan.server";
import { PAN_MESSAGES } from "~/models/payments/tax/tax-law";
import * as accountRoute from "~/routes/account";
import * as csvRoute from "~/routes/account_.tax-statement[.]csv";
import * as statementRoute from "~/routes/account_.tax-statement";
import * as resultsRoute from "~/routes/contest.$id.results";
import * as rulesRoute from "~/routes/contest.$id.rules";
import { manualClock } from "../support/manual-clock";
import { call, formRequest, getRequest } from "../support/remix";
import { contestWithResults, signedInStudent } from "../support/scenarios";
import { english } from "../support/words";

const before = vi.hoisted(() => {
  const was = process.env.OPERATOR_TAN;
  process.env.OPERATOR_TAN = "dela12345b";
  return was;
});
afterAll(() => {
  if (before === undefined) delete process.env.OPERATOR_TAN;
  else process.env.OPERATOR_TAN = before;
});

const HOUR = 3_600_000;
const PASSWORD = "Correct-Horse-42";
const owner = () => signedInStudent({ password: PASSWORD });
const postPan = (cookie: string, fields: Record<string, string>) => call(accountRoute.action as never, formRequest("/account", { intent: "pan", currentPassword: PASSWORD, ...fields }, cookie));

/** A final contest won by `winners` in order (₹1,000, ₹333), each as the test prepared them. */
async function won(winners: Array<{ userId: string }>) {
  const start = new Date(Date.now() - 3 * HOUR);
  const { contestId, contest } = await contestWithResults({
    start,
    end: new Date(start.getTime() + HOUR),
    prizePool: { first: 1000, second: 333 },
    students: winners.map((w, i) => ({ userId: w.userId, correct: 4 - i, minutes: 5 })),
  });
  expect(await finalizeContest(db, contestId, new Date())).toBe("finalized");
  return { contestId, contest };
}
const payoutOf = async (userId: string) => (await db.select().from(payouts).where(eq(payouts.user_id, userId)))[0]!;

test("a malformed PAN, another kind's PAN, no name or a wrong password: each its message, the input kept, nothing written", async () => {
  const me = await owner();
  const cases: Array<[Record<string, string>, string, string]> = [
    [{ pan: "ABCP1234F", panName: "Asha Rao" }, "pan", english(PAN_MESSAGES.invalid)],
    [{ pan: "ABCPE12345", panName: "Asha Rao" }, "pan", english(PAN_MESSAGES.invalid)],
    [{ pan: "12CPE1234F", panName: "Asha Rao" }, "pan", english(PAN_MESSAGES.invalid)],
    [{ pan: "", panName: "Asha Rao" }, "pan", english(PAN_MESSAGES.invalid)],
    [{ pan: "A".repeat(5000), panName: "Asha Rao" }, "pan", english(PAN_MESSAGES.invalid)],
    // A company's PAN (C) and a firm's (F): a prize is won by a person.
    [{ pan: "ABCCE1234F", panName: "Asha Rao" }, "pan", english(PAN_MESSAGES.notPerson)],
    [{ pan: "abcfe1234f", panName: "Asha Rao" }, "pan", english(PAN_MESSAGES.notPerson)],
    [{ pan: "ABCPE1234F", panName: " A " }, "panName", english(PAN_MESSAGES.nameRequired)],
    [{ pan: "ABCPE1234F", panName: "x".repeat(101) }, "panName", english(PAN_MESSAGES.nameRequired)],
  ];
  for (const [fields, field, message] of cases) {
    const reply = await postPan(me.cookie, fields);
    expect(reply.status, JSON.stringify(fields).slice(0, 80)).toBe(400);
    expect(reply.data.pan.error).toEqual({ [field]: [message] });
    // What was typed comes back to be corrected; the password never does.
    expect([reply.data.pan.initialValue.pan ?? "", reply.data.pan.initialValue.panName]).toEqual([fields.pan, fields.panName]);
    expect(reply.data.pan.initialValue.currentPassword).toBeUndefined();
  }
  const noPassword = await postPan(me.cookie, { pan: "ABCPE1234F", panName: "Asha Rao", currentPassword: "" });
  expect(noPassword.data.pan.error).toEqual({ currentPassword: [english(PAN_MESSAGES.passwordRequired)] });
  const wrong = await postPan(me.cookie, { pan: "ABCPE1234F", panName: "Asha Rao", currentPassword: "not-my-password" });
  expect(wrong.status).toBe(400);
  expect(Object.keys(wrong.data.pan.error)).toEqual(["currentPassword"]);
  expect(await db.$count(tax_pans, eq(tax_pans.user_id, me.userId))).toBe(0);
  // The database refuses one written by hand too.
  const hand = await db.execute(sql`INSERT INTO tax_pans (user_id, pan, pan_name) VALUES (${me.userId}, 'ABCCE1234F', 'Asha Rao')`).then(() => null, (e: unknown) => e);
  expect(pgConstraint(hand)).toBe("tax_pans_pan_format");
});

test("hostile bodies on the PAN form (empty, 2 MB, a huge index, JSON, a NUL byte) are answered without a 5xx; only the NUL's, stripped, is a PAN", async () => {
  const me = await owner();
  const raw = (body: string, type = "application/x-www-form-urlencoded") =>
    call(accountRoute.action as never, new Request("http://localhost:3000/account", { method: "POST", body, headers: { "Content-Type": type, Cookie: me.cookie } }));
  const bodies: Array<[string, string?]> = [
    [""],
    [`intent=pan&pan=${"A".repeat(2 * 1024 * 1024)}&panName=Asha&currentPassword=${PASSWORD}`],
    [`intent=pan&x[99999999]=1&pan=ABCPE1234F&panName=Asha%20Rao`],
    [JSON.stringify({ intent: "pan", pan: "ABCPE1234F", panName: "Asha Rao", currentPassword: PASSWORD }), "application/json"],
    [`intent=pan&pan=ABCPE%001234F&panName=Asha%00Rao&currentPassword=${PASSWORD}`],
  ];
  for (const [body, type] of bodies.slice(0, -1)) expect((await raw(body, type)).status, body.slice(0, 40)).toBeLessThan(500);
  expect(await db.$count(tax_pans, eq(tax_pans.user_id, me.userId))).toBe(0);
  // Control characters are stripped from every field as it is read (app/utils/forms.server.ts): what is left is a PAN.
  expect((await raw(bodies.at(-1)![0])).status).toBe(302);
  expect(rowsOf(await db.execute(sql`SELECT pan, pan_name FROM tax_pans WHERE user_id = ${me.userId}`))).toEqual([{ pan: "ABCPE1234F", pan_name: "AshaRao" }]);
});

test("a PAN is saved for the signed-in user, spaces and case aside, and shown masked: the page never carries it whole", async () => {
  const me = await owner();
  const saved = await postPan(me.cookie, { pan: " akxpr 7788q ", panName: "  Asha   Rao " });
  expect(saved.status).toBe(302);
  expect((await db.select().from(tax_pans).where(eq(tax_pans.user_id, me.userId)))[0]).toMatchObject({ pan: "AKXPR7788Q", pan_name: "Asha Rao" });
  const page = (await call(accountRoute.loader as never, getRequest("/account", me.cookie))).data;
  expect(page.pan).toEqual({ pan: "••••••788Q", name: "Asha Rao" });
  expect(JSON.stringify(page)).not.toContain("AKXPR7788Q");
  // Corrected by its owner: one row, the new PAN.
  await postPan(me.cookie, { pan: "ABCPE9999F", panName: "Asha Rao" });
  expect((await db.select().from(tax_pans).where(eq(tax_pans.user_id, me.userId))).map((r) => r.pan)).toEqual(["ABCPE9999F"]);
});

test("a prize waits for the PAN as for payout details; the winner is told what to give; the PAN queues it; the sender pays none without", async () => {
  const detailsOnly = await owner();
  const nothing = await owner();
  await savePayoutDetails(db, detailsOnly.userId, { method: "upi", upiId: "details.only@okaxis" }, new Date(Date.now() - 25 * HOUR));
  const { contestId, contest } = await won([detailsOnly, nothing]);
  expect((await payoutOf(detailsOnly.userId)).status).toBe("awaiting_details");
  expect((await payoutOf(nothing.userId)).status).toBe("awaiting_details");
  const mail = async (to: string) => (await db.select().from(email_outbox).where(eq(email_outbox.to_address, to))).find((m) => m.subject.startsWith(`Your prize in ${contest.title}`))!.text;
  expect(await mail(detailsOnly.email)).toContain("The tax law asks for your PAN before we pay a prize");
  expect(await mail(detailsOnly.email)).toContain("Prize ₹1,000; tax withheld at 30% (section 393(3) of the Income-tax Act, 2025) ₹300; paid to you ₹700.");
  expect(await mail(nothing.email)).toContain("We do not have your payout details or your PAN yet");
  const statement = async (cookie: string) => (await call(resultsRoute.loader as never, getRequest(`/contest/${contestId}/results`, cookie), { params: { id: contestId } })).data.statement;
  expect(await statement(detailsOnly.cookie)).toMatchObject({ status: "awaiting_details", missing: "pan" });
  expect(await statement(nothing.cookie)).toMatchObject({ status: "awaiting_details", missing: "both" });

  // The PAN alone does not queue a prize with nowhere to go; with the details it goes.
  await savePan(db, nothing.userId, { pan: "ABCPN1234F", panName: "Nothing Yet" });
  expect((await payoutOf(nothing.userId)).status).toBe("awaiting_details");
  expect(await statement(nothing.cookie)).toMatchObject({ missing: "details" });
  await savePan(db, detailsOnly.userId, { pan: "ABCPD1234F", panName: "Details Only" });
  expect((await payoutOf(detailsOnly.userId)).status).toBe("queued");
  expect(await statement(detailsOnly.cookie)).toMatchObject({ status: "queued", missing: null });

  // A prize queued without a PAN (before this rule, or by hand) is never sent: it goes back to wait.
  const legacy = await owner();
  await savePayoutDetails(db, legacy.userId, { method: "upi", upiId: "legacy@okaxis" }, new Date(Date.now() - 25 * HOUR));
  await won([legacy]);
  const id = (await payoutOf(legacy.userId)).id;
  await db.update(payouts).set({ status: "queued" }).where(eq(payouts.id, id));
  const outcomes = await sendDuePayouts(db, payoutGateway(), new Date(Date.now() + 60_000), 500);
  expect(outcomes.find((o) => o.id === id)).toEqual({ id, outcome: "no-details" });
  expect((await payoutOf(legacy.userId)).status).toBe("awaiting_details");
  expect(await db.$count(test_gateway_payouts, sql`${test_gateway_payouts.reference_id} LIKE ${`${id}%`}`)).toBe(0);
  // The one with both was sent.
  const both = (await payoutOf(detailsOnly.userId)).id;
  expect(outcomes.find((o) => o.id === both)).toMatchObject({ outcome: "sent" });
});

test("the rules sheet cites the 2025 Act's section at the rate, with no floor by default", async () => {
  const { contestId } = await won([await owner()]);
  const sheet = await call(rulesRoute.loader as never, getRequest(`/contest/${contestId}/rules`), { params: { id: contestId } });
  expect(sheet.data).toMatchObject({ taxPercent: 30, taxThreshold: 0 });
});

test("the yearly statement: the prizes of India's financial year, the tax, our TAN, the PAN masked; as a CSV; a year we could not have is a 404", async () => {
  const me = await owner();
  const other = await owner();
  await savePan(db, me.userId, { pan: "ABCPE1234F", panName: "Asha Rao" });
  const first = await won([me, other]);
  const second = await won([other, me]);
  const third = await won([me]);
  // 31 March 2027 23:59 IST is still 2026-27; 1 April 00:00 IST is 2027-28.
  const stamp = (contestId: string, at: string) => db.execute(sql`UPDATE payouts SET created_at = ${at}::timestamptz WHERE contest_id = ${contestId}`);
  await stamp(first.contestId, "2026-11-15T06:00:00Z");
  await stamp(second.contestId, "2027-03-31T18:29:00Z");
  await stamp(third.contestId, "2027-03-31T18:30:00Z");
  const clock = manualClock(Date.parse("2027-05-01T00:00:00Z"));
  const page = async (query: string, cookie = me.cookie) => call(statementRoute.loader as never, getRequest(`/account/tax-statement${query}`, cookie), { clock });

  const year = (await page("?year=2026")).data.statement;
  expect(year).toMatchObject({ label: "2026-27", section: "393(3)", tan: "DELA12345B", pan: { pan: "••••••234F", name: "Asha Rao" }, totals: { gross: 1333, tax: 400, net: 933 } });
  expect(year.lines.map((l: { title: string; gross: number; tax: number; tax_rate_bp: number }) => [l.title, l.gross, l.tax, l.tax_rate_bp])).toEqual([
    [first.contest.title, 1000, 300, 3000],
    [second.contest.title, 333, 100, 3000],
  ]);
  expect(JSON.stringify(year)).not.toContain("ABCPE1234F");
  // Without a year: the one the clock is in.
  expect((await page("")).data.statement).toMatchObject({ label: "2027-28", totals: { gross: 1000, tax: 300 } });
  // Only one's own prizes, and no PAN yet says so.
  expect((await page("?year=2026", other.cookie)).data.statement).toMatchObject({ pan: null, totals: { gross: 1333, tax: 400 } });
  for (const bad of ["?year=2028", "?year=2022", "?year=26", "?year=2026-27", "?year=%00", `?year=${"9".repeat(5000)}`]) expect((await page(bad)).status, bad).toBe(404);

  const csv = await call(csvRoute.loader as never, getRequest("/account/tax-statement.csv?year=2026", me.cookie), { clock });
  expect(csv.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
  expect(csv.headers.get("Content-Disposition")).toBe('attachment; filename="studyarena-tax-statement-2026-27.csv"');
  const lines = (csv.data as string).replace(/^\uFEFF/, "").trim().split("\r\n");
  expect(lines.slice(0, 3)).toEqual(['"Financial year","2026-27"', '"Our TAN","DELA12345B"', '"Your PAN","••••••234F (Asha Rao)"']);
  expect(lines[5]).toBe(`"2026-11-15","${first.contest.title}","1000","30%","300","700","Not paid yet"`);
  expect(lines[6]).toBe(`"2027-03-31","${second.contest.title}","333","30%","100","233","Not paid yet"`);
  expect(lines.at(-1)).toBe('"Total","","1333","","400","933",""');
  expect((await call(csvRoute.loader as never, getRequest("/account/tax-statement.csv?year=x", me.cookie), { clock })).status).toBe(404);
  // A guest is sent to log in.
  expect((await call(statementRoute.loader as never, getRequest("/account/tax-statement"), { clock })).status).toBe(302);
});

test("erasure keeps the PAN whole as a tax record; the person's download shows it masked", async () => {
  const me = await owner();
  await savePan(db, me.userId, { pan: "AKXPR7788Q", panName: "Asha Rao" });
  const download = JSON.stringify(await exportPersonalData(db, me.userId, new Date()));
  expect(download).toContain("••••••788Q");
  expect(download).not.toContain("AKXPR7788Q");
  expect(await eraseAccountNow(db, me.userId, new Date())).toEqual({ ok: true });
  expect(rowsOf(await db.execute(sql`SELECT pan, pan_name FROM tax_pans WHERE user_id = ${me.userId}`))).toEqual([{ pan: "AKXPR7788Q", pan_name: "Asha Rao" }]);
});
