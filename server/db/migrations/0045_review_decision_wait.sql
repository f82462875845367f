ALTER TABLE "business_review_events" ADD COLUMN "entered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "business_review_events" ADD COLUMN "breached" boolean;--> statement-breakpoint
-- The decisions made before this migration: the wait each one ended, as decideBusiness stores it from now on
-- (server/records/review-wait.ts, docs/operations-dashboard.md#what-is-stored): the latest KYC completion at or before
-- the decision (the completion test of migration 0044's indexes, so the lookup is index-only), else the registration;
-- then whether an escalation of the business review fell between that entry and the decision.
UPDATE "business_review_events" e SET "entered_at" = coalesce(
  (SELECT max(a."created_at") FROM "audits" a
    WHERE a."resource_id" = e."business_id"::text AND a."created_at" <= e."created_at"
      AND a.action IN ('KYC_COMPLETED', 'KYC_RESUBMITTED') AND a.resource = 'business' AND (a.after ->> 'kycDetailsCompleted') = 'true' AND (a.before IS NULL OR (a.before ->> 'kycDetailsCompleted') IS DISTINCT FROM 'true')),
  (SELECT b."created_at" FROM "businesses" b WHERE b."id" = e."business_id"))
WHERE e."kind" = 'DECISION';--> statement-breakpoint
UPDATE "business_review_events" e SET "breached" = EXISTS (SELECT 1 FROM "queue_breaches" qb
  WHERE qb."queue" = 'BUSINESS_REVIEW' AND qb."item_id" = e."business_id"::text
    AND qb."breached_at" >= e."entered_at" AND qb."breached_at" <= e."created_at")
WHERE e."kind" = 'DECISION';--> statement-breakpoint
ALTER TABLE "business_review_events" ADD CONSTRAINT "business_review_events_decision_wait_check" CHECK ("business_review_events"."kind" <> 'DECISION' OR ("business_review_events"."entered_at" IS NOT NULL AND "business_review_events"."breached" IS NOT NULL));