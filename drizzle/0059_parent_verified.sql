CREATE TABLE "consent_verifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"consent_id" uuid NOT NULL,
	"state_hash" text NOT NULL,
	"code_verifier" text NOT NULL,
	"browser_hash" text NOT NULL,
	"account_id" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consent_verifications_state_hash_unique" UNIQUE("state_hash")
);
--> statement-breakpoint
ALTER TABLE "parental_consents" ADD COLUMN "verified_by" text;--> statement-breakpoint
ALTER TABLE "parental_consents" ADD COLUMN "verified_subject_hash" text;--> statement-breakpoint
ALTER TABLE "parental_consents" ADD COLUMN "verified_issuer" text;--> statement-breakpoint
ALTER TABLE "parental_consents" ADD COLUMN "verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "adult_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "adult_subject_hash" text;--> statement-breakpoint
ALTER TABLE "consent_verifications" ADD CONSTRAINT "consent_verifications_consent_id_parental_consents_id_fk" FOREIGN KEY ("consent_id") REFERENCES "public"."parental_consents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_verifications" ADD CONSTRAINT "consent_verifications_account_id_users_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consent_verifications_consent_idx" ON "consent_verifications" USING btree ("consent_id");--> statement-breakpoint
CREATE INDEX "consent_verifications_expires_idx" ON "consent_verifications" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "parental_consents" ADD CONSTRAINT "parental_consents_verified_by_known" CHECK ("parental_consents"."verified_by" IS NULL OR "parental_consents"."verified_by" IN ('digilocker', 'account', 'off'));