CREATE TABLE "registry_extracts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"source" text NOT NULL,
	"retrieved_on" date NOT NULL,
	"directors" jsonb NOT NULL,
	"shareholders" jsonb NOT NULL,
	"entered_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "registry_extracts_business_id_unique" UNIQUE("business_id")
);
--> statement-breakpoint
ALTER TABLE "registry_extracts" ADD CONSTRAINT "registry_extracts_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registry_extracts" ADD CONSTRAINT "registry_extracts_entered_by_users_id_fk" FOREIGN KEY ("entered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
