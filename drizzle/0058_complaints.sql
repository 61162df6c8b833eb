CREATE TABLE "complaints" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ticket" text NOT NULL,
	"kind" text NOT NULL,
	"ref" text NOT NULL,
	"user_id" uuid,
	"email" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "complaints_kind" CHECK ("complaints"."kind" IN ('contact', 'return_dispute', 'appeal')),
	CONSTRAINT "complaints_ticket_form" CHECK ("complaints"."ticket" ~ '^SA-[0-9A-HJKMNP-TV-Z]{10}$'),
	CONSTRAINT "complaints_clock" CHECK ("complaints"."due_at" > "complaints"."received_at" AND ("complaints"."answered_at" IS NULL OR "complaints"."answered_at" >= "complaints"."received_at") AND ("complaints"."resolved_at" IS NULL OR "complaints"."resolved_at" >= "complaints"."received_at"))
);
--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "complaints_ticket_idx" ON "complaints" USING btree ("ticket");--> statement-breakpoint
CREATE INDEX "complaints_open_idx" ON "complaints" USING btree ("received_at") WHERE "complaints"."resolved_at" IS NULL;--> statement-breakpoint
CREATE INDEX "complaints_ref_idx" ON "complaints" USING btree ("ref");--> statement-breakpoint
CREATE INDEX "complaints_user_idx" ON "complaints" USING btree ("user_id");