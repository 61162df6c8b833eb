-- Issue 46, point 1: every contest says how it is funded. The rows there are: no fee is a
-- free contest (its prizes, if any, were the platform's); a fee and a prize pool is
-- today's paid-prize kind; a fee and no prize is practice.
ALTER TABLE "refunds" DROP CONSTRAINT "refunds_reason_code";--> statement-breakpoint
ALTER TABLE "contests" ADD COLUMN "kind" text DEFAULT 'free' NOT NULL;--> statement-breakpoint
ALTER TABLE "contests" ADD COLUMN "sponsor" text;--> statement-breakpoint
UPDATE "contests" SET "kind" = CASE WHEN "entry_fee" = 0 THEN 'free' WHEN "prize_pool" = '{}'::jsonb THEN 'practice' ELSE 'paid_prize' END,
       "sponsor" = CASE WHEN "entry_fee" = 0 AND "prize_pool" <> '{}'::jsonb THEN 'StudyArena' END;--> statement-breakpoint
ALTER TABLE "contests" ADD CONSTRAINT "contests_kind" CHECK ("contests"."kind" IN ('free', 'practice', 'paid_prize'));--> statement-breakpoint
ALTER TABLE "contests" ADD CONSTRAINT "contests_free_has_no_fee" CHECK ("contests"."kind" <> 'free' OR "contests"."entry_fee" = 0);--> statement-breakpoint
ALTER TABLE "contests" ADD CONSTRAINT "contests_free_prizes_sponsored" CHECK ("contests"."kind" <> 'free' OR "contests"."prize_pool" = '{}'::jsonb OR ("contests"."sponsor" IS NOT NULL AND length(btrim("contests"."sponsor")) > 0));--> statement-breakpoint
ALTER TABLE "contests" ADD CONSTRAINT "contests_practice_has_no_prize" CHECK ("contests"."kind" <> 'practice' OR "contests"."prize_pool" = '{}'::jsonb);--> statement-breakpoint
ALTER TABLE "contests" ADD CONSTRAINT "contests_paid_prize_has_fee" CHECK ("contests"."kind" <> 'paid_prize' OR "contests"."entry_fee" > 0);--> statement-breakpoint
ALTER TABLE "contests" ADD CONSTRAINT "contests_sponsor_length" CHECK ("contests"."sponsor" IS NULL OR length("contests"."sponsor") BETWEEN 1 AND 120);--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_reason_code" CHECK ("refunds"."reason_code" IN ('contest_late', 'contest_twice', 'order_twice', 'order_late', 'line', 'payment_twice', 'challenge_twice', 'challenge_late', 'challenge_upheld', 'contest_unavailable', 'other'));