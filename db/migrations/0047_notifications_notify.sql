-- Push (lib/server/push.ts): every change to a user's notifications — made, read, deleted —
-- signals channel groundwork_notifications with the user's id, at the commit of its transaction
-- (PostgreSQL sends one signal per distinct payload per transaction). Every app instance listens,
-- and tells that user's open pages their new unread count.
CREATE FUNCTION groundwork_notify_notifications() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('groundwork_notifications', OLD.user_id::text);
  ELSE
    PERFORM pg_notify('groundwork_notifications', NEW.user_id::text);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER notifications_notify AFTER INSERT OR DELETE OR UPDATE OF read_at ON notifications
  FOR EACH ROW EXECUTE FUNCTION groundwork_notify_notifications();
