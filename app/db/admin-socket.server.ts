// The embedded database, reachable by psql while the server runs (docs/admin-sql.md):
// a PostgreSQL wire-protocol socket on the loopback interface only, over the server's
// own PGlite instance. Two promises (docs/decisions/platform-locked-back-door.md, "The embedded database's socket"):
//
// - Only someone who can read DATA_DIR gets in: each start makes a random password,
//   kept only in DATA_DIR/db-server.json (0600, in a 0700 directory), and a client
//   proves it with SCRAM-SHA-256 before any byte reaches the database.
// - Nothing a client does can hurt the site. PGlite is one session, shared with the
//   app, so a client's transaction holds PGlite's transaction lock from its BEGIN to
//   its end: the app's statements are never inside it (a late ROLLBACK undoes only the
//   client's own work), and they wait for it. A transaction idle for
//   `idleInTransactionMs`, or idle for `yieldMs` while the site waits, is rolled back
//   and its connection ended with a message that says why (as PostgreSQL's own
//   idle_in_transaction_session_timeout does). Settings a client changes are reset
//   after each of its messages, so the app's session is never left altered.
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { randomBytes } from "node:crypto";
import type { PGlite } from "@electric-sql/pglite";
import { APP_SEARCH_PATH } from "~/db/client.server";
import { log } from "~/services/log.server";
import { systemClock, type Clock } from "~/utils/clock";
import {
  CANCEL_REQUEST,
  CLIENT_MESSAGES,
  copiesFromClient,
  errorResponse,
  fatalWatcher,
  GSSENC_REQUEST,
  MAX_GREETING_BYTES,
  MAX_MESSAGE_BYTES,
  PROTOCOL_3,
  queryMessage,
  scramKeys,
  scramServer,
  sqlOf,
  SSL_REQUEST,
  startupParameters,
  SYNC_MESSAGE,
  takeFrames,
  type Frame,
  type ScramKeys,
} from "./pg-wire.server";

/** Where the running server says how to reach its embedded database (read by scripts/db-sql.js). */
export const SERVER_FILE = "db-server.json";

/** `siteWaiting`: how many of the app's calls wait for a client's transaction now (what a yield is for). */
export type AdminSocket = { url: string | null; close: () => Promise<void>; siteWaiting: () => number };

export type AdminSocketOptions = {
  dataDir: string;
  /** null: no socket; 0: a free port. */
  port: number | null;
  /** A transaction idle this long is rolled back and its connection ended. */
  idleInTransactionMs?: number;
  /** A transaction idle this long while the site waits for the database is rolled back too. */
  yieldMs?: number;
  /** The greeting's, the idle and the yield bounds' timers (tests pass one they move). */
  clock?: Clock;
};

export const IDLE_IN_TRANSACTION_MS = 30_000;
export const YIELD_MS = 2_000;
/** Connections that have proven the password. */
export const MAX_SESSIONS = 4;
/**
 * Connections still greeting (not yet proven the password) have places of their own, so
 * strangers never take the admin's; past this the oldest greeting is dropped, and one
 * that has not proven the password in time is closed.
 */
export const MAX_GREETINGS = 8;
export const AUTHENTICATION_TIMEOUT_MS = 3_000;


export const ENDED = {
  idle: (ms: number) =>
    `terminating connection: your transaction was idle for ${Math.round(ms / 1000)} s, so it was rolled back (the site shares this embedded database). Send a whole transaction at once: npm run db:sql -- FILE.sql, or psql -1 -f FILE.sql.`,
  yield: "terminating connection: the site needed the embedded database while your transaction was idle, so it was rolled back. Send a whole transaction at once: npm run db:sql -- FILE.sql, or psql -1 -f FILE.sql.",
  stopping: "terminating connection: the server is stopping.",
  password: 'password authentication failed for user "postgres"',
  authenticationTimeout: "terminating connection: the password was not given in time",
  tooMany: "sorry, too many clients already: the embedded database takes 4 psql connections at once",
  unsupported: (type: string) => `terminating connection: invalid frontend message type ${JSON.stringify(type)} (the embedded database's socket takes simple and extended queries only)`,
  copyFromClient:
    "COPY … FROM STDIN (and psql's \\copy … from) cannot reach the embedded database: PGlite cannot read COPY data from a client. Load rows with INSERT … VALUES in a file run by npm run db:sql -- FILE.sql, or COPY … FROM a file after copying it into the data directory.",
  fatal: "terminating connection: the database ended this session with a FATAL error; the site's database was checked and still answers.",
};

