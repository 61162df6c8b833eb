// Evidence, small and private (issue 47, point 3). A flag of the on-device face check may
// carry one small JPEG, kept through the image store (database or S3), only where the student
// agreed on the camera check or, under 18, their parent agreed on the consent page
// (snapshotConsentSql). Only reviewers see a snapshot (the review screen's snapshot route);
// the public media route refuses its key. Snapshots go with their events: retention,
// erasure and deleted accounts all delete the event, a trigger keeps the key in
// discarded_snapshots, and `forgetDiscardedSnapshots` removes it from the store.
import { sql, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { rowsOf, type Db, type DbOrTx } from "~/db/client.server";
import { parentDecides, snapshotConsentSql } from "~/models/accounts/parents/parental-consent.server";
import { processSnapshot } from "~/models/media/pipeline.server";
import { imageStore } from "~/models/media/stores.server";
import { MAX_EVENTS_PER_ENTRY } from "~/models/contests/sitting/test-taking.server";
import { WARNED_KINDS, type FaceNotice } from "~/models/contests/sitting/face-watch";

/** At most this many snapshots per entry: past it, a flag is recorded without one. */
export const SNAPSHOTS_PER_ENTRY = 20;

/** The events the student was warned of: the test screen's count goes on from them after a reload. */
const WARNED = sql.raw(`(${WARNED_KINDS.map((kind) => `'${kind}'`).join(", ")})`);

/**
 * For the test page, of entry `e` (user `e.user_id`): whether its flags may carry a snapshot
 * now, and how many warnings it was given. Columns for a statement's SELECT list.
 */
export const watchStateSql = (now: SQL) => sql`
  ${snapshotConsentSql(sql`e.user_id`, sql`e.evidence_consent_at`, now)} AS snapshots,
  (SELECT count(*)::int FROM proctoring_events p WHERE p.entry_id = e.id AND p.kind IN ${WARNED}) AS warned`;

/** watchStateSql as text for the test API's hot statement, with the time as a numbered parameter. */
export const watchStateText = (nowParam: string) => new PgDialect().sqlToQuery(watchStateSql(sql.raw(nowParam))).sql;

export async function watchStateOf(db: DbOrTx, entryId: string, now: Date) {
  const [row] = rowsOf<{ snapshots: boolean; warned: number }>(
    await db.execute(sql`SELECT ${watchStateSql(sql`${now.toISOString()}`)} FROM user_contest_entries e WHERE e.id = ${entryId}`),
  );
  return { snapshots: row?.snapshots === true, warned: row?.warned ?? 0 };
}

export type FlagOutcome = "recorded" | "no-consent" | "full" | "not-a-snapshot";

/**
 * Records a flag with its snapshot. Consent and the cap are read before the image is
 * decoded; the insert checks both again, so two uploads at once cannot pass the cap.
 */
export async function recordSnapshotFlag(db: Db, input: { entryId: string; kind: FaceNotice; durationMs: number; bytes: Buffer; now: Date }): Promise<FlagOutcome> {
  const consent = snapshotConsentSql(sql`e.user_id`, sql`e.evidence_consent_at`, sql`${input.now.toISOString()}`);
  const [before] = rowsOf<{ allowed: boolean; kept: number }>(
    await db.execute(sql`
      SELECT ${consent} AS allowed,
             (SELECT count(*)::int FROM proctoring_events p WHERE p.entry_id = e.id AND p.snapshot_key IS NOT NULL) AS kept
        FROM user_contest_entries e WHERE e.id = ${input.entryId}`),
  );
  if (!before?.allowed) return "no-consent";
  if (before.kept >= SNAPSHOTS_PER_ENTRY) return "full";
  const image = await processSnapshot(input.bytes);
  if (!image) return "not-a-snapshot";
  return db.transaction(async (tx) => {
    const key = await imageStore(tx).put({ bytes: image.bytes, contentType: "image/jpeg", width: image.width, height: image.height });
    const inserted = rowsOf(
      await tx.execute(sql`
        INSERT INTO proctoring_events (entry_id, kind, occurred_at, duration_ms, snapshot_key)
        SELECT e.id, ${input.kind}, ${input.now.toISOString()}::timestamptz, ${input.durationMs}, ${key}
          FROM user_contest_entries e
         WHERE e.id = ${input.entryId} AND ${consent}
           AND (SELECT count(*) FROM proctoring_events p WHERE p.entry_id = e.id) < ${MAX_EVENTS_PER_ENTRY}
           AND (SELECT count(*) FROM proctoring_events p WHERE p.entry_id = e.id AND p.snapshot_key IS NOT NULL) < ${SNAPSHOTS_PER_ENTRY}
        RETURNING id`),
    );
    if (inserted.length > 0) return "recorded";
    // Lost a race for the last place: an object already put in S3 is forgotten with the rest.
    await tx.execute(sql`INSERT INTO discarded_snapshots (key) VALUES (${key}) ON CONFLICT DO NOTHING`);
    return "full";
  });
}

/** What the camera check says of snapshots: whose choice it is, and whether they agreed. */
export async function snapshotChoice(db: DbOrTx, input: { entryId: string; userId: string; now: Date }) {
  const [parent, state] = await Promise.all([parentDecides(db, input.userId, input.now), watchStateOf(db, input.entryId, input.now)]);
  return { parentDecides: parent, agreed: state.snapshots };
}

/** An adult's agreement on the camera check (under 18, the parent decides: parentDecides). */
export async function setSnapshotConsent(db: DbOrTx, input: { entryId: string; agree: boolean; now: Date }) {
  await db.execute(sql`UPDATE user_contest_entries SET evidence_consent_at = ${input.agree ? input.now.toISOString() : null}::timestamptz WHERE id = ${input.entryId}`);
}

/** A snapshot of a flag of this contest, for the review screen's route (which checks the reviewer). */
export async function snapshotOf(db: DbOrTx, input: { contestId: string; eventId: string }) {
  const [row] = rowsOf<{ key: string }>(
    await db.execute(sql`
      SELECT p.snapshot_key AS key FROM proctoring_events p JOIN user_contest_entries e ON e.id = p.entry_id
       WHERE p.id = ${input.eventId} AND e.contest_id = ${input.contestId} AND p.snapshot_key IS NOT NULL`),
  );
  return row ? imageStore(db).get(row.key) : null;
}

/** Whether a stored image is (or was) evidence: the public media route never serves it. */
export async function isSnapshotKey(db: DbOrTx, key: string) {
  const rows = rowsOf(
    await db.execute(sql`
      SELECT 1 FROM proctoring_events WHERE snapshot_key = ${key}
      UNION ALL SELECT 1 FROM discarded_snapshots WHERE key = ${key} LIMIT 1`),
  );
  return rows.length > 0;
}

/** Removes discarded snapshots from the image store (unless another flag still holds the same bytes); housekeeping runs it. */
export async function forgetDiscardedSnapshots(db: Db) {
  const keys = rowsOf<{ key: string }>(
    await db.execute(sql`
      SELECT d.key FROM discarded_snapshots d
       WHERE NOT EXISTS (SELECT 1 FROM proctoring_events p WHERE p.snapshot_key = d.key)
       ORDER BY d.discarded_at LIMIT 1000`),
  ).map((row) => row.key);
  if (keys.length === 0) return 0;
  await imageStore(db).delete(keys);
  await db.execute(sql`DELETE FROM discarded_snapshots WHERE key = ANY(${`{${keys.join(",")}}`}::text[])`);
  return keys.length;
}
