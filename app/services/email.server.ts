// Every mail is written to email_outbox inside the transaction that causes it, then
// delivered: through Resend when RESEND_API_KEY is set (with retries), otherwise
// kept in the outbox as 'logged', printed to the log and dropped as a file into
// DATA_DIR/mail, where a developer (or the browser tests) can open it.
import fs from "node:fs/promises";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { Resend } from "resend";
import { db as defaultDb, errorText, type Db, type DbOrTx } from "~/db/client.server";
import { email_outbox } from "~/db/schema";
import { inBackground } from "~/services/background.server";
import { backoffMs, claimDue, type JobQueue } from "~/services/jobs.server";
import { dataDir, emailFrom, env, isDevelopment } from "~/utils/env.server";
import { log } from "~/services/log.server";
import { HTML_LANG, isLocale, type Locale } from "~/utils/i18n";

export type Mail = { to: string; subject: string; html: string; text: string };

const MAX_ATTEMPTS = 6;

/** What a mail's body becomes once nobody needs it (housekeeping, or delivery). */
export const REDACTED = { html: "", text: "[redacted]" } as const;
/** Mails waiting to go, oldest first, each taken for a minute: past that, another worker may try it. */
const OUTBOX_QUEUE: JobQueue = {
  table: sql`email_outbox`,
  waiting: sql`status = 'pending'`,
  order: sql`created_at`,
  leaseMs: 60_000,
  alsoSet: sql`attempts = attempts + 1`,
  returning: sql`id, to_address, subject, html, text, attempts`,
};

/** Header values are one line: a CR or LF in them would let a sender add headers of their own. */
export const oneLine = (value: string) => value.replace(/[\r\n]+/g, " ").trim();

export async function enqueueEmail(tx: DbOrTx, mail: Mail) {
  const [row] = await tx
    .insert(email_outbox)
    .values({ to_address: oneLine(mail.to), subject: oneLine(mail.subject), html: mail.html, text: mail.text })
    .returning({ id: email_outbox.id });
  return row!.id;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** The language a mail is written in: its reader's users.locale; English when unknown (and for our own support team). */
export const mailLocale = (value: unknown): Locale => (isLocale(value) ? value : "en");

/** A plain, readable mail: a heading, paragraphs, and an optional button link, in its reader's language. */
export function renderMail(input: { heading: string; paragraphs: string[]; action?: { label: string; url: string }; locale?: Locale }) {
  const html = [
    `<div lang="${HTML_LANG[input.locale ?? "en"]}" style="font-family:system-ui,sans-serif;max-width:560px;margin:auto;color:#1f2937">`,
    `<h1 style="font-size:20px">${escapeHtml(input.heading)}</h1>`,
    ...input.paragraphs.map((p) => `<p style="line-height:1.5">${escapeHtml(p)}</p>`),
    input.action
      ? `<p><a href="${escapeHtml(input.action.url)}" style="display:inline-block;background:#2563eb;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(input.action.label)}</a></p>`
      : "",
    `<p style="color:#6b7280;font-size:12px">StudyArena</p></div>`,
  ].join("");
  const text = [input.heading, "", ...input.paragraphs, ...(input.action ? ["", `${input.action.label}: ${input.action.url}`] : [])].join("\n");
  return { html, text };
}

type OutboxRow = { id: string; to_address: string; subject: string; html: string; text: string; attempts: number };

/**
 * How one mail leaves: true when handed to a provider, false when only kept locally.
 * A thrown PermanentMailError fails the mail at once; any other error is retried.
 */
export type MailTransport = (mail: OutboxRow) => Promise<boolean>;

export class PermanentMailError extends Error {}

/** Resend, with one idempotency key per outbox row, so a retried mail is never sent twice. */
export function resendTransport(config: { apiKey: string; from: string; baseUrl?: string }): MailTransport {
  const client = new Resend(config.apiKey, config.baseUrl ? { baseUrl: config.baseUrl } : undefined);
  return async (mail) => {
    // resend returns { data, error } instead of throwing.
    const { error } = await client.emails.send(
      { from: config.from, to: mail.to_address, subject: mail.subject, html: mail.html, text: mail.text },
      { idempotencyKey: `outbox-${mail.id}` },
    );
    if (error) {
      const status = (error as { statusCode?: number | null }).statusCode ?? 0;
      const message = `${error.name}: ${error.message}`;
      // 4xx other than 429 will not get better by waiting: a bad address, a bad key.
      if (status >= 400 && status < 500 && status !== 429) throw new PermanentMailError(message);
      throw new Error(message);
    }
    return true;
  };
}

/** Without a provider: noted in the log (the body only in development) and dropped as a file into DATA_DIR/mail. */
const localDrop: MailTransport = async (mail) => {
  const dir = path.join(dataDir(), "mail");
  const file = path.join(dir, `${Date.now()}-${mail.id}.json`);
  // Only a developer's own terminal sees the body (links in it are live); files are the owner's alone.
  log().info({ event: "mail", mailId: mail.id, file }, "mail kept in the local folder (no provider)");
  if (isDevelopment()) console.log(`[mail] to ${mail.to_address}: ${mail.subject}\n${mail.text}`);
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  // Written aside, then renamed: whoever watches the folder never reads half a mail.
  await fs.writeFile(
    `${file}.part`,
    JSON.stringify({ id: mail.id, to: mail.to_address, subject: mail.subject, text: mail.text, html: mail.html }, null, 2),
    { mode: 0o600 },
  );
  await fs.rename(`${file}.part`, file);
  return false;
};

let configured: MailTransport | undefined;

function defaultTransport(): MailTransport {
  const { RESEND_API_KEY, RESEND_BASE_URL } = env();
  configured ??= RESEND_API_KEY ? resendTransport({ apiKey: RESEND_API_KEY, from: emailFrom(), baseUrl: RESEND_BASE_URL }) : localDrop;
  return configured;
}

/**
 * Claims due mails with a lease (so several app instances never send one twice),
 * then delivers them. Safe to call after every write that enqueues mail, and on a timer.
 */
export async function deliverOutbox(database: Db = defaultDb, now = new Date(), transport: MailTransport = defaultTransport()) {
  const claimed = await claimDue<OutboxRow>(database, OUTBOX_QUEUE, now, 20);
  for (const mail of claimed) {
    try {
      const delivered = await transport(mail);
      await database
        .update(email_outbox)
        // Handed to the provider, the body is no longer ours to keep (it may hold a live reset link).
        .set({ status: delivered ? "sent" : "logged", sent_at: new Date(), last_error: null, ...(delivered ? REDACTED : {}) })
        .where(eq(email_outbox.id, mail.id));
      if (delivered) log().info({ event: "mail", mailId: mail.id }, "mail sent");
    } catch (error) {
      const message = errorText(error, 1000);
      log().warn({ event: "mail", mailId: mail.id, attempt: mail.attempts, err: error }, "mail delivery failed");
      const failed = error instanceof PermanentMailError || mail.attempts >= MAX_ATTEMPTS;
      await database
        .update(email_outbox)
        .set({
          status: failed ? "failed" : "pending",
          last_error: message,
          // 1, 2, 4, 8 … minutes between tries.
          next_attempt_at: new Date(now.getTime() + backoffMs(mail.attempts)),
        })
        .where(eq(email_outbox.id, mail.id));
    }
  }
  return claimed.length;
}

/** Fire-and-forget delivery after a commit: the request does not wait for the mail provider. */
export function kickOutbox() {
  inBackground("mail outbox run", () => deliverOutbox());
}
