CREATE TABLE "tax_pans" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"pan" text NOT NULL,
	"pan_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_pans_pan_format" CHECK ("tax_pans"."pan" ~ '^[A-Z]{3}P[A-Z][0-9]{4}[A-Z]$'),
	CONSTRAINT "tax_pans_name_length" CHECK (char_length(btrim("tax_pans"."pan_name")) BETWEEN 2 AND 100)
);
--> statement-breakpoint
ALTER TABLE "tax_pans" ADD CONSTRAINT "tax_pans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;