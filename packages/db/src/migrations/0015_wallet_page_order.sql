-- GET /transactions reads a page of one learner's ledger, newest first with the id breaking ties. With the
-- index in that exact order PostgreSQL reads the page's rows from it (LIMIT/OFFSET) instead of fetching and
-- sorting the learner's whole ledger on every request. Other reads by user (and created_at) use it as before.
DROP INDEX "wallet_transactions_user_idx";--> statement-breakpoint
CREATE INDEX "wallet_transactions_user_idx" ON "wallet_transactions" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);