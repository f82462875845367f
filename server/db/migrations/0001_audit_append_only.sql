-- The audit log is append-only: UPDATE, DELETE and TRUNCATE are refused for every role that does not
-- explicitly disable the trigger (which needs table ownership and is itself visible in the PostgreSQL log).
CREATE OR REPLACE FUNCTION audits_refuse_change() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'audits is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER audits_append_only
  BEFORE UPDATE OR DELETE ON audits
  FOR EACH ROW EXECUTE FUNCTION audits_refuse_change();
--> statement-breakpoint
CREATE TRIGGER audits_no_truncate
  BEFORE TRUNCATE ON audits
  FOR EACH STATEMENT EXECUTE FUNCTION audits_refuse_change();
