-- Cached sessions (server/auth/session-cache.ts) must drop at once when what they hold changes: a
-- session ended, the user's row changed (ban, name, email, language), a role granted or revoked.
-- The announcement is made here, in the writing transaction, so every path that writes (Better
-- Auth, the admin area, scripts, an operator's SQL) announces it, and subscribers hear it only once
-- it is committed. The payload is the bus's message shape ({"t": topic, "d": data}) on its channel
-- (server/realtime/bus.ts); a user's repeated rows in one transaction fold into one notification.
CREATE OR REPLACE FUNCTION gulfpulse_announce_auth_change() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  ids text[] := ARRAY[]::text[];
  uid text;
BEGIN
  -- Separate IF branches: a statement naming a column the table lacks is only planned when run.
  IF TG_TABLE_NAME = 'user' THEN
    IF TG_OP IN ('UPDATE', 'DELETE') THEN ids := ids || OLD.id; END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') THEN ids := ids || NEW.id; END IF;
  ELSE
    IF TG_OP IN ('UPDATE', 'DELETE') THEN ids := ids || OLD.user_id; END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') THEN ids := ids || NEW.user_id; END IF;
  END IF;
  FOREACH uid IN ARRAY ids LOOP
    PERFORM pg_notify(
      'gulfpulse_events',
      json_build_object('t', 'auth:changed', 'd', json_build_object('userId', uid))::text
    );
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "session_announce_auth_change" AFTER UPDATE OR DELETE ON "session"
  FOR EACH ROW EXECUTE FUNCTION gulfpulse_announce_auth_change();
--> statement-breakpoint
CREATE TRIGGER "user_announce_auth_change" AFTER UPDATE OR DELETE ON "user"
  FOR EACH ROW EXECUTE FUNCTION gulfpulse_announce_auth_change();
--> statement-breakpoint
CREATE TRIGGER "user_roles_announce_auth_change" AFTER INSERT OR UPDATE OR DELETE ON "user_roles"
  FOR EACH ROW EXECUTE FUNCTION gulfpulse_announce_auth_change();
