-- What a business screen or the staff list shows changed: announced at commit on `business_answer` (NOTIFY is
-- transactional), so every process drops the answers it keeps for those reads (server/db/answer-cache.ts). The
-- payload is the business's id, or `*` for a change that touches every business (a document type's name) and after a
-- transaction's 100th change (a bulk update): a listener then drops everything.
-- Deferred constraint triggers, as for the auth epoch (0018): they run at commit, once per row, after the change.
CREATE FUNCTION "notify_business_answer"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  business text;
  announced integer;
BEGIN
  IF coalesce(current_setting('kyc.business_answer_all', true), '') = 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_ARGV[0] = '*' THEN
    business := '*';
  ELSIF TG_OP = 'DELETE' THEN
    business := to_jsonb(OLD) ->> TG_ARGV[0];
  ELSE
    business := to_jsonb(NEW) ->> TG_ARGV[0];
  END IF;
  announced := coalesce(nullif(current_setting('kyc.business_answer_count', true), ''), '0')::integer + 1;
  IF business IS NULL OR business = '*' OR announced > 100 THEN
    PERFORM set_config('kyc.business_answer_all', 'on', true);
    PERFORM pg_notify('business_answer', '*');
  ELSE
    PERFORM set_config('kyc.business_answer_count', announced::text, true);
    PERFORM pg_notify('business_answer', business);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "businesses_answer" AFTER INSERT OR UPDATE OR DELETE ON "businesses"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "notify_business_answer"('id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "deferrals_answer" AFTER INSERT OR UPDATE OR DELETE ON "deferrals"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "notify_business_answer"('business_id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "business_review_events_answer" AFTER INSERT OR UPDATE OR DELETE ON "business_review_events"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "notify_business_answer"('business_id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "onboarding_products_answer" AFTER INSERT OR UPDATE OR DELETE ON "onboarding_products"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "notify_business_answer"('business_id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "kyc_document_types_answer" AFTER UPDATE OR DELETE ON "kyc_document_types"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "notify_business_answer"('*');
