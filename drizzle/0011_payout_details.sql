CREATE TABLE "payout_details" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"method" text NOT NULL,
	"upi_id" text,
	"account_holder" text,
	"account_number" text,
	"ifsc" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_details_method" CHECK ("payout_details"."method" IN ('upi', 'bank')),
	CONSTRAINT "payout_details_complete" CHECK (CASE "payout_details"."method" WHEN 'upi' THEN "payout_details"."upi_id" ~ '^[A-Za-z0-9._-]{2,255}@[A-Za-z][A-Za-z0-9]{1,63}$' AND "payout_details"."account_number" IS NULL AND "payout_details"."ifsc" IS NULL AND "payout_details"."account_holder" IS NULL
            ELSE "payout_details"."upi_id" IS NULL AND "payout_details"."account_number" ~ '^[0-9]{9,18}$' AND "payout_details"."ifsc" ~ '^[A-Z]{4}0[A-Z0-9]{6}$' AND char_length(btrim("payout_details"."account_holder")) BETWEEN 2 AND 100 END)
);
--> statement-breakpoint
ALTER TABLE "payout_details" ADD CONSTRAINT "payout_details_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;