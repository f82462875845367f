CREATE TABLE "kyc_addresses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kyc_details_id" uuid NOT NULL,
	"business_id" uuid NOT NULL,
	"type" text NOT NULL,
	"contact_name" text,
	"line1" text NOT NULL,
	"line2" text,
	"city" text,
	"country" text NOT NULL,
	"state" text NOT NULL,
	"lga" text,
	"address_doc_file_id" uuid,
	"passport_photo_file_id" uuid,
	"verification_status" text DEFAULT 'PENDING' NOT NULL,
	"verification_comment" text,
	"verified_by" uuid,
	"verified_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shareholders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kyc_details_id" uuid NOT NULL,
	"business_id" uuid NOT NULL,
	"parent_shareholder_id" uuid,
	"type" text NOT NULL,
	"first_name" text,
	"last_name" text,
	"nationality" text,
	"bvn" text,
	"company_name" text,
	"registration_number" text,
	"percentage_units" integer NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shareholders_percentage_range" CHECK ("shareholders"."percentage_units" >= 0 AND "shareholders"."percentage_units" <= 10000)
);
--> statement-breakpoint
CREATE TABLE "means_of_ids" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kyc_details_id" uuid NOT NULL,
	"business_id" uuid NOT NULL,
	"shareholder_id" uuid,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"role" text NOT NULL,
	"bvn" text,
	"id_type" text NOT NULL,
	"id_number" text NOT NULL,
	"issue_date" date,
	"expiry_date" date,
	"file_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "draft_forms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"kyc_detail_type_id" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kyc_additional_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kyc_details_id" uuid NOT NULL,
	"business_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"label" text,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "kyc_addresses" ADD CONSTRAINT "kyc_addresses_kyc_details_id_kyc_details_id_fk" FOREIGN KEY ("kyc_details_id") REFERENCES "public"."kyc_details"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_addresses" ADD CONSTRAINT "kyc_addresses_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_addresses" ADD CONSTRAINT "kyc_addresses_address_doc_file_id_files_id_fk" FOREIGN KEY ("address_doc_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_addresses" ADD CONSTRAINT "kyc_addresses_passport_photo_file_id_files_id_fk" FOREIGN KEY ("passport_photo_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_addresses" ADD CONSTRAINT "kyc_addresses_verified_by_users_id_fk" FOREIGN KEY ("verified_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_addresses" ADD CONSTRAINT "kyc_addresses_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shareholders" ADD CONSTRAINT "shareholders_kyc_details_id_kyc_details_id_fk" FOREIGN KEY ("kyc_details_id") REFERENCES "public"."kyc_details"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shareholders" ADD CONSTRAINT "shareholders_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shareholders" ADD CONSTRAINT "shareholders_parent_shareholder_id_shareholders_id_fk" FOREIGN KEY ("parent_shareholder_id") REFERENCES "public"."shareholders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shareholders" ADD CONSTRAINT "shareholders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "means_of_ids" ADD CONSTRAINT "means_of_ids_kyc_details_id_kyc_details_id_fk" FOREIGN KEY ("kyc_details_id") REFERENCES "public"."kyc_details"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "means_of_ids" ADD CONSTRAINT "means_of_ids_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "means_of_ids" ADD CONSTRAINT "means_of_ids_shareholder_id_shareholders_id_fk" FOREIGN KEY ("shareholder_id") REFERENCES "public"."shareholders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "means_of_ids" ADD CONSTRAINT "means_of_ids_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "means_of_ids" ADD CONSTRAINT "means_of_ids_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draft_forms" ADD CONSTRAINT "draft_forms_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draft_forms" ADD CONSTRAINT "draft_forms_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draft_forms" ADD CONSTRAINT "draft_forms_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_additional_documents" ADD CONSTRAINT "kyc_additional_documents_kyc_details_id_kyc_details_id_fk" FOREIGN KEY ("kyc_details_id") REFERENCES "public"."kyc_details"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_additional_documents" ADD CONSTRAINT "kyc_additional_documents_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_additional_documents" ADD CONSTRAINT "kyc_additional_documents_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_additional_documents" ADD CONSTRAINT "kyc_additional_documents_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kyc_addresses_kyc_idx" ON "kyc_addresses" USING btree ("kyc_details_id","created_at");--> statement-breakpoint
CREATE INDEX "kyc_addresses_business_idx" ON "kyc_addresses" USING btree ("business_id");--> statement-breakpoint
CREATE INDEX "kyc_addresses_verification_idx" ON "kyc_addresses" USING btree ("verification_status","created_at");--> statement-breakpoint
CREATE INDEX "kyc_addresses_doc_file_idx" ON "kyc_addresses" USING btree ("address_doc_file_id");--> statement-breakpoint
CREATE INDEX "kyc_addresses_photo_file_idx" ON "kyc_addresses" USING btree ("passport_photo_file_id");--> statement-breakpoint
CREATE INDEX "shareholders_kyc_idx" ON "shareholders" USING btree ("kyc_details_id","created_at");--> statement-breakpoint
CREATE INDEX "shareholders_parent_idx" ON "shareholders" USING btree ("parent_shareholder_id");--> statement-breakpoint
CREATE INDEX "shareholders_business_idx" ON "shareholders" USING btree ("business_id");--> statement-breakpoint
CREATE INDEX "means_of_ids_kyc_idx" ON "means_of_ids" USING btree ("kyc_details_id","created_at");--> statement-breakpoint
CREATE INDEX "means_of_ids_business_idx" ON "means_of_ids" USING btree ("business_id");--> statement-breakpoint
CREATE INDEX "means_of_ids_shareholder_idx" ON "means_of_ids" USING btree ("shareholder_id");--> statement-breakpoint
CREATE INDEX "means_of_ids_file_idx" ON "means_of_ids" USING btree ("file_id");--> statement-breakpoint
CREATE UNIQUE INDEX "draft_forms_business_type_key" ON "draft_forms" USING btree ("business_id","kyc_detail_type_id");--> statement-breakpoint
CREATE INDEX "draft_forms_created_by_idx" ON "draft_forms" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "kyc_additional_documents_kyc_idx" ON "kyc_additional_documents" USING btree ("kyc_details_id","created_at");--> statement-breakpoint
CREATE INDEX "kyc_additional_documents_file_idx" ON "kyc_additional_documents" USING btree ("file_id");