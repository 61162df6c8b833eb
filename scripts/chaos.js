// `npm run chaos [-- --students N --kills K]`: faults during a contest, and nothing lost.
//
// A throwaway PostgreSQL cluster of its own (initdb on a free loopback port), two app
// instances and nginx (deploy/nginx.conf). N students, each with a real session, choose
// answers on a jittered schedule through nginx, with the test page's own answer queue
// (app/components/contests/test-island/answer-queue.ts, imported as it is) and the
// page's reading of each reply (use-autosave.ts). Meanwhile an instance is killed with
// SIGKILL K times and started again, PostgreSQL is restarted once, and both instances
// are restarted one after the other with SIGTERM (a rolling deploy). Then every student
// submits; the contest ends and both instances' sweeps race to finalise it.
//
// The contest starts during the run, as a shift does (issue 50, point 4): each student
// waits in the waiting room with the sealed paper downloaded (through nginx's cache), and
// at the start asks for the key, as the island does (falling back to the open paper if
// the key request fails). An instance is killed in the start second; how late each
// student's paper opened is measured, for those on the dead instance too.
//
// It prints, per student with a difference, the choices acknowledged vs stored and the
// final choice vs the stored one, and exits non-zero on any difference, on a submission
// not recorded exactly once, or on a contest not finalised exactly once.
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import postgres from "postgres";
import { tsImport } from "tsx/esm/api";
import { buildIfStale } from "./build-if-stale.js";
import { createUsersWithSessions, OPTIONS, QUESTIONS } from "./bench/busy-seed.js";
import { appInstances, chaosFrame, FAIL_TIMEOUT_MS, freePort, root, sleep, startNginx, startThrowawayPostgres, newKeyLinkSecret } from "./ops/processes.js";

const { values } = parseArgs({
  options: {
    students: { type: "string", default: "1000" },
    kills: { type: "string", default: "3" },
    seconds: { type: "string" },
    choices: { type: "string", default: "12" },
    keep: { type: "boolean", default: false },
  },
});
const STUDENTS = Number(values.students);
const KILLS = Number(values.kills);
const CHOICES = Number(values.choices);
// Long enough for every fault to land in the middle of the answering.
const SECONDS = Number(values.seconds ?? (STUDENTS > 200 ? 60 : 30));
for (const [name, value, max] of [["students", STUDENTS, 20_000], ["kills", KILLS, 10], ["seconds", SECONDS, 600], ["choices", CHOICES, 100]]) {
  if (!Number.isInteger(value) || value < (name === "kills" ? 0 : 1) || value > max) {
    console.error(`--${name} must be a whole number up to ${max}.`);
    process.exit(2);
  }
}

const say = (line) => console.log(`[chaos ${new Date().toISOString().slice(11, 19)}] ${line}`);
const SECRET = "chaos-session-secret-chaos-session-secret-0123";
// nginx's workers (nobody) must pass through to its cache (the sealed paper's): search, not listing.
const { work, cleanups, runToExit } = chaosFrame("chaos", { mode: 0o711 });

await runToExit(run, { keep: values.keep });

