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

/**
 * Where a command reaches the embedded database in `dataDir` while a server holds it:
 * the server's socket URL, null when no server runs (the directory itself is free), or
 * a message when the server runs with its socket off.
 */
export function embeddedServerUrl(dataDir) {
  const server = runningServer(dataDir);
  if (!server) return { url: null };
  if (server.url) return { url: server.url };
  return { error: "a running server holds the embedded database and its socket is off (DATABASE_SOCKET=off): stop the server or turn the socket on." };
}
