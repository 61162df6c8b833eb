// Mail that may carry a live reset link: who can read it, and for how long.
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { expect, test, vi } from "vitest";
import { db } from "~/db/client.server";
import { storeSecretOnce } from "~/db/secrets.server";
import { app_secrets, email_outbox } from "~/db/schema";
import { deliverOutbox, enqueueEmail } from "~/services/email.server";
import { log } from "~/services/log.server";

test("CR and LF never reach a mail header", async () => {
  await enqueueEmail(db, { to: "victim@example.in\r\nBcc: all@example.in", subject: "Hi\r\nBcc: all@example.in", html: "<p>x</p>", text: "x" });
  const [row] = await db.select().from(email_outbox).where(eq(email_outbox.subject, "Hi Bcc: all@example.in"));
  expect(row?.to_address).toBe("victim@example.in Bcc: all@example.in");
});

test("the mail drop is the owner's alone, and the log names the mail by its id, never its address or body", async () => {
  const secretLink = "http://localhost:3000/reset-password?token=live-token-123";
  await enqueueEmail(db, { to: "drop-privacy@example.in", subject: "Reset", html: `<a href="${secretLink}">x</a>`, text: secretLink });
  const info = vi.spyOn(log(), "info").mockImplementation(() => {});
  const printedToConsole = vi.spyOn(console, "log").mockImplementation(() => {});
  let printed: string;
  try {
    await deliverOutbox(db);
    printed = JSON.stringify([info.mock.calls, printedToConsole.mock.calls]);
  } finally {
    info.mockRestore();
    printedToConsole.mockRestore();
  }
  const [row] = await db.select({ id: email_outbox.id }).from(email_outbox).where(eq(email_outbox.to_address, "drop-privacy@example.in"));
  expect(printed).toContain(row!.id);
  expect(printed).not.toContain("drop-privacy@example.in");
  expect(printed).not.toContain("live-token-123");

  const dir = path.join(process.env.DATA_DIR!, "mail");
  expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
  const file = fs.readdirSync(dir).find((f) => fs.readFileSync(path.join(dir, f), "utf8").includes("drop-privacy@example.in"))!;
  expect(fs.statSync(path.join(dir, file)).mode & 0o777).toBe(0o600);
});

test("instances on one database share the first generated session secret", async () => {
  const first = await storeSecretOnce(db, "session-test", "first-candidate");
  const second = await storeSecretOnce(db, "session-test", "second-candidate");
  expect([first, second]).toEqual(["first-candidate", "first-candidate"]);
  expect(await db.$count(app_secrets, eq(app_secrets.name, "session-test"))).toBe(1);
});
