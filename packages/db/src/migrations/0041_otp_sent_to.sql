-- The address each code was mailed to (decision 073). Codes issued before this migration get '' (no address), so
-- none of them can be redeemed: they live 10 minutes, and the learner asks for a new one.
ALTER TABLE "email_otps" ADD COLUMN "sent_to" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "email_otps" ALTER COLUMN "sent_to" DROP DEFAULT;