/** Settings a client may ask for at startup that its own turns keep (libpq's PGTZ, PGDATESTYLE, PGCLIENTENCODING). */
const CLIENT_SETTINGS = new Set(["timezone", "datestyle", "client_encoding"]);

/** A Query that makes PGlite itself refuse, with its own ErrorResponse and ReadyForQuery (a transaction fails as PostgreSQL's would). */
const refusal = (code: string, text: string) => queryMessage(`DO $refused$BEGIN RAISE EXCEPTION USING ERRCODE = '${code}', MESSAGE = ${quoteLiteral(text)}; END$refused$`);
const quoteLiteral = (text: string) => `'${text.replace(/'/g, "''")}'`;

type Release = () => void;
// `onWait` calls its listener each time one of the app's calls starts to wait; its answer stops that.
type Locks = { transaction: <T>(fn: () => Promise<T>) => Promise<T>; query: <T>(fn: () => Promise<T>) => Promise<T>; waiting: () => number; onWait: (listener: () => void) => () => void };

const locksByClient = new WeakMap<PGlite, Locks>();

/**
 * PGlite's transaction lock, which its query, exec and transaction calls all take, and a
 * count of the app's calls waiting for it. The count wraps the instance's own method
 * (every one of those calls goes through `this._runExclusiveTransaction`); the socket
 * takes the lock through the unwrapped one, so it never counts itself.
 */
function locksOf(client: PGlite): Locks {
  const known = locksByClient.get(client);
  if (known) return known;
  const unwrapped = client._runExclusiveTransaction.bind(client);
  let waiting = 0;
  const listeners = new Set<() => void>();
  client._runExclusiveTransaction = <T,>(fn: () => Promise<T>) => {
    waiting++;
    for (const listener of [...listeners]) listener();
    let started = false;
    const start = () => {
      if (!started) waiting--;
      started = true;
    };
    return unwrapped(async () => {
      start();
      return fn();
    }).finally(start);
  };
  const onWait = (listener: () => void) => (listeners.add(listener), () => void listeners.delete(listener));
  const locks: Locks = { transaction: unwrapped, query: (fn) => client._runExclusiveQuery(fn), waiting: () => waiting, onWait };
  locksByClient.set(client, locks);
  return locks;
}

/** Holds the transaction lock until the returned function is called. */
function takeTransactionLock(locks: Locks): Promise<Release> {
  return new Promise((granted, failed) => {
    locks.transaction(() => new Promise<void>((release) => granted(release))).catch(failed);
  });
}

/** One psql (or db:sql) connection. */
class AdminSession {
  // What has arrived of the next messages: kept as chunks until the message they begin is whole.
  private chunks: Buffer[] = [];
  private buffered = 0;
  private needed = 0;
  private framing = { untyped: true };
  private phase: "startup" | "sasl-first" | "sasl-final" | "ready" | "closed" = "startup";
  private startup: Buffer | null = null;
  private scram;
  private work: Promise<void> = Promise.resolve();
  private lock: Release | null = null;
  private idleTimers: Array<() => void> = [];
  private ending = false;

  constructor(
    private socket: net.Socket,
    private client: PGlite,
    private locks: Locks,
    keys: ScramKeys,
    private options: { idleInTransactionMs: number; yieldMs: number; appUser: string; admitted: () => boolean; clock: Clock },
  ) {
    this.scram = scramServer(keys);
    socket.setNoDelay(true);
    options.clock.after(AUTHENTICATION_TIMEOUT_MS, () => {
      if (this.phase !== "ready") this.end(errorResponse("FATAL", "08P01", ENDED.authenticationTimeout));
    });
    socket.on("data", (data) => this.receive(data));
    socket.on("error", () => this.end(null));
    socket.on("close", () => this.end(null));
  }

