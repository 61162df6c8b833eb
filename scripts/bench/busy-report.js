// The busiest-minute benchmark's table: each figure beside its goal (issue 18, point 2).
const ms = (v) => (v === null || v === undefined ? "-" : `${Math.round(v).toLocaleString("en-IN")} ms`);
const n = (v) => (v === null || v === undefined ? "-" : Math.round(v).toLocaleString("en-IN"));
const verdict = (ok) => (ok ? "met" : "NOT met");

export function formatTable(r) {
  const rows = [];
  const row = (what, figure, goal = "", met) => rows.push(`| ${what} | ${figure} | ${goal} | ${met === undefined ? "" : verdict(met)} |`);
  if (r.guest) {
    const minimal = r.guest["minimal Remix"]?.rps;
    for (const [name, g] of Object.entries(r.guest)) {
      const ratio = minimal ? ` (${(g.rps / minimal).toFixed(2)}x minimal)` : "";
      const least = { "/contests (no cache)": 0.6, "/contests (signed in)": 0.5 }[name];
      const goal = least ? `>= ${least}x minimal` : "";
      row(`guest ${name}`, `${n(g.rps)} req/s${ratio}, p50 ${ms(g.p50)}, p99 ${ms(g.p99)}, errors ${g.errors}`, goal, least ? g.rps / minimal >= least : undefined);
    }
  }
  if (r.start) {
    const s = r.start;
    row(`start: page (${n(s.students)} students in 5 s)`, `p50 ${ms(s.page.p50)}, p99 ${ms(s.page.p99)}, max ${ms(s.page.max)}`);
    row("start: paper", `p50 ${ms(s.paper.p50)}, p99 ${ms(s.paper.p99)}, max ${ms(s.paper.max)}`);
    row("start: page + paper", `p50 ${ms(s.start.p50)}, p99 ${ms(s.start.p99)}, max ${ms(s.start.max)}, errors ${s.start.errors}`, "p99 <= 1 s, 0 errors", s.start.p99 <= 1000 && s.start.errors === 0);
  }
  if (r.shift) {
    const s = r.shift;
    const old = r.start ? `; ${n(r.start.students)} students' page + paper p99 ${ms(r.start.start.p99)} (${(s.key.p99 / r.start.start.p99).toFixed(2)}x)` : "";
    row(`shift: waiting room + sealed paper (${n(s.students)} over ${s.waiting.seconds.toFixed(0)} s)`, `room p99 ${ms(s.waiting.room.p99)}, sealed paper p99 ${ms(s.waiting.sealed.p99)} (${n(s.waiting.sealed.bytes)} bytes), errors ${s.waiting.sealed.errors}`);
    const cache = s.cache ? `; nginx's cache: ${Object.entries(s.cache).map(([k, v]) => `${k} ${n(v)}`).join(", ")}` : "";
    row(`shift: the key (${n(s.students)} students in 5 s, through nginx over ${s.gatewayConnections} kept-alive connections)`, `p50 ${ms(s.key.p50)}, p99 ${ms(s.key.p99)}, max ${ms(s.key.max)}, errors ${s.key.errors}${old}${cache}`, "p99 <= 1 s, 0 errors", s.key.p99 <= 1000 && s.key.errors === 0);
    row("shift: Start Contest pressed over the next 15 s", `p50 ${ms(s.start.p50)}, p99 ${ms(s.start.p99)}, errors ${s.start.errors}`, "0 errors", s.start.errors === 0);
    row("shift: every start recorded once", `${n(s.started)} of ${n(s.students)} started, ${n(s.startedInTheMinute)} within a minute of the start, ${s.stale} stale papers, the paper opened with its key: ${s.opened} questions`, "all", s.ok);
  }
  if (r.saturationNodeHttp) {
    const s = r.saturationNodeHttp;
    row("autosave throughput, load through node:http", `${n(s.perSecond)} saves/s (${s.ratioToPgbench}x pgbench), p99 ${ms(s.latency.p99)}`, "for comparison: the load generator's own CPU");
  }
  if (r.saturation) {
    row(`autosave throughput, load through ${r.saturation.client ?? "node:http"} sockets`, `${n(r.saturation.perSecond)} saves/s, p99 ${ms(r.saturation.latency.p99)}; pgbench upsert ${n(r.pgbenchUpsertTps)} tps (${r.saturation.ratioToPgbench}x)`, ">= 0.4x pgbench (issue 30)", r.saturation.ratioToPgbench >= 0.4);
  }
  if (r.autosave) {
    const a = r.autosave;
    row(`autosave (${n(a.students)} students × 20 in 60 s)`, `${n(a.saves.perSecond)} saves/s, p50 ${ms(a.saves.p50)}, p99 ${ms(a.saves.p99)}, max ${ms(a.saves.max)}, retried ${a.saves.retried}, errors ${a.saves.errors}`, "p99 <= 300 ms, 0 errors", a.saves.p99 <= 300 && a.saves.errors === 0);
    const perSubmit = a.submitCpu?.submissions ? `; CPU per submission: app ${((a.submitCpu.appSeconds * 1000) / a.submitCpu.submissions).toFixed(2)} ms, PostgreSQL ${((a.submitCpu.postgresSeconds * 1000) / a.submitCpu.submissions).toFixed(2)} ms` : "";
    row("submit burst (10 s)", `p50 ${ms(a.submit.p50)}, p99 ${ms(a.submit.p99)}, errors ${a.submit.errors}${perSubmit}`, "p99 <= 1 s", a.submit.p99 <= 1000 && a.submit.errors === 0);
    const c = a.check;
    row("acknowledged = stored", `${n(c.acknowledgedAnswers)} acknowledged, ${n(c.storedAnswers)} stored, ${c.differentChoice} different; ${n(c.submitted)} submitted, ${n(c.results)} results`, "equal", c.ok && c.submitted === a.students && c.results === a.students);
  }
  if (r.payments) {
    const p = r.payments;
    row(`payments (${n(p.payments)}, webhook ×3 + verify)`, `fulfilled ${n(p.fulfilled)}, webhook p50 ${ms(p.webhook.p50)}, p99 ${ms(p.webhook.p99)}, verify p99 ${ms(p.verify.p99)}, errors ${p.errors}`, `exactly ${n(p.payments)}`, p.ok && p.errors === 0);
  }
  if (r.checkout) {
    const c = r.checkout;
    row(`checkout (${c.buyers} buyers, 10 copies)`, `orders ${c.orders}, p50 ${ms(c.latency.p50)}, p99 ${ms(c.latency.p99)}; ${JSON.stringify(c.outcomes)}`, "exactly 10", c.ok);
  }
  if (r.cpu) {
    const requests = { saturation: r.saturation && r.saturation.latency.count, saturationNodeHttp: r.saturationNodeHttp && r.saturationNodeHttp.latency.count, autosave: r.autosave && r.autosave.saves.count, contestStart: r.start && r.start.students * 2, shiftWaiting: r.shift && r.shift.students * 2, shiftStart: r.shift && r.shift.students, shiftPress: r.shift && r.shift.students };
    for (const [scenario, c] of Object.entries(r.cpu)) {
      if (scenario === "warmUp") continue;
      const per = requests[scenario] ? `; per request: app ${((c.appSeconds * 1000) / requests[scenario]).toFixed(2)} ms, PostgreSQL ${((c.postgresSeconds * 1000) / requests[scenario]).toFixed(2)} ms, load ${((c.loadSeconds * 1000) / requests[scenario]).toFixed(2)} ms` : "";
      const proxy = c.nginxSeconds === undefined ? "" : `, nginx ${c.nginxSeconds} s`;
      row(`CPU during ${scenario}`, `${c.wallSeconds.toFixed(0)} s: app ${c.appSeconds} s, PostgreSQL ${c.postgresSeconds} s${proxy}, load generator ${c.loadSeconds} s${per}`);
    }
  }
  const head = `Commit ${r.machine.commit}, ${r.instances} instance(s), ${r.machine.cpus} × ${r.machine.cpu}, Node ${r.machine.node}, PostgreSQL ${r.postgres}, load average ${r.loadBefore.map((x) => x.toFixed(2)).join(" ")} before, ${r.loadAfter.map((x) => x.toFixed(2)).join(" ")} after`;
  return [head, "", "| measure | figure | goal | |", "|---|---|---|---|", ...rows].join("\n");
}
