// Demo data, with every time relative to the moment of seeding: upcoming, running
// and ended contests (the ended ones with results), a stocked store and a blog.
import { sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import {
  BLOG_CATEGORIES,
  DEMO_CONTESTS,
  DEMO_POSTS,
  DEMO_PRODUCTS,
  DEMO_REVIEW_TEXTS,
  DEMO_REVIEWER,
  DEMO_STUDENT,
  DEMO_USERS,
  PRODUCT_CATEGORIES,
  QUESTION_BANKS,
} from "~/seed/demo-content";
import { createContest, createDeliveredLine, createEntry, createUser, submitEntry } from "~/seed/factories.server";
import { generateCover } from "~/seed/covers.server";
import { imageStore } from "~/models/media/stores.server";
import { coverColumns, storeVariants, type Photo } from "~/models/store/listings/photos.server";
import { blog_categories, blog_posts, comments, likes, listing_photos, marketplace_products, product_categories, product_reviews, users } from "~/db/schema";
import { finalizeContest } from "~/models/contests/results/scoring.server";
import { recount } from "~/models/store/reviews/reviews.server";
import { hashPassword } from "~/models/accounts/passwords/password.server";

const MINUTE = 60_000;

/** A small deterministic generator, so every demo database looks the same. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

export async function isEmpty(db: Db) {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  return (row?.n ?? 0) === 0;
}

const SEED_LOCK = 72_83_2027;

export async function seedDemoData(db: Db, now = new Date()) {
  const rnd = random(42);
  // Every student shares the demo password, so one hash serves all of them; the reviewer has their own.
  const passwordHash = await hashPassword(DEMO_STUDENT.password, "signup");
  const reviewerHash = await hashPassword(DEMO_REVIEWER.password, "signup");
  await db.transaction(async (tx) => {
    // Instances starting together: the first seeds, the others wait here, then find users.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK})`);
    const [someone] = await tx.select({ n: sql<number>`count(*)::int` }).from(users);
    if ((someone?.n ?? 0) > 0) return;
    const studentId = await createUser(tx, { email: DEMO_STUDENT.email, fullName: DEMO_STUDENT.fullName, passwordHash });
    const others: string[] = [];
    for (const u of DEMO_USERS) others.push(await createUser(tx, { ...u, passwordHash }));
    // Enters nothing below, so may review every demo contest once docs/admin-sql.md's block has run.
    await createUser(tx, { email: DEMO_REVIEWER.email, fullName: DEMO_REVIEWER.fullName, passwordHash: reviewerHash });

    for (const [index, c] of DEMO_CONTESTS.entries()) {
      const start = new Date(now.getTime() + c.startsIn * MINUTE);
      const contest = await createContest(tx, {
        ...c,
        start_time: start,
        end_time: new Date(now.getTime() + c.endsIn * MINUTE),
        questions: QUESTION_BANKS[c.subject]!,
        // Past contests are shown final; the rest have the usual day to challenge the key.
        challenge_window_hours: c.endsIn < 0 ? 0 : 24,
      });
      const ended = c.endsIn < 0;
      if (index === 0) await createEntry(tx, { userId: studentId, contestId: contest.id });
      if (!ended) continue;
      for (const userId of [studentId, ...others]) {
        await createEntry(tx, { userId, contestId: contest.id });
        const skill = 0.45 + rnd() * 0.5;
        await submitEntry(tx, {
          userId,
          contestId: contest.id,
          submittedAt: new Date(start.getTime() + (5 + Math.floor(rnd() * c.duration_minutes * 0.7)) * MINUTE),
          answers: contest.questions.map((q) => ({
            questionId: q.id,
            selected: rnd() < 0.1 ? null : rnd() < skill ? q.correct_answer : q.options.find((o) => o !== q.correct_answer)!,
          })),
        });
      }
      await finalizeContest(tx, contest.id, now);
    }

    const categoryIds = new Map<string, number>();
    for (const name of PRODUCT_CATEGORIES) {
      const [row] = await tx.insert(product_categories).values({ name }).returning({ id: product_categories.id });
      categoryIds.set(name, row!.id);
    }
    const sellers = others.slice(0, 3);
    // Covers first (CPU work, one at a time), then one insert.
    const store = imageStore(tx);
    const covers: Photo[] = [];
    for (const [i, [title, author, publisher]] of DEMO_PRODUCTS.entries()) covers.push(await storeVariants(store, await generateCover({ title, author, publisher, index: i })));
    const listed = await tx.insert(marketplace_products).values(
      DEMO_PRODUCTS.map(([title, author, publisher, category, price, condition], i) => ({
        ...coverColumns([covers[i]!]),
        seller_id: sellers[i % sellers.length]!,
        title,
        author,
        publisher,
        description: `${title} by ${author} (${publisher}). Condition: ${condition}. Pick-up or shipping across India.`,
        category_id: categoryIds.get(category)!,
        price,
        condition,
        isbn: `978-81-${String(7000 + i * 37).padStart(4, "0")}-${String(100 + i).padStart(3, "0")}-${i % 10}`,
        created_at: new Date(now.getTime() - i * 3 * 60 * MINUTE),
      })),
    ).returning({ id: marketplace_products.id });
    await tx.insert(listing_photos).values(listed.map((product, i) => ({ product_id: product.id, position: 0, ...covers[i]! })));
    await seedReviews(tx, { buyers: others.slice(3), now, rnd });

    const blogCategoryIds = new Map<string, number>();
    for (const name of BLOG_CATEGORIES) {
      const [row] = await tx.insert(blog_categories).values({ name }).returning({ id: blog_categories.id });
      blogCategoryIds.set(name, row!.id);
    }
    const posts = await tx
      .insert(blog_posts)
      .values(
        DEMO_POSTS.map((p, i) => ({
          slug: p.slug,
          title: p.title,
          excerpt: p.excerpt,
          content: p.paragraphs.map((para) => `<p>${para}</p>`).join(""),
          category_id: blogCategoryIds.get(p.category)!,
          featured: p.featured ?? false,
          read_time_minutes: 3 + (i % 4),
          published_at: new Date(now.getTime() - (i + 1) * 2 * 24 * 60 * MINUTE),
        })),
      )
      .returning({ id: blog_posts.id });
    await tx.insert(likes).values(others.slice(0, 4).map((user_id) => ({ post_id: posts[0]!.id, user_id })));
    await tx.insert(comments).values([
      { post_id: posts[0]!.id, user_id: others[0]!, content: "Skipping and coming back saved me five minutes in my last mock. Thanks!" },
      { post_id: posts[0]!.id, user_id: others[1]!, content: "Great tips. The full mock at the real time of day is underrated." },
    ]);
  });
}

/**
 * Demo buyers bought copies of the demo books weeks ago, received them and reviewed
 * them: the listings' ratings and counts are read from those reviews, as for any other
 * (models/store/reviews/reviews.server.ts), never typed in.
 */
async function seedReviews(tx: Tx, input: { buyers: string[]; now: Date; rnd: () => number }) {
  const DAY = 24 * 60 * MINUTE;
  const products = await tx.select({ id: marketplace_products.id }).from(marketplace_products).orderBy(marketplace_products.created_at);
  for (const [b, buyerId] of input.buyers.entries()) {
    for (const product of products) {
      if (input.rnd() >= 0.55) continue;
      const line = await createDeliveredLine(tx, { buyerId, productId: product.id, daysAgo: 14 + b });
      const rating = (input.rnd() < 0.5 ? 5 : input.rnd() < 0.75 ? 4 : 3) as 3 | 4 | 5;
      const texts = DEMO_REVIEW_TEXTS[rating];
      const at = new Date(input.now.getTime() - (10 + b) * DAY);
      await tx.insert(product_reviews).values({ order_item_id: line.itemId, product_id: product.id, seller_id: line.sellerId, buyer_id: buyerId, rating, body: texts[Math.floor(input.rnd() * texts.length)]!, created_at: at, updated_at: at });
    }
  }
  await recount(tx);
}
