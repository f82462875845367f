CREATE TABLE "edd_answers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"kyc_details_id" uuid NOT NULL,
	"item" text NOT NULL,
	"person_key" text DEFAULT '' NOT NULL,
	"answer" jsonb NOT NULL,
	"answered_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "edd_answers" ADD CONSTRAINT "edd_answers_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "edd_answers" ADD CONSTRAINT "edd_answers_kyc_details_id_kyc_details_id_fk" FOREIGN KEY ("kyc_details_id") REFERENCES "public"."kyc_details"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "edd_answers" ADD CONSTRAINT "edd_answers_answered_by_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "edd_answers_item_key" ON "edd_answers" USING btree ("kyc_details_id","item","person_key");