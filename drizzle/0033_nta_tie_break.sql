ALTER TABLE "contest_results" ADD COLUMN "correct" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "contest_results" ADD COLUMN "incorrect" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "contest_results" ADD COLUMN "section_scores" integer[];--> statement-breakpoint
ALTER TABLE "contest_sections" ADD COLUMN "tie_break_order" integer;--> statement-breakpoint
ALTER TABLE "contests" ADD COLUMN "tie_break" text DEFAULT 'time' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "contest_sections_contest_tie_break_key" ON "contest_sections" USING btree ("contest_id","tie_break_order");--> statement-breakpoint
ALTER TABLE "contest_sections" ADD CONSTRAINT "contest_sections_tie_break_order" CHECK ("contest_sections"."tie_break_order" > 0);--> statement-breakpoint
ALTER TABLE "contests" ADD CONSTRAINT "contests_tie_break" CHECK ("contests"."tie_break" IN ('time', 'nta'));