import { and, isNotNull, lt, or } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { password_reset_tokens, rate_limits, sessions } from "~/db/schema";

const DAY = 24 * 60 * 60 * 1000;

/**
 * Deletes rows that can no longer matter: expired sessions, spent or expired reset
 * tokens (kept a day for support questions), and rate-limit windows long over.
 * Runs from the server's timer; every instance may run it, deletes are idempotent.
 */
export async function purgeExpired(db: DbOrTx, now: Date) {
  const dayAgo = new Date(now.getTime() - DAY);
  const [s, t, r] = await Promise.all([
    db.delete(sessions).where(lt(sessions.expires_at, now)).returning({ id: sessions.id }),
    db
      .delete(password_reset_tokens)
      .where(or(lt(password_reset_tokens.expires_at, dayAgo), and(isNotNull(password_reset_tokens.used_at), lt(password_reset_tokens.used_at, dayAgo))))
      .returning({ id: password_reset_tokens.id }),
    db.delete(rate_limits).where(lt(rate_limits.reset_at, now)).returning({ key: rate_limits.key }),
  ]);
  return { sessions: s.length, resetTokens: t.length, rateLimits: r.length };
}
