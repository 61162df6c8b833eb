// Every person's data in their own hands (issue 46, point 5; docs/decisions/privacy-personal-data.md):
// everything we hold about a person as one JSON file, and the erasure of their account.
// Erasure keeps the users row with no personal data in it: payments, refunds and payouts
// (the law keeps them) and results (so nobody's rank moves) still point at it.
import { sql, type SQL } from "drizzle-orm";
import { rowsOf, type Db, type DbOrTx } from "~/db/client.server";
import { checkCurrentPassword } from "~/models/accounts/profile.server";

// Each table's rows of the person, whole, less what is a secret of the system rather than
// data about them (the hashes of sessions and passwords are never included).
const rowsOfMine = (table: string, where: SQL, drop: string[] = []) =>
  sql`(SELECT coalesce(jsonb_agg(to_jsonb(t) ${sql.raw(drop.map((c) => `- '${c}'`).join(" "))}), '[]'::jsonb) FROM ${sql.raw(table)} t WHERE ${where})`;

/** Everything we hold about the user, as one JSON document (their download). */
export async function exportPersonalData(db: DbOrTx, userId: string, now: Date) {
  const me = sql`${userId}::uuid`;
  const parts: Record<string, SQL> = {
    account: sql`(SELECT jsonb_build_object('email', u.email, 'language', u.locale, 'created_at', u.created_at) FROM users u WHERE u.id = ${me})`,
    profile: sql`(SELECT to_jsonb(p) - 'id' FROM profiles p WHERE p.id = ${me})`,
    sessions: sql`(SELECT coalesce(jsonb_agg(jsonb_build_object('created_at', s.created_at, 'expires_at', s.expires_at)), '[]'::jsonb) FROM sessions s WHERE s.user_id = ${me})`,
    contest_entries: rowsOfMine("user_contest_entries", sql`t.user_id = ${me}`),
    answers: rowsOfMine("user_answers", sql`t.user_id = ${me}`),
    results: rowsOfMine("contest_results", sql`t.user_id = ${me}`),
    certificates: rowsOfMine("certificates", sql`t.user_id = ${me}`),
    challenges: rowsOfMine("question_challenges", sql`t.user_id = ${me}`),
    // Practice of finished papers and the questions kept for revision (issue 48, point 6).
    practice_attempts: rowsOfMine("practice_attempts", sql`t.user_id = ${me}`),
    practice_answers: rowsOfMine("practice_answers", sql`t.attempt_id IN (SELECT id FROM practice_attempts WHERE user_id = ${me})`),
    revision_bookmarks: rowsOfMine("question_bookmarks", sql`t.user_id = ${me}`),
    // Reviewers' decisions on the person's entries and their appeals; not who the reviewer was.
    review_decisions: rowsOfMine("review_decisions", sql`t.user_id = ${me}`, ["reviewer_id"]),
    appeals: rowsOfMine("review_appeals", sql`t.user_id = ${me}`),
    // Time given back for our outages, and a re-test or refund chosen after one (issue 50, point 5).
    outage_credits: rowsOfMine("outage_credits", sql`t.entry_id IN (SELECT id FROM user_contest_entries WHERE user_id = ${me})`),
    outage_remedies: rowsOfMine("outage_remedies", sql`t.user_id = ${me}`),
    proctoring_events: rowsOfMine("proctoring_events", sql`t.entry_id IN (SELECT id FROM user_contest_entries WHERE user_id = ${me})`),
    orders: rowsOfMine("orders", sql`t.buyer_id = ${me}`, ["idempotency_key"]),
    order_lines: rowsOfMine("order_items", sql`t.order_id IN (SELECT id FROM orders WHERE buyer_id = ${me})`),
    // A line met in person: its hand-over code is the buyer's to give, never the seller's to read (issue 49, point 4).
    sales: rowsOfMine("order_items", sql`t.seller_id = ${me}`, ["handover_code"]),
    listings: rowsOfMine("marketplace_products", sql`t.seller_id = ${me}`),
    reviews: rowsOfMine("product_reviews", sql`t.buyer_id = ${me}`),
    cart: rowsOfMine("user_cart", sql`t.user_id = ${me}`),
    wishlist: rowsOfMine("user_wishlist", sql`t.user_id = ${me}`),
    comments: rowsOfMine("comments", sql`t.user_id = ${me}`),
    likes: rowsOfMine("likes", sql`t.user_id = ${me}`),
    bookmarks: rowsOfMine("bookmarks", sql`t.user_id = ${me}`),
    payments: rowsOfMine("payments", sql`t.user_id = ${me}`),
    refunds: rowsOfMine("refunds", sql`t.user_id = ${me}`),
    // The account number as My Account shows it: its last four digits (a stolen session must not read it whole).
    payout_details: sql`(SELECT to_jsonb(d) - 'user_id' || jsonb_build_object('account_number', '••••' || right(d.account_number, 4)) FROM payout_details d WHERE d.user_id = ${me})`,
    payouts: rowsOfMine("payouts", sql`t.user_id = ${me}`),
    contact_requests: rowsOfMine("contact_requests", sql`t.user_id = ${me}`),
    // A parent's consent for an account under 18 (models/accounts/parental-consent.server.ts), less its link's hash.
    consents: rowsOfMine("parental_consents", sql`t.user_id = ${me}`, ["token_hash", "id", "user_id"]),
  };
  const fields = sql.join(
    Object.entries(parts).map(([name, part]) => sql`${name}::text, ${part}`),
    sql`, `,
  );
  const [row] = rowsOf<{ data: Record<string, unknown> }>(await db.execute(sql`SELECT jsonb_build_object(${fields}) AS data`));
  return { exported_at: now.toISOString(), ...row!.data };
}

