CREATE TABLE "kyc_verifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"kyc_details_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"label" text NOT NULL,
	"checked_value" text NOT NULL,
	"provider" text DEFAULT 'MANUAL' NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"comment" text,
	"provider_reference" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"superseded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "kyc_verifications" ADD CONSTRAINT "kyc_verifications_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_verifications" ADD CONSTRAINT "kyc_verifications_kyc_details_id_kyc_details_id_fk" FOREIGN KEY ("kyc_details_id") REFERENCES "public"."kyc_details"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_verifications" ADD CONSTRAINT "kyc_verifications_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "kyc_verifications_current_key" ON "kyc_verifications" USING btree ("kind","subject_id") WHERE "kyc_verifications"."superseded_at" IS NULL;--> statement-breakpoint
CREATE INDEX "kyc_verifications_business_idx" ON "kyc_verifications" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE INDEX "kyc_verifications_status_idx" ON "kyc_verifications" USING btree ("status","created_at") WHERE "kyc_verifications"."superseded_at" IS NULL;