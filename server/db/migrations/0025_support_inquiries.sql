CREATE TABLE "support_inquiries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"attachment_file_id" uuid,
	"user_id" uuid,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "support_inquiries" ADD CONSTRAINT "support_inquiries_attachment_file_id_files_id_fk" FOREIGN KEY ("attachment_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_inquiries" ADD CONSTRAINT "support_inquiries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "support_inquiries_reference_key" ON "support_inquiries" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "support_inquiries_created_at_idx" ON "support_inquiries" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "support_inquiries_user_idx" ON "support_inquiries" USING btree ("user_id");