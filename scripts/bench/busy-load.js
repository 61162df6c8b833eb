// The load of the busiest-minute benchmark, run in its own process so the servers and
// the load never share an event loop: `node busy-load.js CONFIG.json RESULT.json`.
// Each student is a browser of its own (its own keep-alive connection and address),
// arrivals are spread evenly, every loop is bounded, and a 503 or 429 is retried the
// way the test island does (after Retry-After, a few times) before it counts as an error.
import fs from "node:fs";
import http from "node:http";
import { createHmac } from "node:crypto";
import zlib from "node:zlib";
import { performance } from "node:perf_hooks";
import autocannon from "autocannon";
import { rawBrowser } from "./raw-client.js";
import { cpuSeconds } from "./cpu.js";

const [configPath, resultPath] = process.argv.slice(2);
const config = JSON.parse(fs.readFileSync(configPath, "utf8"));
const { world, ports } = config;
const TIMEOUT_MS = 30_000;
const GIVE_UP_AFTER_MS = 60_000;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

function summary(latencies, errors = 0, extra = {}) {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (p) => (sorted.length ? Math.round(sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] * 10) / 10 : null);
  return { count: sorted.length, p50: at(0.5), p99: at(0.99), max: sorted.length ? Math.round(sorted.at(-1)) : null, errors, ...extra };
}

/** One browser: its own connection, its own address (the app trusts X-Forwarded-For from the bench). */
function browser(index, cookie) {
  const port = ports[index % ports.length];
  const agent = new http.Agent({ keepAlive: true, maxSockets: 2 });
  const address = `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;
  const request = (method, path, body, headers = {}) =>
    new Promise((resolve) => {
      const started = performance.now();
      const req = http.request(
        {
          host: "127.0.0.1",
          port,
          method,
          path,
          agent,
          timeout: TIMEOUT_MS,
          headers: {
            "X-Forwarded-For": address,
            "Accept-Encoding": "gzip, deflate, br",
            ...(cookie ? { Cookie: cookie } : {}),
            ...(body !== undefined ? { Origin: `http://127.0.0.1:${port}`, "Content-Length": Buffer.byteLength(body) } : {}),
            ...headers,
          },
        },
        (res) => {
          const chunks = [];
          res.on("data", (c) => chunks.push(c));
          res.on("end", () => {
            const ms = performance.now() - started;
            const raw = Buffer.concat(chunks);
            const encoding = res.headers["content-encoding"];
            const body = encoding === "br" ? zlib.brotliDecompressSync(raw) : encoding === "gzip" ? zlib.gunzipSync(raw) : raw;
            resolve({ status: res.statusCode, headers: res.headers, body, bytes: raw.length, ms });
          });
          res.on("error", (error) => resolve({ status: 0, error: error.code ?? error.message, ms: performance.now() - started }));
        },
      );
      req.on("timeout", () => req.destroy(Object.assign(new Error("timeout"), { code: "TIMEOUT" })));
      req.on("error", (error) => resolve({ status: 0, error: error.code ?? error.message, ms: performance.now() - started }));
      req.end(body);
    });
  const json = (method, path, value) => request(method, path, value === undefined ? undefined : JSON.stringify(value), { "Content-Type": "application/json" });
  return { request, json, close: () => agent.destroy() };
}

/** As the island does: a refused-for-now request is sent again after Retry-After, at most `tries` times. */
async function withRetries(send, tries = 4) {
  const attempts = [];
  for (let i = 0; i < tries; i++) {
    const reply = await send();
    attempts.push(reply);
    if (reply.status !== 503 && reply.status !== 429) break;
    await sleep((Number(reply.headers?.["retry-after"]) || 1) * 1000 * (0.5 + Math.random()));
  }
  return attempts;
}

const countErrors = (map, reply) => {
  const key = reply.error ?? String(reply.status);
  map[key] = (map[key] ?? 0) + 1;
};

// ------------------------------------------------------------------ scenarios

