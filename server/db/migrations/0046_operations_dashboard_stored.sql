DROP INDEX "businesses_queue_idx";--> statement-breakpoint
DROP INDEX "business_review_events_kind_created_idx";--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "kyc_completed_at" timestamp with time zone;--> statement-breakpoint
-- The completions made before this migration: each business's latest KYC completion on record, as complete-kyc.ts
-- stores it from now on (docs/operations-dashboard.md#what-is-stored); the completion test of migration 0044's indexes,
-- so the read is index-only. Before the partial index below, which is then built once.
UPDATE "businesses" b SET "kyc_completed_at" = c.at
FROM (SELECT a."resource_id", max(a."created_at") AS at FROM "audits" a
  WHERE a.action IN ('KYC_COMPLETED', 'KYC_RESUBMITTED') AND a.resource = 'business' AND (a.after ->> 'kycDetailsCompleted') = 'true' AND (a.before IS NULL OR (a.before ->> 'kycDetailsCompleted') IS DISTINCT FROM 'true')
  GROUP BY a."resource_id") c
WHERE c."resource_id" = b."id"::text;--> statement-breakpoint
CREATE INDEX "businesses_review_without_completion_idx" ON "businesses" USING btree ("created_at") WHERE "businesses"."kyc_completed_at" IS NULL AND ("businesses"."kyc_details_completed" OR "businesses"."approval_status" <> 'PENDING');--> statement-breakpoint
CREATE INDEX "draft_forms_business_updated_idx" ON "draft_forms" USING btree ("business_id","updated_at","kyc_detail_type_id");--> statement-breakpoint
CREATE INDEX "business_review_events_declines_idx" ON "business_review_events" USING btree ("created_at") WHERE "business_review_events"."kind" = 'DECISION' AND "business_review_events"."decision" = 'DECLINED';--> statement-breakpoint
CREATE INDEX "businesses_queue_idx" ON "businesses" USING btree ("created_at","id","name","assignee_id","created_by") WHERE "businesses"."approval_status" = 'PENDING' AND "businesses"."kyc_details_completed" AND "businesses"."archive_status" = 'ACTIVE';--> statement-breakpoint
CREATE INDEX "business_review_events_kind_created_idx" ON "business_review_events" USING btree ("kind","created_at","entered_at","actor_id","decision","breached");