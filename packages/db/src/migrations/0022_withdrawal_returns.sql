-- A paid withdrawal the bank sent back: its amount is given back to the wallet once (the operator's 'Returned by the
-- bank'). Never changed once written.
CREATE TABLE "withdrawal_returns" (
	"wallet_transaction_id" integer PRIMARY KEY NOT NULL,
	"reversal_id" integer NOT NULL,
	"reason" text NOT NULL,
	"returned_by" integer NOT NULL,
	"returned_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "withdrawal_returns" ADD CONSTRAINT "withdrawal_returns_wallet_transaction_id_wallet_transactions_id_fk" FOREIGN KEY ("wallet_transaction_id") REFERENCES "public"."wallet_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_returns" ADD CONSTRAINT "withdrawal_returns_reversal_id_wallet_transactions_id_fk" FOREIGN KEY ("reversal_id") REFERENCES "public"."wallet_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_returns" ADD CONSTRAINT "withdrawal_returns_returned_by_users_id_fk" FOREIGN KEY ("returned_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE TRIGGER withdrawal_returns_append_only BEFORE UPDATE OR DELETE ON withdrawal_returns
  FOR EACH ROW EXECUTE FUNCTION append_only_guard();
