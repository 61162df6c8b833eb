ALTER TABLE "proctoring_events" DROP CONSTRAINT "proctoring_events_kind";--> statement-breakpoint
ALTER TABLE "parental_consents" ADD COLUMN "evidence_agreed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "proctoring_events" ADD COLUMN "duration_ms" integer;--> statement-breakpoint
ALTER TABLE "proctoring_events" ADD COLUMN "snapshot_key" text;--> statement-breakpoint
ALTER TABLE "user_contest_entries" ADD COLUMN "evidence_consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_contest_entries" ADD COLUMN "device_hash" text;--> statement-breakpoint
ALTER TABLE "user_contest_entries" ADD COLUMN "address_hash" text;--> statement-breakpoint
CREATE INDEX "proctoring_events_snapshot_idx" ON "proctoring_events" USING btree ("snapshot_key") WHERE "proctoring_events"."snapshot_key" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "proctoring_events" ADD CONSTRAINT "proctoring_events_duration" CHECK ("proctoring_events"."duration_ms" IS NULL OR "proctoring_events"."duration_ms" BETWEEN 0 AND 3600000);--> statement-breakpoint
ALTER TABLE "proctoring_events" ADD CONSTRAINT "proctoring_events_kind" CHECK ("proctoring_events"."kind" IN ('fullscreen_exit', 'tab_hidden', 'camera_lost', 'fullscreen_unavailable', 'no_face', 'multiple_faces', 'looking_away', 'not_monitored'));