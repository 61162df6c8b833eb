ALTER TABLE "order_items" DROP CONSTRAINT "order_items_product_id_marketplace_products_id_fk";
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_buyer_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_contest_id_contests_id_fk";
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_order_id_orders_id_fk";
--> statement-breakpoint
ALTER TABLE "user_answers" DROP CONSTRAINT "user_answers_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "user_answers" DROP CONSTRAINT "user_answers_contest_id_contests_id_fk";
--> statement-breakpoint
ALTER TABLE "user_answers" DROP CONSTRAINT "user_answers_question_id_questions_id_fk";
--> statement-breakpoint
DROP INDEX "questions_contest_position_idx";--> statement-breakpoint
ALTER TABLE "order_items" DROP CONSTRAINT "order_items_order_id_product_id_pk";--> statement-breakpoint
ALTER TABLE "order_items" ALTER COLUMN "product_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "title_at_purchase" text NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "idempotency_key" text NOT NULL;--> statement-breakpoint
ALTER TABLE "user_contest_entries" ADD COLUMN "payment_id" uuid;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_product_id_marketplace_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."marketplace_products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_contest_id_contests_id_fk" FOREIGN KEY ("contest_id") REFERENCES "public"."contests"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
-- The composite key an answer points at must exist before the foreign key that uses it.
ALTER TABLE "questions" ADD CONSTRAINT "questions_id_contest_key" UNIQUE("id","contest_id");--> statement-breakpoint
ALTER TABLE "user_answers" ADD CONSTRAINT "user_answers_entry_fk" FOREIGN KEY ("user_id","contest_id") REFERENCES "public"."user_contest_entries"("user_id","contest_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_answers" ADD CONSTRAINT "user_answers_question_fk" FOREIGN KEY ("question_id","contest_id") REFERENCES "public"."questions"("id","contest_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_contest_entries" ADD CONSTRAINT "user_contest_entries_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_items_order_product_key" ON "order_items" USING btree ("order_id","product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_buyer_idempotency_key" ON "orders" USING btree ("buyer_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_open_per_contest" ON "payments" USING btree ("user_id","contest_id") WHERE "payments"."status" = 'created' AND "payments"."purpose" = 'contest';--> statement-breakpoint
CREATE UNIQUE INDEX "questions_contest_position_key" ON "questions" USING btree ("contest_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "user_contest_entries_payment_key" ON "user_contest_entries" USING btree ("payment_id");--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "payment_status";--> statement-breakpoint
ALTER TABLE "user_answers" DROP COLUMN "is_correct";--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_status" CHECK ("email_outbox"."status" IN ('pending', 'sent', 'failed', 'logged'));--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_price_nonnegative" CHECK ("order_items"."price_at_purchase" >= 0);--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_purpose" CHECK ("payments"."purpose" IN ('contest', 'order'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_gateway" CHECK ("payments"."gateway" IN ('razorpay', 'test'));--> statement-breakpoint
ALTER TABLE "user_contest_entries" ADD CONSTRAINT "user_contest_entries_started_when" CHECK ("user_contest_entries"."status" = ("user_contest_entries"."started_at" IS NOT NULL));--> statement-breakpoint
ALTER TABLE "user_contest_entries" ADD CONSTRAINT "user_contest_entries_submitted_when" CHECK ("user_contest_entries"."has_submitted" = ("user_contest_entries"."submitted_at" IS NOT NULL));--> statement-breakpoint
-- updated_at follows every UPDATE, whether the app or an admin's SQL makes it.
CREATE OR REPLACE FUNCTION set_updated_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.updated_at := now();
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER contest_results_updated_at BEFORE UPDATE ON "contest_results" FOR EACH ROW EXECUTE FUNCTION set_updated_at();--> statement-breakpoint
CREATE TRIGGER marketplace_products_updated_at BEFORE UPDATE ON "marketplace_products" FOR EACH ROW EXECUTE FUNCTION set_updated_at();--> statement-breakpoint
CREATE TRIGGER payments_updated_at BEFORE UPDATE ON "payments" FOR EACH ROW EXECUTE FUNCTION set_updated_at();
