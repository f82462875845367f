CREATE TABLE "marketing_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"event" text,
	"path" text,
	"email" text,
	"user_id" uuid,
	"anonymous_id" text,
	"channel" text,
	"properties" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "marketing_events" ADD CONSTRAINT "marketing_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "marketing_events_created_at_idx" ON "marketing_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "marketing_events_email_idx" ON "marketing_events" USING btree ("email");