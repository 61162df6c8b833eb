import { PGlite } from "@electric-sql/pglite";
import { openAdminSocket } from "~/db/admin-socket.server";
const client = new PGlite();
const sock = await openAdminSocket(client, { dataDir: "/tmp/sock-exp/d", port: 0 });
console.log(sock.url);
setTimeout(() => process.exit(0), 20000);
