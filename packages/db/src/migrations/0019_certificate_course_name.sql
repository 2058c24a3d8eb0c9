-- The course's name as it was when the certificate was issued (the page and the PDF read the course's current name,
-- so renaming a course changed what every earlier certificate said had been completed).
ALTER TABLE "certificates" ADD COLUMN "course_name" text;
--> statement-breakpoint
-- Certificates issued before this column: the course's name now is the best record there is.
UPDATE "certificates" SET "course_name" = c."name" FROM "courses" c WHERE c."id" = "certificates"."course_id";
--> statement-breakpoint
ALTER TABLE "certificates" ALTER COLUMN "course_name" SET NOT NULL;
