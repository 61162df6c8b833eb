CREATE TABLE "policy_agreements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"terms_version" integer NOT NULL,
	"privacy_version" integer NOT NULL,
	"agreed_at" timestamp with time zone NOT NULL,
	"via" text NOT NULL,
	CONSTRAINT "policy_agreements_via_known" CHECK ("policy_agreements"."via" IN ('signup', 'asked')),
	CONSTRAINT "policy_agreements_versions_positive" CHECK ("policy_agreements"."terms_version" >= 1 AND "policy_agreements"."privacy_version" >= 1)
);
--> statement-breakpoint
ALTER TABLE "policy_agreements" ADD CONSTRAINT "policy_agreements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "policy_agreements_user_id_idx" ON "policy_agreements" USING btree ("user_id","agreed_at");