DROP INDEX "kyc_documents_current_key";--> statement-breakpoint
ALTER TABLE "kyc_documents" ADD COLUMN "shareholder_id" uuid;--> statement-breakpoint
ALTER TABLE "kyc_documents" ADD CONSTRAINT "kyc_documents_shareholder_id_shareholders_id_fk" FOREIGN KEY ("shareholder_id") REFERENCES "public"."shareholders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "kyc_documents_current_shareholder_key" ON "kyc_documents" USING btree ("shareholder_id","document_type_id") WHERE "kyc_documents"."superseded_at" IS NULL AND "kyc_documents"."shareholder_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "kyc_documents_shareholder_idx" ON "kyc_documents" USING btree ("shareholder_id");--> statement-breakpoint
CREATE UNIQUE INDEX "kyc_documents_current_key" ON "kyc_documents" USING btree ("kyc_details_id","document_type_id") WHERE "kyc_documents"."superseded_at" IS NULL AND "kyc_documents"."shareholder_id" IS NULL;--> statement-breakpoint
-- Data, for databases seeded before this change (fresh ones get it from the seed, which runs after the migrations):
-- the corporate shareholder's certificate is now required of each corporate shareholder, whatever the class. A matrix
-- row staff already set for it is kept.
INSERT INTO "kyc_required_documents" ("registration_class", "document_type_id", "is_required")
SELECT c.registration_class, t.id, true
FROM "kyc_document_types" t CROSS JOIN (VALUES ('RC'), ('BN'), ('IT'), ('LP'), ('LLP')) AS c(registration_class)
WHERE t.code = 'CORPORATE_SHAREHOLDER_CERTIFICATE'
ON CONFLICT DO NOTHING;
