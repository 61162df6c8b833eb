CREATE TABLE "listing_photos" (
	"product_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"image_url" text NOT NULL,
	"thumbnail_url" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	CONSTRAINT "listing_photos_product_id_position_pk" PRIMARY KEY("product_id","position"),
	CONSTRAINT "listing_photos_position" CHECK ("listing_photos"."position" BETWEEN 0 AND 5)
);
--> statement-breakpoint
ALTER TABLE "listing_photos" ADD CONSTRAINT "listing_photos_product_id_marketplace_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."marketplace_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listing_photos_image_idx" ON "listing_photos" USING btree ("image_url");--> statement-breakpoint
CREATE INDEX "listing_photos_thumbnail_idx" ON "listing_photos" USING btree ("thumbnail_url");--> statement-breakpoint
-- A listing's one image becomes its first photo (its size as the listing kept it; a listing without a size had none to show).
INSERT INTO "listing_photos" ("product_id", "position", "image_url", "thumbnail_url", "width", "height")
SELECT "id", 0, "image_url", coalesce("thumbnail_url", "image_url"), "image_width", "image_height"
  FROM "marketplace_products"
 WHERE "image_url" IS NOT NULL AND "image_width" IS NOT NULL AND "image_height" IS NOT NULL;
