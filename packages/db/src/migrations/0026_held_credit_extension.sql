-- A held credit may be held longer, never shorter: a level reward still Pending whose counted sub-user stays active
-- only through a later purchase is held until that purchase's refund window ends too (decision 046). Everything
-- else of 0001's rule stands: a row is settled once (Pending -> Done | Rejected), never deleted, its amounts fixed.
CREATE OR REPLACE FUNCTION wallet_transactions_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'wallet_transactions is append-only';
  END IF;
  IF OLD.status = 'Pending' AND NEW.status = 'Pending' AND NEW.available_at > OLD.available_at
     AND to_jsonb(NEW) - 'available_at' = to_jsonb(OLD) - 'available_at' THEN
    RETURN NEW;
  END IF;
  IF OLD.status <> 'Pending' OR NEW.status = 'Pending'
     OR NEW.user_id <> OLD.user_id OR NEW.amount_paise <> OLD.amount_paise OR NEW.points <> OLD.points
     OR NEW.method <> OLD.method OR NEW.transaction_id <> OLD.transaction_id THEN
    RAISE EXCEPTION 'wallet_transactions: only a Pending row can be settled';
  END IF;
  RETURN NEW;
END $$;
