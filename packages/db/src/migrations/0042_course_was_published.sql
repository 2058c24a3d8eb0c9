ALTER TABLE "courses" ADD COLUMN "was_published" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- A course counts as published once it has been published, by whatever writes it (the console, a seed, a script):
-- a school batch's subject course opens to its batch only then (decision 074).
-- Never cleared once set.
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
UPDATE courses c SET was_published = true
WHERE c.is_published
   OR EXISTS (SELECT 1 FROM subject_progress p WHERE p.course_id = c.id)
   OR EXISTS (SELECT 1 FROM certificates x WHERE x.course_id = c.id)
   OR EXISTS (SELECT 1 FROM purchases b WHERE b.course_id = c.id)
   OR EXISTS (SELECT 1 FROM quiz_attempts a JOIN subjects s ON s.id = a.subject_id JOIN terms t ON t.id = s.term_id
              WHERE t.course_id = c.id);
