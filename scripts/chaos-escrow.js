// `npm run chaos:escrow [-- --orders N]`: a seller is paid only for what arrived and stayed,
// exactly once, under faults (issue 49, point 1; docs/decisions/money-held-until-delivery.md).
//
// A throwaway PostgreSQL cluster of its own and two app instances on the built-in test
// gateway, whose senders (MONEY_OUT_INTERVAL_MS=500) move held money and send refunds.
// This script places N prepaid orders through the app's own models (each seller's share is
// held at capture), then plays each order's life at random: delivered nine days ago (its
// window over: released), returned, refused at the door, or cancelled before shipping
// (each reversed, and the buyer refunded from it). A tenth of the captures are told again,
// and every cancel, return and refusal is asked twice, at once. App-1 is killed with
// SIGKILL while the transfers are being made, app-2 while they are being released and
// reversed; each is started again.
//
// It exits non-zero unless every share ended where its line's life says, at the gateway
// once: one transfer per share held, each released once or reversed once and never both,
// nothing released for a line that came back, every refund sent once and after the share
// it is paid from was reversed, and the sellers' released total equal to what they sold
// and kept.
import fs from "node:fs";
import path from "node:path";
import { randomInt } from "node:crypto";
import { parseArgs } from "node:util";
import postgres from "postgres";
import { tsImport } from "tsx/esm/api";
import { buildIfStale } from "./build-if-stale.js";
import { appInstances, chaosFrame, root, sleep, startThrowawayPostgres } from "./ops/processes.js";

const { values } = parseArgs({ options: { orders: { type: "string", default: "500" }, keep: { type: "boolean", default: false } } });
const ORDERS = Number(values.orders);
if (!Number.isInteger(ORDERS) || ORDERS < 10 || ORDERS > 5000) {
  console.error("--orders must be a whole number from 10 to 5000.");
  process.exit(2);
}
const SELLERS = Math.max(5, Math.round(ORDERS / 12));
// Bounded: the lease of a sender that was killed is 2 minutes (app/models/payments/held-money.server.ts).
const DEADLINE_MS = 6 * 60_000;
const DAY = 24 * 3_600_000;
const say = (line) => console.log(`[chaos:escrow ${new Date().toISOString().slice(11, 19)}] ${line}`);
const { work, cleanups, runToExit } = chaosFrame("chaos:escrow");

await runToExit(run, { keep: values.keep, stack: true });

