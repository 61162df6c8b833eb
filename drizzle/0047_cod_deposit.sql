ALTER TABLE "refunds" DROP CONSTRAINT "refunds_reason_code";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "deposit" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "deposit_outcome" text;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_deposit" CHECK ("orders"."deposit" = 0 OR ("orders"."payment_method" = 'cod' AND "orders"."deposit" > 0 AND "orders"."deposit" <= "orders"."total_amount"));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_deposit_outcome" CHECK ("orders"."deposit_outcome" IS NULL OR ("orders"."deposit" > 0 AND "orders"."deposit_outcome" IN ('refunded', 'kept')));--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_reason_code" CHECK ("refunds"."reason_code" IN ('contest_late', 'contest_twice', 'order_twice', 'order_late', 'line', 'payment_twice', 'challenge_twice', 'challenge_late', 'challenge_upheld', 'contest_unavailable', 'cod_deposit', 'other'));