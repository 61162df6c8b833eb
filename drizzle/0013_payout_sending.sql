CREATE TABLE "test_gateway_payouts" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"reference_id" text NOT NULL,
	"amount" integer NOT NULL,
	"mode" text NOT NULL,
	"destination" text NOT NULL,
	"status" text DEFAULT 'processing' NOT NULL,
	"utr" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_gateway_payouts_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "gateway" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "send_round" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "failure_reason" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "payouts_due_idx" ON "payouts" USING btree ("next_attempt_at") WHERE "payouts"."status" IN ('queued', 'processing');--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_gateway" CHECK ("payouts"."gateway" IS NULL OR "payouts"."gateway" IN ('razorpay', 'test'));--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_paid_has_reference" CHECK ("payouts"."status" <> 'paid' OR "payouts"."bank_reference" IS NOT NULL);--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_round_positive" CHECK ("payouts"."send_round" >= 1);