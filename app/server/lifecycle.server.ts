// Start-up and shutdown of an instance, and the one-off contest sweep: everything around
// the requests (app/server/main.server.ts calls these).
import path from "node:path";
import { db, getConnection, isConnected } from "~/db/client.server";
import { openAdminSocket, type AdminSocket } from "~/db/admin-socket.server";
import { makePrivate } from "~/db/private-dir.server";
import { storeSecretOnce } from "~/db/secrets.server";
import { prepareDatabase } from "~/seed/setup.server";
import { purgeExpired } from "~/models/accounts/housekeeping.server";
// Every domain's person data, registered before any erasure can run (housekeeping's and a parent's withdrawal included).
import "~/models/person-data.server";
import { forgetDiscardedSnapshots } from "~/models/contests/review/evidence.server";
import { forgetDiscardedImages } from "~/models/store/orders/order-returns.server";
import { liveCarrier, pollShipments } from "~/models/store/orders/shipments.server";
import { storeDiagram } from "~/models/contests/paper/diagrams.server";
import { closeDueContests } from "~/models/contests/results/scoring.server";
import { creditOutages, enrolRetakers, recordOutage } from "~/models/contests/sitting/outages.server";
import { askDatabase } from "~/db/health.server";
import { beat, createDatabaseWatch, createErrorWatch, wakeUp, type WatchedReply } from "~/server/outage-watch.server";
import { releaseExpiredHolds } from "~/models/store/checkout/orders.server";
import { supportConfirmsReturn, sweepOrderLines } from "~/models/store/orders/order-life.server";
import { isUuid } from "~/utils/urls";
import { earnDueLines, payOutDueEarnings } from "~/models/store/earnings/earnings.server";
import { chooseGateway, describeGateway, paymentGateway } from "~/models/payments/gateway.server";
import { chooseDigiLocker, describeDigiLocker } from "~/models/accounts/parents/digilocker.server";
import { sendDueRefunds } from "~/models/payments/refunds.server";
import { sendDueTransfers } from "~/models/payments/held-money.server";
import { transferGateway } from "~/models/payments/transfer-gateway.server";
import { describePayoutGateway, payoutGateway } from "~/models/payments/payout-gateway.server";
import { pollPayouts, sendDuePayouts } from "~/models/payments/payout-sender.server";
import { settleBackground } from "~/services/background.server";
import { deliverOutbox, kickOutbox } from "~/services/email.server";
import { contestOffer, dataDir, env, loadSharedSecret } from "~/utils/env.server";
import { paidPrizeContestsLeft } from "~/models/contests/catalogue/catalogue.server";
import { describeContestOffer } from "~/models/contests/catalogue/kinds";
import { instanceName, log } from "~/services/log.server";
import type { ReplyReport } from "~/server/front-door.server";
import { SESSION_COOKIE } from "~/models/accounts/auth.server";
import { cookieValue } from "~/utils/i18n";

/**
 * What the embedded database can carry, said at every start on it (issue 44, point 7; measured
 * again for issue 65, point 5 by `npm run bench:classroom`: docs/performance.md, "A class on
 * the embedded database"). Its ceiling is slowness, never refusals counted as our outage.
 */
export const EMBEDDED_CAPACITY =
  "embedded database (PGlite): one query at a time, for a demo or a class: measured on 2 cores, 50 students saving an answer every 2-3 s beside 20 readers had every save kept (p95 under 0.5 s, pages p95 under 1 s), and with the cores busy with other work saves waited up to 20 s; slowness is never counted as our outage. Set DATABASE_URL to PostgreSQL for a contest of more (README, 'In production').";