export type ErasureResult = { ok: true } | { ok: false; reason: "wrong-password" | "limited" | "prize-waiting" | "open-payout" | "open-order" | "open-refund" };

// What must finish before an account can go: money on its way to or from the person (a
// payout not yet paid: a failed or reversed one waits for new details, so the person is
// still owed it; a refund not yet sent: a failed one waits for support to send it by hand,
// docs/admin-sql.md "Refunds the gateway refused"), and an order line not yet done (not
// delivered, cancelled or come back undelivered, or a return not received).
const OPEN_LINE = `i.cancelled_at IS NULL AND i.refused_at IS NULL AND (i.delivered_at IS NULL OR (i.return_requested_at IS NOT NULL AND i.returned_at IS NULL))`;
// A prize waiting for payout details is said apart (issue 65): its winner may decline it
// instead (models/payments/payouts.server.ts), and a declined prize is owed to nobody.
const open = (me: SQL) => sql`
  SELECT EXISTS (SELECT 1 FROM payouts WHERE user_id = ${me} AND purpose = 'prize' AND status IN ('awaiting_details', 'failed', 'reversed')) AS prize,
         EXISTS (SELECT 1 FROM payouts WHERE user_id = ${me} AND status NOT IN ('paid', 'declined')) AS payout,
         EXISTS (SELECT 1 FROM refunds WHERE user_id = ${me} AND status <> 'sent') AS refund,
         EXISTS (SELECT 1 FROM order_items i JOIN orders o ON o.id = i.order_id
                  WHERE (o.buyer_id = ${me} OR i.seller_id = ${me}) AND o.status <> 'failed' AND ${sql.raw(OPEN_LINE)}) AS "order"`;

/**
 * Erases the signed-in user's account, once they have given their password: personal
 * data goes at once; payment, refund and payout records stay with the name replaced;
 * results stay, nameless, so ranks do not change. Refused while money or an order is open.
 */
export async function eraseAccount(db: Db, input: { userId: string; password: string; now: Date }): Promise<ErasureResult> {
  const checked = await checkCurrentPassword(db, input.userId, input.password, input.now);
  if (checked !== "ok") return { ok: false, reason: checked === "limited" ? "limited" : "wrong-password" };
  return eraseAccountNow(db, input.userId, input.now);
}

