-- A withdrawal an operator has started paying: a guardian's withdrawal of consent or another operator's Reject no
-- longer reverses it while the transfer may be on its way (the learner was paid twice). Never changed once written.
CREATE TABLE "withdrawal_payouts" (
	"wallet_transaction_id" integer PRIMARY KEY NOT NULL,
	"started_by" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "withdrawal_payouts" ADD CONSTRAINT "withdrawal_payouts_wallet_transaction_id_wallet_transactions_id_fk" FOREIGN KEY ("wallet_transaction_id") REFERENCES "public"."wallet_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_payouts" ADD CONSTRAINT "withdrawal_payouts_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
-- One guard for every table that is only ever added to (audit_log and withdrawal_accounts have their own, older).
CREATE FUNCTION append_only_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only', TG_TABLE_NAME;
END $$;
--> statement-breakpoint
CREATE TRIGGER withdrawal_payouts_append_only BEFORE UPDATE OR DELETE ON withdrawal_payouts
  FOR EACH ROW EXECUTE FUNCTION append_only_guard();
