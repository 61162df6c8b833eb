-- Issue 44, points 1 and 2: a payout round keeps the destination it was first sent to, and
-- payouts to newly changed details wait until the hold ends. Rows so far have neither:
-- a queued round without a destination takes the winner's details when next sent (after
-- asking the gateway whether the round was already taken), and old details are not held.
ALTER TABLE "payout_details" ADD COLUMN "hold_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "round_destination" jsonb;
