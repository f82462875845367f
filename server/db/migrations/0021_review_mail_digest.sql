ALTER TABLE "kyc_documents" ADD COLUMN "decision_mailed_at" timestamp with time zone;--> statement-breakpoint
-- Decisions made before this column existed were e-mailed one by one already.
UPDATE "kyc_documents" SET "decision_mailed_at" = "reviewed_at" WHERE "reviewed_at" IS NOT NULL;
