// docs/admin-sql.md's relative example, run by `npm run db:sql` while the app answers
// requests: through the running server's loopback socket on the embedded database, or
// through DATABASE_URL on PostgreSQL.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, test } from "vitest";
import { getConnection } from "~/db/client.server";
import { openAdminSocket, SERVER_FILE, type AdminSocket } from "~/db/admin-socket.server";
import * as contestsRoute from "~/routes/contests._index";
import { call, getRequest } from "../support/remix";

const doc = fs.readFileSync("docs/admin-sql.md", "utf8");
const example = doc.match(/```sql relative\n([\s\S]*?)```/)![1]!;
let socket: AdminSocket | undefined;
afterAll(async () => socket?.close());

function dbSql(file: string, env: Record<string, string>) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, ["scripts/db-sql.js", file], { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    child.on("exit", (code) => resolve({ code, output }));
  });
}

test("the documented example runs through `npm run db:sql` while the app serves, and the new contest is on /contests", async () => {
  const connection = getConnection();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "studyarena-sql-"));
  const file = path.join(dataDir, "new-contest.sql");
  fs.writeFileSync(file, example);
  let env: Record<string, string>;
  if (connection.kind === "pglite") {
    socket = await openAdminSocket(connection.client, { dataDir, port: 0 });
    // Loopback only, with a password, and the address is for the owner's eyes only.
    expect(socket.url).toMatch(/^postgres:\/\/postgres:[\w-]+@127\.0\.0\.1:\d+\/postgres$/);
    expect(fs.statSync(path.join(dataDir, SERVER_FILE)).mode & 0o777).toBe(0o600);
    env = { DATA_DIR: dataDir, DATABASE_URL: "" };
  } else {
    env = { DATA_DIR: dataDir, DATABASE_URL: connection.url };
  }

  const list = () => call(contestsRoute.loader, getRequest("/contests?q=Five%20Minute%20Warm-up"));
  const serving = (async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await list()).status);
    return statuses;
  })();
  const [run, statuses] = await Promise.all([dbSql(file, env), serving]);
  expect(run.output).not.toMatch(/db:sql:/);
  expect(run.code).toBe(0);
  expect(statuses.every((s) => s === 200)).toBe(true);

  const after = await list();
  const contest = after.data.contests.find((c: { title: string }) => c.title === "Five Minute Warm-up");
  expect(contest).toMatchObject({ question_count: 3, entry_fee: 0 });
  // Relative to now: it opens in about five minutes.
  const opensIn = new Date(contest.start_time).getTime() - Date.now();
  expect(opensIn).toBeGreaterThan(3 * 60_000);
  expect(opensIn).toBeLessThanOrEqual(5 * 60_000);

  // Issue 44, point 8: what db:sql prints is read in India time, and a long array whole.
  const shown = path.join(dataDir, "shown.sql");
  fs.writeFileSync(shown, "SELECT start_time, ARRAY(SELECT g FROM generate_series(1, 40) g) AS numbers FROM contests WHERE title = 'Five Minute Warm-up';");
  const printed = await dbSql(shown, env);
  expect(printed.code).toBe(0);
  const ist = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(new Date(contest.start_time));
  expect(printed.output).toContain(`${ist}:`);
  expect(printed.output).toContain(" IST");
  expect(printed.output).toContain("[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40]");
  fs.rmSync(dataDir, { recursive: true, force: true });
}, 60_000);