async function run() {
  buildIfStale(root);
  say(`${ORDERS} prepaid orders from ${SELLERS} sellers; app-1 killed while shares are held, app-2 while they are released and reversed`);
  const pg = await startThrowawayPostgres();
  cleanups.push(() => pg.stop());
  const env = {
    PATH: process.env.PATH,
    DATABASE_URL: pg.url,
    DATA_DIR: path.join(work, "data"),
    APP_URL: "http://127.0.0.1:9",
    SESSION_SECRET: "chaos-session-secret-chaos-session-secret-0123",
    SEED: "none",
    PAYMENT_GATEWAY: "test",
    MONEY_OUT_INTERVAL_MS: "500",
    MARKETPLACE_COMMISSION_PERCENT: "10",
    DATABASE_POOL_SIZE: "10",
  };
  const { logFiles, start, kill, stopAll } = await appInstances({ work, env });
  cleanups.push(stopAll);
  await start(0);
  await start(1);
  const sql = postgres(pg.url, { max: 4, onnotice: () => {} });
  cleanups.push(() => sql.end({ timeout: 1 }));
  // The app's models in this process too, on the same settings; their own log lines would drown the run's.
  Object.assign(process.env, env, { LOG_LEVEL: "warn" });
  const app = await appModules();
  cleanups.push(() => app.close());

  const began = Date.now();
  // Kill app-1 once a third of the shares are at the gateway, while orders are still being paid: some of its claims die with it.
  const firstKill = (async () => {
    while (Date.now() - began < DEADLINE_MS) {
      const [{ made }] = await sql`SELECT count(*)::int AS made FROM test_gateway_transfers`;
      if (made >= ORDERS / 3) break;
      await sleep(20);
    }
    const [{ atKill }] = await sql`SELECT count(*)::int AS "atKill" FROM test_gateway_transfers`;
    const leased = await claimed(sql);
    await kill(0);
    say(`SIGKILL app-1 with ${atKill} of ${ORDERS} transfers made (${leased} shares claimed by a sender at that moment); started again`);
    return atKill;
  })();
  const sold = await placeOrders(app, sql);
  say(`${sold.length} orders paid: ${sold.length} shares held at capture; both instances make the transfers`);
  const atFirstKill = await firstKill;

  // Each order's life, at random, while the senders run: a tenth of captures told again, every step asked twice.
  const fates = { delivered: 0, returned: 0, refused: 0, cancelled: 0 };
  const lives = shuffled(sold).map((order, i) => async () => {
    const roll = randomInt(100);
    const fate = roll < 50 ? "delivered" : roll < 70 ? "returned" : roll < 80 ? "refused" : "cancelled";
    fates[fate]++;
    if (i % 10 === 0) await app.replayCapture(order);
    await app.live(order, fate);
  });
  await inParallel(lives, 8);
  // The earnings sweep, twice at once as two instances might: lines past their window want their shares released.
  await Promise.all([app.earn(), app.earn()]);
  say(`lives: ${JSON.stringify(fates)} (the cancels, returns and refusals kicked the sender as their requests would); the window passed for the delivered ones`);

  // Kill app-2 once a third of those shares are released: its claims die with it.
  while (Date.now() - began < DEADLINE_MS) {
    const [{ released }] = await sql`SELECT count(*)::int AS released FROM test_gateway_transfers WHERE NOT on_hold`;
    if (released >= fates.delivered / 3) break;
    await sleep(20);
  }
  const [{ atSecondKill }] = await sql`SELECT count(*)::int AS "atSecondKill" FROM test_gateway_transfers WHERE NOT on_hold`;
  const leasedAtSecond = await claimed(sql);
  await kill(1);
  say(`SIGKILL app-2 with ${atSecondKill} of ${fates.delivered} shares released (${leasedAtSecond} shares claimed by a sender at that moment); started again`);

  while (Date.now() - began < DEADLINE_MS) {
    const [{ moving }] = await sql`SELECT count(*)::int AS moving FROM held_transfers WHERE state <> goal AND failed_at IS NULL`;
    const [{ owed }] = await sql`SELECT count(*)::int AS owed FROM refunds WHERE status = 'queued'`;
    if (moving === 0 && owed === 0) break;
    await sleep(500);
  }
  const seconds = ((Date.now() - began) / 1000).toFixed(1);

  const [h] = await sql`
    SELECT count(*)::int AS shares,
           count(*) FILTER (WHERE state = goal)::int AS settled,
           count(*) FILTER (WHERE failed_at IS NOT NULL)::int AS failed,
           count(*) FILTER (WHERE goal = 'released')::int AS released,
           count(*) FILTER (WHERE goal = 'reversed')::int AS reversed,
           COALESCE(sum(amount) FILTER (WHERE state = 'released'), 0)::int AS released_amount
      FROM held_transfers`;
  const [b] = await sql`
    SELECT count(*)::int AS books, count(DISTINCT reference)::int AS refs,
           count(*) FILTER (WHERE releases > 1 OR reversals > 1)::int AS twice,
           count(*) FILTER (WHERE releases > 0 AND reversals > 0)::int AS both,
           COALESCE(sum(amount) FILTER (WHERE NOT on_hold), 0)::int AS released_amount
      FROM test_gateway_transfers`;
  const [w] = await sql`
    SELECT count(*) FILTER (WHERE h.goal = 'released' AND (t.id IS NULL OR t.on_hold OR t.releases <> 1 OR t.reversals <> 0))::int AS wrong_release,
           count(*) FILTER (WHERE h.goal = 'reversed' AND t.id IS NOT NULL AND (t.amount_reversed <> t.amount OR t.reversals <> 1 OR t.releases <> 0))::int AS wrong_reverse,
           count(*) FILTER (WHERE h.goal = 'reversed' AND t.id IS NULL)::int AS never_held
      FROM held_transfers h LEFT JOIN test_gateway_transfers t ON t.reference = h.reference`;
  const [r] = await sql`
    SELECT count(*)::int AS refunds,
           count(*) FILTER (WHERE r.status = 'sent' AND r.gateway_refund_id = g.id)::int AS sent,
           (SELECT count(*)::int FROM test_gateway_refunds) AS books,
           count(*) FILTER (WHERE t.id IS NOT NULL AND (t.reversed_at IS NULL OR g.created_at < t.reversed_at))::int AS before_reversal
      FROM refunds r LEFT JOIN test_gateway_refunds g ON g.idempotency_key = r.id::text
      LEFT JOIN test_gateway_transfers t ON t.reference = r.owed_for`;
  const [lines] = await sql`
    SELECT count(*) FILTER (WHERE i.cancelled_at IS NOT NULL OR i.returned_at IS NOT NULL OR i.refused_at IS NOT NULL)::int AS came_back,
           count(*) FILTER (WHERE i.earned_at IS NOT NULL)::int AS earned,
           COALESCE(sum(i.price_at_purchase * i.quantity - i.commission) FILTER (WHERE i.earned_at IS NOT NULL), 0)::int AS kept
      FROM order_items i`;
  const logged = logFiles.flatMap((f) => fs.readFileSync(f, "utf8").split("\n")).filter((line) => line.includes('"event":"held-money"'));
  const states = {};
  for (const line of logged) {
    const { state } = JSON.parse(line);
    states[state] = (states[state] ?? 0) + 1;
  }

  console.log("");
  console.log(`finished in ${seconds} s`);
  console.log(`shares: ${h.settled} of ${h.shares} where their line's life says (${h.released} released, ${h.reversed} reversed, ${h.failed} stuck)`);
  console.log(`gateway transfers: ${b.books} (${b.refs} distinct references); released or reversed twice: ${b.twice}; both: ${b.both}; reversed before any transfer was made: ${w.never_held}`);
  console.log(`released ₹${h.released_amount} by our rows, ₹${b.released_amount} at the gateway, ₹${lines.kept} kept by sellers on ${lines.earned} earned lines`);
  console.log(`refunds: ${r.sent} of ${r.refunds} sent; gateway refunds ${r.books}; paid before their share came back: ${r.before_reversal}`);
  console.log(`sender steps logged ${JSON.stringify(states)}`);

  const problems = [];
  if (h.shares !== ORDERS || h.settled !== ORDERS || h.failed !== 0) problems.push(`${h.settled} of ${h.shares} shares settled, ${h.failed} stuck`);
  if (b.books !== b.refs || b.twice !== 0 || b.both !== 0) problems.push("a share moved twice at the gateway");
  if (w.wrong_release !== 0 || w.wrong_reverse !== 0) problems.push(`${w.wrong_release} releases and ${w.wrong_reverse} reversals not as their rows say`);
  if (h.released !== fates.delivered || h.reversed !== ORDERS - fates.delivered || lines.came_back !== h.reversed) problems.push("a share's goal is not its line's life");
  if (h.released_amount !== b.released_amount || b.released_amount !== lines.kept) problems.push("released money differs between our rows, the gateway and the sellers' lines");
  if (r.refunds !== h.reversed || r.sent !== r.refunds || r.books !== r.refunds || r.before_reversal !== 0) problems.push(`${r.books} gateway refunds, ${r.sent} sent, for ${h.reversed} lines that came back; ${r.before_reversal} before their share`);
  if (atFirstKill >= ORDERS || atSecondKill >= fates.delivered) problems.push("a kill did not land mid-run");
  if (problems.length > 0) throw new Error(`FAILED: ${problems.join("; ")}`);
  console.log("\nchaos:escrow: every share held once, then released once or reversed once before its refund.");
}

