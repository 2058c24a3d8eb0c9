-- The change feed of the API's in-process caches (decision 025). Triggers, not the services, announce
-- the writes, so no write path (a service, an operator's SQL, a later feature) can forget one.
--
-- Channel "sessions", payload a user id: a cached session of that user is out of date. Every real
-- change of a users row counts (roles, verification, e-mail, password, batch, and also balance and
-- counts, which GET /me and GET /profile show); users has no per-request bookkeeping column to leave
-- out. On access_tokens only what ends or moves a token counts: revoking or deleting it. The
-- once-a-minute last_used_at touch is not a change the cache needs to hear of.
CREATE FUNCTION notify_session_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('sessions', OLD.id::text);
  ELSE
    PERFORM pg_notify('sessions', OLD.user_id::text);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_session_update AFTER UPDATE ON users
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION notify_session_change();
--> statement-breakpoint
CREATE TRIGGER users_session_delete AFTER DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION notify_session_change();
--> statement-breakpoint
CREATE TRIGGER access_tokens_session_update AFTER UPDATE ON access_tokens
  FOR EACH ROW WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at OR OLD.user_id <> NEW.user_id OR OLD.token_hash <> NEW.token_hash)
  EXECUTE FUNCTION notify_session_change();
--> statement-breakpoint
CREATE TRIGGER access_tokens_session_delete AFTER DELETE ON access_tokens
  FOR EACH ROW EXECUTE FUNCTION notify_session_change();
--> statement-breakpoint
-- Channel "catalogue", payload the table's name: GET /course's answer is out of date. It is built from
-- the published courses and from batches (which courses a learner's syllabus and standard open);
-- one notification per statement, however many rows it touched.
CREATE FUNCTION notify_catalogue_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('catalogue', TG_TABLE_NAME);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER courses_catalogue_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON courses
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_change();
--> statement-breakpoint
CREATE TRIGGER batches_catalogue_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON batches
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_change();
