-- Issue 46, point 3: a practice test's entrants get a certificate when results are final.
-- Practice tests finalised before this migration get theirs here.
CREATE TABLE "certificates" (
	"code" text PRIMARY KEY NOT NULL,
	"contest_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "certificates_code" CHECK ("certificates"."code" ~ '^[0-9A-F]{12}$')
);
--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_result_fk" FOREIGN KEY ("contest_id","user_id") REFERENCES "public"."contest_results"("contest_id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_contest_user_key" ON "certificates" USING btree ("contest_id","user_id");--> statement-breakpoint
INSERT INTO "certificates" ("code", "contest_id", "user_id", "issued_at")
SELECT upper(substr(md5(gen_random_uuid()::text), 1, 12)), r."contest_id", r."user_id", c."finalized_at"
  FROM "contest_results" r JOIN "contests" c ON c."id" = r."contest_id"
 WHERE c."kind" = 'practice' AND c."finalized_at" IS NOT NULL AND r."rank" IS NOT NULL;
