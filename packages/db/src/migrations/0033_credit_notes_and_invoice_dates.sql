-- A credit note issued after the CGST Act s.34(2) time limit refunds the money but does not reduce GST (decision 063).
ALTER TABLE "invoices" ADD COLUMN "reduces_gst" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_reduces_gst" CHECK ("invoices"."reduces_gst" OR "invoices"."kind" = 'credit_note');--> statement-breakpoint
-- The series keeps the date of its last number, so that no document is dated before the one numbered before it (decision 063).
ALTER TABLE "invoice_series" ADD COLUMN "last_issued_at" timestamp with time zone;
