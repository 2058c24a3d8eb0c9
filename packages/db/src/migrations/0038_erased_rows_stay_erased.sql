-- Decision 066, later: an erased learner's personal data cannot be written back. A request that passed its session
-- check before the erasure (PUT /profile, POST /bank-details, a photo upload, a consent answer...) and then waited on
-- the erasure's row lock used to write what it carried onto the erased row once the erasure committed. One rule in
-- the database covers every path, present and future; the API answers its SQLSTATE 'ER066' with a 400
-- (plugins/errors.ts).

-- users: once erased_at is set, only the columns the erasure keeps for the books and the referral tree may change
-- (wallet sums, activation, the referral review, roles, language, referrer, the level counted for (0037),
-- updated_at). The erasure's own UPDATE
-- passes (erased_at is still NULL in OLD); every other column, a personal column added later included, is refused.
CREATE FUNCTION users_erased_stay_erased() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  kept CONSTANT text[] := ARRAY['points', 'balance_paise', 'activated_at', 'sub_users_count',
    'active_sub_users_count', 'referral_status', 'referral_status_reason', 'roles', 'language', 'referrer_id',
    'counted_level', 'updated_at'];
BEGIN
  IF OLD.erased_at IS NOT NULL AND to_jsonb(NEW) - kept IS DISTINCT FROM to_jsonb(OLD) - kept THEN
    RAISE EXCEPTION 'users: the personal data of an erased account cannot be written back' USING ERRCODE = 'ER066';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
-- Only an erased row calls the function: every money change updates users, and the rest pay nothing for this rule.
CREATE TRIGGER users_erased_stay_erased BEFORE UPDATE ON users
  FOR EACH ROW WHEN (OLD.erased_at IS NOT NULL) EXECUTE FUNCTION users_erased_stay_erased();
--> statement-breakpoint

-- Tables the erasure empties of the learner's rows: no new row of an erased learner. The learner's row is locked
-- FOR KEY SHARE (the lock the foreign key takes anyway, held to the commit): it waits for the erasure's FOR UPDATE
-- and then reads erased_at as committed, and an erasure that comes second waits for this row's transaction.
CREATE FUNCTION refuse_rows_of_erased_user() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  erased timestamptz;
BEGIN
  SELECT erased_at INTO erased FROM users WHERE id = NEW.user_id FOR KEY SHARE;
  IF erased IS NOT NULL THEN
    RAISE EXCEPTION '%: no rows for an erased account', TG_TABLE_NAME USING ERRCODE = 'ER066';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER bank_details_of_erased_user BEFORE INSERT OR UPDATE ON bank_details
  FOR EACH ROW EXECUTE FUNCTION refuse_rows_of_erased_user();
--> statement-breakpoint
CREATE TRIGGER access_tokens_of_erased_user BEFORE INSERT ON access_tokens
  FOR EACH ROW EXECUTE FUNCTION refuse_rows_of_erased_user();
--> statement-breakpoint
CREATE TRIGGER email_otps_of_erased_user BEFORE INSERT ON email_otps
  FOR EACH ROW EXECUTE FUNCTION refuse_rows_of_erased_user();
--> statement-breakpoint
CREATE TRIGGER idempotency_keys_of_erased_user BEFORE INSERT ON idempotency_keys
  FOR EACH ROW EXECUTE FUNCTION refuse_rows_of_erased_user();
--> statement-breakpoint
CREATE TRIGGER subject_progress_of_erased_user BEFORE INSERT ON subject_progress
  FOR EACH ROW EXECUTE FUNCTION refuse_rows_of_erased_user();
--> statement-breakpoint
CREATE TRIGGER quiz_attempts_of_erased_user BEFORE INSERT ON quiz_attempts
  FOR EACH ROW EXECUTE FUNCTION refuse_rows_of_erased_user();
--> statement-breakpoint
CREATE TRIGGER quiz_attempt_grants_of_erased_user BEFORE INSERT ON quiz_attempt_grants
  FOR EACH ROW EXECUTE FUNCTION refuse_rows_of_erased_user();
--> statement-breakpoint
CREATE TRIGGER certificates_of_erased_user BEFORE INSERT ON certificates
  FOR EACH ROW EXECUTE FUNCTION refuse_rows_of_erased_user();
--> statement-breakpoint

-- guardian_consents: the erasure keeps an erased learner's rows without name, contact or answering browser; a row of
-- an erased learner may change (the erasure's own scrub, a status) but never hold them again.
CREATE FUNCTION guardian_consents_of_erased_user() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  erased timestamptz;
BEGIN
  SELECT erased_at INTO erased FROM users WHERE id = NEW.user_id FOR KEY SHARE;
  IF erased IS NOT NULL AND (NEW.guardian_name <> '' OR NEW.guardian_email IS NOT NULL
     OR NEW.guardian_mobile IS NOT NULL OR NEW.answer_ip IS NOT NULL OR NEW.answer_user_agent IS NOT NULL) THEN
    RAISE EXCEPTION 'guardian_consents: no guardian contact for an erased account' USING ERRCODE = 'ER066';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER guardian_consents_of_erased_user BEFORE INSERT OR UPDATE ON guardian_consents
  FOR EACH ROW EXECUTE FUNCTION guardian_consents_of_erased_user();
