-- Issue 45, point 1: a refund's reason is a code and its values, never a sentence. The rows
-- there are hold English sentences of a few known shapes (models/refund-reasons.ts before
-- this change); each becomes its code, with its title and order id; a sentence of no known
-- shape is kept as its text under `other`. The sentence column goes in 0024.
ALTER TABLE "refunds" ALTER COLUMN "reason" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "reason_code" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "reason_values" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
UPDATE "refunds" SET "reason_code" = 'contest_late', "reason_values" = jsonb_build_object('title', substring("reason" from '^"(.+)" after the contest had started$'))
 WHERE "reason" ~ '^".+" after the contest had started$';--> statement-breakpoint
UPDATE "refunds" SET "reason_code" = 'contest_twice', "reason_values" = jsonb_build_object('title', substring("reason" from '^"(.+)" while already enrolled \(a second payment\)$'))
 WHERE "reason_code" IS NULL AND "reason" ~ '^".+" while already enrolled \(a second payment\)$';--> statement-breakpoint
UPDATE "refunds" SET "reason_code" = 'order_twice', "reason_values" = jsonb_build_object('orderId', substring("reason" from '^marketplace order ([0-9a-f-]{36}), which was already paid$'))
 WHERE "reason_code" IS NULL AND "reason" ~ '^marketplace order [0-9a-f-]{36}, which was already paid$';--> statement-breakpoint
UPDATE "refunds" SET "reason_code" = 'order_late', "reason_values" = jsonb_build_object('orderId', substring("reason" from '^marketplace order ([0-9a-f-]{36}), after its hold had ended and a book in it had sold$'))
 WHERE "reason_code" IS NULL AND "reason" ~ '^marketplace order [0-9a-f-]{36}, after its hold had ended and a book in it had sold$';--> statement-breakpoint
UPDATE "refunds" SET "reason_code" = 'line', "reason_values" = jsonb_build_object(
         'title', (regexp_match("reason", '^(.+) \(marketplace order ([0-9a-f-]{36})\), (cancelled by you|cancelled by the seller|not shipped in time|returned)$'))[1],
         'orderId', (regexp_match("reason", '^(.+) \(marketplace order ([0-9a-f-]{36})\), (cancelled by you|cancelled by the seller|not shipped in time|returned)$'))[2],
         'why', CASE (regexp_match("reason", '^(.+) \(marketplace order ([0-9a-f-]{36})\), (cancelled by you|cancelled by the seller|not shipped in time|returned)$'))[3]
                  WHEN 'cancelled by you' THEN 'buyer' WHEN 'cancelled by the seller' THEN 'seller' WHEN 'not shipped in time' THEN 'system' ELSE 'returned' END)
 WHERE "reason_code" IS NULL AND "reason" ~ '^.+ \(marketplace order [0-9a-f-]{36}\), (cancelled by you|cancelled by the seller|not shipped in time|returned)$';--> statement-breakpoint
UPDATE "refunds" SET "reason_code" = CASE "reason"
         WHEN 'a second payment of an order already paid' THEN 'payment_twice'
         WHEN 'a second payment of a challenge fee' THEN 'challenge_twice'
         WHEN 'a challenge fee paid after the challenge window closed' THEN 'challenge_late'
         WHEN 'the fee of your upheld answer-key challenge' THEN 'challenge_upheld' END
 WHERE "reason_code" IS NULL;--> statement-breakpoint
UPDATE "refunds" SET "reason_code" = 'other', "reason_values" = jsonb_build_object('text', "reason") WHERE "reason_code" IS NULL;--> statement-breakpoint
ALTER TABLE "refunds" ALTER COLUMN "reason_code" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_reason_code" CHECK ("refunds"."reason_code" IN ('contest_late', 'contest_twice', 'order_twice', 'order_late', 'line', 'payment_twice', 'challenge_twice', 'challenge_late', 'challenge_upheld', 'other'));
