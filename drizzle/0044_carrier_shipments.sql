CREATE TABLE "shipments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_item_id" uuid NOT NULL,
	"carrier" text NOT NULL,
	"awb" text NOT NULL,
	"status" text DEFAULT 'booked' NOT NULL,
	"events" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipments_order_item_id_unique" UNIQUE("order_item_id"),
	CONSTRAINT "shipments_awb_unique" UNIQUE("awb"),
	CONSTRAINT "shipments_status" CHECK ("shipments"."status" IN ('booked', 'picked_up', 'in_transit', 'out_for_delivery', 'delivered', 'undelivered', 'returned_to_origin'))
);
--> statement-breakpoint
CREATE TABLE "test_carrier_parcels" (
	"awb" text PRIMARY KEY NOT NULL,
	"booking_key" text NOT NULL,
	"from_pincode" text,
	"to_pincode" text NOT NULL,
	"cod_amount" integer DEFAULT 0 NOT NULL,
	"outcome" text DEFAULT 'delivered' NOT NULL,
	"booked_at" timestamp with time zone NOT NULL,
	CONSTRAINT "test_carrier_parcels_booking_key_unique" UNIQUE("booking_key")
);
--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shipments_due_idx" ON "shipments" USING btree ("next_attempt_at") WHERE "shipments"."status" NOT IN ('delivered', 'returned_to_origin');