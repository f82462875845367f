CREATE TABLE "crm_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"external_ref" text NOT NULL,
	"name" text NOT NULL,
	"reg_no" text,
	"type_hint" text,
	"category_hint" text,
	"address_line1" text,
	"city" text,
	"state" text,
	"country" text,
	"contact_email" text,
	"contact_phone" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crm_accounts_external_ref_unique" UNIQUE("external_ref")
);
--> statement-breakpoint
CREATE TABLE "crm_opportunities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"external_ref" text NOT NULL,
	"account_id" uuid NOT NULL,
	"name" text NOT NULL,
	"stage" text NOT NULL,
	"amount_kobo" bigint,
	"product_code" text,
	"close_date" date,
	CONSTRAINT "crm_opportunities_external_ref_unique" UNIQUE("external_ref")
);
--> statement-breakpoint
CREATE TABLE "external_handovers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"external_business_id" text NOT NULL,
	"issuer" text NOT NULL,
	"claims" jsonb NOT NULL,
	"return_url" text,
	"retrieved_at" timestamp with time zone DEFAULT now() NOT NULL,
	"business_id" uuid,
	"user_id" uuid,
	"imported_at" timestamp with time zone,
	CONSTRAINT "external_handovers_external_business_id_unique" UNIQUE("external_business_id")
);
--> statement-breakpoint
ALTER TABLE "crm_opportunities" ADD CONSTRAINT "crm_opportunities_account_id_crm_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."crm_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_handovers" ADD CONSTRAINT "external_handovers_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_handovers" ADD CONSTRAINT "external_handovers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "crm_accounts_name_trgm_idx" ON "crm_accounts" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "crm_opportunities_account_idx" ON "crm_opportunities" USING btree ("account_id");