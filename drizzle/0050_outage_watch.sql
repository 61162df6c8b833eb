CREATE TABLE "instance_beats" (
	"instance" text PRIMARY KEY NOT NULL,
	"beat_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "service_outages" DROP CONSTRAINT "service_outages_cause";--> statement-breakpoint
ALTER TABLE "service_outages" ADD CONSTRAINT "service_outages_cause" CHECK ("service_outages"."cause" IN ('database', 'instance', 'errors', 'recorded'));