CREATE TABLE "authorizations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"resource" text NOT NULL,
	"resource_id" uuid,
	"target_key" text NOT NULL,
	"target" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"proposal" jsonb NOT NULL,
	"before" jsonb,
	"before_hash" text,
	"reason" text,
	"maker_id" uuid NOT NULL,
	"checker_id" uuid,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "authorizations" ADD CONSTRAINT "authorizations_maker_id_users_id_fk" FOREIGN KEY ("maker_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "authorizations" ADD CONSTRAINT "authorizations_checker_id_users_id_fk" FOREIGN KEY ("checker_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "authorizations_one_pending_key" ON "authorizations" USING btree ("target_key") WHERE "authorizations"."status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "authorizations_status_created_idx" ON "authorizations" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "authorizations_maker_created_idx" ON "authorizations" USING btree ("maker_id","created_at");--> statement-breakpoint
CREATE INDEX "authorizations_type_created_idx" ON "authorizations" USING btree ("type","created_at");