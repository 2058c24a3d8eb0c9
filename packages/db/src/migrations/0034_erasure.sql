ALTER TABLE "guardian_consents" DROP CONSTRAINT "guardian_consents_contact";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "erased_by" integer;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_erased_by_users_id_fk" FOREIGN KEY ("erased_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_erased" CHECK (("users"."erased_at" IS NULL) = ("users"."erased_by" IS NULL));--> statement-breakpoint
ALTER TABLE "guardian_consents" ADD CONSTRAINT "guardian_consents_contact" CHECK ("guardian_consents"."guardian_email" IS NOT NULL OR "guardian_consents"."guardian_mobile" IS NOT NULL OR "guardian_consents"."guardian_name" = '');