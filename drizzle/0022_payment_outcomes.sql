ALTER TABLE "payments" ADD COLUMN "outcome" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "failed_attempts" integer DEFAULT 0 NOT NULL;