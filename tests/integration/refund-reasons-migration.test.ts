// Issue 45, point 1: refunds owed before reasons became codes keep what they said. A
// database is built to the migration before drizzle/0023_refund_reason_codes.sql with a
// refund of each sentence shape the old code wrote (and one of no known shape), migrated
// to today, and each row's code and values are what today's models would write.
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { expect, test } from "vitest";
import { migrateBefore, migrateFrom } from "../support/migrations";
import { REFUND_REASONS } from "~/models/refund-reasons";


test("each sentence the old code wrote becomes the code and values today's code writes; another is kept as its text", async () => {
  const client = await PGlite.create({ extensions: { pg_trgm } });
  await migrateBefore(client, "0023");
  const order = "3f9a2c10-1111-4222-8333-944455556666";
  const old: Array<[string, unknown]> = [
    [`"Physics "Cup" 2026" after the contest had started`, REFUND_REASONS.contestLate(`Physics "Cup" 2026`)],
    [`"Physics Cup" while already enrolled (a second payment)`, REFUND_REASONS.contestTwice("Physics Cup")],
    [`marketplace order ${order}, which was already paid`, REFUND_REASONS.orderTwice(order)],
    [`marketplace order ${order}, after its hold had ended and a book in it had sold`, REFUND_REASONS.orderLate(order)],
    [`HC Verma (Vol. 1) (marketplace order ${order}), cancelled by the seller`, REFUND_REASONS.line("HC Verma (Vol. 1)", order, "seller")],
    [`Notes (marketplace order ${order}), not shipped in time`, REFUND_REASONS.line("Notes", order, "system")],
    [`Notes (marketplace order ${order}), returned`, REFUND_REASONS.line("Notes", order, "returned")],
    [`Notes (marketplace order ${order}), cancelled by you`, REFUND_REASONS.line("Notes", order, "buyer")],
    ["a second payment of an order already paid", REFUND_REASONS.paymentTwice],
    ["a second payment of a challenge fee", REFUND_REASONS.challengeTwice],
    ["a challenge fee paid after the challenge window closed", REFUND_REASONS.challengeLate],
    ["the fee of your upheld answer-key challenge", REFUND_REASONS.challengeUpheld],
    ["a late payment (chaos run)", { code: "other", values: { text: "a late payment (chaos run)" } }],
  ];
  await client.exec(`INSERT INTO users (id, email, password_hash) VALUES ('00000000-0000-4000-8000-000000000001', 'a@x.in', 'h')`);
  for (const [i, [reason]] of old.entries()) {
    await client.query(
      `INSERT INTO refunds (user_id, gateway, razorpay_order_id, razorpay_payment_id, owed_for, amount, reason) VALUES ('00000000-0000-4000-8000-000000000001', 'test', 'order_old', $1, $1, 49, $2)`,
      [`pay_old_${i}`, reason],
    );
  }
  await migrateFrom(client, "0023");
  const rows = (await client.query<{ owed_for: string; reason_code: string; reason_values: unknown }>("SELECT owed_for, reason_code, reason_values FROM refunds ORDER BY owed_for")).rows;
  const byIndex = Object.fromEntries(rows.map((r) => [Number(r.owed_for.slice("pay_old_".length)), { code: r.reason_code, values: r.reason_values }]));
  expect(old.map((_, i) => byIndex[i])).toEqual(old.map(([, expected]) => expected));
  // The sentence column is gone.
  expect((await client.query("SELECT 1 FROM information_schema.columns WHERE table_name = 'refunds' AND column_name = 'reason'")).rows).toEqual([]);
  await client.close();
});
