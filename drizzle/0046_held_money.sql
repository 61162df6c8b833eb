CREATE TABLE "held_transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"recipient_id" uuid NOT NULL,
	"gateway" text NOT NULL,
	"payment_id" text NOT NULL,
	"account_id" text NOT NULL,
	"amount" integer NOT NULL,
	"goal" text DEFAULT 'held' NOT NULL,
	"state" text DEFAULT 'none' NOT NULL,
	"transfer_id" text,
	"held_at" timestamp with time zone,
	"released_at" timestamp with time zone,
	"reversed_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"failed_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "held_transfers_reference_unique" UNIQUE("reference"),
	CONSTRAINT "held_transfers_transfer_id_unique" UNIQUE("transfer_id"),
	CONSTRAINT "held_transfers_amount" CHECK ("held_transfers"."amount" > 0),
	CONSTRAINT "held_transfers_gateway" CHECK ("held_transfers"."gateway" IN ('razorpay', 'test')),
	CONSTRAINT "held_transfers_goal" CHECK ("held_transfers"."goal" IN ('held', 'released', 'reversed')),
	CONSTRAINT "held_transfers_state" CHECK ("held_transfers"."state" IN ('none', 'held', 'released', 'reversed')),
	CONSTRAINT "held_transfers_made_has_id" CHECK (("held_transfers"."state" IN ('held', 'released')) <= ("held_transfers"."transfer_id" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "linked_accounts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "linked_accounts_account_id_unique" UNIQUE("account_id")
);
--> statement-breakpoint
CREATE TABLE "test_gateway_transfers" (
	"id" text PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"payment_id" text NOT NULL,
	"account_id" text NOT NULL,
	"amount" integer NOT NULL,
	"on_hold" boolean DEFAULT true NOT NULL,
	"amount_reversed" integer DEFAULT 0 NOT NULL,
	"releases" integer DEFAULT 0 NOT NULL,
	"reversals" integer DEFAULT 0 NOT NULL,
	"released_at" timestamp with time zone,
	"reversed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_gateway_transfers_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
ALTER TABLE "held_transfers" ADD CONSTRAINT "held_transfers_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "linked_accounts" ADD CONSTRAINT "linked_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "held_transfers_due_idx" ON "held_transfers" USING btree ("next_attempt_at") WHERE "held_transfers"."state" <> "held_transfers"."goal" AND "held_transfers"."failed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "held_transfers_recipient_idx" ON "held_transfers" USING btree ("recipient_id");