-- The wallet ledger and the audit log are append-only. A wallet row may only have its
-- status settled (Pending -> Done | Rejected) with its bank reference; nothing is ever deleted.
CREATE FUNCTION wallet_transactions_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'wallet_transactions is append-only';
  END IF;
  IF OLD.status <> 'Pending' OR NEW.status = 'Pending'
     OR NEW.user_id <> OLD.user_id OR NEW.amount_paise <> OLD.amount_paise OR NEW.points <> OLD.points
     OR NEW.method <> OLD.method OR NEW.transaction_id <> OLD.transaction_id THEN
    RAISE EXCEPTION 'wallet_transactions: only a Pending row can be settled';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER wallet_transactions_append_only BEFORE UPDATE OR DELETE ON wallet_transactions
  FOR EACH ROW EXECUTE FUNCTION wallet_transactions_guard();
--> statement-breakpoint
CREATE FUNCTION audit_log_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only';
END $$;
--> statement-breakpoint
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_guard();