async function run() {
  buildIfStale(root);
  say(`${STUDENTS} students, ${CHOICES} choices each over ${SECONDS} s; ${KILLS} kill(s), one PostgreSQL restart, one rolling restart`);
  const pg = await startThrowawayPostgres();
  cleanups.push(() => pg.stop());
  say(`PostgreSQL of our own on 127.0.0.1:${pg.port} (${pg.dir})`);

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
    // The sweep every second, so the race to finalise happens within the run.
    SWEEP_INTERVAL_MS: "1000",
    DATABASE_POOL_SIZE: "20",
  };
  const { ports, logFiles, instances, start, kill, stopAll } = await appInstances({ work, env });
  cleanups.push(stopAll);
  await start(0);
  const sql = postgres(pg.url, { max: 4, onnotice: () => {} });
  cleanups.push(() => sql.end({ timeout: 1 }));
  const world = await seed(sql, env);
  await start(1);
  const nginx = await startNginx({ runDir: path.join(work, "nginx"), port: nginxPort, upstreamPorts: ports, output: fs.openSync(path.join(work, "nginx.log"), "a"), keyLinkSecret: env.KEY_LINK_SECRET });
  cleanups.unshift(() => nginx.stop());
  say(`two instances (:${ports[0]}, :${ports[1]}) behind nginx on :${nginxPort}`);

  const base = `http://127.0.0.1:${nginxPort}`;
  // The start, far enough ahead for every student to reach the waiting room first.
  const startsAt = Date.now() + 10_000 + STUDENTS * 20;
  await sql`UPDATE contests SET start_time = ${new Date(startsAt)} WHERE id = ${world.contestId}`;
  const students = await openStudents(base, world);
  say(`every student waits with the sealed paper; the start is in ${((startsAt - Date.now()) / 1000).toFixed(1)} s`);
  const shift = await startShift(students, startsAt, () => kill(0));
  const [{ started }] = await sql`SELECT count(*)::int AS started FROM user_contest_entries WHERE contest_id = ${world.contestId} AND started_at IS NOT NULL`;
  if (started !== STUDENTS) shift.problems.push(`${started} of ${STUDENTS} starts recorded`);
  await start(0);
  say(`the start: ${shift.summary}; app-1 is back`);

  // The faults, spread over the answering.
  const faults = [];
  for (let k = 0; k < KILLS; k++) faults.push({ at: (0.15 + (0.5 * k) / Math.max(1, KILLS)) * SECONDS, what: `SIGKILL app-${(k % 2) + 1}`, run: () => kill(k % 2) });
  faults.push({ at: 0.55 * SECONDS, what: "PostgreSQL restart", run: () => pg.restart() });
  faults.push({ at: 0.7 * SECONDS, what: "rolling restart (SIGTERM app-1, then app-2)", run: rolling });
  faults.sort((x, y) => x.at - y.at);
  // As a deploy would: the next instance stops only once nginx sends work to the first again.
  async function rolling() {
    for (const i of [0, 1]) {
      await instances[i].stop("SIGTERM");
      await start(i);
      if (i === 0) await sleep(FAIL_TIMEOUT_MS + 1_000);
    }
  }

  const began = Date.now();
  const answering = Promise.all(students.map((s) => s.answer(began)));
  for (const fault of faults) {
    await sleep(Math.max(0, began + fault.at * 1000 - Date.now()));
    const t = Date.now();
    await fault.run();
    say(`${fault.what}: done in ${((Date.now() - t) / 1000).toFixed(1)} s`);
  }
  await answering;
  say(`answering over; waiting for every queue to empty`);
  const unsent = (await Promise.all(students.map((s) => s.queue.flush(60_000)))).filter((done) => !done).length;

  say(`every student submits`);
  const submitted = await Promise.all(students.map((s) => s.submit()));

  // The contest ends: both instances' sweeps (every second) race to finalise it.
  await sql`UPDATE contests SET start_time = now() - interval '3 hours', end_time = now() - interval '2 hours' WHERE id = ${world.contestId}`;
  const until = Date.now() + 30_000;
  while (Date.now() < until && (await sql`SELECT finalized_at FROM contests WHERE id = ${world.contestId}`)[0].finalized_at === null) await sleep(250);
  await sleep(3_000); // a second finalisation, if there were one, would be logged by now

  const report = await compare(sql, world, students);
  const finalised = logFiles
    .flatMap((f) => fs.readFileSync(f, "utf8").split("\n"))
    .filter((line) => line.includes('"event":"sweep"') && line.includes(world.contestId))
    .map((line) => JSON.parse(line))
    .filter((line) => line.outcome === "finalized");
  const [{ ranked }] = await sql`SELECT count(*)::int AS ranked FROM contest_results WHERE contest_id = ${world.contestId} AND rank IS NOT NULL`;
  const [{ finalized_at }] = await sql`SELECT finalized_at FROM contests WHERE id = ${world.contestId}`;

  const statuses = students.reduce((all, s) => {
    for (const [status, n] of Object.entries(s.statuses)) all[status] = (all[status] ?? 0) + n;
    return all;
  }, {});
  console.log("\nper student (questions):");
  for (const line of report.lines) console.log(line);
  console.log("");
  console.log(`answers sent (by reply status): ${JSON.stringify(statuses)}`);
  console.log(`choices made ${report.made}, acknowledged ${report.acknowledged}, still unsent ${unsent}`);
  console.log(`students whose stored answers differ from their final choices: ${report.differing.length}`);
  for (const line of report.differing.slice(0, 20)) console.log(`  ${line}`);
  console.log(`submissions: ${report.submitted} of ${STUDENTS} entries submitted, ${report.results} result rows, ${report.wrongScores} wrong scores; replies 'submitted' ${submitted.filter(Boolean).length}`);
  console.log(`the start (app-1 killed in its second): ${shift.summary}`);
  console.log(`finalisations logged: ${finalised.length} (${finalised.map((l) => l.instance).join(", ")}); finalized_at ${finalized_at ? "set" : "NOT SET"}; ranked ${ranked}`);

  const problems = [];
  if (unsent > 0) problems.push(`${unsent} students still had unsent choices`);
  if (report.differing.length > 0) problems.push(`${report.differing.length} students differ`);
  if (report.submitted !== STUDENTS || report.results !== STUDENTS) problems.push("not every submission recorded exactly once");
  if (report.wrongScores > 0) problems.push(`${report.wrongScores} scores do not match the final choices`);
  if (finalised.length !== 1 || !finalized_at) problems.push(`the contest was finalised ${finalised.length} times`);
  if (ranked !== STUDENTS) problems.push(`${ranked} of ${STUDENTS} ranked`);
  problems.push(...shift.problems);
  if (problems.length > 0) throw new Error(`FAILED: ${problems.join("; ")}`);
  console.log("\nchaos: nothing lost.");
}

