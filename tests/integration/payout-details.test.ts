// Issue 31, points 4 and 6: a winner keeps where prizes are paid in /account (a UPI ID, or
// a bank account with its IFSC), formats checked with a message in the form and the
// input kept (account numbers excepted), nothing written on a mistake, shown masked;
// the database refuses malformed details written by hand.
import { eq, sql } from "drizzle-orm";
import { expect, test } from "vitest";
import { db, pgConstraint } from "~/db/client.server";
import { email_outbox, payout_details } from "~/db/schema";
import { maskPayout, PAYOUT_MESSAGES } from "~/models/payments/payout-details";
import * as accountRoute from "~/routes/account";
import { call, formRequest, getRequest } from "../support/remix";
import { english } from "../support/words";
import { signedInStudent } from "../support/scenarios";

const PASSWORD = "Correct-Horse-42";
/** The payout form as the owner sends it: with their password, unless the test says otherwise. */
const post = (cookie: string, fields: Record<string, string>) => call(accountRoute.action as never, formRequest("/account", { intent: "payout", currentPassword: PASSWORD, ...fields }, cookie));
const owner = () => signedInStudent({ password: PASSWORD });
const shown = async (cookie: string) => (await call(accountRoute.loader as never, getRequest("/account", cookie))).data.payout;

test("malformed UPI IDs, IFSCs and account numbers get their message in the form, the rest kept, nothing written", async () => {
  const me = await owner();
  const upi = await post(me.cookie, { method: "upi", upiId: "asha at okaxis" });
  expect(upi.status).toBe(400);
  expect(upi.data.payout.error).toEqual({ upiId: [english(PAYOUT_MESSAGES.upiInvalid)] });
  expect(upi.data.payout.initialValue).toMatchObject({ method: "upi", upiId: "asha at okaxis" });

  const bank = await post(me.cookie, { method: "bank", holder: "Asha Rao", accountNumber: "12345678901", confirmAccountNumber: "12345678900", ifsc: "SBIN1001234" });
  expect(bank.data.payout.error).toEqual({ confirmAccountNumber: [english(PAYOUT_MESSAGES.accountMismatch)], ifsc: [english(PAYOUT_MESSAGES.ifscInvalid)] });
  // The holder and IFSC come back to be corrected; the account numbers are typed again.
  expect(bank.data.payout.initialValue).toMatchObject({ holder: "Asha Rao", ifsc: "SBIN1001234" });
  expect(bank.data.payout.initialValue.accountNumber).toBeUndefined();
  const short = await post(me.cookie, { method: "bank", holder: "A", accountNumber: "1234", confirmAccountNumber: "1234", ifsc: "SBIN0001234" });
  expect(short.data.payout.error).toEqual({ holder: [english(PAYOUT_MESSAGES.holderRequired)], accountNumber: [english(PAYOUT_MESSAGES.accountInvalid)] });
  expect((await post(me.cookie, { method: "cheque" })).data.payout.error).toEqual({ method: [english(PAYOUT_MESSAGES.methodRequired)] });
  expect((await post(me.cookie, { method: "upi", upiId: `${"a".repeat(400)}@okaxis` })).status).toBe(400);
  expect(await db.$count(payout_details, eq(payout_details.user_id, me.userId))).toBe(0);
  expect(await shown(me.cookie)).toBeNull();
});

test("details are kept for the signed-in user only, replaced by the next ones, and shown masked", async () => {
  const me = await owner();
  const other = await owner();
  const saved = await post(me.cookie, { method: "upi", upiId: "asha.rao@okaxis" });
  expect(saved.status).toBe(302);
  expect(await shown(me.cookie)).toMatchObject({ method: "upi", label: "UPI as••••••@okaxis" });
  expect(await shown(other.cookie)).toBeNull();

  await post(me.cookie, { method: "bank", holder: " Asha Rao ", accountNumber: "1234 5678 9012", confirmAccountNumber: "123456789012", ifsc: "hdfc0001234" });
  const [row] = await db.select().from(payout_details).where(eq(payout_details.user_id, me.userId));
  expect(row).toMatchObject({ method: "bank", upi_id: null, account_holder: "Asha Rao", account_number: "123456789012", ifsc: "HDFC0001234" });
  expect(await shown(me.cookie)).toMatchObject({ method: "bank", label: "Bank account ••••9012 (HDFC0001234), Asha Rao" });
  // The page never carries the whole number.
  expect(JSON.stringify((await call(accountRoute.loader as never, getRequest("/account", me.cookie))).data)).not.toContain("123456789012");
});

test("a post that names someone else's account writes only the signed-in user's details: a prize cannot be sent elsewhere", async () => {
  const me = await owner();
  const winner = await owner();
  await post(winner.cookie, { method: "upi", upiId: "real.winner@okaxis" });
  const res = await post(me.cookie, { method: "upi", upiId: "thief@okaxis", userId: winner.userId, user_id: winner.userId });
  expect(res.status).toBe(302);
  const rows = Object.fromEntries((await db.select().from(payout_details)).filter((r) => [me.userId, winner.userId].includes(r.user_id)).map((r) => [r.user_id, r.upi_id]));
  expect(rows).toEqual({ [me.userId]: "thief@okaxis", [winner.userId]: "real.winner@okaxis" });
});

