// The database itself refuses impossible states, whether an app bug or an admin's SQL
// tries to store them (issue "A sound base", point 1).
import { eq, sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { db, pgConstraint, pgErrorCode, rowsOf } from "~/db/client.server";
import { createContest, createEntry, createUser } from "~/seed/factories.server";
import {
  marketplace_products,
  order_items,
  orders,
  payments,
  product_categories,
  questions,
  user_answers,
  user_contest_entries,
  users,
} from "~/db/schema";
import {
  CONTACT_SUBJECTS,
  EMAIL_STATUSES,
  ORDER_STATUSES,
  PAYMENT_GATEWAYS,
  PAYMENT_METHODS,
  PAYMENT_PURPOSES,
  PAYMENT_STATUSES,
  PROCTORING_EVENT_KINDS,
  PRODUCT_CONDITIONS,
} from "~/utils/enums";

const start = new Date("2026-12-01T10:00:00Z");
const end = new Date("2026-12-01T11:00:00Z");
let n = 0;
const email = () => `integrity${++n}@example.in`;

async function refused(run: () => Promise<unknown>) {
  try {
    await run();
  } catch (error) {
    return { code: pgErrorCode(error), constraint: pgConstraint(error) };
  }
  throw new Error("expected the database to refuse this");
}

/** ON DELETE RESTRICT: restrict_violation (23001), or foreign_key_violation (23503) where PostgreSQL checks it later. */
function expectKept(result: { code?: string; constraint?: string }, constraint?: string) {
  expect(["23001", "23503"]).toContain(result.code);
  if (constraint) expect(result.constraint).toBe(constraint);
}

async function contestWithQuestion(title = "Integrity Cup") {
  return createContest(db, { title, subject: "Maths", start_time: start, end_time: end, questions: [["2+2?", ["3", "4"], "4"]] });
}

const shipping = { name: "A", street: "1 Road", city: "Pune", state: "MH", postal_code: "411001", country: "India", phone: "9999999999" };

describe("answers, entries and questions", () => {
  test("an answer must belong to an entry of its user and to a question of the same contest", async () => {
    const userId = await createUser(db, { email: email(), passwordHash: "x" });
    const a = await contestWithQuestion("A");
    const b = await contestWithQuestion("B");
    // No entry in contest A yet.
    expect(
      await refused(() => db.insert(user_answers).values({ user_id: userId, contest_id: a.id, question_id: a.questions[0]!.id, selected_answer: "4" })),
    ).toEqual({ code: "23503", constraint: "user_answers_entry_fk" });
    await createEntry(db, { userId, contestId: a.id });
    // A question of contest B, filed under contest A.
    expect(
      await refused(() => db.insert(user_answers).values({ user_id: userId, contest_id: a.id, question_id: b.questions[0]!.id, selected_answer: "4" })),
    ).toEqual({ code: "23503", constraint: "user_answers_question_fk" });
    await db.insert(user_answers).values({ user_id: userId, contest_id: a.id, question_id: a.questions[0]!.id, selected_answer: "4" });
  });

  test("an entry's flags agree with its timestamps", async () => {
    const userId = await createUser(db, { email: email(), passwordHash: "x" });
    const c = await contestWithQuestion();
    const base = { user_id: userId, contest_id: c.id };
    for (const [values, constraint] of [
      [{ has_submitted: true }, "user_contest_entries_submitted_when"],
      [{ submitted_at: end }, "user_contest_entries_submitted_when"],
      [{ status: true }, "user_contest_entries_started_when"],
      [{ started_at: start }, "user_contest_entries_started_when"],
    ] as const) {
      expect(await refused(() => db.insert(user_contest_entries).values({ ...base, ...values }))).toEqual({ code: "23514", constraint });
    }
    await db.insert(user_contest_entries).values({ ...base, status: true, started_at: start, has_submitted: true, submitted_at: end });
  });

  test("a submission's reason is one of the codes, only on a submitted entry; only a reason carries errors", async () => {
    const userId = await createUser(db, { email: email(), passwordHash: "x" });
    const c = await contestWithQuestion();
    const submitted = { user_id: userId, contest_id: c.id, status: true, started_at: start, has_submitted: true, submitted_at: end };
    for (const values of [
      { ...submitted, submit_reason: "Manual submission" },
      { ...submitted, submitted_with_errors: true },
      { user_id: userId, contest_id: c.id, submit_reason: "manual" },
    ]) {
      expect(await refused(() => db.insert(user_contest_entries).values(values))).toEqual({ code: "23514", constraint: "user_contest_entries_submit_reason" });
    }
    await db.insert(user_contest_entries).values({ ...submitted, submit_reason: "time_up", submitted_with_errors: true });
  });

  test("one question per place in a contest", async () => {
    const c = await contestWithQuestion();
    expect(
      await refused(() => db.insert(questions).values({ contest_id: c.id, position: 0, question_text: "Again?", options: ["a", "b"], correct_answer: "a" })),
    ).toEqual({ code: "23505", constraint: "questions_contest_position_key" });
  });
});

describe("payments and orders", () => {
  async function payment(userId: string, contestId: string, status: "created" | "paid" | "failed" = "paid") {
    const [row] = await db
      .insert(payments)
      .values({ user_id: userId, purpose: "contest", contest_id: contestId, amount: 49, gateway: "test", razorpay_order_id: `order_${++n}`, status })
      .returning({ id: payments.id });
    return row!.id;
  }

  test("a verified payment creates at most one entry", async () => {
    const [u1, u2] = [await createUser(db, { email: email(), passwordHash: "x" }), await createUser(db, { email: email(), passwordHash: "x" })];
    const c = await contestWithQuestion();
    const paid = await payment(u1, c.id);
    await db.insert(user_contest_entries).values({ user_id: u1, contest_id: c.id, payment_id: paid });
    expect(await refused(() => db.insert(user_contest_entries).values({ user_id: u2, contest_id: c.id, payment_id: paid }))).toEqual({
      code: "23505",
      constraint: "user_contest_entries_payment_key",
    });
  });

  test("at most one open payment per student and contest", async () => {
    const userId = await createUser(db, { email: email(), passwordHash: "x" });
    const c = await contestWithQuestion();
    await payment(userId, c.id, "failed");
    await payment(userId, c.id, "created");
    expect(await refused(() => payment(userId, c.id, "created"))).toEqual({ code: "23505", constraint: "payments_one_open_per_contest" });
    await payment(userId, c.id, "paid");
  });

  test("an order's idempotency key places one order per buyer", async () => {
    const buyer = await createUser(db, { email: email(), passwordHash: "x" });
    const order = { buyer_id: buyer, idempotency_key: "checkout-1", subtotal: 100, shipping: 50, total_amount: 150, buyer_name: "A", buyer_email: "a@example.in", payment_method: "cod" as const, shipping_address: shipping };
    await db.insert(orders).values(order);
    expect(await refused(() => db.insert(orders).values(order))).toEqual({ code: "23505", constraint: "orders_buyer_idempotency_key" });
    const other = await createUser(db, { email: email(), passwordHash: "x" });
    await db.insert(orders).values({ ...order, buyer_id: other });
  });

  test("deleting a user never deletes money records; a user without them goes with their entries", async () => {
    const payer = await createUser(db, { email: email(), passwordHash: "x" });
    const buyer = await createUser(db, { email: email(), passwordHash: "x" });
    const plain = await createUser(db, { email: email(), passwordHash: "x" });
    const c = await contestWithQuestion();
    await payment(payer, c.id);
    await db.insert(orders).values({ buyer_id: buyer, idempotency_key: "k", subtotal: 0, shipping: 50, total_amount: 50, buyer_name: "B", buyer_email: "b@example.in", payment_method: "cod", shipping_address: shipping });
    expectKept(await refused(() => db.delete(users).where(eq(users.id, payer))), "payments_user_id_users_id_fk");
    expectKept(await refused(() => db.delete(users).where(eq(users.id, buyer))), "orders_buyer_id_users_id_fk");
    // A contest with payments is kept too.
    expectKept(await refused(() => db.execute(sql`DELETE FROM contests WHERE id = ${c.id}`)));

    await createEntry(db, { userId: plain, contestId: c.id });
    await db.insert(user_answers).values({ user_id: plain, contest_id: c.id, question_id: c.questions[0]!.id, selected_answer: "3" });
    await db.delete(users).where(eq(users.id, plain));
    expect(await db.$count(user_contest_entries, eq(user_contest_entries.user_id, plain))).toBe(0);
    expect(await db.$count(user_answers, eq(user_answers.user_id, plain))).toBe(0);
  });

  test("a seller with sales can leave; the order keeps what was bought, at the price paid", async () => {
    const seller = await createUser(db, { email: email(), passwordHash: "x" });
    const buyer = await createUser(db, { email: email(), passwordHash: "x" });
    const [category] = await db.insert(product_categories).values({ name: `Cat ${++n}` }).returning();
    const [product] = await db
      .insert(marketplace_products)
      .values({ seller_id: seller, title: "HC Verma Vol 1", description: "Used", price: 300, category_id: category!.id })
      .returning();
    const [order] = await db
      .insert(orders)
      .values({ buyer_id: buyer, idempotency_key: "k1", subtotal: 300, shipping: 50, total_amount: 350, buyer_name: "B", buyer_email: "b@example.in", payment_method: "cod", shipping_address: shipping })
      .returning();
    await db.insert(order_items).values({ order_id: order!.id, product_id: product!.id, seller_id: seller, title_at_purchase: product!.title, price_at_purchase: 300, quantity: 1 });
    await db.update(marketplace_products).set({ price: 999, title: "Renamed" }).where(eq(marketplace_products.id, product!.id));

    await db.delete(users).where(eq(users.id, seller));
    const [item] = await db.select().from(order_items).where(eq(order_items.order_id, order!.id));
    expect(item).toMatchObject({ product_id: null, title_at_purchase: "HC Verma Vol 1", price_at_purchase: 300 });
  });
});

describe("the schema's own bookkeeping", () => {
  test("every CHECK list is built from the TypeScript constant of the same values", async () => {
    const lists: Array<[string, readonly string[]]> = [
      ["payments_status", PAYMENT_STATUSES],
      ["payments_purpose", PAYMENT_PURPOSES],
      ["payments_gateway", PAYMENT_GATEWAYS],
      ["orders_status", ORDER_STATUSES],
      ["orders_payment_method", PAYMENT_METHODS],
      ["proctoring_events_kind", PROCTORING_EVENT_KINDS],
      ["marketplace_products_condition", PRODUCT_CONDITIONS],
      ["contact_requests_subject", CONTACT_SUBJECTS],
      ["email_outbox_status", EMAIL_STATUSES],
    ];
    for (const [name, values] of lists) {
      const [row] = rowsOf<{ def: string }>(await db.execute(sql`SELECT pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE conname = ${name}`));
      const listed = [...(row?.def ?? "").matchAll(/'([^']*)'/g)].map((m) => m[1]);
      expect(listed, name).toEqual([...values]);
    }
  });

  test("updated_at follows every update, from the app or from plain SQL", async () => {
    const userId = await createUser(db, { email: email(), passwordHash: "x" });
    const c = await contestWithQuestion();
    const old = new Date("2020-01-01T00:00:00Z");
    const [p] = await db
      .insert(payments)
      .values({ user_id: userId, purpose: "contest", contest_id: c.id, amount: 10, gateway: "test", razorpay_order_id: `order_${++n}`, updated_at: old })
      .returning();
    await db.execute(sql`UPDATE payments SET status = 'failed' WHERE id = ${p!.id}`);
    const [after] = await db.select({ updated_at: payments.updated_at }).from(payments).where(eq(payments.id, p!.id));
    expect(after!.updated_at.getTime()).toBeGreaterThan(old.getTime() + 24 * 3600_000);
  });

  test("orders carry one status: payment_status is gone", async () => {
    const cols = rowsOf<{ column_name: string }>(
      await db.execute(sql`SELECT column_name FROM information_schema.columns WHERE table_name = 'orders'`),
    ).map((r) => r.column_name);
    expect(cols).toContain("status");
    expect(cols).not.toContain("payment_status");
  });
});
