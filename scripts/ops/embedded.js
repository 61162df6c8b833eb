import fs from "node:fs";
import path from "node:path";

/** The running server's record for the embedded database in `dataDir` (app/db/admin-socket.server.ts), when its process is alive. */
export function runningServer(dataDir) {
  let record;
  try {
    record = JSON.parse(fs.readFileSync(path.join(dataDir, "db-server.json"), "utf8"));
  } catch {
    return null;
  }
  try {
    process.kill(record.pid, 0);
    return record;
  } catch (error) {
    return error.code === "EPERM" ? record : null; // alive but not ours to signal
  }
}
