CREATE TABLE "kyc_document_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"is_cac" boolean DEFAULT false NOT NULL,
	"is_deferrable" boolean DEFAULT false NOT NULL,
	"type_owner" text DEFAULT 'COMPANY' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kyc_required_documents" (
	"registration_class" text NOT NULL,
	"document_type_id" uuid NOT NULL,
	"is_required" boolean DEFAULT true NOT NULL,
	"alternative_group" text,
	CONSTRAINT "kyc_required_documents_registration_class_document_type_id_pk" PRIMARY KEY("registration_class","document_type_id")
);
--> statement-breakpoint
CREATE TABLE "kyc_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kyc_details_id" uuid NOT NULL,
	"business_id" uuid NOT NULL,
	"document_type_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"review_comment" text,
	"reviewed_by" uuid,
	"reviewed_at" timestamp with time zone,
	"reupload_reason" text,
	"reupload_requested_by" uuid,
	"reupload_requested_at" timestamp with time zone,
	"reupload_resolved_at" timestamp with time zone,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"superseded_at" timestamp with time zone,
	"superseded_by_id" uuid
);
--> statement-breakpoint
CREATE TABLE "deferrals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"document_type_id" uuid NOT NULL,
	"days" integer NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"requested_by" uuid,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"decision_comment" text,
	"due_date" timestamp with time zone,
	"fulfilled_at" timestamp with time zone,
	"fulfilled_by_document_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deferrable_mappings" (
	"registration_class" text NOT NULL,
	"document_type_id" uuid NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deferrable_mappings_registration_class_document_type_id_pk" PRIMARY KEY("registration_class","document_type_id")
);
--> statement-breakpoint
CREATE TABLE "app_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "kyc_required_documents" ADD CONSTRAINT "kyc_required_documents_document_type_id_kyc_document_types_id_fk" FOREIGN KEY ("document_type_id") REFERENCES "public"."kyc_document_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_documents" ADD CONSTRAINT "kyc_documents_kyc_details_id_kyc_details_id_fk" FOREIGN KEY ("kyc_details_id") REFERENCES "public"."kyc_details"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_documents" ADD CONSTRAINT "kyc_documents_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_documents" ADD CONSTRAINT "kyc_documents_document_type_id_kyc_document_types_id_fk" FOREIGN KEY ("document_type_id") REFERENCES "public"."kyc_document_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_documents" ADD CONSTRAINT "kyc_documents_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_documents" ADD CONSTRAINT "kyc_documents_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_documents" ADD CONSTRAINT "kyc_documents_reupload_requested_by_users_id_fk" FOREIGN KEY ("reupload_requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_documents" ADD CONSTRAINT "kyc_documents_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_documents" ADD CONSTRAINT "kyc_documents_superseded_by_id_kyc_documents_id_fk" FOREIGN KEY ("superseded_by_id") REFERENCES "public"."kyc_documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deferrals" ADD CONSTRAINT "deferrals_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deferrals" ADD CONSTRAINT "deferrals_document_type_id_kyc_document_types_id_fk" FOREIGN KEY ("document_type_id") REFERENCES "public"."kyc_document_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deferrals" ADD CONSTRAINT "deferrals_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deferrals" ADD CONSTRAINT "deferrals_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deferrals" ADD CONSTRAINT "deferrals_fulfilled_by_document_id_kyc_documents_id_fk" FOREIGN KEY ("fulfilled_by_document_id") REFERENCES "public"."kyc_documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deferrable_mappings" ADD CONSTRAINT "deferrable_mappings_document_type_id_kyc_document_types_id_fk" FOREIGN KEY ("document_type_id") REFERENCES "public"."kyc_document_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deferrable_mappings" ADD CONSTRAINT "deferrable_mappings_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_settings" ADD CONSTRAINT "app_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "kyc_document_types_code_key" ON "kyc_document_types" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "kyc_document_types_name_key" ON "kyc_document_types" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "kyc_document_types_cac_idx" ON "kyc_document_types" USING btree ("is_cac","is_active");--> statement-breakpoint
CREATE INDEX "kyc_required_documents_type_idx" ON "kyc_required_documents" USING btree ("document_type_id");--> statement-breakpoint
CREATE UNIQUE INDEX "kyc_documents_current_key" ON "kyc_documents" USING btree ("kyc_details_id","document_type_id") WHERE "kyc_documents"."superseded_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "kyc_documents_file_key" ON "kyc_documents" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "kyc_documents_business_idx" ON "kyc_documents" USING btree ("business_id","document_type_id");--> statement-breakpoint
CREATE INDEX "kyc_documents_status_created_idx" ON "kyc_documents" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "kyc_documents_reupload_open_idx" ON "kyc_documents" USING btree ("business_id") WHERE "kyc_documents"."reupload_requested_at" IS NOT NULL AND "kyc_documents"."reupload_resolved_at" IS NULL;--> statement-breakpoint
CREATE INDEX "deferrals_business_status_due_idx" ON "deferrals" USING btree ("business_id","status","due_date");--> statement-breakpoint
CREATE INDEX "deferrals_business_created_idx" ON "deferrals" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE INDEX "deferrals_status_created_idx" ON "deferrals" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "deferrals_status_due_idx" ON "deferrals" USING btree ("status","due_date");--> statement-breakpoint
CREATE UNIQUE INDEX "deferrals_open_key" ON "deferrals" USING btree ("business_id","document_type_id") WHERE "deferrals"."status" IN ('PENDING', 'APPROVED');--> statement-breakpoint
CREATE INDEX "deferrable_mappings_type_idx" ON "deferrable_mappings" USING btree ("document_type_id");