ALTER TABLE "order_items" ADD COLUMN "handover_code" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "handover_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery" text DEFAULT 'ship' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_handover_code" CHECK ("order_items"."handover_code" IS NULL OR "order_items"."handover_code" ~ '^[0-9]{6}$');--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_handover_failures" CHECK ("order_items"."handover_failures" BETWEEN 0 AND 5);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_delivery" CHECK ("orders"."delivery" IN ('ship', 'meet'));