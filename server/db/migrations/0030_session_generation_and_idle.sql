ALTER TABLE "sessions" ADD COLUMN "token_generation" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "last_seen_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
DROP TRIGGER IF EXISTS "sessions_auth_epoch" ON "sessions";
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "sessions_auth_epoch" AFTER UPDATE OF "revoked_at", "expires_at", "user_id", "token_generation" OR DELETE ON "sessions"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_auth_epoch"();
