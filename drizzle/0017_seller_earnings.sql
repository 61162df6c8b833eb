CREATE TABLE "seller_payout_lines" (
	"order_item_id" uuid PRIMARY KEY NOT NULL,
	"payout_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	CONSTRAINT "seller_payout_lines_amount" CHECK ("seller_payout_lines"."amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "payouts" ALTER COLUMN "contest_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "earned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "commission" integer;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "purpose" text DEFAULT 'prize' NOT NULL;--> statement-breakpoint
ALTER TABLE "seller_payout_lines" ADD CONSTRAINT "seller_payout_lines_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_payout_lines" ADD CONSTRAINT "seller_payout_lines_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "seller_payout_lines_payout_idx" ON "seller_payout_lines" USING btree ("payout_id");--> statement-breakpoint
CREATE INDEX "order_items_earned_idx" ON "order_items" USING btree ("seller_id") WHERE "order_items"."earned_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "order_items_to_earn_idx" ON "order_items" USING btree ("delivered_at") WHERE "order_items"."delivered_at" IS NOT NULL AND "order_items"."earned_at" IS NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_earned" CHECK (("order_items"."earned_at" IS NULL) = ("order_items"."commission" IS NULL) AND ("order_items"."commission" IS NULL OR "order_items"."commission" BETWEEN 0 AND "order_items"."price_at_purchase" * "order_items"."quantity") AND ("order_items"."earned_at" IS NULL OR ("order_items"."delivered_at" IS NOT NULL AND "order_items"."returned_at" IS NULL)));--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_purpose" CHECK ("payouts"."purpose" IN ('prize', 'earnings'));--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_purpose_target" CHECK (("payouts"."purpose" = 'prize') = ("payouts"."contest_id" IS NOT NULL) AND ("payouts"."purpose" = 'prize' OR "payouts"."tax" = 0));