DROP INDEX "quiz_attempts_user_subject_key";--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "explanation" text;--> statement-breakpoint
ALTER TABLE "quiz_attempts" ADD COLUMN "attempt_number" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "subject_progress" ADD COLUMN "watched_seconds" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "subject_progress" ADD COLUMN "duration_seconds" integer;--> statement-breakpoint
ALTER TABLE "subject_progress" ADD COLUMN "page" integer;--> statement-breakpoint
ALTER TABLE "subject_progress" ADD COLUMN "page_count" integer;--> statement-breakpoint
ALTER TABLE "subject_progress" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "quiz_attempts_user_subject_attempt_key" ON "quiz_attempts" USING btree ("user_id","subject_id","attempt_number");--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_language" CHECK ("courses"."language" IN ('en','hi','ml'));--> statement-breakpoint
-- A link chapter is done once opened: rows written before completion existed keep that meaning.
UPDATE "subject_progress" SET "completed_at" = "opened_at" FROM "subjects" WHERE "subjects"."id" = "subject_progress"."subject_id" AND "subjects"."file_type" = 'link';
