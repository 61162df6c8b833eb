// Issue 66, point 2: a person's data has one contract per domain (models/person-data.server.ts).
// The catalog says which tables hold a person: every table with a foreign key to users, or to a
// table that does (a row keyed by one: an entry's answers, an order's lines), every table with
// a user_id, and every table with an e-mail address (a mail to them, a question they asked).
// Exactly one contract must claim each, so the next migration that adds a table with a person
// in it cannot leave it out of the download or the erasure. And the tables later issues added
// (linked accounts, held transfers, payment reviews, address proofs) are in both.
import { eq, sql } from "drizzle-orm";
import { expect, test } from "vitest";
import { db, rowsOf } from "~/db/client.server";
import { address_proofs, held_transfers, linked_accounts, payment_reviews, users } from "~/db/schema";
import { eraseAccountNow } from "~/models/accounts/personal-data.server";
import { exportPersonalData, owedMessage, personDataContracts } from "~/models/person-data.server";
import { createUser } from "~/seed/factories.server";
import { english } from "../support/words";

/** The tables of the catalog that hold a person, each with why. */
async function tablesHoldingAPerson() {
  const rows = rowsOf<{ table: string; why: string }>(
    await db.execute(sql`
      WITH RECURSIVE holds(rel, why) AS (
        SELECT 'users'::regclass::oid, 'the person'
        UNION
        SELECT c.conrelid, 'a key to ' || h.rel::regclass::text
          FROM pg_constraint c JOIN holds h ON c.confrelid = h.rel
         WHERE c.contype = 'f' AND c.conrelid <> h.rel
      )
      SELECT rel::regclass::text AS table, why FROM holds
      UNION ALL
      SELECT c.table_name, 'a column ' || c.column_name FROM information_schema.columns c
        JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE'
       WHERE c.table_schema = 'public' AND (c.column_name ~ '(^|_)(email|user_id)$' OR c.column_name = 'to_address')`),
  );
  const found = new Map<string, string>();
  for (const r of rows) if (!found.has(r.table)) found.set(r.table, r.why);
  return found;
}

test("every table that holds a person is claimed by exactly one domain's contract, and no contract claims another", async () => {
  const holding = await tablesHoldingAPerson();
  // The catalog finds what the migrations made (a check that the query itself still sees them).
  for (const t of ["profiles", "user_answers", "email_outbox", "linked_accounts", "held_transfers", "payment_reviews", "address_proofs"]) expect(holding.has(t), t).toBe(true);
  const claims = new Map<string, string[]>();
  for (const contract of personDataContracts()) {
    for (const [table, rule] of Object.entries(contract.tables)) {
      claims.set(table, [...(claims.get(table) ?? []), contract.domain]);
      expect(rule.why.length, `${contract.domain}: ${table}`).toBeGreaterThan(10);
    }
  }
  const unclaimed = [...holding].filter(([t]) => !claims.has(t)).map(([t, why]) => `${t} (${why})`);
  const twice = [...claims].filter(([, by]) => by.length > 1).map(([t, by]) => `${t}: ${by.join(", ")}`);
  const strangers = [...claims.keys()].filter((t) => !holding.has(t));
  expect({ unclaimed, twice, strangers }).toEqual({ unclaimed: [], twice: [], strangers: [] });
  // Each owed reason says its own message.
  for (const o of personDataContracts().flatMap((c) => c.owed)) expect(owedMessage(o.reason)).toBe(o.message);
});

let n = 0;
async function seller() {
  const userId = await createUser(db, { email: `contract-seller${++n}@example.in`, passwordHash: "x", fullName: `Seller ${n}` });
  await db.insert(linked_accounts).values({ user_id: userId, account_id: `acc_Contract${n}` });
  await db.insert(payment_reviews).values({ razorpay_order_id: `order_c${n}`, razorpay_payment_id: `pay_c${n}`, amount: 300, user_id: userId, reason: "second_payment" });
  await db.insert(address_proofs).values({ user_id: userId, token_hash: `hash-${n}-secret`, restart: false, password_hash: `argon-${n}-secret`, full_name: `Seller ${n}`, expires_at: new Date(Date.now() + 86_400_000) });
  const transfer = { reference: `order-line:00000000-0000-0000-0000-00000000000${n}`, recipient_id: userId, gateway: "test" as const, payment_id: `pay_h${n}`, account_id: `acc_Contract${n}`, amount: 150, transfer_id: `trf_c${n}`, last_error: "gateway said no" };
  const [held] = await db.insert(held_transfers).values({ ...transfer, goal: "held", state: "held" }).returning({ id: held_transfers.id });
  return { userId, heldId: held!.id };
}

test("the download holds the person's linked account, held transfers, payment reviews and address proofs, without their secrets", async () => {
  const s = await seller();
  const data = (await exportPersonalData(db, s.userId, new Date())) as Record<string, unknown>;
  expect(data.linked_account).toMatchObject({ account_id: `acc_Contract${n}` });
  expect(data.held_transfers).toEqual([expect.objectContaining({ amount: 150, goal: "held", state: "held", transfer_id: `trf_c${n}` })]);
  expect(data.payment_reviews).toEqual([expect.objectContaining({ razorpay_payment_id: `pay_c${n}`, amount: 300, reason: "second_payment" })]);
  expect(data.address_proofs).toEqual([expect.objectContaining({ full_name: `Seller ${n}`, restart: false })]);
  const text = JSON.stringify(data);
  for (const secret of [`hash-${n}-secret`, `argon-${n}-secret`, "gateway said no"]) expect(text).not.toContain(secret);
});

test("money still held for the person holds their erasure; once released, erasure deletes the linked account and keeps the transfers and reviews", async () => {
  const s = await seller();
  expect(await eraseAccountNow(db, s.userId, new Date())).toEqual({ ok: false, reason: "held-money" });
  expect(english(owedMessage("held-money")!)).toMatch(/still held for you/);
  // Released and not yet arrived: still on its way to them.
  await db.update(held_transfers).set({ goal: "released" }).where(eq(held_transfers.id, s.heldId));
  expect(await eraseAccountNow(db, s.userId, new Date())).toEqual({ ok: false, reason: "held-money" });
  await db.update(held_transfers).set({ state: "released", released_at: new Date() }).where(eq(held_transfers.id, s.heldId));

  expect(await eraseAccountNow(db, s.userId, new Date())).toEqual({ ok: true });
  expect(await db.$count(linked_accounts, eq(linked_accounts.user_id, s.userId))).toBe(0);
  expect(await db.$count(address_proofs, eq(address_proofs.user_id, s.userId))).toBe(0);
  // The law keeps the money's records; they name only the gateway's ids.
  expect(await db.$count(held_transfers, eq(held_transfers.recipient_id, s.userId))).toBe(1);
  expect(await db.$count(payment_reviews, eq(payment_reviews.user_id, s.userId))).toBe(1);
  const [user] = await db.select({ erased_at: users.erased_at }).from(users).where(eq(users.id, s.userId));
  expect(user!.erased_at).not.toBeNull();
});

test("money taken back from the person (a transfer reversed for a buyer's refund) is not theirs and holds nothing", async () => {
  const s = await seller();
  await db.update(held_transfers).set({ goal: "reversed" }).where(eq(held_transfers.id, s.heldId));
  expect(await eraseAccountNow(db, s.userId, new Date())).toEqual({ ok: true });
});
