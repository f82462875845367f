-- The new epoch is announced at commit (NOTIFY is transactional): processes listening on `auth_epoch` know that a
-- session, user, role or membership changed without reading the table on every request (server/db/auth-epoch-watch.ts).
CREATE OR REPLACE FUNCTION "bump_auth_epoch"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  raised bigint;
BEGIN
  IF coalesce(current_setting('kyc.auth_epoch_bumped', true), '') <> 'on' THEN
    UPDATE "auth_epoch" SET "value" = "value" + 1 WHERE "id" = 1 RETURNING "value" INTO raised;
    PERFORM set_config('kyc.auth_epoch_bumped', 'on', true);
    PERFORM pg_notify('auth_epoch', raised::text);
  END IF;
  RETURN NULL;
END
$$;
