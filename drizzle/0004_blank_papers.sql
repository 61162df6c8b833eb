ALTER TABLE "contest_results" ADD COLUMN "answered" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Results written before this column existed: count their saved answers.
UPDATE "contest_results" r SET "answered" = (SELECT count(*) FROM "user_answers" a WHERE a.user_id = r.user_id AND a.contest_id = r.contest_id);
