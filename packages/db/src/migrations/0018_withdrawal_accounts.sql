-- The bank account a withdrawal is paid to, copied when the learner asks for it (the operator used to read the learner's
-- bank details as they were when paying, so a change after the request moved the money). Append-only like the ledger.
CREATE TABLE "withdrawal_accounts" (
	"wallet_transaction_id" integer PRIMARY KEY NOT NULL,
	"full_name" text NOT NULL,
	"bank_name" text NOT NULL,
	"bank_branch" text NOT NULL,
	"account_number_encrypted" text NOT NULL,
	"account_last4" text NOT NULL,
	"ifsc_code" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "withdrawal_accounts" ADD CONSTRAINT "withdrawal_accounts_wallet_transaction_id_wallet_transactions_id_fk" FOREIGN KEY ("wallet_transaction_id") REFERENCES "public"."wallet_transactions"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
-- Withdrawals asked for before this table: the account on file now is the best record there is.
INSERT INTO "withdrawal_accounts"
  SELECT w.id, b.full_name, b.bank_name, b.bank_branch, b.account_number_encrypted, b.account_last4, b.ifsc_code
  FROM "wallet_transactions" w JOIN "bank_details" b ON b.user_id = w.user_id
  WHERE w.method = 'Withdraw';
--> statement-breakpoint
CREATE FUNCTION withdrawal_accounts_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'withdrawal_accounts is append-only';
END $$;
--> statement-breakpoint
CREATE TRIGGER withdrawal_accounts_append_only BEFORE UPDATE OR DELETE ON withdrawal_accounts
  FOR EACH ROW EXECUTE FUNCTION withdrawal_accounts_guard();
