ALTER TABLE "kyc_verifications" ADD COLUMN "waived_by" uuid;--> statement-breakpoint
ALTER TABLE "kyc_verifications" ADD COLUMN "waived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "kyc_verifications" ADD COLUMN "waiver_reason" text;--> statement-breakpoint
ALTER TABLE "kyc_verifications" ADD CONSTRAINT "kyc_verifications_waived_by_users_id_fk" FOREIGN KEY ("waived_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;