  private receive(data: Buffer) {
    if (this.phase === "closed") return;
    this.chunks.push(data);
    this.buffered += data.length;
    // A long message arrives in many chunks: they are joined once, when it is whole.
    if (this.buffered < this.needed) return;
    const whole = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks);
    // Until the password is proven only small messages are read (checked at parse time: a
    // client waits for AuthenticationOk before it sends more).
    const limit = this.phase === "ready" ? MAX_MESSAGE_BYTES : MAX_GREETING_BYTES;
    const { frames, rest, needed, error } = takeFrames(whole, this.framing, limit);
    this.chunks = rest.length > 0 ? [rest] : [];
    this.buffered = rest.length;
    this.needed = needed;
    for (const frame of frames) {
      this.work = this.work.then(() => this.handle(frame)).catch(() => this.finish(null));
    }
    if (error) this.end(errorResponse("FATAL", "08P01", error));
  }

  private closed() {
    return this.phase === "closed";
  }

  /** Whether the connection has proven the password (and so holds one of the admin's places). */
  get admitted() {
    return this.phase === "ready";
  }

  /** Still greeting: one already being ended no longer takes a greeting's place (nor is dropped twice). */
  get greeting() {
    return !this.ending && this.phase !== "ready" && this.phase !== "closed";
  }

  private send(bytes: Buffer | Uint8Array) {
    if (this.socket.writable) this.socket.write(bytes);
  }

  private async handle(frame: Frame) {
    if (this.phase === "closed") return;
    if (this.phase === "startup") return this.handleStartup(frame);
    if (this.phase === "sasl-first" || this.phase === "sasl-final") return this.authenticate(frame);
    if (frame.type === "X") return this.finish(null);
    // Only what a client may send here reaches the database (PGlite answers anything else
    // by breaking, or by stopping the process).
    if (!frame.type || !CLIENT_MESSAGES.has(frame.type)) return this.finish(errorResponse("FATAL", "08P01", ENDED.unsupported(frame.type ?? "")));
    let bytes: Uint8Array = frame.bytes;
    if (copiesFromClient(sqlOf(frame))) {
      if (frame.type !== "Q") return this.finish(errorResponse("FATAL", "0A000", ENDED.copyFromClient));
      bytes = refusal("0A000", ENDED.copyFromClient);
    }
    this.clearIdleTimers();
    if (!this.lock) {
      this.lock = await takeTransactionLock(this.locks);
      await this.applyClientSettings();
    }
    // The connection may have closed while it waited for the lock.
    if (!this.closed()) {
      // A FATAL answer, or PGlite failing to answer at all (as for pg_terminate_backend), ends the client.
      const watcher = fatalWatcher();
      const ran = await this.run(bytes, (data) => {
        watcher.read(data);
        this.send(data);
      }).then(
        () => true,
        () => false,
      );
      if (!ran || watcher.fatal) return this.afterFatal();
    }
    // A message cycle ends with a simple Query or a Sync; outside a transaction block the
    // database goes back to the site. Inside one, the lock stays until it ends.
    const cycleEnded = frame.type === "Q" || frame.type === "S";
    if (cycleEnded && !this.client.isInTransaction()) await this.giveBack();
    else if (!this.closed()) this.armIdleTimers();
  }

  private async handleStartup(frame: Frame) {
    const code = frame.body.length >= 4 ? frame.body.readInt32BE(0) : 0;
    if (code === SSL_REQUEST || code === GSSENC_REQUEST) return this.send(Buffer.from("N"));
    if (code !== PROTOCOL_3) return this.finish(code === CANCEL_REQUEST ? null : errorResponse("FATAL", "0A000", "unsupported frontend protocol"));
    this.startup = Buffer.from(frame.bytes);
    this.phase = "sasl-first";
    this.send(this.scram.offer());
  }

  private async authenticate(frame: Frame) {
    const reply = frame.type !== "p" ? null : this.phase === "sasl-first" ? this.scram.first(frame.body) : this.scram.final(frame.body);
    if (!reply) return this.finish(errorResponse("FATAL", "28P01", ENDED.password));
    if (this.phase === "sasl-final" && !this.options.admitted()) return this.finish(errorResponse("FATAL", "53300", ENDED.tooMany));
    this.send(reply);
    if (this.phase === "sasl-first") {
      this.phase = "sasl-final";
      return;
    }
    this.phase = "ready";
    // PGlite answers the startup message itself: AuthenticationOk, parameters, ReadyForQuery.
    const release = await takeTransactionLock(this.locks);
    try {
      await this.run(this.startup!, (data) => this.send(data));
    } finally {
      release();
    }
  }

  private run(bytes: Uint8Array, onRawData: (data: Uint8Array) => void) {
    return this.locks.query(() => this.client.execProtocolRawStream(new Uint8Array(bytes), { onRawData }));
  }

  /**
   * Ends the client's work and puts the app's session back as it was before releasing the
   * lock: a failed extended-protocol cycle, an open transaction, the role and session
   * authorization (`RESET ALL` leaves both, and PGlite does not undo `SET SESSION
   * AUTHORIZATION` with `RESET`), settings, the search path with pg_temp last, and the
   * client's temp tables.
   */
  private async giveBack() {
    const release = this.lock;
    if (!release) return;
    this.lock = null;
    this.clearIdleTimers();
    try {
      const discard = () => {};
      await this.run(SYNC_MESSAGE, discard);
      if (this.client.isInTransaction()) await this.run(queryMessage("ROLLBACK"), discard);
      for (const statement of [`SET SESSION AUTHORIZATION ${this.options.appUser}`, "RESET ROLE", "RESET ALL", `SET search_path TO ${APP_SEARCH_PATH}`, "DISCARD TEMP"]) {
        await this.run(queryMessage(statement), discard);
      }
    } finally {
      release();
    }
  }

  /**
   * The settings psql asked for in its startup message (PGTZ, PGDATESTYLE: `npm run db:sql`
   * asks for India time), set again at the start of each of its turns, since the site's
   * session is put back after each.
   */
  private async applyClientSettings() {
    for (const statement of this.clientSettings) await this.run(queryMessage(statement), () => {});
  }

  private get clientSettings() {
    const parameters = this.startup ? startupParameters(this.startup.subarray(4)) : {};
    return Object.entries(parameters)
      .filter(([name, value]) => CLIENT_SETTINGS.has(name.toLowerCase()) && /^[A-Za-z0-9_+\-/:, ]{1,64}$/.test(value))
      .map(([name, value]) => `SET ${name.toLowerCase()} TO '${value}'`);
  }

  /** PGlite ended the session with a FATAL: the client goes, and the site's database is checked (and logged) before anything else runs. */
  private async afterFatal() {
    await this.finish(errorResponse("FATAL", "57P01", ENDED.fatal));
    const answered = await Promise.race([
      this.client.query("SELECT 1 AS ok").then(
        () => true,
        () => false,
      ),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 2_000).unref()),
    ]);
    if (answered) log().warn({ event: "admin-socket", outcome: "fatal" }, "a psql client met a FATAL error; the database still answers");
    else log().error({ event: "admin-socket", outcome: "fatal-unanswered" }, "a psql client met a FATAL error and the database no longer answers");
  }

  /**
   * Idle in a transaction: ended at `idleInTransactionMs`; and once idle for `yieldMs`, ended
   * as soon as the site waits (at once, if it waits already).
   */
  private armIdleTimers() {
    const { idleInTransactionMs, yieldMs, clock } = this.options;
    const yieldNow = () => this.endFromTimer(ENDED.yield);
    this.idleTimers.push(
      clock.after(idleInTransactionMs, () => this.endFromTimer(ENDED.idle(idleInTransactionMs))),
      clock.after(yieldMs, () => {
        if (this.locks.waiting() > 0) return yieldNow();
        this.idleTimers.push(this.locks.onWait(yieldNow));
      }),
    );
  }

  private clearIdleTimers() {
    const cancels = this.idleTimers;
    this.idleTimers = [];
    cancels.forEach((cancel) => cancel());
  }

  private endFromTimer(reason: string) {
    this.clearIdleTimers();
    this.end(errorResponse("FATAL", "25P03", reason));
  }

  /** Closes the connection (with a last message, if any) and gives the database back; runs in turn with the messages. */
  private finish(last: Buffer | null) {
    if (this.phase === "closed") return this.giveBack();
    this.phase = "closed";
    this.clearIdleTimers();
    if (last) this.send(last);
    this.socket.end();
    // A client that never closes its side does not hold the server (or its shutdown) open.
    setTimeout(() => this.socket.destroy(), 1_000).unref();
    return this.giveBack();
  }

  /** `finish`, after whatever the connection is doing now. */
  end(last: Buffer | null) {
    this.ending = true;
    this.work = this.work.then(() => this.finish(last)).catch(() => {});
    return this.work;
  }

  stop() {
    return this.end(errorResponse("FATAL", "57P01", ENDED.stopping));
  }
}

