CREATE TABLE "risk_assessments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"model_version" integer NOT NULL,
	"score" integer NOT NULL,
	"tier" text NOT NULL,
	"factors" jsonb NOT NULL,
	"reason" text NOT NULL,
	"assessed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"superseded_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "risk_first_approvals" (
	"business_id" uuid PRIMARY KEY NOT NULL,
	"approved_by" uuid,
	"approver_name" text NOT NULL,
	"comment" text,
	"approved_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "risk_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"model_version" integer,
	"status" text DEFAULT 'QUEUED' NOT NULL,
	"after_id" uuid,
	"done" integer DEFAULT 0 NOT NULL,
	"changed" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "risk_models" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version" integer NOT NULL,
	"status" text NOT NULL,
	"model" jsonb NOT NULL,
	"reason" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"activated_at" timestamp with time zone,
	"activated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "risk_overrides" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"tier" text NOT NULL,
	"reason" text NOT NULL,
	"computed_tier" text NOT NULL,
	"review_needed" boolean DEFAULT false NOT NULL,
	"proposed_by" uuid,
	"approved_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "risk_level" text DEFAULT 'LOW' NOT NULL;--> statement-breakpoint
ALTER TABLE "risk_assessments" ADD CONSTRAINT "risk_assessments_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_first_approvals" ADD CONSTRAINT "risk_first_approvals_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_first_approvals" ADD CONSTRAINT "risk_first_approvals_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_jobs" ADD CONSTRAINT "risk_jobs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_models" ADD CONSTRAINT "risk_models_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_models" ADD CONSTRAINT "risk_models_activated_by_users_id_fk" FOREIGN KEY ("activated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_overrides" ADD CONSTRAINT "risk_overrides_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_overrides" ADD CONSTRAINT "risk_overrides_proposed_by_users_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_overrides" ADD CONSTRAINT "risk_overrides_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "risk_assessments_current_key" ON "risk_assessments" USING btree ("business_id") WHERE "risk_assessments"."superseded_at" IS NULL;--> statement-breakpoint
CREATE INDEX "risk_assessments_business_idx" ON "risk_assessments" USING btree ("business_id","assessed_at");--> statement-breakpoint
CREATE INDEX "risk_jobs_status_idx" ON "risk_jobs" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "risk_models_version_key" ON "risk_models" USING btree ("version");--> statement-breakpoint
CREATE UNIQUE INDEX "risk_models_one_active_key" ON "risk_models" USING btree ("status") WHERE "risk_models"."status" = 'ACTIVE';--> statement-breakpoint
CREATE UNIQUE INDEX "risk_overrides_current_key" ON "risk_overrides" USING btree ("business_id") WHERE "risk_overrides"."ended_at" IS NULL;