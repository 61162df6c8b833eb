-- Issue 65, point 7: a winner may decline a prize that waits for payout details; the payout
-- stays, declined, as the prize's and its tax's record.
ALTER TABLE "payouts" DROP CONSTRAINT "payouts_status";--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "declined_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_declined_when" CHECK (("payouts"."status" = 'declined') = ("payouts"."declined_at" IS NOT NULL) AND ("payouts"."status" <> 'declined' OR "payouts"."purpose" = 'prize'));--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_status" CHECK ("payouts"."status" IN ('awaiting_details', 'queued', 'processing', 'paid', 'failed', 'reversed', 'declined'));