CREATE TABLE "sandbox_orders" (
	"id" text PRIMARY KEY NOT NULL,
	"amount_paise" bigint NOT NULL,
	"currency" text DEFAULT 'INR' NOT NULL,
	"receipt" text,
	"status" text DEFAULT 'created' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "sandbox_orders_status" CHECK ("sandbox_orders"."status" IN ('created','attempted','paid','expired')),
	CONSTRAINT "sandbox_orders_amount" CHECK ("sandbox_orders"."amount_paise" > 0)
);
--> statement-breakpoint
CREATE TABLE "sandbox_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"amount_paise" bigint NOT NULL,
	"currency" text DEFAULT 'INR' NOT NULL,
	"status" text NOT NULL,
	"amount_refunded_paise" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_payments_status" CHECK ("sandbox_payments"."status" IN ('captured','failed')),
	CONSTRAINT "sandbox_payments_refund" CHECK ("sandbox_payments"."amount_refunded_paise" >= 0 AND "sandbox_payments"."amount_refunded_paise" <= "sandbox_payments"."amount_paise")
);
--> statement-breakpoint
ALTER TABLE "sandbox_payments" ADD CONSTRAINT "sandbox_payments_order_id_sandbox_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."sandbox_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sandbox_payments_order_idx" ON "sandbox_payments" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_payments_one_capture" ON "sandbox_payments" USING btree ("order_id") WHERE "sandbox_payments"."status" = 'captured';