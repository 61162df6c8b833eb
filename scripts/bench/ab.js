// A quick A/B of pages on servers already running, on loopback:
//   node scripts/bench/ab.js http://127.0.0.1:3901/contests "http://127.0.0.1:3902/contests|__session=…"
// Each target (a URL, optionally "|cookie") gets three interleaved rounds of 4 s at 32
// connections with a browser's Accept-Encoding; prints requests a second per round.
import autocannon from "autocannon";

const targets = process.argv.slice(2);
const rounds = Object.fromEntries(targets.map((t) => [t, []]));
for (let round = 0; round < 3; round++) {
  for (const target of targets) {
    const [url, cookie] = target.split("|");
    const r = await autocannon({ url, connections: 32, duration: 4, headers: { "Accept-Encoding": "gzip, deflate, br", Accept: "text/html", ...(cookie ? { Cookie: cookie } : {}) } });
    rounds[target].push(`${Math.round(r.requests.average)}${r.non2xx ? ` (${r.non2xx} not 2xx)` : ""}`);
  }
}
for (const [target, figures] of Object.entries(rounds)) console.log(target.split("|")[0], target.includes("|") ? "(cookie)" : "", figures.join(" / "));
