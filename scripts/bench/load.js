// The load of one benchmark scenario, in a process of its own (see live-service.js).
// Every loop is bounded; it prints what happened as JSON and exits.
import http from "node:http";

const task = JSON.parse(process.argv[2]);
const { base } = task;
const count = (list) => list.reduce((acc, s) => ((acc[s] = (acc[s] ?? 0) + 1), acc), {});

function send(method, path, { headers = {}, body, agent } = {}) {
  return new Promise((resolve) => {
    const req = http.request(`${base}${path}`, { method, headers, agent }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode));
    });
    req.on("error", () => resolve(0));
    req.end(body);
  });
}

/** Runs `total` jobs with at most `inFlight` at once. */
async function pool(total, inFlight, job) {
  const statuses = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(inFlight, total) }, async () => {
      while (next < total) statuses.push(await job(next++));
    }),
  );
  return statuses;
}

const kinds = {
  /** Opens `count` streams at once, holds them `holdMs`, then cuts them all. */
  async streams() {
    const started = performance.now();
    const sockets = [];
    const statuses = await Promise.all(
      Array.from(
        { length: task.count },
        (_, i) =>
          new Promise((resolve) => {
            const address = `10.${Math.floor(i / task.perAddress / 250)}.${Math.floor(i / task.perAddress) % 250}.7`;
            const req = http.request(`${base}/blog/${task.slug}/events`, { agent: false, headers: { "X-Forwarded-For": address } }, (res) => {
              res.resume();
              resolve(res.statusCode);
            });
            sockets.push(req);
            req.on("error", () => resolve(0));
            req.end();
          }),
      ),
    );
    const openedMs = performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, task.holdMs));
    sockets.forEach((req) => req.destroy());
    return { statuses: count(statuses), allAnsweredMs: Math.round(openedMs) };
  },

  /** One session's autosaves, `inFlight` at a time. */
  async flood() {
    const agent = new http.Agent({ keepAlive: true, maxSockets: task.inFlight });
    const started = performance.now();
    const statuses = await pool(task.count, task.inFlight, (i) =>
      send("POST", task.path, {
        agent,
        headers: { "Content-Type": "application/json", Cookie: task.cookie, Origin: base },
        body: JSON.stringify({ intent: "answer", questionId: task.questionIds[i % task.questionIds.length], choice: i % 2 }),
      }),
    );
    agent.destroy();
    return { statuses: count(statuses), seconds: Math.round((performance.now() - started) / 100) / 10 };
  },

  /** Every account signs in at once, each from its own address. */
  async logins() {
    const started = performance.now();
    const statuses = await Promise.all(
      task.emails.map((email, i) =>
        send("POST", "/login", {
          agent: false,
          headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base, "X-Forwarded-For": `10.7.${Math.floor(i / 250)}.${i % 250}` },
          body: new URLSearchParams({ email, password: task.password }).toString(),
        }),
      ),
    );
    return { statuses: count(statuses), seconds: Math.round((performance.now() - started) / 100) / 10 };
  },
};

process.stdout.write(JSON.stringify(await kinds[task.kind]()));
