ALTER TABLE "questions" ADD COLUMN "explanation_hi" text;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "topic" text;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_topic" CHECK ("questions"."topic" IS NULL OR char_length(btrim("questions"."topic")) BETWEEN 1 AND 60);