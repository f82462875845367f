CREATE TABLE "added_holidays" (
	"day" date PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"added_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "queue_assignments" (
	"queue" text NOT NULL,
	"item_id" text NOT NULL,
	"assignee_id" uuid NOT NULL,
	"assigned_by" uuid,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "queue_assignments_queue_item_id_pk" PRIMARY KEY("queue","item_id")
);
--> statement-breakpoint
CREATE TABLE "queue_breaches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"queue" text NOT NULL,
	"item_id" text NOT NULL,
	"business_id" uuid,
	"entered_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"breached_at" timestamp with time zone DEFAULT now() NOT NULL,
	"assignee_id" uuid
);
--> statement-breakpoint
CREATE TABLE "queue_service_levels" (
	"queue" text PRIMARY KEY NOT NULL,
	"target_business_days" integer NOT NULL,
	"auto_assign" boolean DEFAULT false NOT NULL,
	"last_assignee_id" uuid,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_availability" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"away_until" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "added_holidays" ADD CONSTRAINT "added_holidays_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_assignments" ADD CONSTRAINT "queue_assignments_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_assignments" ADD CONSTRAINT "queue_assignments_assigned_by_users_id_fk" FOREIGN KEY ("assigned_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_breaches" ADD CONSTRAINT "queue_breaches_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_breaches" ADD CONSTRAINT "queue_breaches_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_service_levels" ADD CONSTRAINT "queue_service_levels_last_assignee_id_users_id_fk" FOREIGN KEY ("last_assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_service_levels" ADD CONSTRAINT "queue_service_levels_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_availability" ADD CONSTRAINT "staff_availability_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "queue_assignments_assignee_idx" ON "queue_assignments" USING btree ("assignee_id");--> statement-breakpoint
CREATE UNIQUE INDEX "queue_breaches_item_key" ON "queue_breaches" USING btree ("queue","item_id","entered_at");--> statement-breakpoint
CREATE INDEX "queue_breaches_breached_idx" ON "queue_breaches" USING btree ("breached_at");--> statement-breakpoint
CREATE INDEX "staff_availability_away_idx" ON "staff_availability" USING btree ("away_until") WHERE "staff_availability"."away_until" IS NOT NULL;