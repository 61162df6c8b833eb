CREATE TABLE "outage_remedies" (
	"contest_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"choice" text NOT NULL,
	"chosen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "outage_remedies_contest_id_user_id_pk" PRIMARY KEY("contest_id","user_id"),
	CONSTRAINT "outage_remedies_choice" CHECK ("outage_remedies"."choice" IN ('retest', 'refund'))
);
--> statement-breakpoint
ALTER TABLE "refunds" DROP CONSTRAINT "refunds_reason_code";--> statement-breakpoint
ALTER TABLE "contests" ADD COLUMN "retest_of" uuid;--> statement-breakpoint
ALTER TABLE "outage_remedies" ADD CONSTRAINT "outage_remedies_user_id_contest_id_user_contest_entries_user_id_contest_id_fk" FOREIGN KEY ("user_id","contest_id") REFERENCES "public"."user_contest_entries"("user_id","contest_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contests" ADD CONSTRAINT "contests_retest_of_contests_id_fk" FOREIGN KEY ("retest_of") REFERENCES "public"."contests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contests_retest_of_idx" ON "contests" USING btree ("retest_of") WHERE "contests"."retest_of" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_reason_code" CHECK ("refunds"."reason_code" IN ('contest_late', 'contest_twice', 'order_twice', 'order_late', 'line', 'payment_twice', 'challenge_twice', 'challenge_late', 'challenge_upheld', 'contest_unavailable', 'cod_deposit', 'contest_outage', 'other'));