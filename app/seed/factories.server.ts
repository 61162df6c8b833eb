// Building blocks for demo data and for tests: the seed and the test suites create
// rows the same way, through these.
import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import {
  blog_categories,
  blog_posts,
  contests,
  marketplace_products,
  order_items,
  orders,
  product_categories,
  profiles,
  questions,
  user_answers,
  user_contest_entries,
  users,
} from "~/db/schema";
import type { PRODUCT_CONDITIONS } from "~/utils/enums";
import type { ContestKind } from "~/models/contests/catalogue/kinds";
import { normalizeEmail } from "~/utils/email";
import { hashPassword } from "~/models/accounts/passwords/password.server";
import { recordAgreement } from "~/models/accounts/agreements/agreements.server";

export async function createUser(
  db: DbOrTx,
  input: {
    email: string;
    password?: string;
    passwordHash?: string;
    fullName?: string | null;
    phone?: string | null;
    address?: string | null;
    /** false: an account from before the versions were recorded, with no agreement (issue 67, point 7). */
    agreed?: boolean;
  },
) {
  const email = normalizeEmail(input.email);
  const password_hash = input.passwordHash ?? (await hashPassword(input.password ?? "Password@123", "signup"));
  const [user] = await db.insert(users).values({ email, password_hash }).returning({ id: users.id });
  await db.insert(profiles).values({
    id: user!.id,
    email,
    full_name: input.fullName ?? null,
    phone: input.phone ?? null,
    address: input.address ?? null,
  });
  // Signed up as sign-up does: agreeing to the current terms and privacy policy (an account from before versions: agreedVersions none).
  if (input.agreed !== false) await recordAgreement(db, { userId: user!.id, now: new Date(), via: "signup" });
  return user!.id;
}

export async function createContest(
  db: DbOrTx,
  input: {
    title: string;
    subject: string;
    description?: string;
    entry_fee?: number;
    duration_minutes?: number;
    start_time: Date;
    end_time: Date;
    is_active?: boolean;
    /** The on-device face check during the test (on by default, as for a contest made in SQL). */
    face_detection?: boolean;
    prize_pool?: Record<string, unknown>;
    questions?: Array<[question: string, options: string[], answer: string]>;
    /** Each entry's own question and option order (the database's default: on). */
    shuffle?: boolean;
    /**
     * Hours the provisional key may be challenged after the close. Made contests have
     * none unless they ask (the database's default is 24): a test about results wants
     * them final at the end; one about challenges sets its window.
     */
    challenge_window_hours?: number;
    /** What one challenge costs (0: free, the database's default). */
    challenge_fee?: number;
    /**
     * How it is funded. Unset, the kind its fee and prizes allow: no fee, free (prizes
     * by StudyArena); a fee and no prize, practice; a fee and prizes, paid-prize.
     */
    kind?: ContestKind;
    sponsor?: string | null;
  },
) {
  const fee = input.entry_fee ?? 0;
  const pool = input.prize_pool ?? {};
  const hasPrizes = Object.keys(pool).length > 0;
  const kind = input.kind ?? (fee === 0 ? "free" : hasPrizes ? "paid_prize" : "practice");
  const [contest] = await db
    .insert(contests)
    .values({
      title: input.title,
      subject: input.subject,
      description: input.description ?? "",
      entry_fee: fee,
      kind,
      sponsor: input.sponsor !== undefined ? input.sponsor : kind === "free" && hasPrizes ? "StudyArena" : null,
      duration_minutes: input.duration_minutes ?? 30,
      start_time: input.start_time,
      end_time: input.end_time,
      is_active: input.is_active ?? true,
      face_detection: input.face_detection ?? true,
      prize_pool: pool,
      shuffle: input.shuffle,
      challenge_window_hours: input.challenge_window_hours ?? 0,
      challenge_fee: input.challenge_fee ?? 0,
    })
    .returning({ id: contests.id });
  const rows = (input.questions ?? []).map(([question_text, options, correct_answer], position) => ({
    contest_id: contest!.id,
    position,
    question_text,
    options,
    correct_answer,
  }));
  const inserted = rows.length
    ? await db.insert(questions).values(rows).returning({ id: questions.id, correct_answer: questions.correct_answer, options: questions.options })
    : [];
  return { id: contest!.id, questions: inserted };
}

export async function createEntry(db: DbOrTx, input: { userId: string; contestId: string }) {
  const [entry] = await db
    .insert(user_contest_entries)
    .values({ user_id: input.userId, contest_id: input.contestId })
    .returning({ id: user_contest_entries.id });
  return entry!.id;
}

/** Records a finished test: the chosen answers (an option's text; null = unanswered) and the submission time. */
export async function submitEntry(
  db: DbOrTx,
  input: {
    userId: string;
    contestId: string;
    answers: Array<{ questionId: string; selected: string | null }>;
    submittedAt: Date;
  },
) {
  if (input.answers.length) {
    await db.insert(user_answers).values(
      input.answers.map((a) => ({
        user_id: input.userId,
        contest_id: input.contestId,
        question_id: a.questionId,
        selected_answer: a.selected,
        // The option's number, what scoring reads (a text not among the options is no response).
        selected_options: sql`(SELECT CASE WHEN ${a.selected}::text = ANY(q.options) THEN ARRAY[array_position(q.options, ${a.selected}::text)]::smallint[] END FROM ${questions} q WHERE q.id = ${a.questionId})`,
        answered_at: input.submittedAt,
      })),
    );
  }
  await db
    .update(user_contest_entries)
    .set({ status: true, started_at: input.submittedAt, has_submitted: true, submitted_at: input.submittedAt, submit_reason: "manual" })
    .where(sql`${user_contest_entries.user_id} = ${input.userId} AND ${user_contest_entries.contest_id} = ${input.contestId}`);
}

