DROP INDEX "businesses_archive_created_idx";--> statement-breakpoint
DROP INDEX "businesses_queue_created_idx";--> statement-breakpoint
CREATE INDEX "businesses_list_idx" ON "businesses" USING btree ("archive_status","created_at","id","approval_status","kyc_details_completed","name");--> statement-breakpoint
CREATE INDEX "businesses_queue_idx" ON "businesses" USING btree ("created_at","id","name") WHERE "businesses"."approval_status" = 'PENDING' AND "businesses"."kyc_details_completed" AND "businesses"."archive_status" = 'ACTIVE';--> statement-breakpoint
CREATE INDEX "businesses_queue_name_trgm_idx" ON "businesses" USING gin (lower("name") gin_trgm_ops) WHERE "businesses"."approval_status" = 'PENDING' AND "businesses"."kyc_details_completed" AND "businesses"."archive_status" = 'ACTIVE';--> statement-breakpoint
-- A name search's LIKE '%…%' is estimated from these expressions' histograms: 1,000 buckets instead of 100 let the
-- planner tell a common fragment (walk businesses_list_idx) from a rare one (the trigram index).
-- bench/results/issue-24-load-scale.md
ALTER INDEX "businesses_name_trgm_idx" ALTER COLUMN 1 SET STATISTICS 1000;--> statement-breakpoint
ALTER INDEX "businesses_queue_name_trgm_idx" ALTER COLUMN 1 SET STATISTICS 1000;--> statement-breakpoint
ANALYZE "businesses";
