CREATE TABLE "parental_consents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"parent_email" text NOT NULL,
	"token_hash" text NOT NULL,
	"text_version" text NOT NULL,
	"asked_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consented_at" timestamp with time zone,
	"withdrawn_at" timestamp with time zone,
	CONSTRAINT "parental_consents_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "parental_consents_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "parental_consents_withdrawn_after_consent" CHECK ("parental_consents"."withdrawn_at" IS NULL OR "parental_consents"."consented_at" IS NOT NULL)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "birth_date" date;--> statement-breakpoint
ALTER TABLE "parental_consents" ADD CONSTRAINT "parental_consents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "parental_consents_expires_at_idx" ON "parental_consents" USING btree ("expires_at");