/** The contest (running, 20 questions) and N enrolled students with sessions. */
async function seed(sql, env) {
  process.env.DATABASE_URL = env.DATABASE_URL;
  const { createContest } = await tsImport("../app/seed/factories.server.ts", import.meta.url);
  const { db, getConnection } = await tsImport("../app/db/client.server.ts", import.meta.url);
  const contest = await createContest(db, {
    title: "Chaos Cup",
    subject: "General",
    start_time: new Date(Date.now() - 60_000),
    end_time: new Date(Date.now() + 3 * 3600_000),
    duration_minutes: 120,
    prize_pool: { first: 5000, second: 2000 },
    questions: Array.from({ length: QUESTIONS }, (_, i) => [`Question ${i + 1}: which letter?`, OPTIONS, OPTIONS[i % OPTIONS.length]]),
  });
  await getConnection().close();
  const students = await createUsersWithSessions(sql, { prefix: "chaos-student-", count: STUDENTS, secret: SECRET });
  await sql`INSERT INTO user_contest_entries (user_id, contest_id) SELECT id, ${contest.id} FROM users WHERE email LIKE 'chaos-student-%'`;
  return { contestId: contest.id, questions: contest.questions.map((q) => q.id), students };
}

/** Each student: loads the paper, then chooses through the page's own answer queue. */
async function openStudents(base, world) {
  const { AnswerQueue } = await tsImport("../app/components/contests/test-island/answer-queue.ts", import.meta.url);
  const { openSealed } = await tsImport("../app/models/contests/paper/sealed-paper.ts", import.meta.url);
  const api = `${base}/api/contest/${world.contestId}/test`;
  const request = (cookie, body) =>
    fetch(api, {
      method: body ? "POST" : "GET",
      headers: { Cookie: cookie, Origin: base, ...(body ? { "Content-Type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(15_000),
    });
  // The island's reading of a 429/503 (use-autosave.ts and post-json.ts's retryAfterMs).
  const waitOf = (res) => {
    const seconds = Number(res.headers.get("Retry-After"));
    return Math.round((Number.isFinite(seconds) ? Math.min(60, Math.max(1, seconds)) : 1) * 1000 * (1 + Math.random() / 4));
  };
  const patiently = async (cookie, body) => {
    for (let attempt = 0; attempt < 40; attempt++) {
      const res = await request(cookie, body).catch(() => null);
      if (res && res.status < 500 && res.status !== 429) return res;
      await sleep(res ? waitOf(res) : 1_000);
    }
    throw new Error("the test API did not answer within 40 tries");
  };

  const students = [];
  for (let i = 0; i < world.students.length; i += 100) {
    students.push(
      ...(await Promise.all(
        world.students.slice(i, i + 100).map(async ({ cookie, userId }) => {
          const room = await (await patiently(cookie)).json();
          if (room.state !== "waiting" || !room.seal?.url) throw new Error(`a student found no waiting room: ${JSON.stringify(room).slice(0, 200)}`);
          const sealed = await fetch(base + room.seal.url, { signal: AbortSignal.timeout(15_000) });
          if (!sealed.ok) throw new Error(`a student could not download the sealed paper: ${sealed.status}`);
          return student(cookie, userId, { keyLink: room.seal.keyLink, digest: room.seal.url.split("/").pop(), bytes: await sealed.arrayBuffer() });
        }),
      )),
    );
  }
  return students;

  function student(cookie, userId, held) {
    const statuses = {};
    const acknowledged = new Map();
    const final = new Map();
    let made = 0;
    const queue = new AnswerQueue({
      key: userId,
      storage: null,
      retryMs: 3000,
      async send(questionId, choice) {
        const res = await request(cookie, { intent: "answer", questionId, choice });
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
        await res.arrayBuffer();
        if (res.ok) {
          acknowledged.set(questionId, choice);
          return "saved";
        }
        if (res.status === 429 || res.status === 503) return { waitMs: waitOf(res) };
        return res.status >= 500 ? "retry" : "refused";
      },
    });
    return {
      userId,
      queue,
      statuses,
      /**
       * At the start, as the island does: the key, and the paper opened with it; if the key
       * request fails, the open paper instead. Then Start Contest. Resolves with how it opened.
       */
      async open() {
        const res = await fetch(base + held.keyLink, { headers: { Cookie: cookie }, signal: AbortSignal.timeout(15_000) }).catch(() => null);
        let how = "fell back";
        let questions = 0;
        if (res?.ok) {
          const key = await res.json();
          questions = (await openSealed(key.digest === held.digest ? held.bytes : await (await fetch(base + key.url)).arrayBuffer(), key.key)).questions.length;
          how = "key";
        } else {
          await res?.arrayBuffer().catch(() => {});
          questions = ((await (await patiently(cookie)).json()).questions ?? []).length;
        }
        const openedAt = Date.now();
        await (await patiently(cookie, { intent: "start", fullscreen: true })).arrayBuffer();
        return { how, openedAt, questions };
      },
      acknowledged,
      final,
      get made() {
        return made;
      },
      async answer(began) {
        const times = Array.from({ length: CHOICES }, () => Math.random() * SECONDS * 1000).sort((a, b) => a - b);
        for (const at of times) {
          await sleep(Math.max(0, began + at - Date.now()));
          const questionId = world.questions[Math.floor(Math.random() * world.questions.length)];
          const choice = Math.floor(Math.random() * OPTIONS.length);
          final.set(questionId, choice);
          made++;
          queue.set(questionId, choice);
        }
      },
      async submit() {
        const res = await patiently(cookie, { intent: "submit", reason: "Manual submission" });
        return (await res.json()).submitted === true;
      },
    };
  }
}

/**
 * The start (issue 50, point 4): every student asks for the key within 2 s of it, and
 * app-1 is killed 300 ms in. How late each paper opened, and by which way.
 */
async function startShift(students, startsAt, killOne) {
  await sleep(startsAt - Date.now());
  const killing = sleep(300).then(killOne);
  const opened = await Promise.all(
    students.map(async (s) => {
      await sleep(Math.random() * 2000);
      const asked = Date.now();
      return { ...(await s.open()), asked };
    }),
  );
  await killing;
  const sorted = (xs) => xs.sort((a, b) => a - b);
  const late = sorted(opened.map((o) => o.openedAt - startsAt));
  const waited = sorted(opened.map((o) => o.openedAt - o.asked));
  const fellBack = opened.filter((o) => o.how !== "key");
  const worstFallBack = Math.max(0, ...fellBack.map((o) => o.openedAt - o.asked));
  const at = (xs, p) => xs[Math.min(xs.length - 1, Math.floor(p * xs.length))];
  const problems = [];
  if (opened.some((o) => o.questions !== QUESTIONS)) problems.push("a paper opened without all its questions");
  // "At most a few seconds late": the island's own patience (a refused key, then the open paper) bounds it.
  if (worstFallBack > 10_000) problems.push(`a student whose key request failed opened the paper ${worstFallBack} ms after asking`);
  return {
    problems,
    summary:
      `${opened.length} papers opened, ${opened.length - fellBack.length} with the key, ${fellBack.length} falling back to the open paper; ` +
      `opened after asking: p50 ${at(waited, 0.5)} ms, p99 ${at(waited, 0.99)} ms, max ${waited.at(-1)} ms; ` +
      `after the start (asked within 2 s of it): p50 ${at(late, 0.5)} ms, p99 ${at(late, 0.99)} ms, max ${late.at(-1)} ms; ` +
      `the slowest fall-back opened ${worstFallBack} ms after asking`,
  };
}

/** Stored vs chosen, per student; submissions and scores from the database. */
async function compare(sql, world, students) {
  const stored = new Map();
  for (const row of await sql`
    SELECT a.user_id, a.question_id, a.selected_answer FROM user_answers a WHERE a.contest_id = ${world.contestId}`) {
    if (!stored.has(row.user_id)) stored.set(row.user_id, new Map());
    stored.get(row.user_id).set(row.question_id, OPTIONS.indexOf(row.selected_answer));
  }
  const differing = [];
  const lines = [];
  let made = 0;
  let acknowledged = 0;
  for (const s of students) {
    made += s.made;
    acknowledged += s.acknowledged.size;
    const mine = stored.get(s.userId) ?? new Map();
    const problems = [];
    // Every final choice stored as it was; nothing stored that was never chosen.
    for (const [questionId, choice] of s.final) if (mine.get(questionId) !== choice) problems.push(`q${world.questions.indexOf(questionId) + 1}: final ${choice}, stored ${mine.get(questionId) ?? "none"}`);
    for (const questionId of mine.keys()) if (!s.final.has(questionId)) problems.push(`q${world.questions.indexOf(questionId) + 1}: stored but never chosen`);
    if (s.acknowledged.size !== mine.size) problems.push(`acknowledged ${s.acknowledged.size} questions, stored ${mine.size}`);
    if (problems.length > 0) differing.push(`${s.userId}: ${problems.join(", ")}`);
    const finalsStored = [...s.final].filter(([q, c]) => mine.get(q) === c).length;
    lines.push(`${String(lines.length + 1).padStart(5)}  acknowledged ${String(s.acknowledged.size).padStart(2)}  stored ${String(mine.size).padStart(2)}  final choices ${String(s.final.size).padStart(2)}, stored as chosen ${String(finalsStored).padStart(2)}  ${problems.length ? "DIFFERENT" : "ok"}`);
  }
  const [{ submitted }] = await sql`SELECT count(*)::int AS submitted FROM user_contest_entries WHERE contest_id = ${world.contestId} AND has_submitted AND submitted_at IS NOT NULL`;
  const results = await sql`SELECT user_id, score, answered FROM contest_results WHERE contest_id = ${world.contestId}`;
  const byUser = new Map(students.map((s) => [s.userId, s]));
  let wrongScores = 0;
  for (const r of results) {
    const s = byUser.get(r.user_id);
    const expected = s ? [...s.final].filter(([q, c]) => world.questions.indexOf(q) % OPTIONS.length === c).length : -1;
    if (r.score !== expected || r.answered !== s?.final.size) wrongScores++;
  }
  return { differing, lines, made, acknowledged, submitted, results: results.length, wrongScores };
}
