// What a browser test can ask the e2e server to create (scripts/e2e-server.js serves
// these on a loopback port of its own; the production server never does). Each takes
// JSON and returns JSON, and builds rows through the same factories as the seed and
// the integration tests, so every scenario sets up exactly its own world.
import { testCarrier } from "~/models/store/orders/carriers.server";
import { pollShipments } from "~/models/store/orders/shipments.server";
import { imageStore } from "~/models/media/stores.server";
import { storeVariants, writePhotos } from "~/models/store/listings/photos.server";
import { generateCover } from "~/seed/covers.server";
import type { ContestKind } from "~/models/contests/catalogue/kinds";
import { eq, sql } from "drizzle-orm";
import { held_transfers, order_items, parental_consents, profiles, test_carrier_areas, users } from "~/db/schema";
import { consentTextVersion } from "~/models/accounts/parents/parental-consent.server";
import { db, rowsOf } from "~/db/client.server";
import { createContest, createDeliveredLine, createEntry, createPost, createProduct, createUser, moveContestIntoPast, productCategory, submitEntry } from "~/seed/factories.server";
import { earnDueLines } from "~/models/store/earnings/earnings.server";
import { finalizeContest, recordResult } from "~/models/contests/results/scoring.server";
import { creditOutages, recordOutage } from "~/models/contests/sitting/outages.server";
import { hashPassword } from "~/models/accounts/passwords/password.server";
import { savePracticeAnswer, startPractice, submitPractice } from "~/models/contests/practice/practice.server";
import { putInCart } from "~/models/store/cart/cart.server";
import { placeOrder } from "~/models/store/checkout/orders.server";
import { buyerConfirmsCod, buyerConfirmsDelivery, buyerRequestsReturn, sellerShips } from "~/models/store/orders/order-life.server";
import { sendDueTransfers } from "~/models/payments/held-money.server";
import { transferGateway } from "~/models/payments/transfer-gateway.server";
import { settlePayment } from "~/models/fulfilments.server";
import { paymentGateway, testCapture } from "~/models/payments/gateway.server";

const MINUTE = 60_000;
const minutesFromNow = (m: number) => new Date(Date.now() + m * MINUTE);

const DEFAULT_QUESTIONS: Array<[string, string[], string]> = [
  ["What is 2 + 2?", ["3", "4", "5", "6"], "4"],
  ["What is 3 × 3?", ["6", "9", "12", "33"], "9"],
  ["What is 10 − 7?", ["2", "3", "4", "17"], "3"],
];

// One argon2 hash per password for the whole run: browser tests make many students,
// and hashing each would starve the logins the tests are measuring.
const hashes = new Map<string, Promise<string>>();

