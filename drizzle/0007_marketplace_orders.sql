ALTER TABLE "order_items" ADD COLUMN "seller_id" uuid;--> statement-breakpoint
UPDATE "order_items" SET "seller_id" = p."seller_id" FROM "marketplace_products" p WHERE p."id" = "order_items"."product_id";--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "author_at_purchase" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "shipped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "hold_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_items_seller_idx" ON "order_items" USING btree ("seller_id");--> statement-breakpoint
CREATE INDEX "orders_pending_hold_idx" ON "orders" USING btree ("hold_expires_at") WHERE "orders"."status" = 'pending';