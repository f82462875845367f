CREATE TABLE "business_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text,
	CONSTRAINT "business_categories_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "business_divisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"description" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "business_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text,
	CONSTRAINT "business_types_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "existing_profile_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"requester_id" uuid NOT NULL,
	"message" text,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "reg_no" text NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "registration_class" text NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "type_id" uuid NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "category_id" uuid NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "email" text NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "phone" text NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "website" text;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "division_id" uuid;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "address_line1" text NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "address_line2" text;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "country" text NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "state" text NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "lga" text;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "approval_status" text DEFAULT 'PENDING' NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "kyc_details_completed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "archive_status" text DEFAULT 'ACTIVE' NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "assignee_id" uuid;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "recertification_date" date;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "existing_profile_requests" ADD CONSTRAINT "existing_profile_requests_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "existing_profile_requests" ADD CONSTRAINT "existing_profile_requests_requester_id_users_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "existing_profile_requests" ADD CONSTRAINT "existing_profile_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "business_divisions_code_key" ON "business_divisions" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "business_divisions_name_key" ON "business_divisions" USING btree ("name");--> statement-breakpoint
CREATE INDEX "existing_profile_requests_business_idx" ON "existing_profile_requests" USING btree ("business_id","status");--> statement-breakpoint
CREATE INDEX "existing_profile_requests_requester_idx" ON "existing_profile_requests" USING btree ("requester_id");--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_type_id_business_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."business_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_category_id_business_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."business_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_division_id_business_divisions_id_fk" FOREIGN KEY ("division_id") REFERENCES "public"."business_divisions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "businesses_reg_no_key" ON "businesses" USING btree ("reg_no");--> statement-breakpoint
CREATE UNIQUE INDEX "businesses_name_key" ON "businesses" USING btree (lower(regexp_replace("name", '\s', '', 'g')));--> statement-breakpoint
CREATE INDEX "businesses_name_trgm_idx" ON "businesses" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "businesses_status_created_idx" ON "businesses" USING btree ("approval_status","created_at");--> statement-breakpoint
CREATE INDEX "businesses_archive_created_idx" ON "businesses" USING btree ("archive_status","created_at");--> statement-breakpoint
CREATE INDEX "businesses_kyc_completed_idx" ON "businesses" USING btree ("kyc_details_completed","created_at");--> statement-breakpoint
CREATE INDEX "businesses_created_by_idx" ON "businesses" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "businesses_type_idx" ON "businesses" USING btree ("type_id");--> statement-breakpoint
CREATE INDEX "businesses_category_idx" ON "businesses" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "businesses_division_idx" ON "businesses" USING btree ("division_id");--> statement-breakpoint
CREATE INDEX "businesses_recertification_idx" ON "businesses" USING btree ("recertification_date");--> statement-breakpoint
CREATE INDEX "businesses_email_idx" ON "businesses" USING btree (lower("email"));