ALTER TABLE "refunds" DROP CONSTRAINT "refunds_razorpay_payment_id_unique";--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "tracking_number" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "cancelled_by" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "return_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "return_reason" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "returned_at" timestamp with time zone;--> statement-breakpoint
-- Refunds were one per payment, whole: each keeps that as what it is owed for.
ALTER TABLE "refunds" ADD COLUMN "owed_for" text;--> statement-breakpoint
UPDATE "refunds" SET "owed_for" = "razorpay_payment_id";--> statement-breakpoint
ALTER TABLE "refunds" ALTER COLUMN "owed_for" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "order_items_unshipped_idx" ON "order_items" USING btree ("order_id") WHERE "order_items"."shipped_at" IS NULL AND "order_items"."cancelled_at" IS NULL;--> statement-breakpoint
CREATE INDEX "order_items_in_transit_idx" ON "order_items" USING btree ("shipped_at") WHERE "order_items"."shipped_at" IS NOT NULL AND "order_items"."delivered_at" IS NULL;--> statement-breakpoint
CREATE INDEX "refunds_payment_idx" ON "refunds" USING btree ("razorpay_payment_id");--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_owed_for_unique" UNIQUE("owed_for");--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_cancelled" CHECK (("order_items"."cancelled_at" IS NULL) = ("order_items"."cancelled_by" IS NULL) AND ("order_items"."cancelled_at" IS NULL OR "order_items"."shipped_at" IS NULL));--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_cancelled_by" CHECK ("order_items"."cancelled_by" IN ('buyer', 'seller', 'system'));--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_seller_cancel_reason" CHECK ("order_items"."cancelled_by" IS DISTINCT FROM 'seller' OR char_length(btrim("order_items"."cancel_reason")) >= 3);--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_delivered_after_shipped" CHECK ("order_items"."delivered_at" IS NULL OR "order_items"."shipped_at" IS NOT NULL);--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_return_after_delivery" CHECK (("order_items"."return_requested_at" IS NULL OR "order_items"."delivered_at" IS NOT NULL) AND ("order_items"."returned_at" IS NULL OR "order_items"."return_requested_at" IS NOT NULL));--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_tracking_number" CHECK ("order_items"."tracking_number" IS NULL OR char_length("order_items"."tracking_number") BETWEEN 1 AND 60);