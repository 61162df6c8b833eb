-- Issue 66, point 3: a submission's reason is a code (SUBMIT_REASONS in app/utils/enums.ts)
-- and its ' (with errors)' a flag, no longer an English sentence. The three sentences the
-- old code wrote become their codes. Any other text (only a hand-run script could have
-- written one: the test API took only the three) becomes 'manual', since the completion
-- page already said such a reason as an ordinary submission, and whoever wrote it
-- submitted by hand; its ' (with errors)' is kept as the flag. A reason on an entry not
-- submitted (the code never wrote one) is dropped, as the constraint allows none.
ALTER TABLE "user_contest_entries" ADD COLUMN "submitted_with_errors" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "user_contest_entries"
   SET "submitted_with_errors" = "submit_reason" LIKE '% (with errors)',
       "submit_reason" = CASE regexp_replace("submit_reason", ' \(with errors\)$', '')
         WHEN 'Manual submission' THEN 'manual'
         WHEN 'Time''s up' THEN 'time_up'
         WHEN 'User exited fullscreen or switched tabs' THEN 'left'
         ELSE 'manual' END
 WHERE "submit_reason" IS NOT NULL AND "has_submitted";--> statement-breakpoint
UPDATE "user_contest_entries" SET "submit_reason" = NULL WHERE "submit_reason" IS NOT NULL AND NOT "has_submitted";--> statement-breakpoint
ALTER TABLE "user_contest_entries" ADD CONSTRAINT "user_contest_entries_submit_reason" CHECK (("user_contest_entries"."submit_reason" IS NULL OR ("user_contest_entries"."has_submitted" AND "user_contest_entries"."submit_reason" IN ('manual', 'time_up', 'left'))) AND ("user_contest_entries"."submit_reason" IS NOT NULL OR NOT "user_contest_entries"."submitted_with_errors"));
