import { and, inArray, isNotNull, lt, ne, or } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { email_outbox, password_reset_tokens, rate_limits, sessions } from "~/db/schema";
import { RESET_TOKEN_TTL_MS } from "~/models/accounts/account.server";
import { REDACTED } from "~/services/email.server";

const DAY = 24 * 60 * 60 * 1000;

/**
 * Deletes rows that can no longer matter: expired sessions, spent or expired reset
 * tokens (kept a day for support questions), and rate-limit windows long over.
 * Runs from the server's timer; every instance may run it, deletes are idempotent.
 */
export async function purgeExpired(db: DbOrTx, now: Date) {
  const dayAgo = new Date(now.getTime() - DAY);
  const [s, t, r, m] = await Promise.all([
    db.delete(sessions).where(lt(sessions.expires_at, now)).returning({ id: sessions.id }),
    db
      .delete(password_reset_tokens)
      .where(or(lt(password_reset_tokens.expires_at, dayAgo), and(isNotNull(password_reset_tokens.used_at), lt(password_reset_tokens.used_at, dayAgo))))
      .returning({ id: password_reset_tokens.id }),
    db.delete(rate_limits).where(lt(rate_limits.reset_at, now)).returning({ key: rate_limits.key }),
    // Mail bodies outlive their use once any link in them has expired.
    db
      .update(email_outbox)
      .set(REDACTED)
      .where(
        and(
          inArray(email_outbox.status, ["sent", "logged", "failed"]),
          lt(email_outbox.created_at, new Date(now.getTime() - RESET_TOKEN_TTL_MS)),
          ne(email_outbox.text, REDACTED.text),
        ),
      )
      .returning({ id: email_outbox.id }),
  ]);
  return { sessions: s.length, resetTokens: t.length, rateLimits: r.length, mailsRedacted: m.length };
}