/** The app's own models, on the same database and settings as the instances. */
async function appModules() {
  const load = (file) => tsImport(`../app/${file}`, import.meta.url);
  const { db, getConnection } = await load("db/client.server.ts");
  const { createProduct, createUser } = await load("seed/factories.server.ts");
  const { putInCart } = await load("models/store/cart/cart.server.ts");
  const { placeOrder } = await load("models/store/checkout/orders.server.ts");
  const { settlePayment } = await load("models/fulfilments.server.ts");
  const { paymentGateway, testCapture } = await load("models/payments/gateway.server.ts");
  const life = await load("models/store/orders/order-life.server.ts");
  const { earnDueLines } = await load("models/store/earnings/earnings.server.ts");
  const gateway = paymentGateway();
  const shipping = { name: "Asha Rao", email: "asha@example.in", phone: "9876543210", address: "12 MG Road", city: "Pune", state: "Maharashtra", zip: "411001" };
  const ago = (days) => new Date(Date.now() - days * DAY);
  const twice = async (step) => Promise.all([step(), step()]);
  return {
    db,
    createProduct,
    createUser,
    async order(buyerId, productId) {
      await putInCart(db, { userId: buyerId, productId, quantity: "1" });
      const placed = await placeOrder(db, gateway, { userId: buyerId, shipping, method: "upi", key: crypto.randomUUID(), now: new Date() });
      if (placed.kind !== "pay") throw new Error(`order not placed: ${placed.kind}`);
      const signed = testCapture(placed.gateway, placed.gatewayOrderId);
      const captured = { orderId: signed.razorpay_order_id, paymentId: signed.razorpay_payment_id, signature: signed.razorpay_signature };
      await settlePayment(db, { ...captured, now: new Date() });
      return { orderId: placed.orderId, captured };
    },
    replayCapture: (order) => settlePayment(db, { ...order.captured, now: new Date() }),
    async live(order, fate) {
      const { sellerId, buyerId, orderId, itemId } = order;
      if (fate === "cancelled") return twice(() => life.buyerCancels(db, { buyerId, orderId, itemId, now: new Date() }));
      await life.sellerShips(db, { sellerId, itemId, tracking: null, now: ago(fate === "delivered" ? 10 : 2) });
      if (fate === "refused") return twice(() => life.sellerMarksRefused(db, { sellerId, itemId, now: new Date() }));
      await life.buyerConfirmsDelivery(db, { buyerId, orderId, itemId, now: ago(fate === "delivered" ? 9 : 1) });
      if (fate === "returned") {
        await life.buyerRequestsReturn(db, { buyerId, orderId, itemId, reason: "Pages missing", now: new Date() });
        await twice(() => life.sellerConfirmsReturn(db, { sellerId, itemId, now: new Date() }));
      }
    },
    earn: () => earnDueLines(db, new Date()),
    close: () => getConnection().close(),
  };
}

