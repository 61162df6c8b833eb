CREATE TABLE "question_challenges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contest_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"source_url" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"response" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"notified_at" timestamp with time zone,
	CONSTRAINT "question_challenges_status" CHECK ("question_challenges"."status" IN ('pending', 'upheld', 'rejected')),
	CONSTRAINT "question_challenges_reason" CHECK (char_length(btrim("question_challenges"."reason")) BETWEEN 1 AND 500),
	CONSTRAINT "question_challenges_source_url" CHECK ("question_challenges"."source_url" IS NULL OR (char_length("question_challenges"."source_url") <= 500 AND "question_challenges"."source_url" ~ '^https?://')),
	CONSTRAINT "question_challenges_resolved_when" CHECK (("question_challenges"."status" = 'pending') = ("question_challenges"."resolved_at" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "contests" ADD COLUMN "challenge_window_hours" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "contests" ADD COLUMN "dropped_question_marks" text DEFAULT 'all' NOT NULL;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "dropped" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- A contest that had started before this migration keeps the rules it was announced
-- with: its results are final at its end, with no challenge window.
UPDATE "contests" SET "challenge_window_hours" = 0 WHERE "start_time" < now();--> statement-breakpoint
ALTER TABLE "question_challenges" ADD CONSTRAINT "question_challenges_entry_fk" FOREIGN KEY ("user_id","contest_id") REFERENCES "public"."user_contest_entries"("user_id","contest_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_challenges" ADD CONSTRAINT "question_challenges_question_fk" FOREIGN KEY ("question_id","contest_id") REFERENCES "public"."questions"("id","contest_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "question_challenges_user_question_key" ON "question_challenges" USING btree ("user_id","question_id");--> statement-breakpoint
CREATE INDEX "question_challenges_contest_status_idx" ON "question_challenges" USING btree ("contest_id","status");--> statement-breakpoint
ALTER TABLE "contests" ADD CONSTRAINT "contests_challenge_window_hours" CHECK ("contests"."challenge_window_hours" BETWEEN 0 AND 720);--> statement-breakpoint
ALTER TABLE "contests" ADD CONSTRAINT "contests_dropped_question_marks" CHECK ("contests"."dropped_question_marks" IN ('all', 'attempted'));--> statement-breakpoint
-- Once a contest's results are final (prizes assigned), its key, marks and dropped
-- questions can no longer change: a change would leave the stored scores, ranks and
-- prizes disagreeing with the published key (docs/admin-sql.md, "Answer-key challenges").
CREATE FUNCTION questions_key_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW.correct_options, NEW.answer_min, NEW.answer_max, NEW.partial_marking, NEW.marks, NEW.penalty, NEW.dropped)
       IS DISTINCT FROM (OLD.correct_options, OLD.answer_min, OLD.answer_max, OLD.partial_marking, OLD.marks, OLD.penalty, OLD.dropped)
     AND EXISTS (SELECT 1 FROM contests c WHERE c.id = NEW.contest_id AND c.finalized_at IS NOT NULL) THEN
    RAISE EXCEPTION 'question "%": its contest''s results are final, so its key can no longer change', left(NEW.question_text, 60)
      USING ERRCODE = 'check_violation', CONSTRAINT = 'questions_key_frozen';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER questions_key_frozen BEFORE UPDATE ON questions FOR EACH ROW EXECUTE FUNCTION questions_key_frozen();
