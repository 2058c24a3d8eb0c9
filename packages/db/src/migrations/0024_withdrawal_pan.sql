-- The learner's PAN when they asked for a withdrawal, copied with its account (decision 043): the payouts register
-- names the PAN a payment went to, and the console's shared-PAN flag holds after the learner changes their PAN.
ALTER TABLE "withdrawal_accounts" ADD COLUMN "pan_card" text;--> statement-breakpoint
-- The rows already written get the PAN the learner's bank details hold now, the nearest there is. The append-only
-- guard is off for this one statement, inside the migration's transaction; so is 0023's check that a row keeps its
-- account's hash, which PostgreSQL applies to every row updated (NOT VALID spares only rows left as they are), and
-- rows from before 0023 may have none: it comes back as it was, NOT VALID.
ALTER TABLE "withdrawal_accounts" DISABLE TRIGGER "withdrawal_accounts_append_only";--> statement-breakpoint
ALTER TABLE "withdrawal_accounts" DROP CONSTRAINT "withdrawal_accounts_hash_kept";--> statement-breakpoint
UPDATE "withdrawal_accounts" a SET "pan_card" = b."pan_card"
  FROM "wallet_transactions" w JOIN "bank_details" b ON b."user_id" = w."user_id"
  WHERE w."id" = a."wallet_transaction_id";--> statement-breakpoint
ALTER TABLE "withdrawal_accounts" ADD CONSTRAINT "withdrawal_accounts_hash_kept" CHECK ("withdrawal_accounts"."account_number_hash" IS NOT NULL) NOT VALID;--> statement-breakpoint
ALTER TABLE "withdrawal_accounts" ENABLE TRIGGER "withdrawal_accounts_append_only";
