CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"contest_id" uuid NOT NULL,
	"gross" integer NOT NULL,
	"tax" integer NOT NULL,
	"net" integer NOT NULL,
	"tax_rate_bp" integer NOT NULL,
	"status" text NOT NULL,
	"gateway_payout_id" text,
	"bank_reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_gateway_payout_id_unique" UNIQUE("gateway_payout_id"),
	CONSTRAINT "payouts_status" CHECK ("payouts"."status" IN ('awaiting_details', 'queued', 'processing', 'paid', 'failed', 'reversed')),
	CONSTRAINT "payouts_sums" CHECK ("payouts"."gross" > 0 AND "payouts"."tax" >= 0 AND "payouts"."net" = "payouts"."gross" - "payouts"."tax" AND "payouts"."tax_rate_bp" BETWEEN 0 AND 10000)
);
--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_contest_id_contests_id_fk" FOREIGN KEY ("contest_id") REFERENCES "public"."contests"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_contest_user_key" ON "payouts" USING btree ("contest_id","user_id");--> statement-breakpoint
CREATE INDEX "payouts_user_idx" ON "payouts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "payouts_status_idx" ON "payouts" USING btree ("status","created_at");