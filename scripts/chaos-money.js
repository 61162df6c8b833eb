// `npm run chaos:money [-- --prizes N --refunds N]`: money going out, exactly once, under faults.
//
// A throwaway PostgreSQL cluster of its own, two app instances and nginx
// (deploy/nginx.conf), on the built-in test gateway. N prizes of a final contest become
// payouts (through the app's own queuePrizePayouts) and N refunds are owed (oweRefund);
// both instances' senders pay them (MONEY_OUT_INTERVAL_MS=500). An instance is killed
// with SIGKILL while payouts are being sent, and the other while the payouts webhook is
// being delivered. This script plays the bank: it settles each payout in the test
// gateway's books with a UTR and delivers its webhooks (payout.initiated and
// payout.processed), each three times, shuffled, signed, through nginx, again on any
// non-2xx as RazorpayX would.
//
// A fifth of the winners change their payout details right after the first kill, through
// the app's own model, while their rounds are at the gateway, leased by the dead sender or
// still queued.
//
// It exits non-zero unless every prize was paid exactly once (one payout at the gateway
// per prize, its UTR recorded, one "paid" mail per winner) and every refund was sent
// exactly once (one refund at the gateway per payment).
import fs from "node:fs";
import path from "node:path";
import { createHmac, randomInt } from "node:crypto";
import { parseArgs } from "node:util";
import postgres from "postgres";
import { tsImport } from "tsx/esm/api";
import { buildIfStale } from "./build-if-stale.js";
import { appInstances, chaosFrame, freePort, root, sleep, startNginx, startThrowawayPostgres, newKeyLinkSecret } from "./ops/processes.js";

const { values } = parseArgs({
  options: {
    prizes: { type: "string", default: "1000" },
    refunds: { type: "string", default: "1000" },
    keep: { type: "boolean", default: false },
  },
});
const PRIZES = Number(values.prizes);
const REFUNDS = Number(values.refunds);
for (const [name, value] of [["prizes", PRIZES], ["refunds", REFUNDS]]) {
  if (!Number.isInteger(value) || value < 1 || value > 20_000) {
    console.error(`--${name} must be a whole number from 1 to 20000.`);
    process.exit(2);
  }
}
// Bounded: the lease of a sender that was killed is 2 minutes (app/models/payments/payout-sender.server.ts).
const DEADLINE_MS = 6 * 60_000;
const WEBHOOK_SECRET = "chaos-payouts-webhook-secret";
const SECRET = "chaos-session-secret-chaos-session-secret-0123";

const say = (line) => console.log(`[chaos:money ${new Date().toISOString().slice(11, 19)}] ${line}`);
const { work, cleanups, runToExit } = chaosFrame("chaos:money");

await runToExit(run, { keep: values.keep });

