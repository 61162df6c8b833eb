// The admin socket's own reading of the wire protocol (app/db/pg-wire.server.ts): which
// SQL asks for COPY data from the client (PGlite stops its whole program on it), and
// whether PGlite's streamed reply held a FATAL error, wherever the chunks split it.
import { describe, expect, test } from "vitest";
import { CLIENT_MESSAGES, copiesFromClient, errorResponse, fatalWatcher } from "~/db/pg-wire.server";

describe("COPY from the client is recognised, in any spelling, and only where it is SQL", () => {
  test.each([
    "COPY contests FROM STDIN",
    "copy public.users (email) from stdin with (format csv)",
    "/* note */ COPY\n\tcontests\nFROM\n  stdin;",
    "SELECT 1; COPY t FROM STDIN",
    "-- header\nCOPY t FROM STDIN",
  ])("refused: %s", (text) => expect(copiesFromClient(text)).toBe(true));
  test.each([
    "COPY (SELECT 1) TO STDOUT",
    "SELECT 'copy t from stdin'",
    "SELECT $$copy t from stdin$$",
    "-- COPY t FROM STDIN\nSELECT 1",
    "/* COPY t FROM STDIN */ SELECT 1",
    "COPY t FROM '/tmp/rows.csv'",
  ])("allowed: %s", (text) => expect(copiesFromClient(text)).toBe(false));
});

test("the messages a client may send once in: simple and extended query, sync, flush, terminate; never COPY data or a function call", () => {
  expect([...CLIENT_MESSAGES].sort()).toEqual(["B", "C", "D", "E", "H", "P", "Q", "S", "X"]);
});

describe("a FATAL in PGlite's reply is seen however the reply is cut", () => {
  const ok = Buffer.concat([Buffer.from("C\0\0\0\rSELECT 1\0"), Buffer.from("Z\0\0\0\u0005I")]);
  const fatal = Buffer.concat([ok.subarray(0, 14), errorResponse("FATAL", "57P01", "terminating connection"), ok.subarray(14)]);
  const error = Buffer.concat([errorResponse("ERROR", "22012", "division by zero"), ok]);
  const seen = (reply: Buffer, cut: number) => {
    const watcher = fatalWatcher();
    for (let i = 0; i < reply.length; i += cut) watcher.read(new Uint8Array(reply.subarray(i, i + cut)));
    return watcher.fatal;
  };
  test.each([1, 2, 3, 5, 7, 1000])("in chunks of %i bytes", (cut) => {
    expect(seen(fatal, cut)).toBe(true);
    expect(seen(error, cut)).toBe(false);
    expect(seen(ok, cut)).toBe(false);
    expect(seen(Buffer.concat([ok, ok]), cut)).toBe(false);
  });
});
