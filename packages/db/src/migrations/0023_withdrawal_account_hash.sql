-- The HMAC of the account a withdrawal is paid to (bank_details.account_number_hash, copied with the account), so the
-- operator sees the other users paid, or asking to be paid, to the same account (decision 043).
ALTER TABLE "withdrawal_accounts" ADD COLUMN "account_number_hash" text;--> statement-breakpoint
CREATE INDEX "withdrawal_accounts_account_hash_idx" ON "withdrawal_accounts" USING btree ("account_number_hash");--> statement-breakpoint
CREATE INDEX "withdrawal_accounts_hash_missing_idx" ON "withdrawal_accounts" USING btree ("wallet_transaction_id") WHERE "withdrawal_accounts"."account_number_hash" IS NULL;--> statement-breakpoint
-- The rows already written. The hash needs APP_SECRET, which SQL does not have; but a row whose encrypted number is
-- the learner's bank details' very ciphertext (copied byte for byte when they asked, not encrypted again since) is
-- that account, whose hash bank_details keeps. The others (bank details changed since) stay null and are hashed when
-- read. The append-only guard is off for this one statement, inside the migration's transaction.
ALTER TABLE "withdrawal_accounts" DISABLE TRIGGER "withdrawal_accounts_append_only";--> statement-breakpoint
UPDATE "withdrawal_accounts" a SET "account_number_hash" = b."account_number_hash"
  FROM "wallet_transactions" w JOIN "bank_details" b ON b."user_id" = w."user_id"
  WHERE w."id" = a."wallet_transaction_id" AND b."account_number_encrypted" = a."account_number_encrypted";--> statement-breakpoint
ALTER TABLE "withdrawal_accounts" ENABLE TRIGGER "withdrawal_accounts_append_only";--> statement-breakpoint
-- Every row written from now on has its hash; NOT VALID leaves the old rows unchecked (drizzle's schema cannot say it).
ALTER TABLE "withdrawal_accounts" ADD CONSTRAINT "withdrawal_accounts_hash_kept" CHECK ("withdrawal_accounts"."account_number_hash" IS NOT NULL) NOT VALID;