async function guestPages() {
  const { targets, rounds, seconds, connections } = config;
  const results = Object.fromEntries(targets.map((t) => [t.name, []]));
  for (let round = 0; round < rounds; round++) {
    for (const target of targets) {
      const r = await autocannon({ url: target.url, connections, duration: seconds, headers: { "Accept-Encoding": "gzip, deflate, br", Accept: "text/html", ...target.headers } });
      results[target.name].push({ rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.timeouts + r.non2xx });
    }
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  return Object.fromEntries(
    Object.entries(results).map(([name, runs]) => [
      name,
      { rps: Math.round(median(runs.map((r) => r.rps))), p50: median(runs.map((r) => r.p50)), p99: median(runs.map((r) => r.p99)), errors: runs.reduce((s, r) => s + r.errors, 0), runs },
    ]),
  );
}

/** Not timed: every instance serves each path a few hundred times first, as a live server has before a contest starts. */
async function warmUp() {
  const { id, questions } = world.contest;
  const students = world.students.slice(0, 200);
  for (let round = 0; round < 3; round++) {
    await Promise.all(
      students.map(async (s, i) => {
        const b = browser(i, s.cookie);
        await b.request("GET", `/contest/${id}/test`, undefined, { Accept: "text/html" });
        await b.json("GET", `/api/contest/${id}/test`);
        await b.json("POST", `/api/contest/${id}/test`, { intent: "answer", questionId: questions[0], choice: 0 });
        for (const path of ["/", "/contests", "/store", "/blog"]) await b.request("GET", path, undefined, { Accept: "text/html" });
        b.close();
      }),
    );
  }
  return { students: students.length };
}

async function contestStart() {
  const { id } = world.contest;
  const students = world.students;
  const spreadMs = config.spreadMs ?? 5_000;
  const page = [], paper = [], whole = [], trace = [];
  const errors = {};
  const t0 = performance.now();
  await Promise.all(
    students.map(async (s, i) => {
      await sleep(t0 + (i * spreadMs) / students.length - performance.now());
      const b = browser(i, s.cookie);
      const began = performance.now();
      const doc = (await withRetries(() => b.request("GET", `/contest/${id}/test`, undefined, { Accept: "text/html" }))).at(-1);
      if (doc.status !== 200) countErrors(errors, doc);
      else page.push(doc.ms);
      const api = (await withRetries(() => b.json("GET", `/api/contest/${id}/test`))).at(-1);
      const ok = api.status === 200 && JSON.parse(api.body).questions?.length === world.contest.questions.length;
      if (!ok) countErrors(errors, api);
      else paper.push(api.ms);
      if (doc.status === 200 && ok) whole.push(performance.now() - began);
      if (i % 250 === 0) trace.push([Math.round(began - t0), Math.round(doc.ms), Math.round(api.ms)]);
      b.close();
    }),
  );
  const failed = Object.values(errors).reduce((a, b) => a + b, 0);
  return { students: students.length, page: summary(page), paper: summary(paper), start: summary(whole, failed, { errorKinds: errors }), seconds: (performance.now() - t0) / 1000, trace };
}

async function autosave() {
  const { id, questions } = world.contest;
  const students = world.students;
  const { windowMs = 60_000, submitWindowMs = 10_000, answersEach = questions.length } = config;
  const saves = [], acks = [], submits = [];
  const errors = {}, submitErrors = {};
  const finalChoice = {};
  let acknowledged = 0, retried = 0;
  const browsers = students.map((s, i) => browser(i, s.cookie));
  const slot = windowMs / answersEach;
  const t0 = performance.now();
  await Promise.all(
    students.map(async (s, i) => {
      const b = browsers[i];
      for (let k = 0; k < answersEach; k++) {
        // A jittered schedule; the island sends one answer at a time.
        await sleep(t0 + (k + Math.random() * 0.9) * slot - performance.now());
        // Bounded: a server this far behind has failed the scenario; what is left counts as errors.
        if (performance.now() > t0 + windowMs + GIVE_UP_AFTER_MS) {
          countErrors(errors, { error: "not sent (server too far behind)" });
          continue;
        }
        const questionId = questions[k % questions.length];
        const choice = Math.floor(Math.random() * 4);
        const began = performance.now();
        // Every other save also carries a draft (NTA's rule: an option chosen, not yet saved), as the island sends it; a build before drafts drops the field.
        const draft = k % 2 === 0 ? { draft: { options: [((choice + 1) % 4) + 1] } } : {};
        const attempts = await withRetries(() => b.json("POST", `/api/contest/${id}/test`, { intent: "answer", questionId, choice, ...draft }));
        attempts.forEach((a) => saves.push(a.ms));
        retried += attempts.length - 1;
        const last = attempts.at(-1);
        if (last.status === 200 && JSON.parse(last.body).saved === true) {
          acknowledged++;
          acks.push(performance.now() - began);
          finalChoice[`${s.userId}:${questionId}`] = choice;
        } else countErrors(errors, last);
      }
    }),
  );
  const saveSeconds = (performance.now() - t0) / 1000;
  // The submissions' own CPU (the scenario's figure mixes them with the saves): the app and PostgreSQL, per submission.
  const cpuAt = () => ({ app: cpuSeconds(config.pids?.app ?? []), postgres: cpuSeconds(config.pids?.postgres ?? []) });
  const submitCpuBefore = cpuAt();
  const t1 = performance.now();
  await Promise.all(
    students.map(async (s, i) => {
      await sleep(t1 + (i * submitWindowMs) / students.length - performance.now());
      const attempts = await withRetries(() => browsers[i].json("POST", `/api/contest/${id}/test`, { intent: "submit", reason: "Manual submission" }));
      const last = attempts.at(-1);
      if (last.status === 200 && JSON.parse(last.body).submitted === true) submits.push(last.ms);
      else countErrors(submitErrors, last);
    }),
  );
  const submitCpuAfter = cpuAt();
  browsers.forEach((b) => b.close());
  const failed = (e) => Object.values(e).reduce((a, b) => a + b, 0);
  return {
    students: students.length,
    submitCpu: { appSeconds: Math.round((submitCpuAfter.app - submitCpuBefore.app) * 100) / 100, postgresSeconds: Math.round((submitCpuAfter.postgres - submitCpuBefore.postgres) * 100) / 100, submissions: submits.length },
    saves: summary(saves, failed(errors), { errorKinds: errors, retried, perSecond: Math.round(acknowledged / saveSeconds) }),
    acknowledged: summary(acks, failed(errors), { answers: acknowledged }),
    submit: summary(submits, failed(submitErrors), { errorKinds: submitErrors }),
    finalChoice,
  };
}

/**
 * As many saves as the server takes: each of S students saves at 9 a second, just under
 * the per-session limit (a faster one is refused after a pause, by design), for a few seconds.
 */
async function saturation() {
  const { id, questions } = world.contest;
  const students = world.students.slice(0, config.saturationStudents ?? 1000);
  const seconds = config.saturationSeconds ?? 5;
  const latencies = [];
  let ok = 0, refused = 0;
  const t0 = performance.now();
  const end = t0 + seconds * 1000;
  // The raw client by default (its CPU is a fraction of node:http's, and the two share the
  // app's cores); `saturationClient: "node"` measures with the same client as the other scenarios.
  const open = (s, i) => {
    if (config.saturationClient === "node") {
      const b = browser(i, s.cookie);
      return { post: (body) => b.json("POST", `/api/contest/${id}/test`, body), close: b.close };
    }
    const port = ports[i % ports.length];
    const address = `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
    const b = rawBrowser({ port, headers: { "X-Forwarded-For": address, Cookie: s.cookie, Origin: `http://127.0.0.1:${port}`, "Content-Type": "application/json" } });
    return { post: (body) => b.send("POST", `/api/contest/${id}/test`, JSON.stringify(body)), close: b.close };
  };
  await Promise.all(
    students.map(async (s, i) => {
      const b = open(s, i);
      await sleep(Math.random() * 111);
      for (let k = 0; performance.now() < end && k < 100; k++) {
        const sent = performance.now();
        const reply = await b.post({ intent: "answer", questionId: questions[k % questions.length], choice: k % 4 });
        latencies.push(reply.ms);
        if (reply.status === 200) ok++;
        else refused++;
        await sleep(sent + 111 - performance.now());
      }
      b.close();
    }),
  );
  return { client: config.saturationClient ?? "raw", students: students.length, perSecond: Math.round(ok / ((performance.now() - t0) / 1000)), refused, latency: summary(latencies) };
}

function shuffle(items) {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j], items[i]];
  }
  return items;
}

