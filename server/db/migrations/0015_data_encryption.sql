CREATE TABLE "subject_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subject_kind" text NOT NULL,
	"subject_id" text NOT NULL,
	"wrapped_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shareholders" ADD COLUMN "bvn_index" text;--> statement-breakpoint
ALTER TABLE "means_of_ids" ADD COLUMN "bvn_index" text;--> statement-breakpoint
ALTER TABLE "means_of_ids" ADD COLUMN "id_number_index" text;--> statement-breakpoint
CREATE UNIQUE INDEX "subject_keys_subject_key" ON "subject_keys" USING btree ("subject_kind","subject_id");--> statement-breakpoint
CREATE INDEX "shareholders_bvn_index_idx" ON "shareholders" USING btree ("bvn_index");--> statement-breakpoint
CREATE INDEX "means_of_ids_bvn_index_idx" ON "means_of_ids" USING btree ("bvn_index");--> statement-breakpoint
CREATE INDEX "means_of_ids_id_number_index_idx" ON "means_of_ids" USING btree ("id_number_index");