async function run() {
  buildIfStale(root);
  say(`${PRIZES} prizes and ${REFUNDS} refunds; one instance killed while sending, the other while webhooks arrive`);
  const pg = await startThrowawayPostgres();
  cleanups.push(() => pg.stop());
  const nginxPort = await freePort();
  const env = {
    PATH: process.env.PATH,
    DATABASE_URL: pg.url,
    DATA_DIR: path.join(work, "data"),
    APP_URL: `http://127.0.0.1:${nginxPort}`,
    SESSION_SECRET: SECRET,
    KEY_LINK_SECRET: newKeyLinkSecret(),
    SEED: "none",
    PAYMENT_GATEWAY: "test",
    RAZORPAYX_WEBHOOK_SECRET: WEBHOOK_SECRET,
    MONEY_OUT_INTERVAL_MS: "500",
    // No hold on changed details here: the run is about rounds the gateway took before a change, not the hold.
    PAYOUT_DETAILS_HOLD_HOURS: "0",
    DATABASE_POOL_SIZE: "10",
  };
  const { ports, logFiles, start, kill, stopAll } = await appInstances({ work, env });
  cleanups.push(stopAll);
  await start(0);
  await start(1);
  const nginx = await startNginx({ runDir: path.join(work, "nginx"), port: nginxPort, upstreamPorts: ports, output: fs.openSync(path.join(work, "nginx.log"), "a"), keyLinkSecret: env.KEY_LINK_SECRET });
  cleanups.unshift(() => nginx.stop());
  const sql = postgres(pg.url, { max: 4, onnotice: () => {} });
  cleanups.push(() => sql.end({ timeout: 1 }));

  const began = Date.now();
  const world = await seed(env);
  say(`owed: ${PRIZES} payouts (₹${world.net} after tax) and ${REFUNDS} refunds; both instances send`);

  // Kill app-1 once a third of the payouts are at the gateway: some of its claims die with it.
  let killedWhileSending = false;
  while (Date.now() - began < DEADLINE_MS) {
    const [{ sent }] = await sql`SELECT count(*)::int AS sent FROM test_gateway_payouts`;
    if (sent >= PRIZES / 3) break;
    await sleep(20);
  }
  const [{ atKill }] = await sql`SELECT count(*)::int AS "atKill" FROM test_gateway_payouts`;
  await kill(0);
  killedWhileSending = atKill < PRIZES;
  // Taken by a sender and not recorded as sent: the killed one's claims. Those already at the gateway are the replays to come.
  const [{ leased, replays }] = await sql`
    SELECT count(*)::int AS leased, count(b.id)::int AS replays
      FROM payouts p LEFT JOIN test_gateway_payouts b ON b.reference_id = p.id || '.' || p.send_round
     WHERE p.status = 'queued' AND p.next_attempt_at > now() + interval '30 seconds'`;
  say(`SIGKILL app-1 with ${atKill} of ${PRIZES} payouts at the gateway (${leased} held by senders at that moment, ${replays} of them already at the gateway but not yet recorded); started again`);
  say(`${await changeDetails()} winners changed their payout details while their rounds were on their way or held by the killed sender`);

  // The bank: settles what the gateway took and tells us, three times each, in any order.
  const settled = new Set();
  const replies = {};
  let delivered = 0;
  let killedWhileHooks = false;
  const hookTarget = 3 * 2 * PRIZES;
  while (Date.now() - began < DEADLINE_MS) {
    const fresh = await sql`
      UPDATE test_gateway_payouts SET status = 'processed', utr = lpad((floor(random() * 1e12))::bigint::text, 12, '0')
       WHERE status = 'processing' RETURNING id, reference_id, amount, utr`;
    const events = [];
    for (const p of fresh) {
      settled.add(p.id);
      for (let k = 0; k < 3; k++) {
        events.push(hook("payout.initiated", { id: p.id, status: "processing", utr: null, reference_id: p.reference_id, amount: p.amount * 100 }));
        events.push(hook("payout.processed", { id: p.id, status: "processed", utr: p.utr, reference_id: p.reference_id, amount: p.amount * 100 }));
      }
    }
    shuffle(events);
    await deliverAll(`http://127.0.0.1:${nginxPort}/api/payouts/webhook`, events, replies, async (n) => {
      delivered += n;
      if (!killedWhileHooks && delivered >= hookTarget / 2) {
        killedWhileHooks = true;
        await kill(1);
        say(`SIGKILL app-2 after ${delivered} of ${hookTarget} webhook deliveries; started again`);
      }
    });
    const [{ open }] = await sql`SELECT count(*)::int AS open FROM payouts WHERE status <> 'paid'`;
    const [{ owed }] = await sql`SELECT count(*)::int AS owed FROM refunds WHERE status <> 'sent'`;
    if (open === 0 && owed === 0 && settled.size === PRIZES) break;
    await sleep(500);
  }
  const seconds = ((Date.now() - began) / 1000).toFixed(1);

  const [p] = await sql`
    SELECT count(*)::int AS payouts,
           count(*) FILTER (WHERE p.status = 'paid')::int AS paid,
           count(*) FILTER (WHERE b.utr IS NOT NULL AND p.bank_reference = b.utr AND p.gateway_payout_id = b.id)::int AS matched,
           COALESCE(sum(p.net), 0)::int AS net
      FROM payouts p LEFT JOIN test_gateway_payouts b ON b.reference_id = p.id || '.' || p.send_round`;
  const [g] = await sql`SELECT count(*)::int AS books, count(DISTINCT reference_id)::int AS refs, COALESCE(sum(amount), 0)::int AS amount FROM test_gateway_payouts`;
  const [m] = await sql`
    SELECT count(*)::int AS mails, count(DISTINCT to_address)::int AS winners FROM email_outbox WHERE subject LIKE 'Your prize in % is paid:%'`;
  const [r] = await sql`
    SELECT count(*)::int AS refunds, count(*) FILTER (WHERE r.status = 'sent' AND r.gateway_refund_id = b.id)::int AS sent,
           (SELECT count(*)::int FROM test_gateway_refunds) AS books
      FROM refunds r LEFT JOIN test_gateway_refunds b ON b.idempotency_key = r.id::text`;
  const logged = logFiles.flatMap((f) => fs.readFileSync(f, "utf8").split("\n")).filter((line) => line.includes('"event":"payout"') || line.includes('"event":"refund"'));
  const outcomes = {};
  for (const line of logged) {
    const { event, outcome } = JSON.parse(line);
    outcomes[`${event}:${outcome}`] = (outcomes[`${event}:${outcome}`] ?? 0) + 1;
  }

  console.log("");
  console.log(`finished in ${seconds} s`);
  console.log(`payouts: ${p.paid} of ${p.payouts} paid; ${p.matched} with the gateway's id and UTR recorded; ₹${p.net} owed, ₹${g.amount} at the gateway`);
  console.log(`gateway payouts: ${g.books} (${g.refs} distinct references); "paid" mails ${m.mails} to ${m.winners} winners`);
  console.log(`refunds: ${r.sent} of ${r.refunds} sent; gateway refunds ${r.books}`);
  console.log(`webhook deliveries ${delivered} (replies ${JSON.stringify(replies)}); sender outcomes logged ${JSON.stringify(outcomes)}`);
  console.log(`faults: app-1 killed while sending (${killedWhileSending ? "payouts still queued" : "all sent already: NOT a test"}), app-2 killed during webhooks (${killedWhileHooks ? "yes" : "no"})`);

  const problems = [];
  if (p.payouts !== PRIZES || p.paid !== PRIZES || p.matched !== PRIZES) problems.push("not every prize paid with its gateway payout and UTR");
  if (g.books !== PRIZES || g.refs !== PRIZES || g.amount !== p.net) problems.push(`${g.books} gateway payouts for ${PRIZES} prizes`);
  if (m.mails !== PRIZES || m.winners !== PRIZES) problems.push(`${m.mails} "paid" mails for ${PRIZES} prizes`);
  if (r.refunds !== REFUNDS || r.sent !== REFUNDS || r.books !== REFUNDS) problems.push(`${r.books} gateway refunds, ${r.sent} sent, for ${REFUNDS} owed`);
  if (!killedWhileSending || !killedWhileHooks) problems.push("a fault did not land mid-run");
  if (problems.length > 0) throw new Error(`FAILED: ${problems.join("; ")}`);
  console.log("\nchaos:money: every prize paid once, every refund sent once.");
}

