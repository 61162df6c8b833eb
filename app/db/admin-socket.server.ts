// The embedded database, reachable by psql while the server runs (docs/admin-sql.md):
// a PostgreSQL wire-protocol socket on the loopback interface only, over the server's
// own PGlite instance. Its address is written into DATA_DIR (readable by its owner
// only) for `npm run db:sql` and printed at start-up.
import fs from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";

/** Where the running server says how to reach its embedded database (read by scripts/db-sql.js). */
export const SERVER_FILE = "db-server.json";

export type AdminSocket = { url: string | null; close: () => Promise<void> };

/**
 * Writes DATA_DIR/db-server.json (mode 0600): this process's id and, when the socket is
 * on, its URL. While the file names a live process, nothing else opens the directory.
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
export async function openAdminSocket(client: PGlite, input: { dataDir: string; port: number | null }): Promise<AdminSocket> {
  let stop = async () => {};
  let url: string | null = null;
  if (input.port !== null) {
    const { PGLiteSocketServer } = await import("@electric-sql/pglite-socket");
    // Never a public interface: the socket has no password, like a local trust login.
    const server = new PGLiteSocketServer({ db: client, host: "127.0.0.1", port: input.port, maxConnections: 4 });
    await server.start();
    url = `postgres://postgres@${server.getServerConn()}/postgres`;
    stop = () => server.stop();
  }
  const file = writeServerFile(input.dataDir, { pid: process.pid, url });
  return {
    url,
    close: async () => {
      await stop();
      fs.rmSync(file, { force: true });
    },
  };
}
