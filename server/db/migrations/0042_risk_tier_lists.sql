ALTER TABLE "businesses" ADD COLUMN "risk_tier" text;--> statement-breakpoint
CREATE INDEX "businesses_risk_tier_idx" ON "businesses" USING btree ("risk_tier","archive_status","created_at","id");--> statement-breakpoint
-- The tier in force of every business assessed so far (docs/risk.md#the-tier-in-the-lists): an approved override's
-- (not ended), never over PROHIBITED, else its current assessment's.
UPDATE "businesses" b SET "risk_tier" = CASE WHEN a."tier" = 'PROHIBITED' OR o."tier" IS NULL THEN a."tier" ELSE o."tier" END
FROM "risk_assessments" a
LEFT JOIN "risk_overrides" o ON o."business_id" = a."business_id" AND o."ended_at" IS NULL
WHERE a."business_id" = b."id" AND a."superseded_at" IS NULL;