/** Before the server listens: check the environment, migrate, seed an empty database, start the background loops. */
export async function startup() {
  const config = env();
  log().info({ event: "startup" }, `payment gateway: ${describeGateway(chooseGateway(config))}`);
  log().info({ event: "startup" }, `parents verified through: ${describeDigiLocker(chooseDigiLocker(config))}`);
  log().info({ event: "startup" }, `prize payouts: ${describePayoutGateway(payoutGateway())}`);
  // What the server writes (the database, the mail drop, backups) is its own.
  process.umask(0o077);
  makePrivate(dataDir());
  const connection = getConnection();
  await prepareDatabase(connection);
  if (connection.kind === "pglite" && !connection.memory) {
    // A new embedded database's files come from PGlite with mode 0666.
    makePrivate(connection.client.dataDir ?? path.join(dataDir(), "pglite"));
    adminSocket = await openAdminSocket(connection.client, { dataDir: dataDir(), port: config.DATABASE_SOCKET === "off" ? null : config.DATABASE_SOCKET_PORT });
    log().info(
      { event: "startup" },
      adminSocket.url
        ? // The URL carries the socket's password: it stays in DATA_DIR, never in a log.
          "embedded database open to psql on the loopback interface, with a password: `npm run db:sql` opens psql on it (DATABASE_SOCKET=off closes it)"
        : "embedded database socket is off (DATABASE_SOCKET=off)",
    );
  }
  if (connection.kind === "pglite") log().warn({ event: "startup" }, EMBEDDED_CAPACITY);
  // Each winner's yearly tax statement names the deductor by its TAN (docs/decisions/money-tax-on-prizes.md).
  if (!config.OPERATOR_TAN) log().warn({ event: "startup" }, "OPERATOR_TAN is unset: winners' yearly tax statements say our TAN is not given yet; set it before any prize is paid");
  log().info({ event: "startup" }, describeContestOffer(contestOffer(), await paidPrizeContestsLeft(db, new Date())));
  await loadSharedSecret((candidate) => storeSecretOnce(db, "session", candidate));
  every(30_000, "mail outbox", () => deliverOutbox());
  every(60 * 60_000, "housekeeping", async () => {
    await purgeExpired(db, new Date(), { proctoringEvidenceDays: config.PROCTORING_EVIDENCE_DAYS });
    // The snapshots of the events just deleted (and of erased accounts) leave the image store.
    await forgetDiscardedSnapshots(db);
    // Return photos replaced or erased with their buyer leave it too (issue 49, point 6).
    await forgetDiscardedImages(db);
  });
  // Tests nobody submitted are submitted at the deadline; ended contests get their ranks and prizes.
  every(config.SWEEP_INTERVAL_MS, "contest sweep", async () => {
    const report = await closeDueContests(db, new Date());
    for (const { id, outcome, submitted } of report) log().info({ event: "sweep", contestId: id, outcome, submitted }, "contest closed");
    // A re-test an admin scheduled after our outage takes those who chose it (docs/admin-sql.md).
    const retakers = await enrolRetakers(db, new Date());
    if (retakers > 0) {
      log().info({ event: "retest", retakers }, "enrolled in a re-test");
      kickOutbox();
    }
  });
  // Money held at the gateway moves to where its owner wants it (issue 49, point 1): held, released, or reversed, the last
  // before the refund paid from it. Then refunds the ledger owes go to the gateway, retried with backoff; any instance may
  // send (one lease each).
  every(config.MONEY_OUT_INTERVAL_MS, "refunds", async () => {
    await drain(
      (limit) => sendDueTransfers(db, transferGateway(), new Date(), limit),
      ({ id, state }) => log().info({ event: "held-money", heldId: id, state }, "held money"),
    );
    await drain(
      (limit) => sendDueRefunds(db, paymentGateway(), new Date(), limit),
      ({ id, outcome }) => log().info({ event: "refund", refundId: id, outcome }, "refund"),
    );
  });
  // Prizes go out (any instance, one lease each): every due payout is sent, then those on their way are polled.
  every(config.MONEY_OUT_INTERVAL_MS, "payouts", async () => {
    await drain(
      (limit) => sendDuePayouts(db, payoutGateway(), new Date(), limit),
      ({ id, outcome }) => log().info({ event: "payout", payoutId: id, outcome }, "payout"),
    );
    await drain(
      (limit) => pollPayouts(db, payoutGateway(), new Date(), limit),
      ({ id, status }) => log().info({ event: "payout-poll", payoutId: id, status }, "payout polled"),
    );
  });
  // Our rule when we fail (docs/decisions/contests-shift-when-we-fail.md): this instance watches its database and its
  // replies, and says it is alive; a span when no instance was is recorded by the first to start again. Every outage's lost
  // time is given back to the tests it overlapped.
  const silence = await wakeUp(db, instanceName(), new Date());
  if (silence) {
    await recordOutage(db, { ...silence, cause: "instance", detail: "no instance was running" });
    log().warn({ event: "outage", since: silence.startedAt }, "no instance was running: recorded as an outage");
  }
  // The embedded database's ceiling (a late answer, a reply shed for load) is said at start-up, never an outage.
  const embedded = connection.kind === "pglite";
  errorWatch = watchErrors({ shedIsOutage: !embedded });
  const databaseWatch = createDatabaseWatch({
    lateIsDown: !embedded,
    ping: () => askDatabase(db),
    record: (span) => recordOutage(db, { ...span, cause: "database", detail: "an instance could not reach its database" }),
  });
  every(5_000, "outage watch", async () => {
    const now = new Date();
    const database = await databaseWatch(now);
    if (database === "recorded") log().warn({ event: "outage" }, "the database was unreachable: recorded as an outage");
    if ((await errorWatch.tick(now)) === "recorded") log().warn({ event: "outage" }, "most replies were errors: recorded as an outage");
    if (database === "down") return;
    await beat(db, instanceName(), now);
    const credits = await creditOutages(db, now);
    if (credits > 0) log().info({ event: "outage-credit", credits }, "lost time given back");
  });
  // Unpaid online orders give their copies back when their hold ends.
  // Parcels booked with a carrier are asked about (issue 49, point 2); any instance may ask (one lease each).
  const carrier = liveCarrier();
  if (carrier) every(60_000, "parcels", () => pollShipments(db, carrier, new Date()));
  every(60_000, "order holds", () => releaseExpiredHolds(db, new Date()));
  // Cash-on-delivery orders never confirmed and lines never shipped are cancelled; shipped lines nobody confirmed count as delivered;
  // prepaid lines past their return window become their sellers' earnings, paid out on the sellers' schedule.
  every(10 * 60_000, "order lines", async () => {
    const now = new Date();
    const { unconfirmed, cancelled, delivered } = await sweepOrderLines(db, now);
    const earned = await earnDueLines(db, now);
    const paid = await payOutDueEarnings(db, now);
    if (unconfirmed + cancelled + delivered + earned + paid.length > 0) {
      log().info({ event: "order-sweep", unconfirmed, cancelled, delivered, earned, payouts: paid.length }, "order lines moved on");
      kickOutbox();
    }
  });
  await deliverOutbox();
}

