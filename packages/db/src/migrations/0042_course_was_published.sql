ALTER TABLE "courses" ADD COLUMN "was_published" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- A course counts as published once it has been published, by whatever writes it (the console, a seed, a script):
-- a school batch's subject course opens to its batch only then (decision 074).
-- Never cleared once set: a write that clears it is quietly overridden.
CREATE FUNCTION courses_mark_published() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.is_published OR (TG_OP = 'UPDATE' AND OLD.was_published) THEN
    NEW.was_published := true;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER courses_was_published BEFORE INSERT OR UPDATE ON courses
  FOR EACH ROW EXECUTE FUNCTION courses_mark_published();
--> statement-breakpoint
-- Courses published now, and unpublished ones a learner has already studied, bought or been certified in: whether
-- those were ever published is not recorded, and a learner keeps what they were studying.
-- One pass over each table (none of them is indexed by course first): a check per course read them in full once
-- per unpublished course, minutes on a large database while this migration holds its lock on courses.
UPDATE courses SET was_published = true
WHERE is_published
   OR id IN (SELECT course_id FROM subject_progress
             UNION SELECT course_id FROM certificates
             UNION SELECT course_id FROM purchases WHERE course_id IS NOT NULL
             UNION SELECT t.course_id FROM quiz_attempts a JOIN subjects s ON s.id = a.subject_id
                   JOIN terms t ON t.id = s.term_id);
