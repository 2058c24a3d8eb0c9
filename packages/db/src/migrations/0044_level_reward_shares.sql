ALTER TABLE "level_achievements" ADD COLUMN "node" integer;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD COLUMN "reverses_id" integer;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD CONSTRAINT "wallet_transactions_reverses_id_wallet_transactions_id_fk" FOREIGN KEY ("reverses_id") REFERENCES "public"."wallet_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wallet_transactions_reverses_idx" ON "wallet_transactions" USING btree ("reverses_id") WHERE "wallet_transactions"."reverses_id" IS NOT NULL;--> statement-breakpoint
-- Achievements from before this migration: the node as the level has it now (decision 075).
UPDATE "level_achievements" AS a SET "node" = l."node" FROM "levels" AS l WHERE l."number" = a."level_number";
