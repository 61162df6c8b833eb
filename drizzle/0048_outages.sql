CREATE TABLE "outage_credits" (
	"outage_id" uuid NOT NULL,
	"entry_id" uuid NOT NULL,
	"minutes" integer NOT NULL,
	"past_bound" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "outage_credits_outage_id_entry_id_pk" PRIMARY KEY("outage_id","entry_id"),
	CONSTRAINT "outage_credits_minutes" CHECK ("outage_credits"."minutes" > 0)
);
--> statement-breakpoint
CREATE TABLE "service_outages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone NOT NULL,
	"cause" text NOT NULL,
	"contest_id" uuid,
	"detail" text,
	"credited_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_outages_cause" CHECK ("service_outages"."cause" IN ('database', 'recorded')),
	CONSTRAINT "service_outages_span" CHECK ("service_outages"."ended_at" > "service_outages"."started_at")
);
--> statement-breakpoint
ALTER TABLE "user_contest_entries" ADD COLUMN "outage_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "outage_credits" ADD CONSTRAINT "outage_credits_outage_id_service_outages_id_fk" FOREIGN KEY ("outage_id") REFERENCES "public"."service_outages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outage_credits" ADD CONSTRAINT "outage_credits_entry_id_user_contest_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."user_contest_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_outages" ADD CONSTRAINT "service_outages_contest_id_contests_id_fk" FOREIGN KEY ("contest_id") REFERENCES "public"."contests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outage_credits_entry_idx" ON "outage_credits" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "service_outages_to_credit_idx" ON "service_outages" USING btree ("ended_at") WHERE "service_outages"."credited_at" IS NULL;--> statement-breakpoint
ALTER TABLE "user_contest_entries" ADD CONSTRAINT "user_contest_entries_outage_minutes" CHECK ("user_contest_entries"."outage_minutes" BETWEEN 0 AND "user_contest_entries"."extra_minutes");