ALTER TABLE "order_items" ADD COLUMN "refused_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cod_confirmed_at" timestamp with time zone;--> statement-breakpoint
-- Cash-on-delivery orders placed before confirmation existed were taken under the old rule: they
-- count as confirmed when placed, so the sweep does not cancel them the day this ships.
UPDATE "orders" SET "cod_confirmed_at" = "created_at" WHERE "payment_method" = 'cod' AND "status" = 'completed';--> statement-breakpoint
CREATE INDEX "orders_cod_unconfirmed_idx" ON "orders" USING btree ("created_at") WHERE "orders"."payment_method" = 'cod' AND "orders"."status" = 'completed' AND "orders"."cod_confirmed_at" IS NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_refused" CHECK ("order_items"."refused_at" IS NULL OR ("order_items"."shipped_at" IS NOT NULL AND "order_items"."delivered_at" IS NULL));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_cod_confirmed" CHECK ("orders"."cod_confirmed_at" IS NULL OR "orders"."payment_method" = 'cod');