async function payments() {
  const payers = world.payers;
  const hooks = [], verifies = [];
  const errors = {};
  // The orders first (not timed): each payer asks for a gateway order, 50 at a time.
  const orders = [];
  for (let i = 0; i < payers.length; i += 50) {
    await Promise.all(
      payers.slice(i, i + 50).map(async (p, j) => {
        const b = browser(i + j, p.cookie);
        const reply = await b.json("POST", "/api/payment/create-order", { contestId: world.paidContest });
        b.close();
        if (reply.status !== 200) throw new Error(`create-order answered ${reply.status}: ${reply.body}`);
        orders.push({ index: i + j, payer: p, orderId: JSON.parse(reply.body).orderId, paymentId: `pay_bench_${i + j}` });
      }),
    );
  }
  const hex = (secret, payload) => createHmac("sha256", secret).update(payload).digest("hex");
  const gatewaySecret = hex(config.sessionSecret, "studyarena test payment gateway");
  const arrivals = shuffle(
    orders.flatMap((o) => {
      const raw = JSON.stringify({ event: "payment.captured", payload: { payment: { entity: { id: o.paymentId, order_id: o.orderId, amount: 4900, currency: "INR", status: "captured" } } } });
      const hook = async (b) => {
        // Razorpay sends a webhook again when it is not answered 2xx (later, with backoff): a 503 is retried after its Retry-After.
        const attempts = await withRetries(() => b.request("POST", "/api/payment/webhook", raw, { "Content-Type": "application/json", "X-Razorpay-Signature": hex(config.webhookSecret, raw) }));
        const reply = attempts.at(-1);
        if (reply.status === 200) hooks.push(reply.ms);
        else countErrors(errors, reply);
      };
      const verify = async (b) => {
        // The pay page's script, like the island, waits out a busy server.
        const body = { orderId: o.orderId, paymentId: o.paymentId, signature: hex(gatewaySecret, `${o.orderId}|${o.paymentId}`) };
        const reply = (await withRetries(() => b.json("POST", "/api/payment/verify", body))).at(-1);
        if (reply.status === 200) verifies.push(reply.ms);
        else countErrors(errors, reply);
      };
      return [hook, hook, hook, verify].map((send) => ({ send, o }));
    }),
  );
  // All of them as fast as 256 connections carry them.
  const t0 = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: 256 }, async () => {
      while (next < arrivals.length) {
        const { send, o } = arrivals[next++];
        const b = browser(o.index, o.payer.cookie);
        await send(b);
        b.close();
      }
    }),
  );
  const failed = Object.values(errors).reduce((a, b) => a + b, 0);
  return { payments: orders.length, webhook: summary(hooks, 0), verify: summary(verifies, 0), errors: failed, errorKinds: errors, seconds: (performance.now() - t0) / 1000 };
}

