-- users.sub_users_count and users.active_sub_users_count are each user's direct sub-users (all of
-- them, and those with activated_at set), kept here so GET /tree reads its totals instead of counting
-- thousands of rows. Set once from the rows, then kept by triggers: inserts per statement (a bulk
-- insert updates each referrer once), a change of referrer or of activation and a delete per row.
UPDATE "users" AS u
SET "sub_users_count" = c.total, "active_sub_users_count" = c.active
FROM (
  SELECT "referrer_id", count(*) AS total, count("activated_at") AS active
  FROM "users" WHERE "referrer_id" IS NOT NULL GROUP BY "referrer_id"
) AS c
WHERE u."id" = c."referrer_id";
--> statement-breakpoint
CREATE FUNCTION users_count_inserted_sub_users() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE users AS u
  SET sub_users_count = u.sub_users_count + c.total, active_sub_users_count = u.active_sub_users_count + c.active
  FROM (
    SELECT referrer_id, count(*) AS total, count(activated_at) AS active
    FROM inserted WHERE referrer_id IS NOT NULL GROUP BY referrer_id
  ) AS c
  WHERE u.id = c.referrer_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_count_inserted_sub_users AFTER INSERT ON users
  REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT EXECUTE FUNCTION users_count_inserted_sub_users();
--> statement-breakpoint
-- The counters' own UPDATE sets neither referrer_id nor activated_at, so it never fires this again.
CREATE FUNCTION users_recount_sub_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.referrer_id IS NOT NULL THEN
    UPDATE users
    SET sub_users_count = sub_users_count - 1,
        active_sub_users_count = active_sub_users_count - (OLD.activated_at IS NOT NULL)::int
    WHERE id = OLD.referrer_id;
  END IF;
  IF TG_OP = 'UPDATE' AND NEW.referrer_id IS NOT NULL THEN
    UPDATE users
    SET sub_users_count = sub_users_count + 1,
        active_sub_users_count = active_sub_users_count + (NEW.activated_at IS NOT NULL)::int
    WHERE id = NEW.referrer_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_recount_sub_user_on_change AFTER UPDATE OF referrer_id, activated_at ON users
  FOR EACH ROW
  WHEN (OLD.referrer_id IS DISTINCT FROM NEW.referrer_id OR (OLD.activated_at IS NULL) <> (NEW.activated_at IS NULL))
  EXECUTE FUNCTION users_recount_sub_user();
--> statement-breakpoint
CREATE TRIGGER users_recount_sub_user_on_delete AFTER DELETE ON users
  FOR EACH ROW WHEN (OLD.referrer_id IS NOT NULL)
  EXECUTE FUNCTION users_recount_sub_user();
