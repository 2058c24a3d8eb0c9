ALTER TABLE "invoices" ADD COLUMN "buyer_address" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "buyer_landmark" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "buyer_city" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "buyer_pin" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "buyer_country" text;