async function checkout() {
  const latencies = [];
  const outcomes = {};
  await Promise.all(
    world.buyers.map(async (buyer, i) => {
      const b = browser(i, buyer.cookie);
      const form = new URLSearchParams({ intent: "pay", paymentMethod: "cod", key: crypto.randomUUID() }).toString();
      const reply = await b.request("POST", "/checkout", form, { "Content-Type": "application/x-www-form-urlencoded" });
      b.close();
      latencies.push(reply.ms);
      const where = reply.status === 302 ? (reply.headers.location ?? "").replace(/\?.*/, "?…") : String(reply.status || reply.error);
      outcomes[where] = (outcomes[where] ?? 0) + 1;
    }),
  );
  return { buyers: world.buyers.length, latency: summary(latencies), outcomes };
}


// ------------------------------------------------------------------ a shift's start (the sealed paper)

/** The waiting time: each student reads the waiting room (its key link) and downloads the sealed paper, spread evenly. */
async function shiftWaiting() {
  const { id, students, spreadMs } = world.shift;
  const room = [], sealed = [];
  const errors = {};
  const held = new Array(students.length).fill(null);
  const t0 = performance.now();
  await Promise.all(
    students.map(async (s, i) => {
      await sleep(t0 + (i * spreadMs) / students.length - performance.now());
      const b = browser(i, s.cookie);
      const got = (await withRetries(() => b.json("GET", `/api/contest/${id}/test`))).at(-1);
      const seal = got.status === 200 ? JSON.parse(got.body).seal : null;
      if (!seal?.url) countErrors(errors, got.status === 200 ? { error: "no sealed paper offered" } : got);
      else {
        room.push(got.ms);
        const paper = (await withRetries(() => b.request("GET", seal.url))).at(-1);
        if (paper.status !== 200) countErrors(errors, paper);
        else {
          sealed.push(paper.ms);
          held[i] = { keyLink: seal.keyLink, digest: seal.url.split("/").pop(), bytes: paper.bytes };
          if (i === 0) fs.writeFileSync(`${resultPath}.paper`, paper.body);
        }
      }
      b.close();
    }),
  );
  const failed = Object.values(errors).reduce((a, b) => a + b, 0);
  return { students: students.length, room: summary(room), sealed: summary(sealed, failed, { errorKinds: errors, bytes: held.find(Boolean)?.bytes }), held: held.map((h) => h && { keyLink: h.keyLink, digest: h.digest }), seconds: (performance.now() - t0) / 1000 };
}

