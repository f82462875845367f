CREATE TABLE "screening_checks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"subject_kind" text NOT NULL,
	"subject_ref" text NOT NULL,
	"subject_name" text NOT NULL,
	"roles" text[] NOT NULL,
	"fingerprint" text NOT NULL,
	"screened_with" jsonb NOT NULL,
	"pep_declaration" jsonb,
	"status" text NOT NULL,
	"list_versions" jsonb NOT NULL,
	"threshold" real NOT NULL,
	"screened_at" timestamp with time zone NOT NULL,
	"superseded_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "screening_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"list_id" uuid NOT NULL,
	"source_id" text NOT NULL,
	"subject_kind" text NOT NULL,
	"primary_name" text NOT NULL,
	"names" jsonb NOT NULL,
	"dates_of_birth" jsonb NOT NULL,
	"nationalities" text[] NOT NULL,
	"countries" text[] NOT NULL,
	"programmes" text[] NOT NULL,
	"listed_on" date,
	"remarks" text,
	"content_hash" text NOT NULL,
	"added_in" uuid NOT NULL,
	"retired_in" uuid,
	"entered_by" uuid
);
--> statement-breakpoint
CREATE TABLE "screening_entry_names" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entry_id" uuid NOT NULL,
	"subject_kind" text NOT NULL,
	"normalized" text NOT NULL,
	"phonetic_keys" text[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "screening_hits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"check_id" uuid NOT NULL,
	"business_id" uuid NOT NULL,
	"entry_id" uuid NOT NULL,
	"score" real NOT NULL,
	"matched_name" text NOT NULL,
	"factors" jsonb NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"reason" text,
	"report_reference" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"suppressed_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "screening_list_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"list_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"status" text NOT NULL,
	"published_on" date,
	"source" text NOT NULL,
	"checksum" text NOT NULL,
	"record_count" integer NOT NULL,
	"added" integer NOT NULL,
	"changed" integer NOT NULL,
	"removed" integer NOT NULL,
	"unknown_countries" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"staged_by" uuid,
	"staged_at" timestamp with time zone DEFAULT now() NOT NULL,
	"activated_at" timestamp with time zone,
	"activated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "screening_lists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"format" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "screening_lists_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "screening_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version_id" uuid NOT NULL,
	"status" text DEFAULT 'QUEUED' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"hits_opened" integer DEFAULT 0 NOT NULL,
	"cursor" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "screening_staged_entries" (
	"version_id" uuid NOT NULL,
	"source_id" text NOT NULL,
	"entry" jsonb NOT NULL,
	"content_hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "screening_suppressions" (
	"business_id" uuid NOT NULL,
	"fingerprint" text NOT NULL,
	"entry_id" uuid NOT NULL,
	"hit_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "screening_status" text DEFAULT 'NOT_SCREENED' NOT NULL;--> statement-breakpoint
ALTER TABLE "business_review_events" ADD COLUMN "report_reference" text;--> statement-breakpoint
ALTER TABLE "screening_checks" ADD CONSTRAINT "screening_checks_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screening_entries" ADD CONSTRAINT "screening_entries_list_id_screening_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."screening_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screening_entries" ADD CONSTRAINT "screening_entries_added_in_screening_list_versions_id_fk" FOREIGN KEY ("added_in") REFERENCES "public"."screening_list_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screening_entries" ADD CONSTRAINT "screening_entries_retired_in_screening_list_versions_id_fk" FOREIGN KEY ("retired_in") REFERENCES "public"."screening_list_versions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screening_entries" ADD CONSTRAINT "screening_entries_entered_by_users_id_fk" FOREIGN KEY ("entered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screening_entry_names" ADD CONSTRAINT "screening_entry_names_entry_id_screening_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."screening_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screening_hits" ADD CONSTRAINT "screening_hits_check_id_screening_checks_id_fk" FOREIGN KEY ("check_id") REFERENCES "public"."screening_checks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screening_hits" ADD CONSTRAINT "screening_hits_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screening_hits" ADD CONSTRAINT "screening_hits_entry_id_screening_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."screening_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screening_hits" ADD CONSTRAINT "screening_hits_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screening_list_versions" ADD CONSTRAINT "screening_list_versions_list_id_screening_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."screening_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screening_list_versions" ADD CONSTRAINT "screening_list_versions_staged_by_users_id_fk" FOREIGN KEY ("staged_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screening_list_versions" ADD CONSTRAINT "screening_list_versions_activated_by_users_id_fk" FOREIGN KEY ("activated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screening_runs" ADD CONSTRAINT "screening_runs_version_id_screening_list_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."screening_list_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screening_staged_entries" ADD CONSTRAINT "screening_staged_entries_version_id_screening_list_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."screening_list_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screening_suppressions" ADD CONSTRAINT "screening_suppressions_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screening_suppressions" ADD CONSTRAINT "screening_suppressions_entry_id_screening_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."screening_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screening_suppressions" ADD CONSTRAINT "screening_suppressions_hit_id_screening_hits_id_fk" FOREIGN KEY ("hit_id") REFERENCES "public"."screening_hits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "screening_checks_current_key" ON "screening_checks" USING btree ("business_id","subject_ref") WHERE "screening_checks"."superseded_at" IS NULL;--> statement-breakpoint
CREATE INDEX "screening_checks_open_idx" ON "screening_checks" USING btree ("status","screened_at") WHERE "screening_checks"."superseded_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "screening_entries_current_key" ON "screening_entries" USING btree ("list_id","source_id") WHERE "screening_entries"."retired_in" IS NULL;--> statement-breakpoint
CREATE INDEX "screening_entries_added_in_idx" ON "screening_entries" USING btree ("added_in");--> statement-breakpoint
CREATE INDEX "screening_entry_names_entry_idx" ON "screening_entry_names" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "screening_entry_names_phonetic_idx" ON "screening_entry_names" USING gin ("phonetic_keys");--> statement-breakpoint
CREATE INDEX "screening_entry_names_trgm_idx" ON "screening_entry_names" USING gin ("normalized" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "screening_hits_check_entry_key" ON "screening_hits" USING btree ("check_id","entry_id");--> statement-breakpoint
CREATE INDEX "screening_hits_business_idx" ON "screening_hits" USING btree ("business_id","status");--> statement-breakpoint
CREATE INDEX "screening_hits_open_idx" ON "screening_hits" USING btree ("created_at") WHERE "screening_hits"."status" = 'OPEN';--> statement-breakpoint
CREATE UNIQUE INDEX "screening_list_versions_number_key" ON "screening_list_versions" USING btree ("list_id","number");--> statement-breakpoint
CREATE INDEX "screening_runs_status_idx" ON "screening_runs" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "screening_staged_entries_key" ON "screening_staged_entries" USING btree ("version_id","source_id");--> statement-breakpoint
CREATE UNIQUE INDEX "screening_suppressions_key" ON "screening_suppressions" USING btree ("business_id","fingerprint","entry_id");