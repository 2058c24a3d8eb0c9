-- Other withdrawals asked with a PAN, for the console's shared-PAN flag (decision 043).
CREATE INDEX "withdrawal_accounts_pan_idx" ON "withdrawal_accounts" USING btree ("pan_card");