/** Moves a contest and its entries `hours` into the past, their times relative to each other kept (a paper that has closed, for tests). */
export async function moveContestIntoPast(db: DbOrTx, contestId: string, hours = 4) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`UPDATE contests SET start_time = start_time - make_interval(hours => ${hours}), end_time = end_time - make_interval(hours => ${hours}) WHERE id = ${contestId}`);
    await tx.execute(sql`
      UPDATE user_contest_entries SET submitted_at = submitted_at - make_interval(hours => ${hours}), started_at = started_at - make_interval(hours => ${hours})
       WHERE contest_id = ${contestId}`);
  });
}

export async function findUserIdByEmail(db: DbOrTx, email: string) {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, normalizeEmail(email)));
  return row?.id;
}

/** The id of a product category, created if it does not exist yet. */
export async function productCategory(db: DbOrTx, name: string) {
  await db.insert(product_categories).values({ name }).onConflictDoNothing();
  const [row] = await db.select({ id: product_categories.id }).from(product_categories).where(eq(product_categories.name, name));
  return row!.id;
}

export async function createProduct(
  db: DbOrTx,
  input: {
    sellerId: string;
    title: string;
    price: number;
    category: string;
    author?: string;
    publisher?: string;
    description?: string;
    condition?: (typeof PRODUCT_CONDITIONS)[number];
    stock?: number;
    isActive?: boolean;
    createdAt?: Date;
  },
) {
  const [row] = await db
    .insert(marketplace_products)
    .values({
      seller_id: input.sellerId,
      title: input.title,
      price: input.price,
      category_id: await productCategory(db, input.category),
      author: input.author ?? null,
      publisher: input.publisher ?? null,
      description: input.description ?? `${input.title}, used.`,
      condition: input.condition ?? "Good",
      stock: input.stock ?? 1,
      is_active: input.isActive ?? true,
      ...(input.createdAt ? { created_at: input.createdAt } : {}),
    })
    .returning({ id: marketplace_products.id });
  return row!.id;
}

/**
 * A copy of a listing bought (cash on delivery, or by UPI) and delivered `daysAgo` days
 * ago: the order line a review or a seller's earnings needs. Its stock is left as it is
 * (the copy sold was another).
 */
export async function createDeliveredLine(db: DbOrTx, input: { buyerId: string; productId: string; daysAgo?: number; method?: "cod" | "upi" }) {
  const DAY = 24 * 60 * 60_000;
  const [product] = await db.select().from(marketplace_products).where(eq(marketplace_products.id, input.productId));
  const [buyer] = await db.select({ name: profiles.full_name, email: users.email }).from(users).leftJoin(profiles, eq(profiles.id, users.id)).where(eq(users.id, input.buyerId));
  const placed = new Date(Date.now() - ((input.daysAgo ?? 10) + 6) * DAY);
  const name = buyer!.name ?? "A buyer";
  const [order] = await db
    .insert(orders)
    .values({
      buyer_id: input.buyerId,
      idempotency_key: crypto.randomUUID(),
      status: "completed",
      subtotal: product!.price,
      shipping: 50,
      total_amount: product!.price + 50,
      buyer_name: name,
      buyer_email: buyer!.email,
      payment_method: input.method ?? "cod",
      // Delivered: its buyer confirmed it, when it was cash on delivery.
      cod_confirmed_at: (input.method ?? "cod") === "cod" ? placed : null,
      shipping_address: { name, street: "5 Park Street", city: "Kolkata", state: "West Bengal", postal_code: "700016", country: "India", phone: "9830012345" },
      completed_at: placed,
      created_at: placed,
    })
    .returning({ id: orders.id });
  const [line] = await db
    .insert(order_items)
    .values({
      order_id: order!.id,
      product_id: product!.id,
      seller_id: product!.seller_id,
      title_at_purchase: product!.title,
      author_at_purchase: product!.author,
      price_at_purchase: product!.price,
      quantity: 1,
      shipped_at: new Date(placed.getTime() + 2 * DAY),
      delivered_at: new Date(placed.getTime() + 6 * DAY),
    })
    .returning({ id: order_items.id });
  return { orderId: order!.id, itemId: line!.id, sellerId: product!.seller_id };
}

export async function blogCategory(db: DbOrTx, name: string) {
  await db.insert(blog_categories).values({ name }).onConflictDoNothing();
  const [row] = await db.select({ id: blog_categories.id }).from(blog_categories).where(eq(blog_categories.name, name));
  return row!.id;
}

export async function createPost(
  db: DbOrTx,
  input: { slug: string; title: string; category: string; excerpt?: string; content?: string; featured?: boolean; publishedAt?: Date; readTimeMinutes?: number },
) {
  const [row] = await db
    .insert(blog_posts)
    .values({
      slug: input.slug,
      title: input.title,
      excerpt: input.excerpt ?? `${input.title}: a short read.`,
      content: input.content ?? `<p>${input.title}.</p>`,
      category_id: await blogCategory(db, input.category),
      featured: input.featured ?? false,
      read_time_minutes: input.readTimeMinutes ?? 4,
      // Published by the app's clock, in whole milliseconds: the database's now() has
      // microseconds, so a page that asks at once, in the same millisecond, with its own
      // `now` (milliseconds) would not find the post yet (seen once in CI on PostgreSQL).
      published_at: input.publishedAt ?? new Date(),
    })
    .returning({ id: blog_posts.id });
  return row!.id;
}
