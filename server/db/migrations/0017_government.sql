CREATE TABLE "government_consultants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"phone" text,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "government_consultants_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "government_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entity_id" uuid NOT NULL,
	"type" text NOT NULL,
	"label" text,
	"file_id" uuid NOT NULL,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "government_entities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"parastatal_id" uuid NOT NULL,
	"tier" text NOT NULL,
	"contact_name" text NOT NULL,
	"contact_email" text NOT NULL,
	"contact_phone" text NOT NULL,
	"address_line1" text NOT NULL,
	"city" text,
	"country" text NOT NULL,
	"state" text NOT NULL,
	"lga" text NOT NULL,
	"archive_status" text DEFAULT 'ACTIVE' NOT NULL,
	"archived_at" timestamp with time zone,
	"archived_by" text,
	"archive_reason" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "government_parastatals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"tier" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "government_parastatals_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "government_product_channels" (
	"government_product_id" uuid NOT NULL,
	"payment_channel_id" uuid NOT NULL,
	CONSTRAINT "government_product_channels_government_product_id_payment_channel_id_pk" PRIMARY KEY("government_product_id","payment_channel_id")
);
--> statement-breakpoint
CREATE TABLE "government_products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entity_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"consultant_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "government_representatives" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entity_id" uuid NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"position" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"id_type" text NOT NULL,
	"id_number" text NOT NULL,
	"id_number_index" text,
	"id_issue_date" date,
	"id_expiry_date" date,
	"id_file_id" uuid,
	"address" text,
	"address_file_id" uuid,
	"photo_file_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_channels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_channels_code_unique" UNIQUE("code")
);
--> statement-breakpoint
ALTER TABLE "government_documents" ADD CONSTRAINT "government_documents_entity_id_government_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."government_entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "government_documents" ADD CONSTRAINT "government_documents_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "government_documents" ADD CONSTRAINT "government_documents_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "government_entities" ADD CONSTRAINT "government_entities_parastatal_id_government_parastatals_id_fk" FOREIGN KEY ("parastatal_id") REFERENCES "public"."government_parastatals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "government_entities" ADD CONSTRAINT "government_entities_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "government_product_channels" ADD CONSTRAINT "government_product_channels_government_product_id_government_products_id_fk" FOREIGN KEY ("government_product_id") REFERENCES "public"."government_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "government_product_channels" ADD CONSTRAINT "government_product_channels_payment_channel_id_payment_channels_id_fk" FOREIGN KEY ("payment_channel_id") REFERENCES "public"."payment_channels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "government_products" ADD CONSTRAINT "government_products_entity_id_government_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."government_entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "government_products" ADD CONSTRAINT "government_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "government_products" ADD CONSTRAINT "government_products_consultant_id_government_consultants_id_fk" FOREIGN KEY ("consultant_id") REFERENCES "public"."government_consultants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "government_products" ADD CONSTRAINT "government_products_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "government_representatives" ADD CONSTRAINT "government_representatives_entity_id_government_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."government_entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "government_representatives" ADD CONSTRAINT "government_representatives_id_file_id_files_id_fk" FOREIGN KEY ("id_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "government_representatives" ADD CONSTRAINT "government_representatives_address_file_id_files_id_fk" FOREIGN KEY ("address_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "government_representatives" ADD CONSTRAINT "government_representatives_photo_file_id_files_id_fk" FOREIGN KEY ("photo_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "government_representatives" ADD CONSTRAINT "government_representatives_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "government_documents_entity_idx" ON "government_documents" USING btree ("entity_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "government_documents_file_key" ON "government_documents" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "government_entities_status_created_idx" ON "government_entities" USING btree ("archive_status","created_at");--> statement-breakpoint
CREATE INDEX "government_entities_parastatal_idx" ON "government_entities" USING btree ("parastatal_id");--> statement-breakpoint
CREATE UNIQUE INDEX "government_products_entity_product_key" ON "government_products" USING btree ("entity_id","product_id");--> statement-breakpoint
CREATE INDEX "government_representatives_entity_idx" ON "government_representatives" USING btree ("entity_id","created_at");--> statement-breakpoint
CREATE INDEX "government_representatives_id_number_index_idx" ON "government_representatives" USING btree ("id_number_index");