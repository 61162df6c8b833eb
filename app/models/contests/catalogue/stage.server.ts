// The one guard of every /contest/{id}/… journey route (pay, test, results).
import type { AppLoadContext } from "@remix-run/node";
import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { contests, user_contest_entries } from "~/db/schema";
import { cardColumns } from "~/models/contests/catalogue/catalogue.server";
import { requireUser } from "~/models/accounts/auth.server";
import { decideStage, type JourneyStage } from "~/models/contests/catalogue/stage";
import { notFound, redirectWithFlash, requireUuidParam } from "~/utils/http.server";
import { contestOffer } from "~/utils/env.server";

/**
 * Guests go to log in and come back; a malformed or unknown contest is a 404; a
 * student who may not be at this stage is sent where they can go, with a message.
 * Returns the user, the contest and the user's own entry (or null).
 */
export async function requireContestStage(
  db: DbOrTx,
  args: { request: Request; context: AppLoadContext; params: Record<string, string | undefined> },
  stage: JourneyStage,
  now = new Date(),
) {
  const user = await requireUser(args.request, args.context);
  const contestId = requireUuidParam(args.params);
  const [row] = await db
    .select({
      contest: { ...cardColumns, finalized_at: contests.finalized_at, face_detection: contests.face_detection, challenge_window_hours: contests.challenge_window_hours },
      entry: {
        id: user_contest_entries.id,
        status: user_contest_entries.status,
        started_at: user_contest_entries.started_at,
        has_submitted: user_contest_entries.has_submitted,
        submitted_at: user_contest_entries.submitted_at,
        submit_reason: user_contest_entries.submit_reason,
        extra_minutes: user_contest_entries.extra_minutes,
        evidence_consent_at: user_contest_entries.evidence_consent_at,
      },
    })
    .from(contests)
    .leftJoin(user_contest_entries, and(eq(user_contest_entries.contest_id, contests.id), eq(user_contest_entries.user_id, user.id)))
    .where(eq(contests.id, contestId));
  if (!row) notFound("Contest Not Found");
  const entry = row.entry?.id ? row.entry : null;
  const decision = decideStage(stage, row.contest, entry, now, contestOffer());
  if (!decision.ok) await redirectWithFlash(decision.to, { kind: decision.kind, message: decision.message });
  return { user, contest: row.contest, entry };
}