/**
 * Writes DATA_DIR/db-server.json (mode 0600): this process's id and, when the socket is
 * on, its URL with the password. While the file names a live process, nothing else
 * opens the directory.
 */
function writeServerFile(dataDir: string, content: { pid: number; url: string | null }) {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(dataDir, SERVER_FILE);
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, JSON.stringify(content), { mode: 0o600 });
  fs.renameSync(temporary, file);
  return file;
}

/** Opens the socket (unless `port` is null: off) on 127.0.0.1 and records it; `close` undoes both. */
export async function openAdminSocket(client: PGlite, options: AdminSocketOptions): Promise<AdminSocket> {
  let stop = async () => {};
  let url: string | null = null;
  let siteWaiting = () => 0;
  if (options.port !== null) {
    const locks = locksOf(client);
    siteWaiting = locks.waiting;
    const password = randomBytes(24).toString("base64url");
    const keys = scramKeys(password);
    const [{ user }] = (await client.query<{ user: string }>("SELECT quote_ident(session_user) AS user")).rows as [{ user: string }];
    const sessions = new Set<AdminSession>();
    const admitted = () => [...sessions].filter((s) => s.admitted).length < MAX_SESSIONS;
    const settings = { idleInTransactionMs: options.idleInTransactionMs ?? IDLE_IN_TRANSACTION_MS, yieldMs: options.yieldMs ?? YIELD_MS, appUser: user, admitted, clock: options.clock ?? systemClock };
    const server = net.createServer((socket) => {
      // A stranger's greetings never take the admin's places: past the cap, the oldest greeting goes.
      const greeting = [...sessions].filter((s) => s.greeting);
      if (greeting.length >= MAX_GREETINGS) void greeting[0]!.end(errorResponse("FATAL", "53300", ENDED.authenticationTimeout));
      const session = new AdminSession(socket, client, locks, keys, settings);
      sessions.add(session);
      socket.once("close", () => sessions.delete(session));
    });
    // A bound on sockets at all (places for the admin and for greetings, and a few closing).
    server.maxConnections = MAX_SESSIONS + MAX_GREETINGS + 4;
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(options.port!, "127.0.0.1", () => resolve());
    });
    const { port } = server.address() as net.AddressInfo;
    url = `postgres://postgres:${password}@127.0.0.1:${port}/postgres`;
    stop = async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      await Promise.all([...sessions].map((session) => session.stop()));
      await closed;
    };
  }
  const file = writeServerFile(options.dataDir, { pid: process.pid, url });
  return {
    url,
    siteWaiting: () => siteWaiting(),
    close: async () => {
      await stop();
      fs.rmSync(file, { force: true });
    },
  };
}