export const e2eFixtures = {
  /** `agreed: false`: an account from before the terms' versions were recorded, asked once before it enrols, pays or sells (issue 67, point 7). */
  async student(input: { email: string; password: string; fullName?: string; reviewer?: boolean; city?: string; agreed?: boolean; minor?: boolean }) {
    let passwordHash = hashes.get(input.password);
    if (!passwordHash) hashes.set(input.password, (passwordHash = hashPassword(input.password, "signup")));
    const id = await createUser(db, { email: input.email, fullName: input.fullName, passwordHash: await passwordHash, agreed: input.agreed });
    // A reviewer of proctored entries, as docs/admin-sql.md makes one.
    if (input.reviewer) await db.update(users).set({ is_reviewer: true }).where(eq(users.id, id));
    // Where a seller lives: buyers in the same city may meet them (issue 49, point 4).
    if (input.city) await db.update(profiles).set({ city: input.city }).where(eq(profiles.id, id));
    // A student of 15 whose parent has consented (issue 46, point 4): they may sign in and sit tests.
    if (input.minor) {
      const now = new Date();
      await db.update(users).set({ birth_date: `${now.getUTCFullYear() - 15}-01-01` }).where(eq(users.id, id));
      await db.insert(parental_consents).values({ user_id: id, parent_email: `parent-of-${input.email}`, token_hash: `e2e-${id}`, text_version: consentTextVersion(), asked_at: now, expires_at: new Date(now.getTime() + 7 * 86_400_000), consented_at: now });
    }
    return { id };
  },

  async contest(input: {
    title: string;
    subject?: string;
    description?: string;
    startsInMinutes: number;
    endsInMinutes: number;
    durationMinutes?: number;
    entryFee?: number;
    /** Unset: a fee and no prize (a paid practice test), or no fee and the platform's prizes (a free contest). */
    prizePool?: Record<string, unknown>;
    kind?: ContestKind;
    sponsor?: string;
    questions?: Array<[string, string[], string]>;
    /** Off unless asked: the browser tests read questions in the order they wrote them. */
    shuffle?: boolean;
    /**
     * Off unless asked: Chromium's default fake camera shows a test pattern, not a face, so
     * the face check would warn in every test (tests/e2e/face-check.js.spec.ts gives it a face).
     */
    faceDetection?: boolean;
    /** The last question becomes numerical, right from `min` to `max` (the keypad's tests). */
    numericalLast?: { text: string; min: number; max: number };
  }) {
    const contest = await createContest(db, {
      shuffle: input.shuffle ?? false,
      face_detection: input.faceDetection ?? false,
      title: input.title,
      subject: input.subject ?? "Mathematics",
      description: input.description ?? `${input.title}: a short test.`,
      entry_fee: input.entryFee ?? 49,
      kind: input.kind,
      sponsor: input.sponsor,
      duration_minutes: input.durationMinutes ?? 30,
      start_time: minutesFromNow(input.startsInMinutes),
      end_time: minutesFromNow(input.endsInMinutes),
      prize_pool: input.prizePool ?? ((input.entryFee ?? 49) > 0 ? {} : { first: 1000, second: 500, grand_total: 1500 }),
      questions: input.questions ?? DEFAULT_QUESTIONS,
    });
    const last = contest.questions.at(-1);
    if (input.numericalLast && last) {
      const { text, min, max } = input.numericalLast;
      await db.execute(sql`UPDATE questions SET kind = 'numerical', question_text = ${text}, options = '{}', correct_answer = NULL, correct_options = NULL, answer_min = ${min}, answer_max = ${max} WHERE id = ${last.id}`);
    }
    return { id: contest.id };
  },

  async entry(input: { userId: string; contestId: string }) {
    return { id: await createEntry(db, input) };
  },

  /**
   * An outage of one contest (others' tests run beside it) recorded as an admin would, from
   * `startedMinutesAgo` for `minutes`, and its credits given at once (issue 50, point 5).
   */
  async outage(input: { contestId: string; startedMinutesAgo: number; minutes: number }) {
    const startedAt = minutesFromNow(-input.startedMinutesAgo);
    await recordOutage(db, { startedAt, endedAt: new Date(startedAt.getTime() + input.minutes * 60_000), cause: "recorded", contestId: input.contestId, detail: "browser test" });
    return { credits: await creditOutages(db, new Date()) };
  },

  /** A contest that has ended, with each student's score (correct answers of the three) and results. */
  /** Ended an hour ago; final at once, unless it has a challenge window (then its key is provisional for those hours). */
  async finishedContest(input: {
    title: string;
    /** `absent`: enrolled, never started (a no-show). */
    students: Array<{ userId: string; correct: number; minutes: number; absent?: boolean }>;
    prizePool?: Record<string, unknown>;
    challengeWindowHours?: number;
    challengeFee?: number;
    /** A practice test (no prize): its results get certificates. */
    practice?: boolean;
    /** The test's length (30 minutes unless set). */
    durationMinutes?: number;
  }) {
    // One transaction: the server's sweep finalises ended contests and must not catch this one half-made.
    return db.transaction(async (tx) => {
      const contest = await createContest(tx, {
        title: input.title,
        subject: "Mathematics",
        start_time: minutesFromNow(-120),
        end_time: minutesFromNow(-60),
        prize_pool: input.practice ? {} : (input.prizePool ?? { first: 1000, second: 500, grand_total: 1500 }),
        ...(input.practice ? { kind: "practice" as const, entry_fee: 29 } : {}),
        questions: DEFAULT_QUESTIONS,
        challenge_window_hours: input.challengeWindowHours ?? 0,
        challenge_fee: input.challengeFee ?? 0,
        ...(input.durationMinutes ? { duration_minutes: input.durationMinutes } : {}),
    });
    for (const s of input.students) {
      await createEntry(tx, { userId: s.userId, contestId: contest.id });
      if (s.absent) continue;
      await submitEntry(tx, {
        userId: s.userId,
        contestId: contest.id,
        submittedAt: minutesFromNow(-120 + s.minutes),
        answers: contest.questions.map((q, i) => ({ questionId: q.id, selected: i < s.correct ? q.correct_answer : q.options.find((o) => o !== q.correct_answer)! })),
      });
      // As a submission writes it: a contest whose key is still provisional shows these.
      await recordResult(tx, { contestId: contest.id, userId: s.userId });
    }
    await finalizeContest(tx, contest.id, new Date());
    return { id: contest.id };
    });
  },

  /** A practice attempt of a finished contest's whole paper (issue 48, point 6), answered right throughout and submitted. */
  async practiceAttempt(input: { contestId: string; userId: string }) {
    const started = await startPractice(db, { contestId: input.contestId, userId: input.userId, scope: "all", now: new Date() });
    if (!started?.ok) throw new Error("no practice: the contest is not final or the student has no entry");
    const questions = rowsOf<{ id: string; correct: number }>(
      await db.execute(sql`SELECT id, array_position(options, correct_answer) AS correct FROM questions WHERE contest_id = ${input.contestId}`),
    );
    for (const q of questions) await savePracticeAnswer(db, { ...input, questionId: q.id, state: { options: [q.correct], value: null, marked: false, seconds: 20 } });
    await submitPractice(db, { ...input, now: new Date() });
    return { id: started.attemptId };
  },

  /** A listing; with `photos`, that many generated photos in order (the first its cover). */
  async product({ photos = 0, ...input }: Parameters<typeof createProduct>[1] & { photos?: number }) {
    const id = await createProduct(db, input);
    if (photos > 0) {
      await db.transaction(async (tx) => {
        const made = [];
        for (let index = 0; index < photos; index++) made.push(await storeVariants(imageStore(tx), await generateCover({ title: input.title, author: `Photo ${index + 1}`, publisher: "", index })));
        await writePhotos(tx, id, made);
      });
    }
    return { id };
  },

  /**
   * An order of one copy of each product, placed through the buyer's cart as checkout
   * does: cash on delivery, or (`paid`) by UPI, captured through the test gateway; shipped to
   * Pune, or (`meet`) met in person there; cash on delivery confirmed by its buyer when `confirmed`.
   */
  async order(input: { buyerId: string; productId?: string; productIds?: string[]; paid?: boolean; email?: string; meet?: boolean; confirmed?: boolean }) {
    for (const productId of input.productIds ?? [input.productId!]) await putInCart(db, { userId: input.buyerId, productId, quantity: "1" });
    const shipping = { name: "Asha Rao", email: input.email ?? "asha@example.in", phone: "9876543210", address: "12 MG Road", city: "Pune", state: "Maharashtra", zip: "411001" };
    const gateway = input.paid ? paymentGateway() : null;
    const placed = await placeOrder(db, gateway, { userId: input.buyerId, shipping, method: input.paid ? "upi" : "cod", delivery: input.meet ? "meet" : "ship", key: crypto.randomUUID(), now: new Date() });
    if (placed.kind === "pay") {
      const signed = testCapture(placed.gateway, placed.gatewayOrderId);
      await settlePayment(db, { orderId: signed.razorpay_order_id, paymentId: signed.razorpay_payment_id, signature: signed.razorpay_signature, now: new Date() });
      return { id: placed.orderId };
    }
    if (placed.kind !== "completed") throw new Error(`order not placed: ${placed.kind}`);
    if (input.confirmed) await buyerConfirmsCod(db, { buyerId: input.buyerId, orderId: placed.orderId, now: new Date() });
    return { id: placed.orderId };
  },

  /** Where the test carrier goes (issue 49, point 3): a PIN code it does not serve, or serves without cash on delivery. */
  async carrierArea(input: { pincode: string; served: boolean; cod: boolean }) {
    await db.insert(test_carrier_areas).values(input).onConflictDoUpdate({ target: test_carrier_areas.pincode, set: { served: input.served, cod: input.cod } });
    return { id: input.pincode };
  },

  /** A book of `sellerId`'s bought online and delivered 9 days ago (past its return window), then earned. */
  async earnedSale(input: { sellerId: string; buyerId: string; title: string; price: number }) {
    const productId = await createProduct(db, { sellerId: input.sellerId, title: input.title, price: input.price, category: "Engineering" });
    const line = await createDeliveredLine(db, { buyerId: input.buyerId, productId, daysAgo: 9, method: "upi" });
    await earnDueLines(db, new Date());
    return { id: line.itemId };
  },

  /**
   * A book of `sellerId`'s bought online (its share held at the gateway), delivered 9 days ago
   * and its share released to the seller (issue 49, point 1); or, `releasing`, not yet released.
   */
  async heldSale(input: { sellerId: string; buyerId: string; title: string; price: number; releasing?: boolean }) {
    const productId = await createProduct(db, { sellerId: input.sellerId, title: input.title, price: input.price, category: "Engineering" });
    const { id: orderId } = await e2eFixtures.order({ buyerId: input.buyerId, productId, paid: true });
    const [line] = await db.select({ id: order_items.id }).from(order_items).where(eq(order_items.order_id, orderId));
    const ago = (days: number) => new Date(Date.now() - days * 24 * 3_600_000);
    await sellerShips(db, { sellerId: input.sellerId, itemId: line!.id, tracking: null, now: ago(10) });
    await buyerConfirmsDelivery(db, { buyerId: input.buyerId, orderId, itemId: line!.id, now: ago(9) });
    // The instance's own sender would move it within seconds; here, at once (or not at all, to show it being released).
    await sendDueTransfers(db, transferGateway(), new Date());
    await earnDueLines(db, new Date());
    if (!input.releasing) await sendDueTransfers(db, transferGateway(), new Date());
    // Not yet reached by a sender: the server's own would release it within seconds.
    else await db.update(held_transfers).set({ next_attempt_at: new Date(Date.now() + 24 * 3_600_000) }).where(eq(held_transfers.reference, `order-line:${line!.id}`));
    return { id: line!.id };
  },

  /** A cash-on-delivery line delivered yesterday whose buyer asked to return it, saying `reason`. */
  async returnAsked(input: { sellerId: string; buyerId: string; title: string; reason: string }) {
    const productId = await createProduct(db, { sellerId: input.sellerId, title: input.title, price: 280, category: "Engineering" });
    const line = await createDeliveredLine(db, { buyerId: input.buyerId, productId, daysAgo: 1 });
    const asked = await buyerRequestsReturn(db, { buyerId: input.buyerId, orderId: line.orderId, itemId: line.itemId, reason: input.reason, now: new Date() });
    if (asked?.kind !== "requested") throw new Error(`return not asked: ${asked?.kind}`);
    return { id: line.orderId, itemId: line.itemId };
  },

  /** The carrier poll's turn `minutesLater` from now: the test carrier's parcels move as they would have by then. */
  async parcelsPolled(input: { minutesLater: number }) {
    return { id: String(await pollShipments(db, testCarrier, new Date(Date.now() + input.minutesLater * 60_000))) };
  },

  async category(input: { name: string }) {
    return { id: await productCategory(db, input.name) };
  },

  async post(input: Parameters<typeof createPost>[1]) {
    return { id: await createPost(db, input) };
  },

  /** The newest contest of that title (one an admin's SQL made). */
  async contestByTitle(input: { title: string }) {
    const [row] = rowsOf<{ id: string }>(await db.execute(sql`SELECT id FROM contests WHERE title = ${input.title} ORDER BY created_at DESC LIMIT 1`));
    if (!row) throw new Error(`no contest titled ${input.title}`);
    return row;
  },

  /**
   * Moves a contest (its length kept) so that it started a minute ago: students enrolled
   * before, as the rules want. `faceDetection: false` turns its face check off (Chromium's
   * default fake camera shows a test pattern, not a face).
   */
  async startContestNow(input: { contestId: string; faceDetection?: boolean }) {
    await db.execute(sql`
      UPDATE contests SET start_time = now() - interval '1 minute', end_time = now() - interval '1 minute' + (end_time - start_time),
                          face_detection = COALESCE(${input.faceDetection ?? null}::boolean, face_detection)
       WHERE id = ${input.contestId}`);
    return { ok: true };
  },

  /** Moves a contest and its entries four hours into the past: the test has closed for everyone. */
  async closeContest(input: { contestId: string }) {
    await moveContestIntoPast(db, input.contestId);
    return { ok: true };
  },
};

export type E2eFixtures = typeof e2eFixtures;
