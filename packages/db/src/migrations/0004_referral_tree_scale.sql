DROP INDEX "users_referrer_idx";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "sub_users_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "active_sub_users_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "users_referrer_activated_idx" ON "users" USING btree ("referrer_id","activated_at") WHERE "users"."activated_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "users_referrer_idx" ON "users" USING btree ("referrer_id","created_at","id","activated_at");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_sub_users_counts" CHECK (0 <= "users"."active_sub_users_count" AND "users"."active_sub_users_count" <= "users"."sub_users_count");