/** Sellers, buyers and one book each, every book bought in its own prepaid order. */
async function placeOrders(app, sql) {
  const sellers = [];
  for (let i = 0; i < SELLERS; i++) sellers.push(await app.createUser(app.db, { email: `seller-${i}@example.in`, fullName: `Chaos Seller ${i}`, passwordHash: "x" }));
  const jobs = [];
  const sold = [];
  for (let i = 0; i < ORDERS; i++) {
    jobs.push(async () => {
      const sellerId = sellers[i % SELLERS];
      const buyerId = await app.createUser(app.db, { email: `buyer-${i}@example.in`, fullName: `Chaos Buyer ${i}`, passwordHash: "x" });
      const productId = await app.createProduct(app.db, { sellerId, title: `Chaos Book ${i}`, price: 100 + (i % 40) * 10, category: "Textbooks", stock: 1 });
      const placed = await app.order(buyerId, productId);
      const [{ id: itemId }] = await sql`SELECT id FROM order_items WHERE order_id = ${placed.orderId}`;
      sold.push({ sellerId, buyerId, itemId, ...placed });
    });
  }
  await inParallel(jobs, 8);
  return sold;
}

/** Shares a sender holds under its lease just now (either instance's: the script cannot tell whose). */
async function claimed(sql) {
  const [{ leased }] = await sql`SELECT count(*)::int AS leased FROM held_transfers WHERE state <> goal AND next_attempt_at > now() + interval '30 seconds'`;
  return leased;
}

async function inParallel(jobs, width) {
  const queue = [...jobs];
  await Promise.all(Array.from({ length: width }, async () => {
    for (let job = queue.shift(); job; job = queue.shift()) await job();
  }));
}

function shuffled(list) {
  const copy = [...list];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}
