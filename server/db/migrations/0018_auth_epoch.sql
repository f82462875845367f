CREATE TABLE "auth_epoch" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"value" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO "auth_epoch" ("id", "value") VALUES (1, 0) ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Raised once per transaction, at commit (deferred constraint triggers): the row lock is taken after every other lock
-- of the transaction, so it cannot close a deadlock cycle, and readers see the new value together with the change.
CREATE FUNCTION "bump_auth_epoch"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('kyc.auth_epoch_bumped', true), '') <> 'on' THEN
    UPDATE "auth_epoch" SET "value" = "value" + 1 WHERE "id" = 1;
    PERFORM set_config('kyc.auth_epoch_bumped', 'on', true);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "sessions_auth_epoch" AFTER UPDATE OF "revoked_at", "expires_at", "user_id" OR DELETE ON "sessions"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_auth_epoch"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "users_auth_epoch" AFTER UPDATE OF "status", "email", "first_name", "last_name", "isw_staff" OR DELETE ON "users"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_auth_epoch"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "user_roles_auth_epoch" AFTER INSERT OR UPDATE OR DELETE ON "user_roles"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_auth_epoch"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "roles_auth_epoch" AFTER UPDATE OR DELETE ON "roles"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_auth_epoch"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "role_permissions_auth_epoch" AFTER INSERT OR UPDATE OR DELETE ON "role_permissions"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_auth_epoch"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "permissions_auth_epoch" AFTER UPDATE OR DELETE ON "permissions"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_auth_epoch"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "business_users_auth_epoch" AFTER INSERT OR UPDATE OR DELETE ON "business_users"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_auth_epoch"();
