ALTER TABLE "shareholders" ADD COLUMN "date_of_birth" text;--> statement-breakpoint
ALTER TABLE "shareholders" ADD COLUMN "pep_status" text;--> statement-breakpoint
ALTER TABLE "shareholders" ADD COLUMN "pep_position" text;--> statement-breakpoint
ALTER TABLE "shareholders" ADD COLUMN "pep_country" text;--> statement-breakpoint
ALTER TABLE "means_of_ids" ADD COLUMN "date_of_birth" text;--> statement-breakpoint
ALTER TABLE "means_of_ids" ADD COLUMN "pep_status" text;--> statement-breakpoint
ALTER TABLE "means_of_ids" ADD COLUMN "pep_position" text;--> statement-breakpoint
ALTER TABLE "means_of_ids" ADD COLUMN "pep_country" text;--> statement-breakpoint
ALTER TABLE "government_representatives" ADD COLUMN "date_of_birth" text;--> statement-breakpoint
ALTER TABLE "government_representatives" ADD COLUMN "pep_status" text;--> statement-breakpoint
ALTER TABLE "government_representatives" ADD COLUMN "pep_position" text;--> statement-breakpoint
ALTER TABLE "government_representatives" ADD COLUMN "pep_country" text;