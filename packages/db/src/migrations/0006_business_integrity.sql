DROP INDEX "wallet_transactions_one_commission";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "referral_status_reason" text;--> statement-breakpoint
ALTER TABLE "level_achievements" ADD COLUMN "window_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "level_achievements" ADD COLUMN "purchase_id" integer;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD COLUMN "available_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "level_achievements" ADD CONSTRAINT "level_achievements_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "purchases_offer_code_idx" ON "purchases" USING btree ("offer_code_id","status","user_id") WHERE "purchases"."offer_code_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "wallet_transactions_held_idx" ON "wallet_transactions" USING btree ("available_at") WHERE "wallet_transactions"."status" = 'Pending' AND "wallet_transactions"."available_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "wallet_transactions_purchase_idx" ON "wallet_transactions" USING btree ("purchase_id") WHERE "wallet_transactions"."purchase_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_transactions_one_commission" ON "wallet_transactions" USING btree ("purchase_id","method") WHERE "wallet_transactions"."purchase_id" IS NOT NULL AND "wallet_transactions"."method" <> 'Quiz Points';--> statement-breakpoint
-- Sign-ups already found to be self-referrals keep the reason the audit log recorded for them.
UPDATE "users" AS u SET "referral_status_reason" = a.reason
FROM (
  SELECT DISTINCT ON ("entity_id") "entity_id", "after"->>'reason' AS reason
  FROM "audit_log" WHERE "action" = 'referral.self_referral' ORDER BY "entity_id", "id" DESC
) AS a
WHERE u."referral_status" = 'rejected' AND u."id"::text = a."entity_id";
