CREATE TABLE "product_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_requirement_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"requirements" jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"category_id" uuid NOT NULL,
	"division_id" uuid,
	"active" boolean DEFAULT true NOT NULL,
	"live" boolean DEFAULT false NOT NULL,
	"kyc_document_type_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"requirements_version" integer DEFAULT 1 NOT NULL,
	"went_live_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "onboarding_answers" (
	"onboarding_id" uuid NOT NULL,
	"key" text NOT NULL,
	"text_value" text,
	"file_id" uuid,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "onboarding_answers_onboarding_id_key_pk" PRIMARY KEY("onboarding_id","key")
);
--> statement-breakpoint
CREATE TABLE "onboarding_products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"requirements_version" integer NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"answers_updated_at" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"decision_comment" text,
	"completed_at" timestamp with time zone,
	"completed_by" uuid,
	"removed_at" timestamp with time zone,
	"removed_by" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_requirement_versions" ADD CONSTRAINT "product_requirement_versions_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_requirement_versions" ADD CONSTRAINT "product_requirement_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_id_product_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."product_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_division_id_business_divisions_id_fk" FOREIGN KEY ("division_id") REFERENCES "public"."business_divisions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboarding_answers" ADD CONSTRAINT "onboarding_answers_onboarding_id_onboarding_products_id_fk" FOREIGN KEY ("onboarding_id") REFERENCES "public"."onboarding_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboarding_answers" ADD CONSTRAINT "onboarding_answers_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboarding_answers" ADD CONSTRAINT "onboarding_answers_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboarding_products" ADD CONSTRAINT "onboarding_products_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboarding_products" ADD CONSTRAINT "onboarding_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboarding_products" ADD CONSTRAINT "onboarding_products_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboarding_products" ADD CONSTRAINT "onboarding_products_completed_by_users_id_fk" FOREIGN KEY ("completed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboarding_products" ADD CONSTRAINT "onboarding_products_removed_by_users_id_fk" FOREIGN KEY ("removed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboarding_products" ADD CONSTRAINT "onboarding_products_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_categories_name_key" ON "product_categories" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "product_requirement_versions_product_version_key" ON "product_requirement_versions" USING btree ("product_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "products_code_key" ON "products" USING btree ("code");--> statement-breakpoint
CREATE INDEX "products_offered_idx" ON "products" USING btree ("live","active","category_id");--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "products_division_idx" ON "products" USING btree ("division_id");--> statement-breakpoint
CREATE INDEX "products_created_at_idx" ON "products" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "products_name_trgm_idx" ON "products" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "onboarding_answers_file_idx" ON "onboarding_answers" USING btree ("file_id");--> statement-breakpoint
CREATE UNIQUE INDEX "onboarding_products_business_product_key" ON "onboarding_products" USING btree ("business_id","product_id") WHERE "onboarding_products"."status" <> 'REMOVED';--> statement-breakpoint
CREATE INDEX "onboarding_products_business_idx" ON "onboarding_products" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE INDEX "onboarding_products_product_status_idx" ON "onboarding_products" USING btree ("product_id","status","created_at");--> statement-breakpoint
CREATE INDEX "onboarding_products_status_created_idx" ON "onboarding_products" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "onboarding_products_status_submitted_idx" ON "onboarding_products" USING btree ("status","submitted_at");--> statement-breakpoint
ALTER TABLE "onboarding_products" ADD CONSTRAINT "onboarding_products_requirements_version_fk" FOREIGN KEY ("product_id","requirements_version") REFERENCES "public"."product_requirement_versions"("product_id","version") ON DELETE no action ON UPDATE no action;