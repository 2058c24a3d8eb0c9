ALTER TABLE "sandbox_payments" ADD COLUMN "method" text DEFAULT 'card' NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_payments" ADD COLUMN "vpa" text;--> statement-breakpoint
ALTER TABLE "sandbox_payments" ADD COLUMN "bank" text;--> statement-breakpoint
ALTER TABLE "sandbox_payments" ADD CONSTRAINT "sandbox_payments_method" CHECK ("sandbox_payments"."method" IN ('card','upi','netbanking'));