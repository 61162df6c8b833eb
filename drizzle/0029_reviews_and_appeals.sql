CREATE TABLE "review_appeals" (
	"contest_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"statement" text NOT NULL,
	"appealed_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "review_appeals_contest_id_user_id_pk" PRIMARY KEY("contest_id","user_id"),
	CONSTRAINT "review_appeals_statement_length" CHECK (char_length("review_appeals"."statement") BETWEEN 1 AND 2000)
);
--> statement-breakpoint
CREATE TABLE "review_decisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contest_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"reviewer_id" uuid NOT NULL,
	"decision" text NOT NULL,
	"reason" text,
	"decided_at" timestamp with time zone NOT NULL,
	CONSTRAINT "review_decisions_decision" CHECK ("review_decisions"."decision" IN ('clear', 'disqualify', 'appeal_upheld', 'appeal_rejected')),
	CONSTRAINT "review_decisions_reason_length" CHECK (char_length("review_decisions"."reason") <= 1000)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_reviewer" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "contest_results" ADD COLUMN "disqualified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contest_results" ADD COLUMN "disqualification_reason" text;--> statement-breakpoint
ALTER TABLE "review_appeals" ADD CONSTRAINT "review_appeals_contest_id_contests_id_fk" FOREIGN KEY ("contest_id") REFERENCES "public"."contests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_appeals" ADD CONSTRAINT "review_appeals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_decisions" ADD CONSTRAINT "review_decisions_contest_id_contests_id_fk" FOREIGN KEY ("contest_id") REFERENCES "public"."contests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_decisions" ADD CONSTRAINT "review_decisions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_decisions" ADD CONSTRAINT "review_decisions_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_appeals_open_idx" ON "review_appeals" USING btree ("contest_id") WHERE "review_appeals"."decided_at" IS NULL;--> statement-breakpoint
CREATE INDEX "review_decisions_entry_idx" ON "review_decisions" USING btree ("contest_id","user_id","decided_at");--> statement-breakpoint
ALTER TABLE "contest_results" ADD CONSTRAINT "contest_results_disqualified_why" CHECK (("contest_results"."disqualified_at" IS NULL) = ("contest_results"."disqualification_reason" IS NULL));