/** The erasure itself, for the person once they gave their password, or for a parent who withdrew consent (parental-consent.server.ts). */
export async function eraseAccountNow(db: Db, userId: string, now: Date): Promise<ErasureResult> {
  return db.transaction(async (tx) => {
    const id = sql`${userId}::uuid`;
    // The row is locked first, so no checkout or payout starts for it while it goes.
    await tx.execute(sql`SELECT 1 FROM users WHERE id = ${id} FOR UPDATE`);
    const [pending] = rowsOf<{ prize: boolean; payout: boolean; refund: boolean; order: boolean }>(await tx.execute(open(id)));
    if (pending!.prize) return { ok: false, reason: "prize-waiting" } as const;
    if (pending!.payout) return { ok: false, reason: "open-payout" } as const;
    if (pending!.refund) return { ok: false, reason: "open-refund" } as const;
    if (pending!.order) return { ok: false, reason: "open-order" } as const;

    const placeholder = sql`'erased-' || ${id}::text || '@erased.invalid'`;
    const [who] = rowsOf<{ email: string }>(await tx.execute(sql`SELECT email FROM users WHERE id = ${id}`));
    // What only describes the person, or what they wrote, goes.
    for (const table of ["sessions", "password_reset_tokens", "address_proofs", "payout_details", "user_cart", "user_wishlist", "likes", "bookmarks", "comments", "certificates", "review_appeals", "practice_attempts", "question_bookmarks"]) {
      await tx.execute(sql`DELETE FROM ${sql.raw(table)} WHERE user_id = ${id}`);
    }
    await tx.execute(sql`DELETE FROM proctoring_events WHERE entry_id IN (SELECT id FROM user_contest_entries WHERE user_id = ${id})`);
    await tx.execute(sql`DELETE FROM product_reviews WHERE buyer_id = ${id}`);
    await tx.execute(sql`DELETE FROM contact_requests WHERE user_id = ${id} OR email = ${who!.email}`);
    await tx.execute(sql`DELETE FROM email_outbox WHERE to_address = ${who!.email}`);
    await tx.execute(sql`UPDATE analytics_events SET user_id = NULL WHERE user_id = ${id}`);
    // Answers of contests still open to challenge stay (a re-scoring reads them), nameless.
    await tx.execute(sql`DELETE FROM user_answers a USING contests c WHERE a.user_id = ${id} AND c.id = a.contest_id AND c.finalized_at IS NOT NULL`);
    // Listings leave the store; the lines others bought keep pointing at them.
    await tx.execute(sql`UPDATE marketplace_products SET is_active = false WHERE seller_id = ${id}`);
    // What they wrote on order lines others keep (a buyer's reason for a return, a seller's for
    // cancelling): the line stays, the words go.
    // A return's photo goes too: its trigger (drizzle/0043) queues the image for the image store to forget.
    await tx.execute(sql`UPDATE order_items i SET return_reason = 'Erased', return_photo_url = NULL, return_photo_thumb = NULL FROM orders o WHERE o.id = i.order_id AND o.buyer_id = ${id} AND i.return_reason IS NOT NULL`);
    await tx.execute(sql`UPDATE order_items SET cancel_reason = 'Erased' WHERE seller_id = ${id} AND cancelled_by = 'seller'`);
    await tx.execute(sql`UPDATE order_items SET dispute_words = 'Erased' WHERE seller_id = ${id} AND dispute_words IS NOT NULL`);
    // Records the law keeps, with the name and addresses replaced.
    await tx.execute(sql`
      UPDATE orders SET buyer_name = 'Erased', buyer_email = ${placeholder},
             shipping_address = (SELECT coalesce(jsonb_object_agg(k, 'Erased'), '{}'::jsonb) FROM jsonb_object_keys(shipping_address) k)
       WHERE buyer_id = ${id}`);
    await tx.execute(sql`
      UPDATE payouts SET round_destination = jsonb_set(round_destination, '{holder}', '"Erased"')
       WHERE user_id = ${id} AND round_destination ? 'holder'`);
    // A parent's consent stays as the record that it was given (and withdrawn), without the parent's address.
    await tx.execute(sql`UPDATE parental_consents SET parent_email = ${placeholder} WHERE user_id = ${id}`);
    await tx.execute(sql`UPDATE profiles SET email = ${placeholder}, full_name = NULL, phone = NULL, address = NULL, city = NULL, pincode = NULL, avatar_url = NULL WHERE id = ${id}`);
    // No password can match this hash, and the address is free to sign up with again.
    await tx.execute(sql`UPDATE users SET email = ${placeholder}, password_hash = '!erased', birth_date = NULL, erased_at = ${now.toISOString()}::timestamptz WHERE id = ${id}`);
    return { ok: true } as const;
  });
}
