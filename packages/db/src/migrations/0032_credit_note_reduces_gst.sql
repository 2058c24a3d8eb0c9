-- A credit note issued after the CGST Act s.34(2) time limit refunds the money but does not reduce GST (decision 063).
ALTER TABLE "invoices" ADD COLUMN "reduces_gst" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_reduces_gst" CHECK ("invoices"."reduces_gst" OR "invoices"."kind" = 'credit_note');