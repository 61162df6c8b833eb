CREATE TABLE "discarded_images" (
	"key" text PRIMARY KEY NOT NULL,
	"discarded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "return_photo_url" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "return_photo_thumb" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "disputed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "dispute_words" text;--> statement-breakpoint
CREATE INDEX "order_items_return_photo_idx" ON "order_items" USING btree ("return_photo_url") WHERE "order_items"."return_photo_url" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "order_items_return_thumb_idx" ON "order_items" USING btree ("return_photo_thumb") WHERE "order_items"."return_photo_thumb" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "order_items_disputed_idx" ON "order_items" USING btree ("disputed_at") WHERE "order_items"."disputed_at" IS NOT NULL AND "order_items"."returned_at" IS NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_return_photo" CHECK (("order_items"."return_photo_url" IS NULL) = ("order_items"."return_photo_thumb" IS NULL) AND ("order_items"."return_photo_url" IS NULL OR "order_items"."return_requested_at" IS NOT NULL));--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_disputed" CHECK (("order_items"."disputed_at" IS NULL) = ("order_items"."dispute_words" IS NULL) AND ("order_items"."disputed_at" IS NULL OR "order_items"."return_requested_at" IS NOT NULL));
--> statement-breakpoint
-- A return's photo the line stops showing (replaced by another, or erased with its buyer):
-- both its sizes' keys, for the housekeeping that removes them from the image store.
CREATE FUNCTION discard_return_photo() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO discarded_images (key)
  SELECT substring(url FROM 8) FROM unnest(ARRAY[OLD.return_photo_url, OLD.return_photo_thumb]) AS url
   WHERE url LIKE '/media/%'
  ON CONFLICT (key) DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER order_items_discard_return_photo AFTER UPDATE OF return_photo_url ON order_items
  FOR EACH ROW WHEN (OLD.return_photo_url IS NOT NULL AND OLD.return_photo_url IS DISTINCT FROM NEW.return_photo_url) EXECUTE FUNCTION discard_return_photo();
