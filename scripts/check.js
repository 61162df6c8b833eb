// `npm run check` (the start of `npm test`): the type check and the lint side by side,
// one on each of the machine's two cores, instead of one after the other (issue 66).
// Each one's output is kept and printed whole when it ends, under its own heading, so
// the two never interleave; the check fails if either does.
import { spawn } from "node:child_process";

const jobs = [
  ["typecheck (tsc)", process.execPath, ["node_modules/typescript/bin/tsc"]],
  ["lint (eslint, then dependency-cruiser)", process.platform === "win32" ? "npm.cmd" : "npm", ["run", "--silent", "lint"]],
];

const children = [];
function run([name, command, args]) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
    children.push(child);
    const chunks = [];
    child.stdout.on("data", (c) => chunks.push(c));
    child.stderr.on("data", (c) => chunks.push(c));
    let finished = false;
    const done = (code, detail) => {
      if (finished) return;
      finished = true;
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const output = Buffer.concat(chunks).toString("utf8").trimEnd();
      process.stdout.write(`\n── ${name}: ${code === 0 ? "passed" : `FAILED (${detail})`} in ${seconds} s ──\n${output ? `${output}\n` : ""}`);
      resolve(code === 0);
    };
    child.on("error", (error) => done(1, error.message));
    child.on("close", (code, signal) => done(code, signal ? `killed by ${signal}` : `exit ${code}`));
  });
}

// A stopped check stops both: neither is left running on its own.
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
    process.exit(1);
  });
}

const results = await Promise.all(jobs.map(run));
if (results.includes(false)) {
  console.error(`\ncheck failed: ${jobs.filter((_, i) => !results[i]).map(([name]) => name).join(" and ")}`);
  process.exit(1);
}
console.log("\ncheck passed: typecheck and lint");
