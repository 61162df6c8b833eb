ALTER TABLE "question_challenges" DROP CONSTRAINT "question_challenges_status";--> statement-breakpoint
ALTER TABLE "question_challenges" DROP CONSTRAINT "question_challenges_resolved_when";--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_purpose";--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_purpose_target";--> statement-breakpoint
ALTER TABLE "contests" ADD COLUMN "challenge_fee" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "question_challenges" ADD COLUMN "fee" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "challenge_id" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_challenge_id_question_challenges_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."question_challenges"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_challenge_idx" ON "payments" USING btree ("challenge_id");--> statement-breakpoint
ALTER TABLE "contests" ADD CONSTRAINT "contests_challenge_fee" CHECK ("contests"."challenge_fee" BETWEEN 0 AND 10000);--> statement-breakpoint
ALTER TABLE "question_challenges" ADD CONSTRAINT "question_challenges_fee" CHECK ("question_challenges"."fee" >= 0 AND ("question_challenges"."status" <> 'unpaid' OR "question_challenges"."fee" > 0));--> statement-breakpoint
ALTER TABLE "question_challenges" ADD CONSTRAINT "question_challenges_status" CHECK ("question_challenges"."status" IN ('unpaid', 'pending', 'upheld', 'rejected'));--> statement-breakpoint
ALTER TABLE "question_challenges" ADD CONSTRAINT "question_challenges_resolved_when" CHECK (("question_challenges"."status" IN ('unpaid', 'pending')) = ("question_challenges"."resolved_at" IS NULL));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_purpose" CHECK ("payments"."purpose" IN ('contest', 'order', 'challenge'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_purpose_target" CHECK (("payments"."purpose" = 'contest' AND "payments"."contest_id" IS NOT NULL) OR ("payments"."purpose" = 'order' AND "payments"."order_id" IS NOT NULL) OR ("payments"."purpose" = 'challenge' AND "payments"."challenge_id" IS NOT NULL));