CREATE TABLE "fee_charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid,
	"business_name" text NOT NULL,
	"division_id" uuid,
	"service_detail_id" uuid NOT NULL,
	"fee_id" uuid,
	"verification_id" uuid,
	"amount_kobo" integer NOT NULL,
	"no_fee" boolean DEFAULT false NOT NULL,
	"provider_reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fees" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"division_id" uuid NOT NULL,
	"service_detail_id" uuid NOT NULL,
	"amount_kobo" integer NOT NULL,
	"effective_from" date NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fees_amount_not_negative" CHECK ("fees"."amount_kobo" >= 0)
);
--> statement-breakpoint
CREATE TABLE "kyc_service_details" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider_id" uuid NOT NULL,
	"service_type" text NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kyc_service_providers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	CONSTRAINT "kyc_service_providers_code_unique" UNIQUE("code")
);
--> statement-breakpoint
ALTER TABLE "fee_charges" ADD CONSTRAINT "fee_charges_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_charges" ADD CONSTRAINT "fee_charges_division_id_business_divisions_id_fk" FOREIGN KEY ("division_id") REFERENCES "public"."business_divisions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_charges" ADD CONSTRAINT "fee_charges_service_detail_id_kyc_service_details_id_fk" FOREIGN KEY ("service_detail_id") REFERENCES "public"."kyc_service_details"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_charges" ADD CONSTRAINT "fee_charges_fee_id_fees_id_fk" FOREIGN KEY ("fee_id") REFERENCES "public"."fees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_charges" ADD CONSTRAINT "fee_charges_verification_id_kyc_verifications_id_fk" FOREIGN KEY ("verification_id") REFERENCES "public"."kyc_verifications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fees" ADD CONSTRAINT "fees_division_id_business_divisions_id_fk" FOREIGN KEY ("division_id") REFERENCES "public"."business_divisions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fees" ADD CONSTRAINT "fees_service_detail_id_kyc_service_details_id_fk" FOREIGN KEY ("service_detail_id") REFERENCES "public"."kyc_service_details"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fees" ADD CONSTRAINT "fees_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_service_details" ADD CONSTRAINT "kyc_service_details_provider_id_kyc_service_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."kyc_service_providers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fee_charges_created_idx" ON "fee_charges" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "fee_charges_division_idx" ON "fee_charges" USING btree ("division_id","created_at");--> statement-breakpoint
CREATE INDEX "fee_charges_service_idx" ON "fee_charges" USING btree ("service_detail_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "fees_client_service_effective_key" ON "fees" USING btree ("division_id","service_detail_id","effective_from");--> statement-breakpoint
CREATE INDEX "fees_service_idx" ON "fees" USING btree ("service_detail_id");--> statement-breakpoint
CREATE UNIQUE INDEX "kyc_service_details_provider_service_key" ON "kyc_service_details" USING btree ("provider_id","service_type");