test("the database refuses malformed details written by hand", async () => {
  const me = await owner();
  const bad = [
    sql`INSERT INTO payout_details (user_id, method, upi_id) VALUES (${me.userId}, 'upi', 'no-at-sign')`,
    sql`INSERT INTO payout_details (user_id, method, account_holder, account_number, ifsc) VALUES (${me.userId}, 'bank', 'Asha', '12ab', 'SBIN0001234')`,
    sql`INSERT INTO payout_details (user_id, method, account_holder, account_number, ifsc) VALUES (${me.userId}, 'bank', 'Asha', '123456789', 'SBIN1001234')`,
    sql`INSERT INTO payout_details (user_id, method, upi_id, account_number) VALUES (${me.userId}, 'upi', 'a@okaxis', '123456789')`,
  ];
  for (const statement of bad) expect(pgConstraint(await db.execute(statement).catch((e: unknown) => e))).toBe("payout_details_complete");
});

test("masks: a short UPI handle still hides something; a bank account shows its last four digits", () => {
  expect(maskPayout({ method: "upi", upi_id: "ab@ybl", account_number: null, ifsc: null, account_holder: null }).label).toBe("UPI ab•••@ybl");
  expect(maskPayout({ method: "bank", upi_id: null, account_number: "000111222333", ifsc: "SBIN0001234", account_holder: "Ravi" }).label).toBe("Bank account ••••2333 (SBIN0001234), Ravi");
});

test("a session alone cannot move money: without the password, or with a wrong one, nothing is written; every change mails the owner and holds payouts to the new details", async () => {
  const me = await signedInStudent({ password: PASSWORD, fullName: "Asha Rao" });
  const missing = await post(me.cookie, { method: "upi", upiId: "thief@okaxis", currentPassword: "" });
  expect(missing.status).toBe(400);
  expect(missing.data.payout.error).toEqual({ currentPassword: [english(PAYOUT_MESSAGES.passwordRequired)] });
  const wrong = await post(me.cookie, { method: "upi", upiId: "thief@okaxis", currentPassword: "not-my-password" });
  expect(wrong.status).toBe(400);
  expect(wrong.data.payout.error).toEqual({ currentPassword: ["Your current password is not right"] });
  // The typed UPI ID comes back; the password never does.
  expect(wrong.data.payout.initialValue).toMatchObject({ upiId: "thief@okaxis" });
  expect(wrong.data.payout.initialValue.currentPassword).toBeUndefined();
  expect(await db.$count(payout_details, eq(payout_details.user_id, me.userId))).toBe(0);
  expect(await db.$count(email_outbox, eq(email_outbox.to_address, me.email))).toBe(0);

  const before = Date.now();
  expect((await post(me.cookie, { method: "upi", upiId: "asha.rao@okaxis" })).status).toBe(302);
  const [row] = await db.select().from(payout_details).where(eq(payout_details.user_id, me.userId));
  // Held for the default 24 hours from the change.
  expect(row!.hold_until!.getTime() - before).toBeGreaterThanOrEqual(24 * 3_600_000 - 1000);
  expect(row!.hold_until!.getTime() - before).toBeLessThan(24 * 3_600_000 + 60_000);
  expect((await shown(me.cookie)).heldUntil).toBe(row!.hold_until!.toISOString());
  await post(me.cookie, { method: "bank", holder: "Asha Rao", accountNumber: "123456789012", confirmAccountNumber: "123456789012", ifsc: "SBIN0001234" });
  const mails = await db.select().from(email_outbox).where(eq(email_outbox.to_address, me.email));
  expect(mails.map((m) => m.subject)).toEqual(["Your payout details were changed", "Your payout details were changed"]);
  expect(mails[0]!.text).toContain("UPI as••••••@okaxis");
  expect(mails[1]!.text).toContain("Bank account ••••9012 (SBIN0001234), Asha Rao");
  expect(mails[1]!.text).toContain("Nothing is paid to the new details before");
  expect(mails[1]!.text).toContain("If you did not make this change, change your password now");
  // Never the whole account number in a mail.
  expect(mails[1]!.text + mails[1]!.html).not.toContain("123456789012");
});

test("the owner's mail is in their language", async () => {
  const me = await owner();
  await db.execute(sql`UPDATE users SET locale = 'hi' WHERE id = ${me.userId}`);
  await post(me.cookie, { method: "upi", upiId: "hindi.reader@oksbi" });
  const [mail] = await db.select().from(email_outbox).where(eq(email_outbox.to_address, me.email));
  expect(mail!.subject).toBe("आपकी पेआउट जानकारी बदली गई");
  expect(mail!.html).toContain('lang="hi-IN"');
});
