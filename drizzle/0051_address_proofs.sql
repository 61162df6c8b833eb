CREATE TABLE "address_proofs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"restart" boolean NOT NULL,
	"password_hash" text,
	"full_name" text,
	"birth_date" date,
	"parent_email" text,
	"locale" text DEFAULT 'en' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "address_proofs_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "address_proofs_locale_known" CHECK ("address_proofs"."locale" IN ('en', 'hi'))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_proven_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "address_proofs" ADD CONSTRAINT "address_proofs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "address_proofs_user_id_idx" ON "address_proofs" USING btree ("user_id");