function hook(event, entity) {
  const raw = JSON.stringify({ entity: "event", event, contains: ["payout"], payload: { payout: { entity: { entity: "payout", currency: "INR", ...entity } } }, created_at: Math.floor(Date.now() / 1000) });
  return { raw, signature: createHmac("sha256", WEBHOOK_SECRET).update(raw).digest("hex") };
}

function shuffle(list) {
  for (let i = list.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [list[i], list[j]] = [list[j], list[i]];
  }
}

/** Delivers every event (16 at a time), again after any failure, as RazorpayX retries; `progress(n)` after each batch. */
async function deliverAll(url, events, replies, progress) {
  const queue = [...events];
  while (queue.length > 0) {
    const batch = queue.splice(0, 16);
    const results = await Promise.all(
      batch.map(async (e) => {
        try {
          const res = await fetch(url, { method: "POST", body: e.raw, headers: { "Content-Type": "application/json", "X-Razorpay-Signature": e.signature }, signal: AbortSignal.timeout(10_000) });
          const body = await res.json().catch(() => ({}));
          const key = res.ok ? `${res.status}:${body.status ?? "?"}` : String(res.status);
          replies[key] = (replies[key] ?? 0) + 1;
          return res.ok;
        } catch {
          replies.network = (replies.network ?? 0) + 1;
          return false;
        }
      }),
    );
    const again = batch.filter((_, i) => !results[i]);
    if (again.length > 0) {
      await sleep(250);
      queue.push(...again);
    }
    await progress(batch.length - again.length);
  }
}

