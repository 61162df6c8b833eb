-- Issue 65: new certificate codes are 20 hex digits (80 bits); the 12-digit codes already
-- issued stay as they are and keep working.
ALTER TABLE "certificates" DROP CONSTRAINT "certificates_code";--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_code" CHECK ("certificates"."code" ~ '^[0-9A-F]{12}([0-9A-F]{8})?$');