/**
 * The app behind nginx (deploy/nginx.conf): students' connections end at the proxy, which
 * sends their requests over a pool of kept-alive connections to each instance. `send`
 * waits for a free connection of the student's instance, as nginx's upstream keepalive
 * does; the time it waits counts in the student's latency. Given `targets` (nginx's own
 * port), the same pool of connections goes to those instead.
 */
function gateway(perInstance, targets = ports) {
  const pools = targets.map((port) => ({
    free: Array.from({ length: perInstance }, () => rawBrowser({ port, headers: { Origin: `http://127.0.0.1:${port}`, "Content-Type": "application/json" } })),
    waiting: [],
  }));
  return {
    async send(i, method, path, body, headers) {
      const started = performance.now();
      const pool = pools[i % pools.length];
      const socket = pool.free.pop() ?? (await new Promise((resolve) => pool.waiting.push(resolve)));
      try {
        const reply = await socket.send(method, path, body, headers);
        return { ...reply, ms: performance.now() - started };
      } finally {
        const next = pool.waiting.shift();
        if (next) next(socket);
        else pool.free.push(socket);
      }
    },
    close: () => pools.forEach((pool) => pool.free.forEach((socket) => socket.close())),
  };
}

/** A student's post through the gateway, refused-for-now ones sent again as withRetries does (the raw client reads no Retry-After: a second or so). */
const poster = (proxy, api, retried) => async (i, cookie, body) => {
  const attempts = await withRetries(() => proxy.send(i, "POST", api, JSON.stringify(body), { Cookie: cookie, "X-Forwarded-For": `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` }));
  if (attempts.length > 1) retried[body.intent] = (retried[body.intent] ?? 0) + attempts.length - 1;
  return attempts.at(-1);
};

/**
 * The start: from the contest's start time every student asks for the key with its link,
 * through nginx (deploy/nginx.conf, which checks the link and keeps the one reply), over
 * `gatewayConnections` kept-alive connections, spread over `startSpreadMs`. Pressing Start Contest (the start, written by the
 * starts' group commit) is shiftPress, so that each has its own CPU figures. A key for another paper than the one
 * held would be a stale download. The first student's paper is opened with its key.
 */