/** The winners (half UPI, half bank accounts), a final contest with their prizes, its payouts, and the refunds owed. */
async function seed(env) {
  // The app's own modules, on the same database and settings as the instances.
  Object.assign(process.env, env);
  const { createContest } = await tsImport("../app/seed/factories.server.ts", import.meta.url);
  const { db, getConnection } = await tsImport("../app/db/client.server.ts", import.meta.url);
  const { queuePrizePayouts } = await tsImport("../app/models/payments/payouts.server.ts", import.meta.url);
  const { oweRefund } = await tsImport("../app/models/payments/refunds.server.ts", import.meta.url);
  const { REFUND_REASONS } = await tsImport("../app/models/refund-reasons.ts", import.meta.url);
  const sql = postgres(env.DATABASE_URL, { max: 2, onnotice: () => {} });
  try {
    const people = Math.max(PRIZES, REFUNDS);
    const users = await sql`
      INSERT INTO users (email, password_hash) SELECT 'winner-' || g || '@example.in', 'x' FROM generate_series(1, ${people}::int) g RETURNING id, email`;
    await sql`INSERT INTO profiles (id, email, full_name) SELECT id, email, 'Chaos Winner' FROM users WHERE email LIKE 'winner-%'`;
    await sql`
      INSERT INTO payout_details (user_id, method, upi_id, account_holder, account_number, ifsc)
      SELECT id, CASE WHEN n % 2 = 0 THEN 'upi' ELSE 'bank' END,
             CASE WHEN n % 2 = 0 THEN 'winner' || n || '@okaxis' END,
             CASE WHEN n % 2 = 1 THEN 'Chaos Winner' END,
             CASE WHEN n % 2 = 1 THEN lpad(n::text, 12, '1') END,
             CASE WHEN n % 2 = 1 THEN 'SBIN0001234' END
        FROM (SELECT id, row_number() OVER (ORDER BY email) AS n FROM users WHERE email LIKE 'winner-%') w`;
    // No prize is paid before its winner's PAN (docs/decisions/money-tax-on-prizes.md).
    await sql`INSERT INTO tax_pans (user_id, pan, pan_name) SELECT id, 'ABCPW1234F', 'Chaos Winner' FROM users WHERE email LIKE 'winner-%'`;
    const contest = await createContest(db, {
      title: "Chaos Payout Cup",
      subject: "General",
      start_time: new Date(Date.now() - 3 * 3_600_000),
      end_time: new Date(Date.now() - 2 * 3_600_000),
      prize_pool: {},
    });
    // Final already (the sweep leaves it alone); each winner's prize is on their result, as finalisation leaves it.
    await sql`UPDATE contests SET finalized_at = now() WHERE id = ${contest.id}`;
    await sql`
      INSERT INTO contest_results (contest_id, user_id, score, answered, rank, prize_amount, response_time)
      SELECT ${contest.id}, id, 100 - n % 100, 20, n, 100 + (n % 50) * 10, 600
        FROM (SELECT id, row_number() OVER (ORDER BY email) AS n FROM users WHERE email LIKE 'winner-%') w WHERE n <= ${PRIZES}`;
    await db.transaction((tx) => queuePrizePayouts(tx, { contestId: contest.id, title: "Chaos Payout Cup", now: new Date() }));
    await db.transaction(async (tx) => {
      for (const [i, u] of users.slice(0, REFUNDS).entries()) {
        await oweRefund(tx, { userId: u.id, gateway: "test", orderId: `order_test_chaos_${i}`, paymentId: `pay_test_chaos_${i}`, amount: 49, reason: REFUND_REASONS.paymentTwice });
      }
    });
    const [{ net }] = await sql`SELECT COALESCE(sum(net), 0)::int AS net FROM payouts`;
    return { contestId: contest.id, net };
  } finally {
    await sql.end({ timeout: 1 });
    // The app's connection stays open for changeDetails; run() closes it at the end.
    cleanups.push(() => getConnection().close());
  }
}

/**
 * A fifth of the winners save new payout details through the app's own model while the
 * senders run and the killed instance's claims wait out their lease (issue 44's probe: a
 * round the gateway took, then new details): each round must still be paid once, to the
 * destination it was first sent to.
 */
async function changeDetails() {
  const { db } = await tsImport("../app/db/client.server.ts", import.meta.url);
  const { savePayoutDetails } = await tsImport("../app/models/payments/payout-details.server.ts", import.meta.url);
  const sql = postgres(process.env.DATABASE_URL, { max: 1, onnotice: () => {} });
  try {
    const winners = await sql`SELECT user_id FROM payouts ORDER BY id LIMIT ${Math.ceil(PRIZES / 5)}`;
    for (const [i, w] of winners.entries()) await savePayoutDetails(db, w.user_id, { method: "upi", upiId: `changed${i}@okicici` });
    return winners.length;
  } finally {
    await sql.end({ timeout: 1 });
  }
}
