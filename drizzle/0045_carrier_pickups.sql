CREATE TABLE "test_carrier_areas" (
	"pincode" text PRIMARY KEY NOT NULL,
	"served" boolean DEFAULT false NOT NULL,
	"cod" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "pincode" text;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "carrier_ref" text;--> statement-breakpoint
ALTER TABLE "test_carrier_parcels" ADD COLUMN "cancelled" boolean DEFAULT false NOT NULL;