async function shiftStart() {
  const { students, startsAt, startSpreadMs } = world.shift;
  const { held, nginxPort } = config;
  const proxy = gateway(config.gatewayConnections ?? 128, [nginxPort]);
  const key = [], trace = [], cache = {};
  const errors = {};
  let stale = 0, opened = null;
  const retried = {};
  await sleep(startsAt - Date.now());
  const t0 = performance.now();
  await Promise.all(
    students.map(async (s, i) => {
      await sleep(t0 + (i * startSpreadMs) / students.length - performance.now());
      if (!held[i]) return countErrors(errors, { error: "nothing held" });
      const began = performance.now();
      // A kept-alive connection nginx closed as the request went out (after its keepalive_requests) is sent again, as a browser does for a GET on a reused connection.
      const ask = async () => {
        const reply = await proxy.send(i, "GET", held[i].keyLink, "", { Cookie: s.cookie });
        if (reply.error !== "closed") return reply;
        retried.closed = (retried.closed ?? 0) + 1;
        return proxy.send(i, "GET", held[i].keyLink, "", { Cookie: s.cookie });
      };
      const attempts = await withRetries(ask);
      if (attempts.length > 1) retried.key = (retried.key ?? 0) + attempts.length - 1;
      const asked = attempts.at(-1);
      cache[asked.cache ?? "none"] = (cache[asked.cache ?? "none"] ?? 0) + 1;
      const ms = performance.now() - began;
      if (i % 500 === 0) trace.push([Math.round(began - t0), Math.round(ms)]);
      if (asked.status !== 200) return countErrors(errors, asked);
      key.push(ms);
      const reply = JSON.parse(asked.body.toString("utf8"));
      if (reply.digest !== held[i].digest) stale++;
      if (i === 0) opened = await openPaper(reply.key);
    }),
  );
  proxy.close();
  const failed = Object.values(errors).reduce((a, b) => a + b, 0);
  return {
    students: students.length,
    gatewayConnections: config.gatewayConnections ?? 128,
    key: summary(key, failed, { errorKinds: errors, within: Math.round((Math.max(...trace.map(([at]) => at)) / 1000) * 10) / 10 }),
    stale,
    opened,
    retried,
    cache,
    seconds: (performance.now() - t0) / 1000,
    trace,
  };
}

/** Pressing Start Contest once the paper is open: each student once, spread over `pressSpreadMs`. */
async function shiftPress() {
  const { id, students, pressSpreadMs } = world.shift;
  const proxy = gateway(config.gatewayConnections ?? 128);
  const retried = {}, errors = {}, start = [];
  const post = poster(proxy, `/api/contest/${id}/test`, retried);
  const t0 = performance.now();
  await Promise.all(
    students.map(async (s, i) => {
      await sleep(t0 + Math.random() * pressSpreadMs - performance.now());
      const pressed = await post(i, s.cookie, { intent: "start", fullscreen: true });
      if (pressed.status !== 200) countErrors(errors, pressed);
      else start.push(pressed.ms);
    }),
  );
  proxy.close();
  const failed = Object.values(errors).reduce((a, b) => a + b, 0);
  return { start: summary(start, failed, { errorKinds: errors }), retried, seconds: (performance.now() - t0) / 1000 };
}

/** Opens the sealed paper the first student downloaded, as the browser does (nonce, ciphertext and tag; gzipped JSON inside). */
async function openPaper(keyBase64) {
  const bytes = fs.readFileSync(`${resultPath.replace("shiftStart", "shiftWaiting")}.paper`);
  const key = await crypto.subtle.importKey("raw", Buffer.from(keyBase64, "base64"), "AES-GCM", false, ["decrypt"]);
  const plain = await crypto.subtle.decrypt({ name: "AES-GCM", iv: bytes.subarray(0, 12) }, key, bytes.subarray(12));
  return JSON.parse(zlib.gunzipSync(Buffer.from(plain)).toString("utf8")).questions.length;
}

const scenarios = { warmUp, guestPages, contestStart, shiftWaiting, shiftStart, shiftPress, autosave, saturation, payments, checkout };
const result = await scenarios[config.scenario]();
fs.writeFileSync(resultPath, JSON.stringify(result));
process.exit(0);
