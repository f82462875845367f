CREATE TABLE "personal_data_views" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_id" uuid,
	"actor_email" text NOT NULL,
	"actor_name" text NOT NULL,
	"actor_is_staff" boolean NOT NULL,
	"business_id" uuid,
	"subject_kind" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"detail" text,
	"purpose" text NOT NULL,
	"request_id" text,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "personal_data_views" ADD CONSTRAINT "personal_data_views_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personal_data_views" ADD CONSTRAINT "personal_data_views_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "personal_data_views_business_idx" ON "personal_data_views" USING btree ("business_id","viewed_at");--> statement-breakpoint
CREATE INDEX "personal_data_views_subject_idx" ON "personal_data_views" USING btree ("subject_id","viewed_at");--> statement-breakpoint
CREATE INDEX "personal_data_views_actor_idx" ON "personal_data_views" USING btree ("actor_id","viewed_at");