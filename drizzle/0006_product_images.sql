CREATE TABLE "images" (
	"key" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "images_key_shape" CHECK ("images"."key" ~ '^[0-9a-f]{64}\.(webp|jpg|png)$'),
	CONSTRAINT "images_size" CHECK (octet_length("images"."bytes") BETWEEN 1 AND 5242880),
	CONSTRAINT "images_dimensions" CHECK ("images"."width" BETWEEN 1 AND 10000 AND "images"."height" BETWEEN 1 AND 10000)
);
--> statement-breakpoint
ALTER TABLE "marketplace_products" ADD COLUMN "image_width" integer;--> statement-breakpoint
ALTER TABLE "marketplace_products" ADD COLUMN "image_height" integer;