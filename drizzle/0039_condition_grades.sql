-- Issue 49, point 6: a used book's grade is one of Amazon's four (docs/decisions/marketplace-condition-grades.md).
-- Each old condition moves to the grade it promised at least: New and Like New were distinct, so
-- New becomes Like New and Like New Very Good; Good stays; Fair and Poor become Acceptable.
ALTER TABLE "marketplace_products" DROP CONSTRAINT "marketplace_products_condition";--> statement-breakpoint
UPDATE "marketplace_products" SET "condition" = CASE "condition" WHEN 'New' THEN 'Like New' WHEN 'Like New' THEN 'Very Good' WHEN 'Fair' THEN 'Acceptable' WHEN 'Poor' THEN 'Acceptable' ELSE "condition" END
 WHERE "condition" IN ('New', 'Like New', 'Fair', 'Poor');--> statement-breakpoint
ALTER TABLE "marketplace_products" ADD CONSTRAINT "marketplace_products_condition" CHECK ("marketplace_products"."condition" IN ('Like New', 'Very Good', 'Good', 'Acceptable'));