const timers: NodeJS.Timeout[] = [];
let adminSocket: AdminSocket | undefined;
const watchErrors = (options: { shedIsOutage: boolean }) =>
  createErrorWatch({ ...options, record: (span) => recordOutage(db, { ...span, cause: "errors", detail: `most of ${instanceName()}'s replies were errors` }) });
let errorWatch = watchErrors({ shedIsOutage: true });

/**
 * Every reply, for the watch on this instance's errors (app/server/outage-watch.server.ts):
 * who was signed in is read only for an error (the session cookie's value, kept in memory
 * for one tick, never logged).
 */
export const countReply = (reply: ReplyReport) => errorWatch.count(watchedReply(reply));

export const watchedReply = (reply: ReplyReport): WatchedReply => ({
  status: reply.status,
  address: reply.address,
  refused: reply.refused,
  session: reply.status >= 500 ? (cookieValue(reply.cookie, SESSION_COOKIE) ?? null) : null,
});

const BATCH = 20;

/** Runs `batch` (at most BATCH at a time) until one comes back short: everything due now is done. */
async function drain<T>(batch: (limit: number) => Promise<T[]>, each: (item: T) => void) {
  for (;;) {
    const done = await batch(BATCH);
    done.forEach(each);
    if (done.length < BATCH) return;
  }
}

/** Runs `run` every `ms`; a tick that finds the last run still going is skipped, so slow runs never pile up. */
function every(ms: number, name: string, run: () => Promise<unknown>) {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    run()
      .catch((error) => log().error({ err: error, job: name }, "background job failed"))
      .finally(() => (running = false));
  }, ms);
  timer.unref();
  timers.push(timer);
}

/** `npm run contests:finalize`: migrate if needed, then submit overdue tests and finalise every ended contest. */
export async function finalizeDueContests() {
  env();
  const connection = getConnection();
  await prepareDatabase(connection, "none");
  const report = [];
  for (;;) {
    const batch = await closeDueContests(db, new Date());
    report.push(...batch);
    if (batch.length < 50) break;
  }
  await connection.close();
  return report;
}

/**
 * `npm run support:return -- LINE_ID`: support confirms an open return on its seller's behalf
 * (docs/admin-sql.md, "Return disputes"); the buyer's refund is owed, and the mails and
 * refund leave before the command ends (or with the next instance's loops).
 */
export async function confirmReturnForSeller(itemId: string) {
  env();
  const connection = getConnection();
  await prepareDatabase(connection, "none");
  try {
    if (!isUuid(itemId)) return "not-a-line" as const;
    const outcome = await supportConfirmsReturn(db, { itemId, now: new Date() });
    await settleBackground();
    return outcome === null ? ("not-a-line" as const) : outcome.kind === "returned" ? { refunded: outcome.refunded ?? 0 } : ("no-open-return" as const);
  } finally {
    await connection.close();
  }
}

/** `npm run contests:image -- FILE`: migrate if needed, then store one diagram and return its key. */
export async function storeContestDiagram(bytes: Buffer) {
  env();
  const connection = getConnection();
  await prepareDatabase(connection, "none");
  try {
    return await storeDiagram(db, bytes);
  } finally {
    await connection.close();
  }
}

/** Once the server stops taking requests: finish mail runs, close the database cleanly. */
export async function shutdown() {
  timers.forEach(clearInterval);
  // Each step is logged, so a shutdown cut by its timeout says which step held it.
  await adminSocket?.close();
  log().info({ event: "shutdown" }, "psql socket closed");
  await settleBackground();
  log().info({ event: "shutdown" }, "background work settled");
  if (isConnected()) await getConnection().close();
}
