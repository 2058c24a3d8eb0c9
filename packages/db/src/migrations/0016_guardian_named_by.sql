-- The operator who named a guardian on a written request (decision 024): such a request, like a withdrawal,
-- puts that guardian on record, and the learner may ask only them again.
ALTER TABLE "guardian_consents" ADD COLUMN "named_by" integer;--> statement-breakpoint
ALTER TABLE "guardian_consents" ADD CONSTRAINT "guardian_consents_named_by_users_id_fk" FOREIGN KEY ("named_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;