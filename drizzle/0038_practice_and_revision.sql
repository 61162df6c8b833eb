CREATE TABLE "practice_answers" (
	"attempt_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"selected_options" smallint[],
	"numeric_answer" numeric,
	"marked" boolean DEFAULT false NOT NULL,
	"draft_options" smallint[],
	"draft_value" text,
	"seconds_spent" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "practice_answers_attempt_id_question_id_pk" PRIMARY KEY("attempt_id","question_id"),
	CONSTRAINT "practice_answers_draft_value" CHECK (length("practice_answers"."draft_value") <= 18),
	CONSTRAINT "practice_answers_seconds_spent" CHECK ("practice_answers"."seconds_spent" >= 0)
);
--> statement-breakpoint
CREATE TABLE "practice_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entry_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"contest_id" uuid NOT NULL,
	"scope" text NOT NULL,
	"question_ids" uuid[] NOT NULL,
	"minutes" integer NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone,
	CONSTRAINT "practice_attempts_scope" CHECK ("practice_attempts"."scope" IN ('all', 'wrong')),
	CONSTRAINT "practice_attempts_minutes" CHECK ("practice_attempts"."minutes" > 0)
);
--> statement-breakpoint
CREATE TABLE "question_bookmarks" (
	"user_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "question_bookmarks_user_id_question_id_pk" PRIMARY KEY("user_id","question_id")
);
--> statement-breakpoint
ALTER TABLE "practice_answers" ADD CONSTRAINT "practice_answers_attempt_id_practice_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."practice_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_answers" ADD CONSTRAINT "practice_answers_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_attempts" ADD CONSTRAINT "practice_attempts_entry_id_user_contest_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."user_contest_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_attempts" ADD CONSTRAINT "practice_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_attempts" ADD CONSTRAINT "practice_attempts_contest_id_contests_id_fk" FOREIGN KEY ("contest_id") REFERENCES "public"."contests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_bookmarks" ADD CONSTRAINT "question_bookmarks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_bookmarks" ADD CONSTRAINT "question_bookmarks_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "practice_attempts_entry_idx" ON "practice_attempts" USING btree ("entry_id","started_at");--> statement-breakpoint
CREATE INDEX "practice_attempts_user_idx" ON "practice_attempts" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "practice_attempts_one_open" ON "practice_attempts" USING btree ("entry_id") WHERE "practice_attempts"."submitted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "question_bookmarks_user_idx" ON "question_bookmarks" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "question_bookmarks_question_idx" ON "question_bookmarks" USING btree ("question_id");