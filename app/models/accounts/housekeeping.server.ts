import { and, inArray, isNotNull, lt, ne, or, sql } from "drizzle-orm";
import { rowsOf, type Db } from "~/db/client.server";
import { email_outbox, password_reset_tokens, rate_limits, sessions } from "~/db/schema";
import { RESET_TOKEN_TTL_MS } from "~/models/accounts/account.server";
import { REDACTED } from "~/services/email.server";
import { sweepParentalConsents } from "~/models/accounts/parents/parental-consent.server";
import { sweepAddressProofs } from "~/models/accounts/address-proof.server";

const DAY = 24 * 60 * 60 * 1000;

/**
 * Deletes rows that can no longer matter: expired sessions, spent or expired reset
 * tokens (kept a day for support questions), rate-limit windows long over, and
 * proctoring evidence of contests final for `proctoringEvidenceDays`; accounts under 18
 * whose parent did not answer in 7 days, or withdrew consent (parental-consent.server.ts),
 * or whose own address was never proven in 7 days (address-proof.server.ts).
 * Runs from the server's timer; every instance may run it, deletes are idempotent.
 */
export async function purgeExpired(db: Db, now: Date, options: { proctoringEvidenceDays: number } = { proctoringEvidenceDays: 30 }) {
  const dayAgo = new Date(now.getTime() - DAY);
  const evidenceBefore = new Date(now.getTime() - options.proctoringEvidenceDays * DAY).toISOString();
  const [s, t, r, m, p] = await Promise.all([
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
    // Proctoring evidence is kept only while results may still change (issue 46, point 5):
    // it goes PROCTORING_EVIDENCE_DAYS after its contest's results became final.
    db.execute(sql`
      DELETE FROM proctoring_events p USING user_contest_entries e, contests c
       WHERE e.id = p.entry_id AND c.id = e.contest_id
         AND c.finalized_at IS NOT NULL AND c.finalized_at < ${evidenceBefore}::timestamptz
      RETURNING p.id`),
  ]);
  const consents = await sweepParentalConsents(db, now);
  const proofs = await sweepAddressProofs(db, now);
  return { ...consents, ...proofs, sessions: s.length, resetTokens: t.length, rateLimits: r.length, mailsRedacted: m.length, proctoringEvents: rowsOf(p).length };
}
