CREATE TABLE "discarded_snapshots" (
	"key" text PRIMARY KEY NOT NULL,
	"discarded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Every way a proctoring event goes (retention, erasure, an account or entry deleted by
-- cascade) leaves its snapshot's key here, for the image store to forget it.
CREATE FUNCTION discard_proctoring_snapshot() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO discarded_snapshots (key) VALUES (OLD.snapshot_key) ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER proctoring_events_discard_snapshot AFTER DELETE ON proctoring_events
  FOR EACH ROW WHEN (OLD.snapshot_key IS NOT NULL) EXECUTE FUNCTION discard_proctoring_snapshot();
