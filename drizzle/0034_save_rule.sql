-- Every contest made before the rule keeps the one its students were told (each choice counts); new papers get NTA's.
ALTER TABLE "contests" ADD COLUMN "save_rule" text DEFAULT 'every_choice' NOT NULL;--> statement-breakpoint
ALTER TABLE "contests" ALTER COLUMN "save_rule" SET DEFAULT 'nta';--> statement-breakpoint
ALTER TABLE "contests" ADD COLUMN "physical_keyboard" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "user_answers" ADD COLUMN "draft_options" smallint[];--> statement-breakpoint
ALTER TABLE "user_answers" ADD COLUMN "draft_value" text;--> statement-breakpoint
ALTER TABLE "contests" ADD CONSTRAINT "contests_save_rule" CHECK ("contests"."save_rule" IN ('nta', 'every_choice'));--> statement-breakpoint
ALTER TABLE "user_answers" ADD CONSTRAINT "user_answers_draft_value" CHECK (length("user_answers"."draft_value") <= 18);