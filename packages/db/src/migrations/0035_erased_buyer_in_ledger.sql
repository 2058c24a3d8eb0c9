-- A learner's erasure (decision 066) may take their name out of the descriptions of the commissions their purchases
-- paid their referrer ("10% commission on Asha Rao's purchase"): a change of the description alone, on a row whose
-- purchase was made by an erased learner. Everything else of 0001's and 0026's rule stands: a row is settled once
-- (Pending -> Done | Rejected), held longer never shorter, never deleted, its amounts fixed.
CREATE OR REPLACE FUNCTION wallet_transactions_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'wallet_transactions is append-only';
  END IF;
  IF OLD.status = 'Pending' AND NEW.status = 'Pending' AND NEW.available_at > OLD.available_at
     AND to_jsonb(NEW) - 'available_at' = to_jsonb(OLD) - 'available_at' THEN
    RETURN NEW;
  END IF;
  IF to_jsonb(NEW) - 'description' = to_jsonb(OLD) - 'description'
     AND EXISTS (SELECT 1 FROM purchases p JOIN users u ON u.id = p.user_id
                 WHERE p.id = NEW.purchase_id AND u.erased_at IS NOT NULL) THEN
    RETURN NEW;
  END IF;
  IF OLD.status <> 'Pending' OR NEW.status = 'Pending'
     OR NEW.user_id <> OLD.user_id OR NEW.amount_paise <> OLD.amount_paise OR NEW.points <> OLD.points
     OR NEW.method <> OLD.method OR NEW.transaction_id <> OLD.transaction_id THEN
    RAISE EXCEPTION 'wallet_transactions: only a Pending row can be settled';
  END IF;
  RETURN NEW;
END $$;
