// A practice test's certificates (issue 46, point 3): recognition that is not money. Each
// result of a practice test gets one when the contest is finalised (./scoring.server.ts),
// so its rank and percentile are final; anyone with its code can see that it is genuine.
import { sql } from "drizzle-orm";
import { rowsOf, type DbOrTx } from "~/db/client.server";
import { contests } from "~/db/schema";
import { normalizeCertificateCode } from "~/models/contests/results/certificate-code";
import { FULL_MARKS, PERCENTILE_SQL } from "~/models/contests/results/marking.server";
import { LIMITS, lookUpCountingMisses } from "~/services/rate-limit.server";
import type { Msg } from "~/utils/i18n";

/**
 * Certificates for every ranked result of this contest if it is a practice test (in the
 * finalisation's transaction): a blank paper has no rank to certify. A result already
 * certified keeps its code. A new code is 20 hex digits, 80 of the 122 random bits of a
 * version-4 UUID (issue 65; the first certificates' 12 digits keep working).
 */
export async function issueCertificates(tx: DbOrTx, contestId: string) {
  await tx.execute(sql`
    INSERT INTO certificates (code, contest_id, user_id)
    SELECT upper(substr(md5(gen_random_uuid()::text), 1, 20)), r.contest_id, r.user_id
      FROM contest_results r JOIN contests c ON c.id = r.contest_id
     WHERE r.contest_id = ${contestId} AND c.kind = 'practice' AND r.rank IS NOT NULL
    ON CONFLICT (contest_id, user_id) DO NOTHING`);
}

export type Certificate = {
  code: string;
  issued_at: Date;
  name: string | null;
  contest_id: string;
  title: string;
  subject: string;
  start_time: Date;
  score: number;
  full_marks: number;
  rank: number | null;
  ranked: number;
  percentile: number | null;
};

/** What a certificate says, by its code; null for a code that is malformed or names none. Only through checkCertificate's limit. */
async function certificateByCode(db: DbOrTx, typed: string): Promise<Certificate | null> {
  const code = normalizeCertificateCode(typed);
  if (!code) return null;
  const [row] = rowsOf<Certificate>(
    await db.execute(sql`
      SELECT k.code, k.issued_at, p.full_name AS name, contests.id AS contest_id, contests.title, contests.subject, contests.start_time,
             t.score, ${FULL_MARKS} AS full_marks, t.rank,
             (SELECT count(*)::int FROM contest_results o WHERE o.contest_id = contests.id AND o.rank IS NOT NULL) AS ranked,
             ${PERCENTILE_SQL(sql`${contests.id}`)} AS percentile
        FROM certificates k
        JOIN contests ON contests.id = k.contest_id
        JOIN contest_results t ON t.contest_id = k.contest_id AND t.user_id = k.user_id
        LEFT JOIN profiles p ON p.id = k.user_id
       WHERE k.code = ${code}`),
  );
  return row ? { ...row, issued_at: new Date(row.issued_at), start_time: new Date(row.start_time) } : null;
}

export type CertificateCheck =
  | { kind: "found"; certificate: Certificate }
  | { kind: "malformed" }
  | { kind: "unknown" }
  | { kind: "limited"; retryAfterS: number };

/** What an address told to wait reads, in minutes (the window is an hour). */
export const certificateLimitedMessage = (retryAfterS: number): Msg => ({ id: "results.certificate.limited", values: { minutes: Math.ceil(retryAfterS / 60) } });

/**
 * A code looked up for someone at this address (issue 65; docs/decisions/contests-lawful-kinds.md):
 * a guesser's misses are counted per address (lookUpCountingMisses in
 * app/services/rate-limit.server.ts). A malformed code is never looked up.
 */
export async function checkCertificate(db: DbOrTx, input: { typed: string; ip: string; now: Date }): Promise<CertificateCheck> {
  const code = normalizeCertificateCode(input.typed);
  if (!code) return { kind: "malformed" };
  const looked = await lookUpCountingMisses(db, { key: `certificates:ip:${input.ip}`, limit: LIMITS.certificateMissesPerIp, now: input.now }, () => certificateByCode(db, code));
  return looked.kind === "found" ? { kind: "found", certificate: looked.value } : looked;
}

/** The student's own certificate's code for this contest, if it has one. */
export async function myCertificateCode(db: DbOrTx, input: { contestId: string; userId: string }) {
  const [row] = rowsOf<{ code: string }>(await db.execute(sql`SELECT code FROM certificates WHERE contest_id = ${input.contestId} AND user_id = ${input.userId}`));
  return row?.code ?? null;
}
